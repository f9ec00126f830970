import type { Permission } from './permissions';
import { planAllows, type ConnectFeature, type Plan } from './plans';
import type { Portal } from './roles';

/**
 * The spec's route table (part 1 §2) with who may open each route and which plan feature gates it.
 * `built` marks routes whose screen exists; the UI shows a clearly marked placeholder for the rest.
 */
export interface RouteSpec {
  path: string;
  title: string;
  portals: Portal[] | 'public' | 'any';
  feature?: ConnectFeature;
  built?: boolean;
}

const ADMIN: Portal[] = ['admin'];
const COACH: Portal[] = ['coach'];
const ATHLETE: Portal[] = ['athlete'];
const STAFF: Portal[] = ['admin', 'coach'];
const OPERATOR: Portal[] = ['operator'];
const EDU: Portal[] = ['admin', 'coach', 'athlete', 'educator', 'operator'];
const EDU_WRITERS: Portal[] = ['educator', 'admin', 'operator'];

function r(path: string, title: string, portals: RouteSpec['portals'], extra: Partial<RouteSpec> = {}): RouteSpec {
  return { path, title, portals, ...extra };
}

export const ROUTES: RouteSpec[] = [
  // Public
  r('/login', 'Log in', 'public', { built: true }),
  r('/reset-password', 'Reset password', 'public', { built: true }),
  r('/create-password', 'Create password', 'public', { built: true }),
  r('/welcome', 'Welcome', 'public', { built: true }),
  r('/emailConfirmation', 'Email confirmation', 'public', { built: true }),
  r('/card/:customUrl', 'Business profile', 'public', { built: true }),
  r('/recruitingForm/:formToken', 'Recruiting form', 'public', { feature: 'recruiting', built: true }),
  r('/paperwork/:universityname/:customurl', 'Questionnaire', 'public', { feature: 'recruiting', built: true }),
  r('/spry-sign/submit/:customUrl', 'External signer', 'public', { feature: 'paperwork', built: true }),
  r('/spry-sign/change-request/:customUrl', 'Change request', 'public', { feature: 'paperwork' }),
  r('/spry-sign/view/:customUrl', 'View submission', 'public', { feature: 'paperwork' }),
  r('/spry-sign/comment/:packetData', 'Comment', 'public', { feature: 'paperwork' }),
  r('/spry-sign/comment', 'Comment', 'public', { feature: 'paperwork' }),
  r('/view/:customUrl', 'View submission', 'public', { feature: 'paperwork' }),
  r('/submit/:customUrl', 'External signer', 'public', { feature: 'paperwork' }),
  r('/comment/:packetData', 'Comment', 'public', { feature: 'paperwork' }),
  r('/change-request/:customUrl', 'Change request', 'public', { feature: 'paperwork' }),
  r('/ds/callback', 'Signing callback', 'public'),
  r('/dsAthleteSessionComplete', 'Signing complete', 'public'),
  r('/dev/mailbox', 'Development mailbox', 'public', { built: true }),
  // Shared signed-in
  r('/', 'Home', 'any', { built: true }),
  r('/profile', 'My profile', 'any', { built: true }),
  r('/notifications', 'Notifications', 'any', { built: true }),
  r('/support', 'Support', 'any'),
  r('/task', 'My Tasks', 'any', { built: true }),
  r('/underConstruction', 'Under construction', 'any'),
  // Admin
  r('/adminHome', 'Home', ADMIN, { built: true }),
  // Listed with the spec's "admin and shared routes": athletes read their teams' events here too.
  r('/adminCalendar', 'Calendar', ['admin', 'coach', 'athlete'], { built: true }),
  // Coaches open it too, for their own teams' athletes (the API scopes the list; issue 35).
  r('/studentAthletes', 'Student-athletes', STAFF, { built: true }),
  r('/createStudentAthlete', 'Add student-athlete', ADMIN, { built: true }),
  r('/studentAthleteAdmin', 'Student-athlete admin', ADMIN, { built: true }),
  r('/createVendor', 'Add vendor', ADMIN, { built: true }),
  r('/agents', 'Agents', ADMIN, { built: true }),
  r('/createAgent', 'Add agent', ADMIN, { built: true }),
  r('/agentList', 'Agents', ADMIN, { built: true }),
  r('/confirmAgent', 'Confirm agent', ADMIN, { built: true }),
  r('/confirmAgentInfo', 'Confirm agent info', [...ADMIN, 'athlete'], { built: true }),
  // The invited agent has no account: the signed link is the key (issue 39).
  r('/provideAgentInfo', 'Provide agent info', 'public', { built: true }),
  r('/editModules/:moduleType/:id', 'Edit module', ADMIN),
  r('/studentDisclosureList', 'My disclosures', ATHLETE, { feature: 'disclosures', built: true }),
  r('/disclosures', 'All Disclosures', ADMIN, { feature: 'disclosures', built: true }),
  r('/disclosuredetail', 'Disclosure', [...STAFF, 'athlete'], { feature: 'disclosures', built: true }),
  r('/createDisclosures', 'New disclosure', ATHLETE, { feature: 'disclosures', built: true }),
  r('/archiveDisclosures', 'Archived disclosures', ADMIN, { feature: 'disclosures', built: true }),
  r('/reporting', 'Reporting', ADMIN, { feature: 'disclosures', built: true }),
  r('/monitoringDashboard', 'Monitoring', ADMIN),
  r('/profileAthletes/:id', 'Athlete profile', STAFF),
  r('/compliance', 'Compliance', ADMIN, { built: true }),
  r('/complianceKnowledge', 'Compliance knowledge base', 'any'),
  r('/knowledgeCenter', 'Knowledge center', 'any'),
  r('/chat', 'Chat', 'any', { feature: 'messaging' }),
  r('/paperworks', 'Paperwork', [...ADMIN, 'athlete'], { feature: 'paperwork', built: true }),
  r('/expenses', 'Expenses', STAFF, { feature: 'recruiting', built: true }),
  r('/teams', 'Sport teams', ADMIN, { built: true }),
  r('/academicYears', 'Academic years', ADMIN, { built: true }),
  r('/staff', 'Staff directory', STAFF, { built: true }),
  r('/auditLog', 'Security audit log', ADMIN, { built: true }),
  // Education (issue 40)
  r('/education', 'Education', EDU, { built: true }),
  r('/education/:category', 'Education', EDU, { built: true }),
  r('/education/detail/:id', 'Education', EDU),
  r('/education/required', 'Required', EDU, { built: true }),
  r('/education/favorite', 'Saved', EDU),
  r('/educationContent/:id', 'Content', EDU, { built: true }),
  r('/addEducationContent/:contentType', 'Add content', EDU_WRITERS, { built: true }),
  r('/educationContentDetail', 'Content', EDU),
  r('/studentResources/:categoryType', 'Resources', EDU),
  r('/studentResources/categories', 'Resources', EDU),
  r('/educationCourse/:id', 'Course', EDU, { built: true }),
  r('/educationPortal', 'Education portal', EDU, { built: true }),
  r('/educationPerformance', 'Performance', EDU),
  r('/educationQuizPortal', 'Quizzes', EDU),
  r('/quiz', 'Quiz', EDU),
  r('/quiz/:contentId', 'Quiz', EDU, { built: true }),
  r('/quizResult/:quizId', 'Quiz result', EDU, { built: true }),
  r('/quizDetail/:quizId', 'Quiz detail', EDU),
  r('/myContent', 'My content', ['educator', 'operator']),
  r('/contentLibrary', 'Content library', EDU_WRITERS, { built: true }),
  r('/archivedContent', 'Archived content', EDU_WRITERS, { built: true }),
  r('/content/performanceDetail/:id', 'Performance', EDU_WRITERS),
  r('/content/teamPerformanceDetail/:id', 'Team performance', EDU_WRITERS),
  r('/content-assign/:moduleType/:moduleId', 'Assign content', EDU_WRITERS),
  r('/assign-institutes/:moduleType/:moduleId', 'Assign to schools', OPERATOR),
  r('/review-content/:moduleType/:moduleId', 'Review content', EDU_WRITERS),
  r('/addBulkContent/:universityId', 'Bulk content', EDU_WRITERS),
  r('/transferModules/:id', 'Transfer modules', EDU_WRITERS),
  r('/contentDetails/:contentType/:id', 'Content details', EDU_WRITERS, { built: true }),
  r('/recallContent/:contentType/:id/:universityId', 'Recall content', EDU_WRITERS),
  r('/archiveContent/:contentType/:id/:universityId', 'Archive content', EDU_WRITERS),
  r('/contentStatus/:contentType/:id/:universityId/:dueDate/:requiredContent/:moduleId', 'Content status', EDU_WRITERS),
  r('/editContent/:contentType/:id/:universityId', 'Edit content', EDU_WRITERS),
  r('/jarvis/assignAthletes/:contentType/:id/:universityId/:moduleId', 'Assign athletes', OPERATOR),
  r('/jarvis/archivedContents', 'Archived contents', OPERATOR),
  // Student-athlete
  r('/studentAthleteHome', 'Home', ATHLETE, { built: true }),
  r('/studentPayments', 'Payments', ATHLETE, { feature: 'disclosures', built: true }),
  r('/studentContracts', 'Contracts', ATHLETE, { feature: 'disclosures', built: true }),
  r('/studentOpportunities', 'Opportunities', ATHLETE),
  r('/studentVendors', 'Vendors', ATHLETE),
  r('/agentsAndBoosters', 'Agents and boosters', ATHLETE, { built: true }),
  r('/studentPaymentList', 'Payment history', ATHLETE, { feature: 'disclosures', built: true }),
  r('/bankAccount', 'Bank account', ATHLETE, { built: true }),
  // Athletes read and acknowledge it; school admins edit its text (issue 38).
  r('/taxDisclaimer', 'Tax disclaimer', ['athlete', 'admin'], { built: true }),
  r('/taxCalculator', 'Tax calculator', ATHLETE, { built: true }),
  r('/conflictOfInterest', 'Conflict of interest', [...ADMIN, 'athlete'], { feature: 'disclosures', built: true }),
  r('/studentProfile/:id', 'Profile', [...STAFF, 'athlete'], { built: true }),
  r('/Contracts', 'Contracts', [...ADMIN, 'athlete'], { feature: 'disclosures', built: true }),
  // Coach
  r('/coachDashboard', 'Home', COACH, { built: true }),
  r('/coachTeamManagement', 'Team management', COACH, { built: true }),
  r('/coachProfile', 'Profile', COACH),
  r('/coachPaperworks', 'Paperwork', COACH, { feature: 'paperwork', built: true }),
  r('/coachesMessaging/:id?', 'Messaging', COACH, { feature: 'messaging' }),
  r('/coachInSeasonSportsSegment', 'Sport segments', COACH, { built: true }),
  r('/coachMaterial', 'Materials', COACH, { feature: 'recruiting', built: true }),
  r('/coachAthleteProfile/:id', 'Athlete profile', COACH, { built: true }),
  r('/coach/psaManagement', 'PSA List', COACH, { feature: 'recruiting', built: true }),
  r('/coach/facilityManagement', 'Facilities', COACH),
  r('/coach/facilityManagement/details/:id', 'Facility', COACH),
  // Other admin
  r('/missionControlDashboard', 'Mission control', [...ADMIN, 'operator'], { built: true }),
  r('/missionControlDashboard/newMission', 'New mission', [...ADMIN, 'operator']),
  r('/createFinances', 'Finances', ADMIN, { feature: 'disclosures', built: true }),
  r('/createEducator', 'Add educator', [...ADMIN, 'operator']),
  r('/createBulkStudent', 'Bulk upload', STAFF, { built: true }),
  r('/messaging/:id?', 'Messaging', ADMIN, { feature: 'messaging' }),
  r('/inSeasonSportsSegment', 'Sport segments', ADMIN, { built: true }),
  r('/uploadEventOrCompetition/:universityId/:isEvent', 'Upload events', STAFF, { built: true }),
  r('/rosterManagement', 'Roster management', ADMIN, { built: true }),
  r('/individualRoster/:sportTeamId/:academicYearId', 'Roster', STAFF, { built: true }),
  r('/individualRoster', 'Roster', STAFF, { built: true }),
  r('/centralisedRoster/:academicYearId', 'Centralised roster', ADMIN, { built: true }),
  r('/admin/psaManagement', 'PSA List', ADMIN, { feature: 'recruiting', built: true }),
  r('/archived/psas', 'Archived PSAs', STAFF, { feature: 'recruiting', built: true }),
  r('/psaProfile/:psaId', 'PSA profile', STAFF, { feature: 'recruiting', built: true }),
  r('/psaProfile', 'PSA profile', STAFF, { feature: 'recruiting', built: true }),
  r('/adminMaterial', 'Materials', ADMIN, { feature: 'recruiting', built: true }),
  r('/adminAthleteProfile/:id', 'Athlete profile', ADMIN, { built: true }),
  r('/admin/facilityManagement', 'Facilities', ADMIN),
  r('/admin/facilityManagement/details/:id', 'Facility', ADMIN),
  r('/recruitmentEvents', 'Recruiting Events', STAFF, { feature: 'recruiting', built: true }),
  r('/recruitmentEvents/:id', 'Recruiting event', STAFF, { feature: 'recruiting', built: true }),
  r('/recruitingForms', 'Recruiting forms', STAFF, { feature: 'recruiting', built: true }),
  r('/createRecruitingTemplate', 'New recruiting template', STAFF, { feature: 'recruiting', built: true }),
  r('/editRecruitingTemplate/:id', 'Edit recruiting template', STAFF, { feature: 'recruiting', built: true }),
  r('/recruitingBoard', 'Recruiting board', STAFF, { feature: 'recruiting', built: true }),
  r('/studentAthleteTags', 'Student-athlete tags', STAFF, { built: true }),
  r('/createQuestionnaire', 'New questionnaire', STAFF, { feature: 'recruiting', built: true }),
  r('/editQuestionnaire', 'Edit questionnaire', STAFF, { feature: 'recruiting', built: true }),
  r('/questionnaireDetails', 'Questionnaire', STAFF, { feature: 'recruiting', built: true }),
  r('/questionnaire', 'Questionnaire', STAFF, { feature: 'recruiting', built: true }),
  r('/questionnaireListing', 'Questionnaires', STAFF, { feature: 'recruiting', built: true }),
  r('/cara/assistant', 'Compliance assistant', STAFF, { built: true }),
  r('/cara/listing', 'CARA logs', STAFF, { built: true }),
  r('/cara/details/:id', 'CARA log', [...STAFF, 'athlete'], { built: true }),
  r('/caraDashboard/:id', 'CARA dashboard', STAFF, { built: true }),
  r('/cara/listing/:sportTeamId/:academicYearId', 'CARA logs', STAFF, { built: true }),
  r('/cara-logs', 'CARA logs', STAFF, { built: true }),
  // Provider (operator)
  r('/school', 'Schools', OPERATOR, { built: true }),
  r('/school/create', 'Onboard a school', OPERATOR, { built: true }),
  r('/school/profile/:schoolId', 'School profile', OPERATOR, { built: true }),
  r('/school/athletes/:schoolId', 'School athletes', OPERATOR, { built: true }),
  r('/school/third-parties/:schoolId', 'Third parties', OPERATOR),
  r('/school/education/:schoolId', 'Education', OPERATOR),
  r('/school/settings/:schoolId', 'School settings', OPERATOR),
  r('/school/editProfile/:schoolId', 'Edit school', OPERATOR),
  r('/school/class-schedule/:schoolId', 'Class schedules', OPERATOR),
  r('/school/recruiting/:schoolId', 'Recruiting', OPERATOR, { built: true }),
  r('/school/psaProfile/:psaId', 'PSA profile', OPERATOR, { built: true }),
  r('/school/recruiting/:schoolId/archived/psas', 'Archived PSAs', OPERATOR, { built: true }),
  r('/school/athletes/:schoolId/addStudent', 'Add student', OPERATOR, { built: true }),
  r('/school/StudentAthleteProfile/:id', 'Athlete profile', OPERATOR, { built: true }),
  r('/jarvisAthleteProfile/:id', 'Athlete profile', OPERATOR, { built: true }),
  r('/eventAndCompetitionListing/:universityId', 'Events and competitions', [...STAFF, 'operator'], { built: true }),
  r('/jarvis/facilityManagement/:universityId', 'Facilities', OPERATOR),
  r('/demos', 'Demos', OPERATOR),
  r('/vendors', 'Vendors', [...OPERATOR, 'admin'], { built: true }),
  r('/3rdParty', '3rd Parties', [...OPERATOR, 'admin']),
  r('/vendorDashboard', 'Home', ['partner'], { built: true }),
  r('/jarvis/spryMailAuthentication', 'Mail authentication', OPERATOR),
  r('/jarvis/spryMailTemplateUpload', 'Mail templates', OPERATOR),
  // E-signature
  r('/sprySign', 'E-signature', STAFF, { feature: 'paperwork', built: true }),
  r('/sprySign/home', 'E-signature', STAFF, { feature: 'paperwork', built: true }),
  r('/sprySign/actionRequired', 'Action required', 'any', { feature: 'paperwork', built: true }),
  r('/sprySign/submit-redirect', 'Submitted', 'any', { feature: 'paperwork' }),
  r('/sprySign/comment/:packetData', 'Comment', 'any', { feature: 'paperwork' }),
  r('/sent', 'Sent', STAFF, { feature: 'paperwork', built: true }),
  r('/reports', 'Reports', STAFF, { feature: 'paperwork', built: true }),
  r('/settings', 'Settings', STAFF),
  r('/templateLibrary', 'Template library', [...STAFF, 'operator'], { feature: 'paperwork', built: true }),
  r('/archive/packet', 'Archived packets', STAFF, { feature: 'paperwork', built: true }),
  r('/archive/folder', 'Archived folders', STAFF, { feature: 'paperwork', built: true }),
  r('/packetSettings', 'Packet settings', STAFF, { feature: 'paperwork', built: true }),
  r('/createEditPacket', 'Packet', STAFF, { feature: 'paperwork' }),
  r('/createForm/selectFlow', 'New form', STAFF, { feature: 'paperwork', built: true }),
  r('/createForm/shortFormBuilder', 'Short form builder', STAFF, { feature: 'paperwork', built: true }),
  r('/createEditForm/longFormBuilder', 'Long form builder', STAFF, { feature: 'paperwork', built: true }),
  r('/universities/:universityId/userList', 'User permissions', [...ADMIN, 'operator'], { built: true }),
  r('/formDetail/:formId', 'Form', STAFF, { feature: 'paperwork', built: true }),
  r('/shortFormDetail/:formId', 'Short form', STAFF, { feature: 'paperwork', built: true }),
  r('/assignInstitutions', 'Assign institutions', OPERATOR, { built: true }),
  r('/bulkAssignInstitutions', 'Bulk assign institutions', OPERATOR, { built: true }),
  r('/seeSubmission/:packetId', 'Submissions', STAFF, { feature: 'paperwork', built: true }),
  r('/home/folderview/:id', 'Folder', STAFF, { feature: 'paperwork', built: true }),
  r('/sprySign/forms', 'Forms', STAFF, { feature: 'paperwork', built: true }),
  r('/sprySign/processes', 'Process maps', STAFF, { built: true }),
  r('/sprySign/settings', 'Comp ticket settings', ADMIN, { feature: 'paperwork', built: true }),
  // Mail
  r('/spryMail', 'Mail', STAFF, { feature: 'messaging' }),
  r('/spryMail/inbox', 'Inbox', STAFF, { feature: 'messaging' }),
  r('/emailCampaign', 'Email campaigns', STAFF, { feature: 'messaging' }),
  r('/scheduledMail', 'Scheduled mail', STAFF, { feature: 'messaging' }),
  r('/senderAuthentication', 'Sender authentication', STAFF, { feature: 'messaging' }),
];

