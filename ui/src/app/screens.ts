import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

/** Loads a named export lazily, so each feature's code downloads only when its screen opens. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * The built screens, keyed by their path in domain/routes.ts. Every route marked `built` has an entry here
 * (a unit test checks it); '/' has none because it always redirects to the portal's home.
 */
export const SCREENS: Record<string, Screen> = {
  '/login': screen(() => import('../features/auth/LoginPage'), 'LoginPage'),
  '/reset-password': screen(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
  '/emailConfirmation': screen(() => import('../features/auth/EmailConfirmationPage'), 'EmailConfirmationPage'),
  '/create-password': screen(() => import('../features/auth/CreatePasswordPage'), 'CreatePasswordPage'),
  '/welcome': screen(() => import('../features/auth/WelcomePage'), 'WelcomePage'),
  '/dev/mailbox': screen(() => import('../features/dev-mailbox/DevMailboxPage'), 'DevMailboxPage'),
  '/profile': screen(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
  '/notifications': screen(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
  '/task': screen(() => import('../features/tasks/MyTasksPage'), 'MyTasksPage'),
  '/adminHome': screen(() => import('../features/homes/AdminHomePage'), 'AdminHomePage'),
  '/coachDashboard': screen(() => import('../features/homes/CoachDashboardPage'), 'CoachDashboardPage'),
  '/studentAthleteHome': screen(() => import('../features/homes/AthleteHomePage'), 'AthleteHomePage'),
  '/educationPortal': screen(() => import('../features/education/EducatorHomePage'), 'EducatorHomePage'),
  '/vendorDashboard': screen(() => import('../features/homes/VendorDashboardPage'), 'VendorDashboardPage'),
  '/compliance': screen(() => import('../features/homes/CompliancePage'), 'CompliancePage'),
  '/school': screen(() => import('../features/schools/SchoolsPage'), 'SchoolsPage'),
  '/school/create': screen(() => import('../features/schools/OnboardSchoolPage'), 'OnboardSchoolPage'),
  '/school/profile/:schoolId': screen(() => import('../features/schools/SchoolProfilePage'), 'SchoolProfilePage'),
  '/universities/:universityId/userList': screen(
    () => import('../features/users/UserPermissionsPage'),
    'UserPermissionsPage',
  ),
  '/teams': screen(() => import('../features/teams/TeamsPage'), 'TeamsPage'),
  '/adminCalendar': screen(() => import('../features/calendar/CalendarPage'), 'CalendarPage'),
  '/inSeasonSportsSegment': screen(() => import('../features/calendar/SegmentsPage'), 'SegmentsPage'),
  '/coachInSeasonSportsSegment': screen(() => import('../features/calendar/SegmentsPage'), 'SegmentsPage'),
  '/academicYears': screen(() => import('../features/academic-years/AcademicYearsPage'), 'AcademicYearsPage'),
  '/studentAthletes': screen(() => import('../features/athletes/AthletesPage'), 'AthletesPage'),
  '/rosterManagement': screen(() => import('../features/rosters/RosterManagementPage'), 'RosterManagementPage'),
  '/individualRoster/:sportTeamId/:academicYearId': screen(
    () => import('../features/rosters/IndividualRosterPage'),
    'IndividualRosterPage',
  ),
  '/individualRoster': screen(() => import('../features/rosters/IndividualRosterPage'), 'IndividualRosterPage'),
  '/centralisedRoster/:academicYearId': screen(
    () => import('../features/rosters/CentralisedRosterPage'),
    'CentralisedRosterPage',
  ),
  '/coachTeamManagement': screen(
    () => import('../features/rosters/CoachTeamManagementPage'),
    'CoachTeamManagementPage',
  ),
  '/createStudentAthlete': screen(() => import('../features/athletes/CreateAthletePage'), 'CreateAthletePage'),
  '/createBulkStudent': screen(() => import('../features/athletes/BulkUploadPage'), 'BulkUploadPage'),
  '/studentAthleteAdmin': screen(() => import('../features/athletes/AthletesPage'), 'AthletesPage'),
  '/studentAthleteTags': screen(() => import('../features/athletes/AthleteTagsPage'), 'AthleteTagsPage'),
  '/adminAthleteProfile/:id': screen(() => import('../features/athletes/AthleteProfilePage'), 'AthleteProfilePage'),
  '/coachAthleteProfile/:id': screen(() => import('../features/athletes/AthleteProfilePage'), 'AthleteProfilePage'),
  '/studentProfile/:id': screen(() => import('../features/athletes/AthleteProfilePage'), 'AthleteProfilePage'),
  '/staff': screen(() => import('../features/staff/StaffPage'), 'StaffPage'),
  '/auditLog': screen(() => import('../features/audit/AuditLogPage'), 'AuditLogPage'),
  '/createForm/selectFlow': screen(() => import('../features/forms/builder/SelectFlowPage'), 'SelectFlowPage'),
  '/createEditForm/longFormBuilder': screen(
    () => import('../features/forms/builder/FormBuilderPage'),
    'LongFormBuilderPage',
  ),
  '/createForm/shortFormBuilder': screen(
    () => import('../features/forms/builder/FormBuilderPage'),
    'ShortFormBuilderPage',
  ),
  '/formDetail/:formId': screen(() => import('../features/forms/FormDetailPage'), 'FormDetailPage'),
  '/shortFormDetail/:formId': screen(() => import('../features/forms/FormDetailPage'), 'FormDetailPage'),
  '/sprySign/forms': screen(() => import('../features/forms/FormsListPage'), 'FormsListPage'),
  '/sprySign': screen(() => import('../features/packets/home/SprySignHomePage'), 'SprySignHomePage'),
  '/sprySign/home': screen(() => import('../features/packets/home/SprySignHomePage'), 'SprySignHomePage'),
  '/home/folderview/:id': screen(() => import('../features/packets/home/SprySignHomePage'), 'SprySignHomePage'),
  '/packetSettings': screen(() => import('../features/packets/settings/PacketSettingsPage'), 'PacketSettingsPage'),
  '/seeSubmission/:packetId': screen(
    () => import('../features/packets/submissions/SeeSubmissionsPage'),
    'SeeSubmissionsPage',
  ),
  '/sprySign/actionRequired': screen(
    () => import('../features/packets/submissions/ActionRequiredPage'),
    'ActionRequiredPage',
  ),
  '/paperworks': screen(() => import('../features/packets/submissions/PaperworkPage'), 'PaperworkPage'),
  '/coachPaperworks': screen(() => import('../features/packets/submissions/PaperworkPage'), 'PaperworkPage'),
  '/spry-sign/submit/:customUrl': screen(
    () => import('../features/packets/signer/ExternalSignerPage'),
    'ExternalSignerPage',
  ),
  '/sprySign/processes': screen(() => import('../features/packets/ProcessMapsPage'), 'ProcessMapsPage'),
  '/sent': screen(() => import('../features/packets/sent/SentPage'), 'SentPage'),
  '/reports': screen(() => import('../features/packets/reports/ReportsPage'), 'ReportsPage'),
  '/archive/packet': screen(() => import('../features/packets/archive/ArchivePage'), 'ArchivePage'),
  '/archive/folder': screen(() => import('../features/packets/archive/ArchivePage'), 'ArchivePage'),
  '/sprySign/settings': screen(
    () => import('../features/comp-tickets/CompTicketSettingsPage'),
    'CompTicketSettingsPage',
  ),
  '/missionControlDashboard': screen(
    () => import('../features/operator-console/MissionControlPage'),
    'MissionControlPage',
  ),
  '/studentDisclosureList': screen(
    () => import('../features/disclosures/StudentDisclosureListPage'),
    'StudentDisclosureListPage',
  ),
  '/createDisclosures': screen(() => import('../features/disclosures/CreateDisclosurePage'), 'CreateDisclosurePage'),
  '/disclosuredetail': screen(() => import('../features/disclosures/DisclosureDetailPage'), 'DisclosureDetailPage'),
  '/disclosures': screen(() => import('../features/disclosures/AllDisclosuresPage'), 'AllDisclosuresPage'),
  '/archiveDisclosures': screen(() => import('../features/disclosures/AllDisclosuresPage'), 'ArchivedDisclosuresPage'),
  '/conflictOfInterest': screen(
    () => import('../features/disclosures/ConflictOfInterestPage'),
    'ConflictOfInterestPage',
  ),
  '/reporting': screen(() => import('../features/disclosures/ReportingPage'), 'ReportingPage'),
  '/templateLibrary': screen(() => import('../features/templates/TemplateLibraryPage'), 'TemplateLibraryPage'),
  '/assignInstitutions': screen(() => import('../features/templates/AssignInstitutionsPage'), 'AssignInstitutionsPage'),
  '/bulkAssignInstitutions': screen(
    () => import('../features/templates/BulkAssignInstitutionsPage'),
    'BulkAssignInstitutionsPage',
  ),
  '/school/StudentAthleteProfile/:id': screen(
    () => import('../features/athletes/OperatorAthleteProfilePage'),
    'OperatorAthleteProfilePage',
  ),
  '/jarvisAthleteProfile/:id': screen(
    () => import('../features/athletes/OperatorAthleteProfilePage'),
    'OperatorAthleteProfilePage',
  ),
  '/school/athletes/:schoolId': screen(() => import('../features/athletes/SchoolAthletesPage'), 'SchoolAthletesPage'),
  '/school/athletes/:schoolId/addStudent': screen(
    () => import('../features/athletes/SchoolAthletesPage'),
    'SchoolAddStudentPage',
  ),
  '/eventAndCompetitionListing/:universityId': screen(
    () => import('../features/calendar/EventListingPage'),
    'EventListingPage',
  ),
  '/uploadEventOrCompetition/:universityId/:isEvent': screen(
    () => import('../features/calendar/EventUploadPage'),
    'EventUploadPage',
  ),
  '/cara/assistant': screen(() => import('../features/cara/CaraAssistantPage'), 'CaraAssistantPage'),
  '/cara/listing': screen(() => import('../features/cara/CaraListingPage'), 'CaraListingPage'),
  '/cara/listing/:sportTeamId/:academicYearId': screen(
    () => import('../features/cara/CaraListingPage'),
    'CaraListingPage',
  ),
  '/cara-logs': screen(() => import('../features/cara/CaraListingPage'), 'CaraListingPage'),
  '/cara/details/:id': screen(() => import('../features/cara/CaraDetailsPage'), 'CaraDetailsPage'),
  '/caraDashboard/:id': screen(() => import('../features/cara/CaraDashboardPage'), 'CaraDashboardPage'),
  '/admin/psaManagement': screen(() => import('../features/recruiting/PsaListPage'), 'PsaListPage'),
  '/coach/psaManagement': screen(() => import('../features/recruiting/PsaListPage'), 'PsaListPage'),
  '/archived/psas': screen(() => import('../features/recruiting/PsaListPage'), 'ArchivedPsasPage'),
  '/psaProfile/:psaId': screen(() => import('../features/recruiting/PsaProfilePage'), 'PsaProfilePage'),
  '/psaProfile': screen(() => import('../features/recruiting/PsaProfilePage'), 'PsaProfilePage'),
  '/paperwork/:universityname/:customurl': screen(
    () => import('../features/recruiting/PublicQuestionnairePage'),
    'PublicQuestionnairePage',
  ),
  '/questionnaireListing': screen(() => import('../features/recruiting/QuestionnairePages'), 'QuestionnaireListPage'),
  '/createQuestionnaire': screen(() => import('../features/recruiting/QuestionnairePages'), 'QuestionnaireEditPage'),
  '/editQuestionnaire': screen(() => import('../features/recruiting/QuestionnairePages'), 'QuestionnaireEditPage'),
  '/questionnaireDetails': screen(
    () => import('../features/recruiting/QuestionnairePages'),
    'QuestionnaireDetailsPage',
  ),
  '/questionnaire': screen(() => import('../features/recruiting/QuestionnairePages'), 'QuestionnairePreviewPage'),
  '/recruitingBoard': screen(() => import('../features/recruiting/RecruitingBoardPage'), 'RecruitingBoardPage'),
  '/recruitmentEvents': screen(() => import('../features/recruiting/RecruitingEventsPage'), 'RecruitingEventsPage'),
  '/recruitmentEvents/:id': screen(() => import('../features/recruiting/RecruitingEventPage'), 'RecruitingEventPage'),
  '/recruitingForms': screen(() => import('../features/recruiting/RecruitingFormsPage'), 'RecruitingFormsPage'),
  '/createRecruitingTemplate': screen(
    () => import('../features/recruiting/CreateRecruitingTemplatePage'),
    'CreateRecruitingTemplatePage',
  ),
  '/editRecruitingTemplate/:id': screen(
    () => import('../features/forms/builder/FormBuilderPage'),
    'RecruitingTemplateBuilderPage',
  ),
  '/recruitingForm/:formToken': screen(
    () => import('../features/recruiting/RecruitingFormPublicPage'),
    'RecruitingFormPublicPage',
  ),
  '/expenses': screen(() => import('../features/expenses/ExpensesPage'), 'ExpensesPage'),
  '/bankAccount': screen(() => import('../features/bank-accounts/BankAccountPage'), 'BankAccountPage'),
  '/taxDisclaimer': screen(() => import('../features/tax/TaxDisclaimerPage'), 'TaxDisclaimerPage'),
  '/taxCalculator': screen(() => import('../features/tax/TaxCalculatorPage'), 'TaxCalculatorPage'),
  // Education (issue 40)
  '/education': screen(() => import('../features/education/AthleteEducationPage'), 'AthleteEducationPage'),
  '/education/required': screen(() => import('../features/education/AthleteEducationPage'), 'AthleteEducationPage'),
  '/education/:category': screen(() => import('../features/education/AthleteEducationPage'), 'AthleteEducationPage'),
  '/educationContent/:id': screen(() => import('../features/education/ContentViewPage'), 'ContentViewPage'),
  '/educationCourse/:id': screen(() => import('../features/education/ContentViewPage'), 'ContentViewPage'),
  '/quiz/:contentId': screen(() => import('../features/education/QuizPage'), 'QuizPage'),
  '/quizResult/:quizId': screen(() => import('../features/education/QuizResultPage'), 'QuizResultPage'),
  '/contentLibrary': screen(() => import('../features/education/ContentLibraryPage'), 'ContentLibraryPage'),
  '/archivedContent': screen(() => import('../features/education/ContentLibraryPage'), 'ArchivedContentPage'),
  '/addEducationContent/:contentType': screen(
    () => import('../features/education/ContentEditorPage'),
    'AddContentPage',
  ),
  '/contentDetails/:contentType/:id': screen(
    () => import('../features/education/ContentEditorPage'),
    'ContentDetailsPage',
  ),
  '/Contracts': screen(() => import('../features/contracts/ContractsPage'), 'ContractsPage'),
  '/studentContracts': screen(() => import('../features/contracts/ContractsPage'), 'ContractsPage'),
  '/createFinances': screen(() => import('../features/contracts/CreateFinancesPage'), 'CreateFinancesPage'),
  '/agents': screen(() => import('../features/partners/AgentsPage'), 'AgentsPage'),
  '/agentList': screen(() => import('../features/partners/AgentsPage'), 'AgentListPage'),
  '/confirmAgent': screen(() => import('../features/partners/AgentsPage'), 'ConfirmAgentPage'),
  '/createAgent': screen(() => import('../features/partners/CreateAgentPage'), 'CreateAgentPage'),
  '/confirmAgentInfo': screen(() => import('../features/partners/AgentDetailPage'), 'AgentDetailPage'),
  '/provideAgentInfo': screen(() => import('../features/partners/ProvideAgentInfoPage'), 'ProvideAgentInfoPage'),
  '/agentsAndBoosters': screen(() => import('../features/partners/AgentsAndBoostersPage'), 'AgentsAndBoostersPage'),
  '/vendors': screen(() => import('../features/partners/VendorsPage'), 'VendorsPage'),
  '/createVendor': screen(() => import('../features/partners/VendorsPage'), 'CreateVendorPage'),
  '/card/:customUrl': screen(() => import('../features/partners/VendorCardPage'), 'VendorCardPage'),
  '/studentPayments': screen(() => import('../features/contracts/PaymentsPage'), 'StudentPaymentsPage'),
  '/studentPaymentList': screen(() => import('../features/contracts/PaymentsPage'), 'StudentPaymentListPage'),
  '/adminMaterial': screen(() => import('../features/materials/MaterialsPage'), 'MaterialsPage'),
  '/coachMaterial': screen(() => import('../features/materials/MaterialsPage'), 'MaterialsPage'),
  '/school/recruiting/:schoolId': screen(
    () => import('../features/recruiting/OperatorRecruitingPages'),
    'OperatorRecruitingPage',
  ),
  '/school/recruiting/:schoolId/archived/psas': screen(
    () => import('../features/recruiting/OperatorRecruitingPages'),
    'OperatorArchivedPsasPage',
  ),
  '/school/psaProfile/:psaId': screen(
    () => import('../features/recruiting/OperatorRecruitingPages'),
    'OperatorPsaProfilePage',
  ),
};

/** Public screens that need the full page width rather than the narrow form column. */
export const WIDE_PUBLIC_SCREENS = new Set(['/dev/mailbox', '/welcome', '/paperwork/:universityname/:customurl']);
