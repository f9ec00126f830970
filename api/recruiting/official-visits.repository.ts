import type { Kysely, Transaction } from 'kysely';
import { instantToLocal } from '../../domain/calendar-events';
import { officialVisitFlags, officialVisitKey, type OfficialVisitRecord } from '../../domain/recruiting';
import { nightsSpanned } from '../../domain/recruiting-events';
import type { Database } from '../../migrations/database';
import { fullName } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Every official visit recorded for these prospects: the activity log's entries of kind Official Visit and the
 * recruiting events of that kind that list them (pending or approved; a cancelled or rejected event is no visit).
 * An event's nights are the local dates it touches, less one.
 */
export async function listOfficialVisits(db: Db, schoolId: string, psaIds: readonly string[]) {
  if (psaIds.length === 0) return [] as OfficialVisitRecord[];
  const [logged, events] = await Promise.all([
    db
      .selectFrom('psa_activities')
      .select(['id', 'psa_id', 'nights', 'occurred_at'])
      .where('school_id', '=', schoolId)
      .where('psa_id', 'in', psaIds)
      .where('kind', '=', 'OFFICIAL_VISIT')
      .execute(),
    db
      .selectFrom('recruiting_event_psas as p')
      .innerJoin('recruiting_events as r', (j) =>
        j.onRef('r.id', '=', 'p.event_id').onRef('r.school_id', '=', 'p.school_id'),
      )
      .innerJoin('calendar_events as e', (j) => j.onRef('e.id', '=', 'r.id').onRef('e.school_id', '=', 'r.school_id'))
      .select(['e.id', 'p.psa_id', 'e.starts_at', 'e.ends_at', 'e.time_zone'])
      .where('p.school_id', '=', schoolId)
      .where('p.psa_id', 'in', psaIds)
      .where('r.kind', '=', 'OFFICIAL_VISIT')
      .where('e.cancelled_at', 'is', null)
      .where('e.status', '<>', 'REJECTED')
      .execute(),
  ]);
  return [
    ...logged.map((a): OfficialVisitRecord => ({
      source: 'activity',
      id: a.id,
      psaId: a.psa_id,
      nights: a.nights,
      startsAt: new Date(a.occurred_at).toISOString(),
    })),
    ...events.map((e): OfficialVisitRecord => ({
      source: 'event',
      id: e.id,
      psaId: e.psa_id,
      nights: nightsSpanned(
        instantToLocal(new Date(e.starts_at), e.time_zone).date,
        instantToLocal(new Date(e.ends_at), e.time_zone).date,
      ),
      startsAt: new Date(e.starts_at).toISOString(),
    })),
  ];
}

/** The official-visit flags of one prospect's recorded visits, by `officialVisitKey`. */
export async function psaVisitFlags(db: Db, schoolId: string, psaId: string) {
  return officialVisitFlags(await listOfficialVisits(db, schoolId, [psaId]));
}

/**
 * The official-visit flags of recruiting events, by event id, each naming the prospect it is about ("Jordan Lee:
 * More than one official visit to this school."), in the order of the event's prospects by name.
 */
export async function recruitingEventVisitFlags(
  db: Db,
  schoolId: string,
  eventIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (eventIds.length === 0) return out;
  const listed = await db
    .selectFrom('recruiting_event_psas as p')
    .innerJoin('recruiting_events as r', (j) =>
      j.onRef('r.id', '=', 'p.event_id').onRef('r.school_id', '=', 'p.school_id'),
    )
    .innerJoin('psas as s', (j) => j.onRef('s.id', '=', 'p.psa_id').onRef('s.school_id', '=', 'p.school_id'))
    .select(['p.event_id', 'p.psa_id', fullName('s').as('name')])
    .where('p.school_id', '=', schoolId)
    .where('p.event_id', 'in', eventIds)
    .where('r.kind', '=', 'OFFICIAL_VISIT')
    .orderBy('name')
    .execute();
  if (listed.length === 0) return out;
  const flags = officialVisitFlags(await listOfficialVisits(db, schoolId, [...new Set(listed.map((l) => l.psa_id))]));
  for (const l of listed) {
    const own = flags.get(officialVisitKey({ source: 'event', id: l.event_id, psaId: l.psa_id })) ?? [];
    if (own.length) out.set(l.event_id, [...(out.get(l.event_id) ?? []), ...own.map((f) => `${l.name}: ${f}`)]);
  }
  return out;
}
