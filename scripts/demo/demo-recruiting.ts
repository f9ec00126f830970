import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CommitmentStatus } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { demoAcademicYear } from './demo-calendar';
import { demoDates } from './demo-dates';
import { signInDemoPerson, waitForRow } from './demo-person';

/**
 * The demo school's recruiting board, made through the API the screens use: 30 prospects across every column
 * (added by the head coach, moved on the board, with calls, evaluations and visits logged, one official visit
 * flagged for three nights), two transfers approved by the admin through the real `psa-transfer` workflow (their
 * cards sit in "Added to roster"), and one transfer waiting in the admin's My Tasks. Calls and evaluations fall in
 * the eight weeks before today, visits in the last four (dates as of the demo's anchor day, moved to today). Runs once.
 */
const FIRST = ['Avery', 'Blake', 'Cameron', 'Dakota', 'Emerson', 'Finley', 'Gray', 'Harper', 'Indy', 'Jordan'];
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Diaz', 'Ellis', 'Foster', 'Garcia', 'Hughes', 'Ibarra', 'Jensen'];
const SCHOOLS = ['Central High', 'Lakeview High', 'Westridge Prep', 'North Valley High', 'St. Mark Academy'];
const POSITIONS = ['Quarterback', 'Wide receiver', 'Linebacker', 'Cornerback', 'Running back', 'Tight end'];
const COLUMNS: CommitmentStatus[] = ['NOT_COMMITTED', 'VERBALLY_COMMITTED', 'COMMITTED', 'NLI_SIGNED'];

export async function loadDemoRecruiting(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirst();
  if (!school) return { loaded: false };
  const any = await db.selectFrom('psas').select('id').where('school_id', '=', school.id).limit(1).executeTakeFirst();
  if (any) return { loaded: false };
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', school.id)
    .where('name', '=', 'Football')
    .executeTakeFirst();
  const year = await db
    .selectFrom('academic_years')
    .select('id')
    .where('school_id', '=', school.id)
    .where('is_current', '=', true)
    .executeTakeFirst();
  const coachRow = await db.selectFrom('users').select('id').where('email', '=', 'coach@demo.edu').executeTakeFirst();
  if (!team || !year || !coachRow) return { loaded: false };
  const coach = await signInDemoPerson(app, db, 'coach@demo.edu');
  const admin = await signInDemoPerson(app, db, 'admin@demo.edu');
  const dates = demoDates();
  const years = demoAcademicYear(dates).startYear - 2026;
  try {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[(i * 3 + Math.floor(i / 10)) % LAST.length]!;
      const created = await coach.call<{ psa: { id: string } }>('POST', '/api/v1/psas', {
        firstName: first,
        lastName: last,
        email: `${first}.${last}.${i}@recruit.example`.toLowerCase(),
        mobileNumber: `512555${String(1000 + i).padStart(4, '0')}`,
        highSchoolName: SCHOOLS[i % SCHOOLS.length],
        graduationYear: 2027 + years + (i % 3),
        recruitedPosition: POSITIONS[i % POSITIONS.length],
        sportTeamId: team.id,
        recruitingCoachId: coachRow.id,
        heightFeet: 5 + (i % 2),
        heightInches: (i * 5) % 12,
        weight: 170 + i * 3,
        gpa: Math.round((3 + (i % 10) / 10) * 10) / 10,
        satScore: 1100 + (i % 8) * 50,
        actScore: 22 + (i % 12),
        city: 'Austin',
        state: 'TX',
        guardian1Name: `Pat ${last}`,
        guardian1Phone: `512556${String(1000 + i).padStart(4, '0')}`,
        tags: i % 4 === 0 ? ['Priority'] : i % 5 === 0 ? ['Walk-on', 'Local'] : [],
        rating: (i % 5) + 1,
      });
      const id = created.psa.id;
      ids.push(id);
      const column = COLUMNS[i % COLUMNS.length]!;
      if (column !== 'NOT_COMMITTED') {
        await coach.call('POST', `/api/v1/psas/${id}/move`, { commitmentStatus: column, via: 'menu' });
      }
      const day = String(1 + (i % 25)).padStart(2, '0');
      await coach.call('POST', `/api/v1/psas/${id}/activities`, {
        kind: i % 3 === 0 ? 'EVALUATION' : 'PHONE_CALL',
        occurredAt: `${dates.date(`2026-10-${day}`)}T17:00:00Z`,
        summary: i % 3 === 0 ? 'Watched the Friday game; strong first step.' : 'Introductory call with the family.',
      });
      if (i % 6 === 2) {
        await coach.call('POST', `/api/v1/psas/${id}/activities`, {
          kind: 'OFFICIAL_VISIT',
          occurredAt: `${dates.date(`2026-11-${day}`)}T15:00:00Z`,
          nights: i === 2 ? 3 : 2,
          location: 'Campus',
          summary: 'Official visit with the position coach.',
        });
      }
    }
    // Two transfers approved (cards in "Added to roster"), one waiting for the admin.
    const signed = ids.filter((_, i) => COLUMNS[i % COLUMNS.length] === 'NLI_SIGNED');
    for (const [n, id] of signed.slice(0, 3).entries()) {
      await coach.call('POST', `/api/v1/psas/${id}/transfer`, { sportTeamId: team.id, academicYearId: year.id });
      await waitForRow(
        'the transfer approval task',
        () =>
          db
            .selectFrom('tasks')
            .select('id')
            .where('workflow_id', '=', `psa-transfer:${id}`)
            .where('status', '=', 'OPEN')
            .executeTakeFirst(),
        Boolean,
      );
      if (n < 2) await admin.call('POST', `/api/v1/psas/${id}/transfer/decision`, { decision: 'APPROVE' });
    }
  } finally {
    await coach.signOut();
    await admin.signOut();
  }
  return { loaded: true };
}