/** One entry of the sidebar: a route of the table, the words it shows and, when set, the permission it needs. */
export interface NavItem {
  path: string;
  label: string;
  permission?: Permission;
  /** Only for these portals, when the route itself is open to more (e.g. the operator's template library). */
  portals?: Portal[];
}

/** A module of the product: one group of the sidebar. */
export interface NavModule {
  key: string;
  label: string;
  items: NavItem[];
}

/**
 * The product's modules in sidebar order, each listing its screens. What a person sees is filtered by
 * `navigationFor`: only built routes, open to their portal, with the permission each names; a route that needs the
 * Connect plan stays listed (marked) so the school sees what it lacks. Modules with nothing built yet (Calendar,
 * Recruiting) list their screens already and appear once one is built.
 */
export const NAV_MODULES: NavModule[] = [
  {
    key: 'home',
    label: 'Home',
    items: [
      { path: '/adminHome', label: 'Home' },
      { path: '/coachDashboard', label: 'Home' },
      { path: '/studentAthleteHome', label: 'Home' },
      { path: '/educationPortal', label: 'Home', portals: ['educator'] },
      { path: '/vendorDashboard', label: 'Home' },
      { path: '/school', label: 'Schools', portals: ['operator'] },
    ],
  },
  { key: 'tasks', label: 'My Tasks', items: [{ path: '/task', label: 'My Tasks' }] },
  {
    key: 'compliance',
    label: 'Compliance',
    items: [
      { path: '/disclosures', label: 'All Disclosures', permission: 'disclosures:review' },
      { path: '/studentDisclosureList', label: 'My disclosures' },
      { path: '/createDisclosures', label: 'New disclosure' },
      { path: '/archiveDisclosures', label: 'Archived disclosures', permission: 'disclosures:review' },
      { path: '/reporting', label: 'Reporting', permission: 'disclosures:review' },
      { path: '/conflictOfInterest', label: 'Conflict of interest', permission: 'conflict-flags:read' },
      { path: '/compliance', label: 'Compliance plan' },
      { path: '/auditLog', label: 'Security audit log', permission: 'audit:read' },
      { path: '/cara/assistant', label: 'Compliance assistant', permission: 'cara:read' },
      { path: '/cara-logs', label: 'CARA logs', permission: 'cara:read' },
    ],
  },
  {
    key: 'e-signature',
    label: 'E-signature',
    items: [
      { path: '/sprySign/home', label: 'Packets', permission: 'packets:read' },
      { path: '/sprySign/actionRequired', label: 'Action required' },
      { path: '/paperworks', label: 'Paperwork' },
      { path: '/coachPaperworks', label: 'Paperwork' },
      { path: '/sent', label: 'Sent', permission: 'packets:read' },
      { path: '/sprySign/forms', label: 'Forms', permission: 'forms:read' },
      { path: '/templateLibrary', label: 'Template library', permission: 'templates:use' },
      { path: '/reports', label: 'Reports', permission: 'packets:read' },
      { path: '/sprySign/processes', label: 'Process maps', permission: 'packets:read' },
      { path: '/archive/packet', label: 'Archive', permission: 'packets:read' },
      { path: '/packetSettings', label: 'Packet settings', permission: 'packets:write' },
      { path: '/sprySign/settings', label: 'Comp ticket settings', permission: 'comp-tickets:configure' },
    ],
  },
  {
    key: 'athletes',
    label: 'Athletes and Rosters',
    items: [
      { path: '/studentAthletes', label: 'Student-athletes', permission: 'athletes:read' },
      { path: '/studentAthleteTags', label: 'Student-athlete tags', permission: 'athletes:tag' },
      { path: '/teams', label: 'Sport teams', permission: 'teams:read' },
      { path: '/staff', label: 'Staff directory', permission: 'staff:read' },
      { path: '/academicYears', label: 'Academic years', permission: 'academic-years:read' },
      { path: '/rosterManagement', label: 'Roster management', permission: 'rosters:approve' },
      { path: '/coachTeamManagement', label: 'Team management', permission: 'rosters:declare' },
    ],
  },
  {
    key: 'calendar',
    label: 'Calendar',
    items: [
      { path: '/adminCalendar', label: 'Calendar', permission: 'calendar:read' },
      { path: '/inSeasonSportsSegment', label: 'Sport segments', permission: 'calendar:read' },
      { path: '/coachInSeasonSportsSegment', label: 'Sport segments', permission: 'calendar:read' },
      {
        path: '/eventAndCompetitionListing/:universityId',
        label: 'Events and competitions',
        permission: 'calendar:read',
      },
    ],
  },
  {
    key: 'recruiting',
    label: 'Recruiting',
    items: [
      { path: '/admin/psaManagement', label: 'PSA List', permission: 'recruiting:read' },
      { path: '/coach/psaManagement', label: 'PSA List', permission: 'recruiting:read' },
      { path: '/recruitingBoard', label: 'Recruiting board', permission: 'recruiting:read' },
      { path: '/archived/psas', label: 'Archived PSAs', permission: 'recruiting:read' },
      { path: '/questionnaireListing', label: 'Questionnaires', permission: 'recruiting:read' },
      { path: '/recruitingForms', label: 'Recruiting forms', permission: 'recruiting:read' },
      { path: '/expenses', label: 'Expenses', permission: 'recruiting:read' },
      { path: '/adminMaterial', label: 'Materials', permission: 'recruiting:read' },
      { path: '/coachMaterial', label: 'Materials', permission: 'recruiting:read' },
      { path: '/recruitmentEvents', label: 'Recruiting Events' },
    ],
  },
  {
    key: 'education',
    label: 'Education',
    items: [
      { path: '/educationPortal', label: 'Education portal', portals: ['admin', 'coach', 'athlete', 'operator'] },
      { path: '/education', label: 'Education' },
      { path: '/education/required', label: 'Required education' },
      { path: '/contentLibrary', label: 'Content library', permission: 'education:write' },
      { path: '/archivedContent', label: 'Archived content', permission: 'education:write' },
    ],
  },
  {
    key: 'communication',
    label: 'Communication',
    items: [
      { path: '/notifications', label: 'Notifications' },
      { path: '/chat', label: 'Chat' },
    ],
  },
  {
    // Partners (issue 39): the agent registry; boosters, third parties and vendors to follow.
    key: 'partners',
    label: 'Partners',
    items: [
      { path: '/agents', label: 'Agents', permission: 'disclosures:review' },
      { path: '/confirmAgent', label: 'Confirm agents', permission: 'disclosures:review' },
      { path: '/vendors', label: 'Vendors', permission: 'disclosures:review' },
      { path: '/agentsAndBoosters', label: 'Agents and boosters' },
    ],
  },
  {
    // NIL money (issue 38): where payments go and the tax they carry.
    key: 'money',
    label: 'Money',
    items: [
      { path: '/bankAccount', label: 'Bank account' },
      { path: '/taxDisclaimer', label: 'Tax disclaimer' },
      { path: '/taxCalculator', label: 'Tax calculator' },
    ],
  },
  {
    key: 'settings',
    label: 'Settings',
    items: [
      { path: '/profile', label: 'My profile' },
      { path: '/universities/:universityId/userList', label: 'User permissions', permission: 'users:read' },
    ],
  },
  {
    key: 'operations',
    label: 'Operations',
    items: [
      { path: '/school/create', label: 'Onboard a school', permission: 'schools:operate' },
      { path: '/missionControlDashboard', label: 'Mission control', permission: 'workflows:operate' },
      { path: '/templateLibrary', label: 'Templates', permission: 'templates:operate' },
    ],
  },
];

