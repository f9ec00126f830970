import type { Kysely } from 'kysely';
import { permissionsFor } from '../../domain/permissions';
import type { RoleGrant } from '../../domain/roles';
import type { Database } from '../../migrations/database';
import type { Actor } from '../shared/use-case';

/** Test and demo helpers for contracts: an approved disclosure to hang contracts on, and an actor for a user. */
export async function seedApprovedDisclosure(
  db: Kysely<Database>,
  input: {
    schoolId: string;
    athleteUserId: string;
    companyName: string;
    amountCents: number;
    status?: 'APPROVED' | 'PENDING';
  },
): Promise<string> {
  const row = await db
    .insertInto('disclosures')
    .values({
      school_id: input.schoolId,
      athlete_user_id: input.athleteUserId,
      sport_team_id: null,
      type: 'ENDORSEMENT',
      status: input.status ?? 'APPROVED',
      title: `${input.companyName} endorsement`,
      company_name: input.companyName,
      payor_name: input.companyName,
      amount_cents: input.amountCents,
      payment_type: 'MONETARY',
      participants: JSON.stringify([]),
      attachments: JSON.stringify([]),
      conflicts: JSON.stringify([]),
      conflict_types: [],
      decided_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function actorFor(
  user: { id: string; firstName?: string; lastName?: string },
  schoolId: string,
  grants: RoleGrant[],
  timeZone = 'America/New_York',
): Actor {
  return {
    userId: user.id,
    firstName: user.firstName ?? 'Test',
    lastName: user.lastName ?? 'User',
    schoolId,
    timeZone,
    permissions: permissionsFor(grants),
    grants,
    ip: null,
    userAgent: null,
  };
}
