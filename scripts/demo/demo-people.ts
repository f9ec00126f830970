import type { CoachTitleGroup, RoleGrant } from '../../domain/roles';

/**
 * The demo cast: one login per role plus a realistic squad of student-athletes and coaching staff. Everything here
 * is invented; addresses use real Texas cities with 555 phone numbers.
 */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export type DemoSchoolSlug = 'demo-state' | 'basic-college' | 'provider-operations';

export interface DemoSchool {
  slug: DemoSchoolSlug;
  name: string;
  kind: 'SCHOOL' | 'PROVIDER';
  plan: 'COMPLIANCE' | 'CONNECT';
  division: string | null;
  state: string | null;
  timeZone: string;
  teams: Array<{ name: string; sport: string; gender: 'MEN' | 'WOMEN' | 'COED' }>;
}

export const DEMO_SCHOOLS: DemoSchool[] = [
  {
    slug: 'demo-state',
    name: 'Demo State University',
    kind: 'SCHOOL',
    plan: 'CONNECT',
    division: '1',
    state: 'TX',
    timeZone: 'America/Chicago',
    teams: [
      { name: 'Football', sport: 'Football', gender: 'MEN' },
      { name: "Women's Basketball", sport: 'Basketball', gender: 'WOMEN' },
      { name: "Men's Soccer", sport: 'Soccer', gender: 'MEN' },
      { name: "Women's Volleyball", sport: 'Volleyball', gender: 'WOMEN' },
    ],
  },
  {
    slug: 'basic-college',
    name: 'Basic College',
    kind: 'SCHOOL',
    plan: 'COMPLIANCE',
    division: '2',
    state: 'OK',
    timeZone: 'America/Chicago',
    teams: [{ name: 'Baseball', sport: 'Baseball', gender: 'MEN' }],
  },
  {
    slug: 'provider-operations',
    name: 'Provider Operations',
    kind: 'PROVIDER',
    plan: 'COMPLIANCE',
    division: null,
    state: null,
    timeZone: 'America/New_York',
    teams: [],
  },
];

/**
 * A staff member's profile: the primary team and job title, and any further teams they are on the staff of with
 * their title there (issue 15). The primary team carries the title group of their coach role.
 */
export interface DemoStaffProfile {
  team: string | null;
  title: string;
  alsoTeams?: Array<{ team: string; titleGroup: CoachTitleGroup }>;
}

export interface DemoLogin {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  school: DemoSchoolSlug;
  roles: RoleGrant[];
  /** What the login is for, printed at start. */
  label: string;
  /** Coaches and staff: their team and job title. */
  staff?: DemoStaffProfile;
}