/** Deep screens and the screens they may belong under, for breadcrumbs: the first the viewer has in the sidebar. */
export const NAV_PARENTS: Record<string, string[]> = {
  '/seeSubmission/:packetId': ['/sprySign/home'],
  '/home/folderview/:id': ['/sprySign/home'],
  '/sprySign': ['/sprySign/home'],
  '/archive/folder': ['/archive/packet'],
  '/formDetail/:formId': ['/sprySign/forms'],
  '/shortFormDetail/:formId': ['/sprySign/forms'],
  '/createForm/selectFlow': ['/sprySign/forms'],
  '/createForm/shortFormBuilder': ['/sprySign/forms'],
  '/createEditForm/longFormBuilder': ['/sprySign/forms'],
  '/disclosuredetail': ['/disclosures', '/studentDisclosureList'],
  '/createAgent': ['/agents'],
  '/createVendor': ['/vendors'],
  '/agentList': ['/agents'],
  '/confirmAgentInfo': ['/agents', '/agentsAndBoosters'],
  '/createStudentAthlete': ['/studentAthletes'],
  '/createBulkStudent': ['/studentAthletes'],
  '/individualRoster/:sportTeamId/:academicYearId': ['/rosterManagement', '/coachTeamManagement'],
  '/centralisedRoster/:academicYearId': ['/rosterManagement'],
  '/adminAthleteProfile/:id': ['/studentAthletes'],
  '/coachAthleteProfile/:id': ['/studentAthletes'],
  '/studentAthleteAdmin': ['/studentAthletes'],
  '/school/profile/:schoolId': ['/school'],
  '/school/athletes/:schoolId': ['/school'],
  '/school/athletes/:schoolId/addStudent': ['/school'],
  '/assignInstitutions': ['/templateLibrary'],
  '/bulkAssignInstitutions': ['/templateLibrary'],
};

