import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { listPsaRecruitingEvents } from './recruiting-events.repository';
import { transferView } from './psa-transfer.service';
import { findDuplicatesOf, listActivities, listPsaEvents, toPsaDto, type PsaRow } from './psas.repository';

/**
 * A prospect's profile as staff and operators read it: the prospect, its activity log and history, possible
 * duplicates, its transfer to a roster and the recruiting events it is on.
 */
export async function psaProfile(db: Kysely<Database>, schoolId: string, psa: PsaRow) {
  const [activities, events, duplicates, transfer, recruitingEvents] = await Promise.all([
    listActivities(db, schoolId, psa.id),
    listPsaEvents(db, schoolId, psa.id),
    findDuplicatesOf(db, schoolId, psa),
    transferView(db, schoolId, psa.id),
    listPsaRecruitingEvents(db, schoolId, psa.id),
  ]);
  return { psa: toPsaDto(psa), activities, events, duplicates, transfer, recruitingEvents };
}
