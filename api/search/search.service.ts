import { sql, type Kysely } from 'kysely';
import { DISCLOSURE_TYPE_LABELS, type DisclosureType } from '../../domain/disclosures';
import { planAllows } from '../../domain/plans';
import type { Database } from '../../migrations/database';
import type { AuthContext } from '../types';
import type { SearchHitDto } from './search.schemas';
import { peopleScopeOf, profilePathFor, type PersonKind } from '../../domain/people-links';
import { coachTeamIds } from '../staff/staff-teams.repository';
import { findAthletesByName, findProspectsByName, findStaffByName } from './search.repository';
import { fullName } from '../shared/people-names';

/** `%term%` for ILIKE with the user's own wildcards taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const isAdmin = (auth: AuthContext) => auth.portal === 'admin';

/**
 * People by name, each kind only for a viewer who may see it (domain/people-links: a coach finds the athletes of
 * their own teams, nobody in the athlete portal finds a prospect), each linking to the profile that viewer may open.
 */
async function searchPeople(
  db: Kysely<Database>,
  auth: AuthContext,
  like: string,
  limit: number,
): Promise<SearchHitDto[]> {
  const scope = peopleScopeOf({ portal: auth.portal, permissions: auth.permissions, plan: auth.school.plan });
  const viewer = { portal: auth.portal, userId: auth.user.id };
  const teams = scope.athletes === 'own-teams' ? await coachTeamIds(db, auth.school.id, auth.user.id) : 'all';
  const [athletes, staff, prospects] = await Promise.all([
    scope.athletes === 'none' ? [] : findAthletesByName(db, auth.school.id, like, teams, limit),
    scope.staff ? findStaffByName(db, auth.school.id, like, limit) : [],
    scope.prospects ? findProspectsByName(db, auth.school.id, like, limit) : [],
  ]);
  const hit = (kind: PersonKind, id: string, label: string, description: string): SearchHitDto[] => {
    const url = profilePathFor(viewer, kind, id, label);
    return url ? [{ kind: 'person', id, label, description, url }] : [];
  };
  return [
    ...athletes.flatMap((a) =>
      hit(
        'athlete',
        a.id,
        `${a.firstName} ${a.lastName}`,
        ['Student-athlete', a.teamName ?? a.email].filter(Boolean).join(' · '),
      ),
    ),
    ...staff.flatMap((m) =>
      hit('staff', m.id, `${m.firstName} ${m.lastName}`, ['Staff', m.email].filter(Boolean).join(' · ')),
    ),
    ...prospects.flatMap((p) =>
      hit(
        'prospect',
        p.id,
        `${p.firstName} ${p.lastName}`,
        ['Prospect', p.highSchoolName, p.graduationYear ? `Class of ${p.graduationYear}` : null]
          .filter(Boolean)
          .join(' · '),
      ),
    ),
  ];
}

/**
 * The command palette's search: people, packets, disclosures and teams of the caller's school whose name contains
 * the text, each kind only when the caller may open the screen it leads to (the same permissions the lists check).
 */
export async function searchByName(
  db: Kysely<Database>,
  auth: AuthContext,
  q: string,
  limit: number,
): Promise<SearchHitDto[]> {
  const like = containing(q.trim());
  const schoolId = auth.school.id;
  const has = (p: Parameters<AuthContext['permissions']['has']>[0]) => auth.permissions.has(p);
  const connect = planAllows(auth.school.plan, 'paperwork');
  const searches: Array<Promise<SearchHitDto[]>> = [];

  searches.push(searchPeople(db, auth, like, limit));

  if (connect && (auth.portal === 'admin' || auth.portal === 'coach') && has('packets:read')) {
    let packets = db
      .selectFrom('packets')
      .where('school_id', '=', schoolId)
      .where('archived_at', 'is', null)
      .where('name', 'ilike', like);
    if (!auth.grants.some((g) => g.role === 'SCHOOL_ADMIN')) {
      packets = packets.where((eb) =>
        eb.or([
          eb('owner_id', '=', auth.user.id),
          eb(sql`editor_ids`, '@>', sql`${JSON.stringify([auth.user.id])}::jsonb`),
        ]),
      );
    }
    searches.push(
      packets
        .select(['id', 'name', 'status'])
        .orderBy('name')
        .limit(limit)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            kind: 'packet' as const,
            id: r.id,
            label: r.name,
            description: r.status === 'PUBLISHED' ? 'Packet · Published' : 'Packet · Unpublished',
            url: `/seeSubmission/${r.id}`,
          })),
        ),
    );
  }

  const reviewer = isAdmin(auth) && has('disclosures:review');
  const ownDisclosures = auth.portal === 'athlete' && has('disclosures:submit');
  if (planAllows(auth.school.plan, 'disclosures') && (reviewer || ownDisclosures)) {
    let disclosures = db
      .selectFrom('disclosures as d')
      .innerJoin('users as u', 'u.id', 'd.athlete_user_id')
      .where('d.school_id', '=', schoolId)
      .where('d.archived_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('d.company_name', 'ilike', like),
          eb('d.title', 'ilike', like),
          ...(reviewer ? [eb(fullName('u'), 'ilike', like)] : []),
        ]),
      );
    disclosures = reviewer
      ? disclosures.where('d.status', '!=', 'DRAFT')
      : disclosures.where('d.athlete_user_id', '=', auth.user.id);
    searches.push(
      disclosures
        .select(['d.id', 'd.type', 'd.company_name', 'd.title', 'u.first_name', 'u.last_name'])
        .orderBy('d.created_at', 'desc')
        .limit(limit)
        .execute()
        .then((rows) =>
          rows.map((r) => {
            const type = DISCLOSURE_TYPE_LABELS[r.type as DisclosureType] ?? 'Disclosure';
            return {
              kind: 'disclosure' as const,
              id: r.id,
              label: r.company_name ?? r.title ?? type,
              description: `Disclosure · ${type} · ${r.first_name} ${r.last_name}`,
              url: `/disclosuredetail?id=${r.id}`,
            };
          }),
        ),
    );
  }

  if ((auth.portal === 'admin' || auth.portal === 'coach') && has('teams:read')) {
    searches.push(
      db
        .selectFrom('sport_teams')
        .where('school_id', '=', schoolId)
        .where('name', 'ilike', like)
        .select(['id', 'name', 'sport'])
        .orderBy('name')
        .limit(limit)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            kind: 'team' as const,
            id: r.id,
            label: r.name,
            description: `Team · ${r.sport}`,
            url: isAdmin(auth) ? `/teams` : `/task?teamId=${r.id}`,
          })),
        ),
    );
  }

  return (await Promise.all(searches)).flat();
}