export const DEMO_LOGINS: DemoLogin[] = [
  {
    email: 'admin@demo.edu',
    firstName: 'Dana',
    lastName: 'Whitfield',
    phoneNumber: '5125550101',
    school: 'demo-state',
    roles: [{ role: 'SCHOOL_ADMIN', compliance: true }],
    label: 'School admin (compliance)',
    staff: { team: null, title: 'Director of Compliance' },
  },
  {
    email: 'staffadmin@demo.edu',
    firstName: 'Marcus',
    lastName: 'Bell',
    phoneNumber: '5125550102',
    school: 'demo-state',
    roles: [{ role: 'SCHOOL_ADMIN', compliance: false }],
    label: 'School admin (no compliance)',
    staff: { team: null, title: 'Associate Athletic Director' },
  },
  {
    email: 'coach@demo.edu',
    firstName: 'Ray',
    lastName: 'Castillo',
    phoneNumber: '5125550103',
    school: 'demo-state',
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    label: "Head coach, Football; assistant coach, Men's Soccer",
    staff: {
      team: 'Football',
      title: 'Head Football Coach',
      alsoTeams: [{ team: "Men's Soccer", titleGroup: 'ASSISTANT_COACH' }],
    },
  },
  {
    email: 'athlete@demo.edu',
    firstName: 'Jordan',
    lastName: 'Reyes',
    phoneNumber: '5125550104',
    school: 'demo-state',
    roles: [{ role: 'STUDENT_ATHLETE' }],
    label: 'Student-athlete, Football',
  },
  {
    email: 'educator@demo.edu',
    firstName: 'Priya',
    lastName: 'Natarajan',
    phoneNumber: '5125550105',
    school: 'demo-state',
    roles: [{ role: 'EDUCATOR' }],
    label: 'Educator',
  },
  {
    email: 'vendor@demo.edu',
    firstName: 'Lena',
    lastName: 'Okafor',
    phoneNumber: '5125550106',
    school: 'demo-state',
    roles: [{ role: 'VENDOR' }],
    label: 'Vendor',
  },
  {
    email: 'thirdparty@demo.edu',
    firstName: 'Tom',
    lastName: 'Harlan',
    phoneNumber: '5125550107',
    school: 'demo-state',
    roles: [{ role: 'THIRD_PARTY' }],
    label: 'Third party',
  },
  {
    email: 'agent@demo.edu',
    firstName: 'Nina',
    lastName: 'Park',
    phoneNumber: '5125550108',
    school: 'demo-state',
    roles: [{ role: 'AGENT' }],
    label: 'Agent',
  },
  {
    email: 'operator@provider.test',
    firstName: 'Sam',
    lastName: 'Ortega',
    phoneNumber: '6465550109',
    school: 'provider-operations',
    roles: [{ role: 'OPERATOR' }],
    label: 'Provider operator',
  },
  {
    email: 'admin@basic.edu',
    firstName: 'Grace',
    lastName: 'Holloway',
    phoneNumber: '4055550110',
    school: 'basic-college',
    roles: [{ role: 'SCHOOL_ADMIN', compliance: true }],
    label: 'School admin, Basic College (Compliance plan, no Connect)',
    staff: { team: null, title: 'Compliance Coordinator' },
  },
];

/**
 * Football's director of operations, named as the approver of the demo's away-trip packet. Active when the packet is
 * sent (a send refuses steps that name someone inactive); the demo processes then deactivate her, as when a person
 * leaves, so her step waits on nobody: the operator console's "Person no longer active" case.
 */
export const DEMO_LEAVER: Omit<DemoLogin, 'label'> & { staff: DemoStaffProfile } = {
  email: 'lortiz@demo.edu',
  firstName: 'Lena',
  lastName: 'Ortiz',
  phoneNumber: '5125550114',
  school: 'demo-state',
  roles: [{ role: 'COACH', titleGroup: 'OPS_MANAGER' }],
  staff: { team: 'Football', title: 'Director of Football Operations' },
};

/** Coaching staff without a login of their own (listed on staff screens, not yet invited). */
export const DEMO_STAFF: Array<Omit<DemoLogin, 'label'> & { staff: DemoStaffProfile }> = [
  {
    email: 'kmorales@demo.edu',
    firstName: 'Keisha',
    lastName: 'Morales',
    phoneNumber: '5125550111',
    school: 'demo-state',
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    staff: { team: "Women's Basketball", title: "Head Women's Basketball Coach" },
  },
  {
    email: 'bnguyen@demo.edu',
    firstName: 'Brian',
    lastName: 'Nguyen',
    phoneNumber: '5125550112',
    school: 'demo-state',
    roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }],
    staff: { team: 'Football', title: 'Offensive Coordinator' },
  },
  {
    email: 'efischer@demo.edu',
    firstName: 'Elena',
    lastName: 'Fischer',
    phoneNumber: '5125550113',
    school: 'demo-state',
    roles: [{ role: 'COACH', titleGroup: 'TEAM_MANAGER' }],
    staff: { team: "Men's Soccer", title: 'Team Manager' },
  },
];

