import { argon2id, hash } from 'argon2';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../api/config';
import type { Database } from '../migrations/database';
import {
  DEMO_ATHLETES,
  DEMO_BOUNCING_ATHLETE,
  DEMO_LEAVER,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  DEMO_SCHOOLS,
  DEMO_STAFF,
  type DemoAthlete,
  type DemoLogin,
  type DemoSchoolSlug,
} from './demo/demo-people';
import { demoAcademicYear, insertAcademicYear, insertDemoEvents, insertDemoSegments } from './demo/demo-calendar';
import { insertDemoPackets } from './demo/demo-packets';
import { insertConflictFlags } from './demo/demo-disclosures';
import { insertDemoTemplates } from './demo/demo-templates';

export { DEMO_LOGINS, DEMO_PASSWORD } from './demo/demo-people';

/** Marks the demo data as loaded: when this school exists, loading is skipped, so edits made in the app survive. */
export const DEMO_SCHOOL_SLUG = 'demo-state';

export interface DemoDataResult {
  loaded: boolean;
  reason: string;
}

interface Ids {
  schools: Map<DemoSchoolSlug, string>;
  /** `<school slug>:<team name>` → team id */
  teams: Map<string, string>;
  users: Map<string, string>;
}

/**
 * Loads what has no process behind it, once: the demo schools, teams, academic year, staff, athletes, one login per
 * role, the published demo packets, conflict flags and templates. Runs in one transaction so a failed load leaves
 * nothing behind and the next start tries again. Sends, submissions and disclosures come after the worker and the
 * API are up, from the real workflows (runDemoProcesses in demo/demo-processes.ts).
 */
export async function loadDemoData(db: Kysely<Database>, config: AppConfig): Promise<DemoDataResult> {
  if (!config.loadDemoData) return { loaded: false, reason: 'DEMO_DATA is off' };
  const existing = await db.selectFrom('schools').select('id').where('slug', '=', DEMO_SCHOOL_SLUG).executeTakeFirst();
  if (existing) return { loaded: false, reason: 'already loaded' };
  // One hash serves every demo login: they share the password, and argon2 is deliberately slow.
  const passwordHash = await hash(DEMO_PASSWORD, { type: argon2id });
  await db.transaction().execute(async (trx) => {
    const ids: Ids = { schools: new Map(), teams: new Map(), users: new Map() };
    await insertSchools(trx, ids);
    for (const slug of ['demo-state', 'basic-college'] as const) await insertAcademicYear(trx, ids.schools.get(slug)!);
    await insertDemoSegments(trx, ids.schools.get('demo-state')!);
    for (const login of DEMO_LOGINS) await insertPerson(trx, ids, login, { status: 'ACTIVE', passwordHash });
    for (const person of DEMO_STAFF)
      await insertPerson(trx, ids, person, { status: 'NOT_INVITED', passwordHash: null });
    // Active without a password: named in a packet's workflow, then deactivated by the demo processes.
    await insertPerson(trx, ids, DEMO_LEAVER, { status: 'ACTIVE', passwordHash: null });
    // The squad is written for 2026-2027; a demo made in a later year moves birthdays and class years along.
    const startYear = demoAcademicYear().startYear;
    for (const athlete of [...DEMO_ATHLETES, DEMO_BOUNCING_ATHLETE])
      await insertAthlete(trx, ids, yearsLater(athlete, startYear - 2026), startYear);
    await insertDemoPackets(trx, ids.schools.get('demo-state')!, (email) => ids.users.get(email)!);
    await insertConflictFlags(trx, ids.schools.get('demo-state')!, ids.users.get('admin@demo.edu')!);
    await insertDemoTemplates(trx, ids.schools.get('demo-state')!, ids.users.get('operator@provider.test')!);
    await insertDemoEvents(trx, ids.schools.get('demo-state')!, ids.users.get('coach@demo.edu') ?? null);
  });
  return { loaded: true, reason: 'first start' };
}

