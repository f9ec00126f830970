import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/** A recruiting form's send as its link mail needs it: the prospect's address and name, the form and school. */
export interface RecruitingFormMailing {
  to: string;
  expiresAt: Date;
  submittedAt: Date | null;
  linkGeneration: number;
  firstName: string;
  formName: string;
  schoolName: string;
  timeZone: string;
}

export async function findRecruitingFormMailing(
  db: Kysely<Database>,
  schoolId: string,
  sendId: string,
): Promise<RecruitingFormMailing | undefined> {
  return db
    .selectFrom('recruiting_form_sends as r')
    .innerJoin('psas as p', 'p.id', 'r.psa_id')
    .innerJoin('forms as f', 'f.id', 'r.form_id')
    .innerJoin('schools as s', 's.id', 'r.school_id')
    .select([
      'r.email as to',
      'r.expires_at as expiresAt',
      'r.submitted_at as submittedAt',
      'r.link_generation as linkGeneration',
      'p.first_name as firstName',
      'f.name as formName',
      's.name as schoolName',
      's.time_zone as timeZone',
    ])
    .where('r.id', '=', sendId)
    .where('r.school_id', '=', schoolId)
    .executeTakeFirst();
}