export interface DemoAthlete {
  email: string;
  firstName: string;
  lastName: string;
  middleName?: string;
  phoneNumber: string;
  team: string;
  position: string;
  gender: 'MALE' | 'FEMALE';
  dateOfBirth: string;
  studentIdNumber: string;
  classYear: string;
  major: string;
  residencyStatus: 'IN_STATE' | 'OUT_OF_STATE' | 'INTERNATIONAL';
  aidStatus: 'ATHLETIC_AID' | 'NEED_BASED_AID' | 'COMBO' | null;
  enrollmentYear: number;
  graduationYear: number;
  city: string;
  state: string;
  zipCode: string;
  addressLine1: string;
  gpa: number;
  athleteStatus: string;
  /** Only the athlete login is ACTIVE with a password; the rest of the squad waits for an invitation. */
  login?: boolean;
}

/** The rest of the squad, one table row each, kept as a table so it reads like a roster. */
type SquadRow = [
  firstName: string,
  lastName: string,
  team: string,
  position: string,
  gender: 'MALE' | 'FEMALE',
  dateOfBirth: string,
  classYear: string,
  major: string,
  residency: DemoAthlete['residencyStatus'],
  aid: DemoAthlete['aidStatus'],
  enrolled: number,
  city: string,
  state: string,
  zip: string,
  street: string,
  gpa: number,
];

// prettier-ignore
const SQUAD: SquadRow[] = [
  ['Malik', 'Thompson', 'Football', 'Wide Receiver', 'MALE', '2005-11-02', 'FOURTH_YEAR', 'Business Administration', 'OUT_OF_STATE', 'ATHLETIC_AID', 2023, 'Baton Rouge', 'LA', '70808', '88 Perkins Rd', 2.97],
  ['Tyler', 'Brandt', 'Football', 'Linebacker', 'MALE', '2007-01-21', 'FIRST_YEAR', 'Engineering Technology', 'IN_STATE', 'COMBO', 2026, 'Lubbock', 'TX', '79416', '5710 19th St', 3.1],
  ['Andre', 'Whitaker', 'Football', 'Offensive Lineman', 'MALE', '2006-07-30', 'SECOND_YEAR', 'Communication', 'IN_STATE', null, 2025, 'Houston', 'TX', '77008', '1320 Heights Blvd', 2.71],
  ['Aaliyah', 'Johnson', "Women's Basketball", 'Point Guard', 'FEMALE', '2005-05-09', 'FOURTH_YEAR', 'Psychology', 'IN_STATE', 'ATHLETIC_AID', 2023, 'Dallas', 'TX', '75214', '6120 Gaston Ave', 3.68],
  ['Sofia', 'Marchetti', "Women's Basketball", 'Forward', 'FEMALE', '2006-09-17', 'THIRD_YEAR', 'Biology', 'INTERNATIONAL', 'ATHLETIC_AID', 2024, 'Austin', 'TX', '78705', '2501 Nueces St', 3.85],
  ['Kendra', 'Lewis', "Women's Basketball", 'Center', 'FEMALE', '2007-02-11', 'FIRST_YEAR', 'Nursing', 'OUT_OF_STATE', 'NEED_BASED_AID', 2026, 'Tulsa', 'OK', '74104', '1433 S Lewis Ave', 3.2],
  ['Mateo', 'Alvarez', "Men's Soccer", 'Midfielder', 'MALE', '2006-04-25', 'SECOND_YEAR', 'Finance', 'IN_STATE', 'COMBO', 2025, 'El Paso', 'TX', '79902', '905 N Mesa St', 3.35],
  ['Liam', "O'Connor", "Men's Soccer", 'Goalkeeper', 'MALE', '2005-12-03', 'FOURTH_YEAR', 'History', 'INTERNATIONAL', 'ATHLETIC_AID', 2023, 'Fort Worth', 'TX', '76107', '3400 Camp Bowie Blvd', 3.02],
  ['Samuel', 'Osei', "Men's Soccer", 'Defender', 'MALE', '2007-06-14', 'FIRST_YEAR', 'Computer Science', 'OUT_OF_STATE', null, 2026, 'Denver', 'CO', '80206', '220 Clayton St', 3.57],
  ['Hannah', 'Kowalski', "Women's Volleyball", 'Setter', 'FEMALE', '2006-10-08', 'THIRD_YEAR', 'Marketing', 'OUT_OF_STATE', 'ATHLETIC_AID', 2024, 'Omaha', 'NE', '68132', '4913 Dodge St', 3.74],
  ['Brianna', 'Delgado', "Women's Volleyball", 'Outside Hitter', 'FEMALE', '2007-03-29', 'FIRST_YEAR', 'Public Health', 'IN_STATE', 'COMBO', 2026, 'Corpus Christi', 'TX', '78404', '3602 Ocean Dr', 3.15],
];