/** Who is looking: their portal, permissions and the school's plan. */
export interface NavViewer {
  portal: Portal;
  permissions: readonly Permission[];
  plan: Plan;
  schoolId: string;
}

/** A sidebar entry as one viewer sees it: the link to follow and whether the school's plan lacks its feature. */
export interface VisibleNavItem {
  path: string;
  to: string;
  label: string;
  title: string;
  needsPlan: boolean;
}

export interface VisibleNavModule {
  key: string;
  label: string;
  items: VisibleNavItem[];
}

/** The route table entry of a path (exact pattern, as written in the table). */
export function routeSpecOf(path: string): RouteSpec | undefined {
  return ROUTES.find((r) => r.path === path);
}

/** Whether a viewer gets this entry: a built route, open to the portal, with the permission it names. */
export function navItemVisible(item: NavItem, viewer: NavViewer): boolean {
  const spec = routeSpecOf(item.path);
  if (!spec?.built || !routeAllows(spec, viewer.portal)) return false;
  if (item.portals && !item.portals.includes(viewer.portal)) return false;
  return !item.permission || viewer.permissions.includes(item.permission);
}

/** The sidebar of one viewer: modules in order, each with the entries they may open; empty modules are left out. */
export function navigationFor(viewer: NavViewer): VisibleNavModule[] {
  const out: VisibleNavModule[] = [];
  const seen = new Set<string>();
  for (const module of NAV_MODULES) {
    const items: VisibleNavItem[] = [];
    for (const item of module.items) {
      if (seen.has(item.path) || !navItemVisible(item, viewer)) continue;
      seen.add(item.path);
      const spec = routeSpecOf(item.path)!;
      items.push({
        path: item.path,
        to: item.path.replace(':universityId', viewer.schoolId),
        label: item.label,
        title: spec.title,
        needsPlan: !planAllows(viewer.plan, planFeatureFor(spec, viewer.portal)),
      });
    }
    if (items.length > 0) out.push({ key: module.key, label: module.label, items });
  }
  return out;
}

/**
 * The plan feature a route needs for a portal. Product plans are what a school buys; the provider's operators run
 * the platform and are never plan-gated (their organisation has no Connect plan, yet they manage the template
 * library every Connect school draws from).
 */
export function planFeatureFor(spec: Pick<RouteSpec, 'feature'>, portal: Portal | null): ConnectFeature | undefined {
  return portal === 'operator' ? undefined : spec.feature;
}

export function routeAllows(spec: RouteSpec, portal: Portal | null): boolean {
  if (spec.portals === 'public') return true;
  if (portal === null) return false;
  if (spec.portals === 'any') return true;
  return spec.portals.includes(portal);
}