async function insertSchools(trx: Transaction<Database>, ids: Ids): Promise<void> {
  for (const school of DEMO_SCHOOLS) {
    const { id } = await trx
      .insertInto('schools')
      .values({
        name: school.name,
        slug: school.slug,
        kind: school.kind,
        plan: school.plan,
        division: school.division,
        state: school.state,
        time_zone: school.timeZone,
        settings: JSON.stringify({ invitationReminderHours: 48, invitationExpiryHours: 168 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.schools.set(school.slug, id);
    for (const team of school.teams) {
      const row = await trx
        .insertInto('sport_teams')
        .values({ school_id: id, name: team.name, sport: team.sport, gender: team.gender })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.teams.set(`${school.slug}:${team.name}`, row.id);
    }
  }
}

async function insertPerson(
  trx: Transaction<Database>,
  ids: Ids,
  person: Omit<DemoLogin, 'label'>,
  account: { status: 'ACTIVE' | 'NOT_INVITED'; passwordHash: string | null },
): Promise<void> {
  const schoolId = ids.schools.get(person.school)!;
  const { id } = await trx
    .insertInto('users')
    .values({
      school_id: schoolId,
      email: person.email.toLowerCase(),
      first_name: person.firstName,
      last_name: person.lastName,
      phone_number: person.phoneNumber,
      status: account.status,
      password_hash: account.passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.users.set(person.email, id);
  await trx
    .insertInto('user_roles')
    .values(
      person.roles.map((grant) => ({
        user_id: id,
        school_id: schoolId,
        role: grant.role,
        title_group: grant.titleGroup ?? null,
        compliance: grant.compliance ?? false,
      })),
    )
    .execute();
  if (person.staff) {
    const teamId = person.staff.team ? ids.teams.get(`${person.school}:${person.staff.team}`) : undefined;
    await trx
      .insertInto('staff_profiles')
      .values({
        user_id: id,
        school_id: schoolId,
        sport_team_id: teamId ?? null,
        title: person.staff.title,
        data: JSON.stringify({ email: person.email, phoneNumber: person.phoneNumber, role: person.roles[0]?.role }),
      })
      .execute();
    // Every team they are on the staff of (staff_teams): the primary one with their coach title group, then the others.
    const coachTitle = person.roles.find((g) => g.role === 'COACH')?.titleGroup ?? null;
    const teams = [
      ...(teamId ? [{ teamId, titleGroup: coachTitle }] : []),
      ...(person.staff.alsoTeams ?? []).map((t) => ({
        teamId: ids.teams.get(`${person.school}:${t.team}`)!,
        titleGroup: t.titleGroup,
      })),
    ];
    if (teams.length > 0) {
      await trx
        .insertInto('staff_teams')
        .values(
          teams.map((t) => ({ school_id: schoolId, user_id: id, sport_team_id: t.teamId, title_group: t.titleGroup })),
        )
        .execute();
    }
  }
}

function yearsLater(athlete: DemoAthlete, years: number): DemoAthlete {
  return {
    ...athlete,
    dateOfBirth: `${Number(athlete.dateOfBirth.slice(0, 4)) + years}${athlete.dateOfBirth.slice(4)}`,
    enrollmentYear: athlete.enrollmentYear + years,
    graduationYear: athlete.graduationYear + years,
  };
}

async function insertAthlete(
  trx: Transaction<Database>,
  ids: Ids,
  athlete: DemoAthlete,
  startYear: number,
): Promise<void> {
  const schoolId = ids.schools.get('demo-state')!;
  let userId = ids.users.get(athlete.email);
  if (!userId) {
    await insertPerson(
      trx,
      ids,
      { ...athlete, school: 'demo-state', roles: [{ role: 'STUDENT_ATHLETE' }] },
      { status: 'NOT_INVITED', passwordHash: null },
    );
    userId = ids.users.get(athlete.email)!;
  }
  if (athlete.middleName) {
    await trx.updateTable('users').set({ middle_name: athlete.middleName }).where('id', '=', userId).execute();
  }
  await trx
    .insertInto('athlete_profiles')
    .values({
      user_id: userId,
      school_id: schoolId,
      sport_team_id: ids.teams.get(`demo-state:${athlete.team}`) ?? null,
      student_id_number: athlete.studentIdNumber,
      date_of_birth: athlete.dateOfBirth,
      gender: athlete.gender,
      class_year: athlete.classYear,
      major: athlete.major,
      residency_status: athlete.residencyStatus,
      aid_status: athlete.aidStatus,
      enrollment_term: 'FALL',
      enrollment_year: athlete.enrollmentYear,
      graduation_year: athlete.graduationYear,
      position: athlete.position,
      positions: [athlete.position],
      roster_status: 'OFFICIAL',
      athlete_status: athlete.athleteStatus,
      cumulative_gpa: athlete.gpa,
      is_at_risk: athlete.gpa < 2.8,
      is_transfer_student: false,
      is_enrolled_full_time: true,
      enrollment_term_this_institution: 'FALL',
      enrollment_year_this_institution: athlete.enrollmentYear,
      eligibility_types: [
        ...(athlete.gpa >= 2.3 ? ['academic'] : []),
        'administrative',
        'amateurism',
        ...(athlete.athleteStatus !== 'REDSHIRT' ? ['competition'] : []),
        'medical',
        'practice',
      ],
      data: JSON.stringify(athleteDetails(athlete, startYear)),
    })
    .execute();
  if (athlete.residencyStatus === 'INTERNATIONAL') await tagDemoAthlete(trx, schoolId, userId, 'International');
}

/** Gives a demo athlete a tag of the school (created once) in the school's current academic year. */
async function tagDemoAthlete(
  trx: Transaction<Database>,
  schoolId: string,
  userId: string,
  name: string,
): Promise<void> {
  await trx
    .insertInto('athlete_tags')
    .values({ school_id: schoolId, name })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const tag = await trx
    .selectFrom('athlete_tags')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const year = await trx
    .selectFrom('academic_years')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('is_current', '=', true)
    .executeTakeFirst();
  await trx
    .insertInto('athlete_tag_assignments')
    .values({ school_id: schoolId, athlete_user_id: userId, tag_id: tag.id, academic_year_id: year?.id ?? null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The person form keys and profile fields that have no column of their own. */
function athleteDetails(athlete: DemoAthlete, startYear: number): Record<string, unknown> {
  const family = athlete.lastName.replace(/[^A-Za-z]/g, '').toLowerCase();
  return {
    addressLine1: athlete.addressLine1,
    city: athlete.city,
    state: athlete.state,
    zipCode: athlete.zipCode,
    countryId: 'US',
    bio: `${athlete.position} from ${athlete.city}, ${athlete.state}; studies ${athlete.major}.`,
    academicAdvisor: 'Dr. Carla Jennings',
    // Thirty credits a completed year, plus a full term's load in progress.
    credits: 30 * (startYear - athlete.enrollmentYear) + 15,
    parents: [{ name: `Pat ${athlete.lastName}`, email: `pat.${family}@example.com`, phone: '2145550199' }],
    socialMedia: {
      instagram: `https://instagram.com/${athlete.firstName.toLowerCase()}${family}`,
      facebook: null,
      twitter: null,
      tiktok: null,
    },
    notes: '',
  };
}