function toAthlete(row: SquadRow, index: number): DemoAthlete {
  const [first, last, team, position, gender, born, classYear, major, residency, aid, enrolled, ...home] = row;
  const [city, state, zipCode, addressLine1, gpa] = home;
  const handle = `${first[0]}${last.replace(/[^A-Za-z]/g, '')}`.toLowerCase();
  return {
    email: `${handle}@students.demo.edu`,
    firstName: first,
    lastName: last,
    phoneNumber: `51255502${String(index + 11).padStart(2, '0')}`,
    team,
    position,
    gender,
    dateOfBirth: born,
    studentIdNumber: `DSU-${enrolled}-${String(131 + index * 17).padStart(5, '0')}`,
    classYear,
    major,
    residencyStatus: residency,
    aidStatus: aid,
    enrollmentYear: enrolled,
    graduationYear: enrolled + 4,
    city,
    state,
    zipCode,
    addressLine1,
    gpa,
    // First-year football players sit out a season, as many do.
    athleteStatus: classYear === 'FIRST_YEAR' && team === 'Football' ? 'REDSHIRT' : 'IN_PROGRAM',
  };
}

export const DEMO_ATHLETES: DemoAthlete[] = [
  {
    email: 'athlete@demo.edu',
    firstName: 'Jordan',
    lastName: 'Reyes',
    middleName: 'Luis',
    phoneNumber: '5125550104',
    team: 'Football',
    position: 'Quarterback',
    gender: 'MALE',
    dateOfBirth: '2006-03-14',
    studentIdNumber: 'DSU-2024-00117',
    classYear: 'THIRD_YEAR',
    major: 'Kinesiology',
    residencyStatus: 'IN_STATE',
    aidStatus: 'ATHLETIC_AID',
    enrollmentYear: 2024,
    graduationYear: 2028,
    city: 'San Antonio',
    state: 'TX',
    zipCode: '78209',
    addressLine1: '412 Alamo Heights Blvd',
    gpa: 3.42,
    athleteStatus: 'IN_PROGRAM',
    login: true,
  },
  ...SQUAD.map(toAthlete),
];

/**
 * A soccer player whose address on file was mistyped as the development mailbox's bouncing address: the demo's
 * conditioning packet mails him and keeps failing until an admin corrects the address and an operator retries.
 */
export const DEMO_BOUNCING_ATHLETE: DemoAthlete = {
  ...toAthlete(
    // prettier-ignore
    ['Noah', 'Bennett', "Men's Soccer", 'Forward', 'MALE', '2006-08-19', 'SECOND_YEAR', 'Sport Management', 'IN_STATE', 'COMBO', 2025, 'Waco', 'TX', '76706', '1800 S 5th St', 3.28],
    SQUAD.length,
  ),
  email: 'bounce@students.demo.edu',
};

/** The corrected address the operator journey sets for him. */
export const DEMO_BOUNCING_ATHLETE_FIXED_EMAIL = 'nbennett@students.demo.edu';
