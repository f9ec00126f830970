import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { FormVersion } from '../form-engine/form-definition';
import type { PacketWorkflowDefinition, StepRunState } from '../domain/packet-workflow';
import type { ExpiryOption, ReminderOption, SubmissionStatus } from '../domain/packets';

/** The database schema as Kysely types, kept in step with the migrations in this folder. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns travel as ISO YYYY-MM-DD strings (the type parser is set in connect.ts). */
type DateOnly = ColumnType<string, string, string>;
type NullableDateOnly = ColumnType<string | null, string | null | undefined, string | null>;
type Json<T = Record<string, unknown>> = ColumnType<T, T | string | undefined, T | string>;

export interface SchoolsTable {
  id: Generated<string>;
  name: string;
  slug: string;
  kind: Generated<'SCHOOL' | 'PROVIDER'>;
  plan: Generated<'COMPLIANCE' | 'CONNECT'>;
  division: string | null;
  state: string | null;
  time_zone: Generated<string>;
  settings: Json<SchoolSettings>;
  created_at: Timestamp;
}

export interface SchoolSettings {
  /** Hours before an unaccepted invitation gets one reminder. */
  invitationReminderHours?: number;
  /** Hours an invitation link stays valid. */
  invitationExpiryHours?: number;
  [key: string]: unknown;
}

export type UserStatus = 'NOT_INVITED' | 'INVITED' | 'ACTIVE' | 'INACTIVE';

export interface UsersTable {
  id: Generated<string>;
  school_id: string;
  email: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  phone_number: string | null;
  status: Generated<UserStatus>;
  password_hash: string | null;
  last_active_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  school_id: string;
  role: string;
  title_group: string | null;
  compliance: Generated<boolean>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  school_id: string;
  portal: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  school_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A login e-mail change waiting for the new address to confirm it (migration 2026-12-02_121). */
export interface EmailChangesTable {
  id: Generated<string>;
  school_id: string;
  user_id: string;
  old_email: string;
  new_email: string;
  token_hash: string;
  requested_by: string | null;
  expires_at: Timestamp;
  confirmed_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

export type InvitationStatus = 'PENDING' | 'ACCEPTED' | 'EXPIRED' | 'REVOKED';

export interface InvitationsTable {
  id: Generated<string>;
  school_id: string;
  user_id: string;
  email: string;
  token_hash: string;
  status: Generated<InvitationStatus>;
  invited_by: string | null;
  workflow_id: string;
  reminder_sent_at: NullableTimestamp;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  created_at: Timestamp;
  /** The batch it was written in (`upload:<id>`, `roster:<rosterId>:<eventKey>`), migration 101. */
  batch_id: string | null;
}

export interface SportTeamsTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  sport: string;
  gender: Generated<'MEN' | 'WOMEN' | 'COED'>;
  created_at: Timestamp;
  archived_at: NullableTimestamp;
  archived_by: string | null;
}

export interface AcademicYearsTable {
  id: Generated<string>;
  school_id: string;
  start_year: number;
  end_year: number;
  is_current: Generated<boolean>;
  created_at: Timestamp;
}

export type TermName = 'SUMMER' | 'FALL' | 'WINTER' | 'SPRING';

export interface AcademicTermsTable {
  id: Generated<string>;
  school_id: string;
  academic_year_id: string;
  term: TermName;
  start_date: DateOnly;
  finals_start_date: NullableDateOnly;
  end_date: DateOnly;
  vacations: Json<Array<{ name: string; startDate: string; endDate: string }>>;
}

export interface AthleteProfilesTable {
  user_id: string;
  school_id: string;
  sport_team_id: string | null;
  student_id_number: string | null;
  date_of_birth: NullableDateOnly;
  gender: string | null;
  class_year: string | null;
  major: string | null;
  residency_status: string | null;
  aid_status: string | null;
  enrollment_term: string | null;
  enrollment_year: number | null;
  graduation_year: number | null;
  position: string | null;
  roster_status: string | null;
  athlete_status: string | null;
  cumulative_gpa: number | null;
  is_at_risk: boolean | null;
  is_transfer_student: boolean | null;
  is_enrolled_full_time: boolean | null;
  enrollment_term_this_institution: string | null;
  enrollment_year_this_institution: number | null;
  athletic_grant_amount: number | null;
  total_aid_percentage: number | null;
  total_aid_amount: number | null;
  eligibility_types: Generated<string[]>;
  /** At most 3 (check constraint); `position` keeps them joined with ", " for older readers. */
  positions: Generated<string[]>;
  academic_advisor_id: string | null;
  /** The remaining person form keys and profile fields (address, parents, social links, eligibility…). */
  data: Json;
  updated_at: Timestamp;
}

export interface StaffProfilesTable {
  user_id: string;
  school_id: string;
  sport_team_id: string | null;
  title: string | null;
  data: Json;
  updated_at: Timestamp;
}

/** A staff member's teams (issue 15): one row per (user, team), with the title they hold on that team. */
export interface StaffTeamsTable {
  school_id: string;
  user_id: string;
  sport_team_id: string;
  title_group: string | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  school_id: string;
  user_id: string;
  module: string;
  status: string;
  title: string;
  body: string | null;
  payload: Json;
  dedupe_key: string | null;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  school_id: string | null;
  idempotency_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** The workflow whose activity queued the mail (null for rows written before it was recorded). */
  workflow_id: string | null;
}

export interface AuditEventsTable {
  id: Generated<string>;
  school_id: string | null;
  actor_user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Json;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export type TaskStatus = 'OPEN' | 'DONE' | 'CANCELLED';

/** The human task inbox: who must act on which workflow step (migrations 001 and 2026-11-23_020_tasks). */
export interface TasksTable {
  id: Generated<string>;
  school_id: string;
  workflow_id: string;
  module: string;
  entity_id: string | null;
  step_id: string;
  step_name: Generated<string>;
  assignee_user_id: string | null;
  assignee_role: string | null;
  /** An external signer who has no account. */
  assignee_email: string | null;
  /** Derived by the database from the assignee columns; part of the (workflow_id, step_id, assignee_key) key. */
  assignee_key: ColumnType<string, never, never>;
  title: string;
  /** Where the person acts (an app path or a signed link). */
  url: string | null;
  status: Generated<TaskStatus>;
  due_at: NullableTimestamp;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  completed_by: string | null;
}

/** A form template's kind: built as a long or a short form, or a PDF imported as its document. */
export type FormTemplateKind = 'LONG' | 'SHORT' | 'PDF';
export type FormPurpose = 'PAPERWORK' | 'RECRUITING';
export type FormVersionStatus = 'DRAFT' | 'PUBLISHED';

export interface FormsTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  category: string | null;
  kind: FormTemplateKind;
  /** Migration 104: recruiting templates are forms kept out of the paperwork list. */
  purpose: Generated<FormPurpose>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface FormVersionsTable {
  id: Generated<string>;
  school_id: string;
  form_id: string;
  version: number;
  /** The form engine's FormVersion (form-engine/form-definition.ts). */
  definition: Json<FormVersion>;
  status: Generated<FormVersionStatus>;
  published_at: NullableTimestamp;
  has_answers: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormDocumentsTable {
  id: Generated<string>;
  school_id: string;
  form_id: string;
  filename: string;
  size_bytes: number;
  page_count: number | null;
  /** The PDF itself (pg gives a Buffer, PGlite a Uint8Array). */
  data: Uint8Array;
  created_at: Timestamp;
}

/** One comp ticket configuration per school (issue 4). */
export interface CompTicketSettingsTable {
  school_id: string;
  tickets_per_user: number;
  full_name: 'NOT_ASKED' | 'OPTIONAL' | 'MANDATORY';
  email: 'NOT_ASKED' | 'OPTIONAL' | 'MANDATORY';
  mobile_phone: 'NOT_ASKED' | 'OPTIONAL' | 'MANDATORY';
  relationship: 'NOT_ASKED' | 'OPTIONAL' | 'MANDATORY';
  reminder_hours: number | null;
  recipient_roles: string[];
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface DisclosurePerson {
  name?: string;
  email?: string;
  phone?: string;
}

export interface DisclosureAttachment {
  /** The stored_files row holding the bytes; absent on entries written before files were stored. */
  fileId?: string;
  name: string;
  size: number;
  contentType: string;
  sha256?: string;
  uploadedAt?: string;
}

export interface DisclosuresTable {
  id: Generated<string>;
  school_id: string;
  athlete_user_id: string;
  sport_team_id: string | null;
  type: string;
  status: Generated<'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'CHANGE_REQUESTED'>;
  deal_type: Generated<'INDIVIDUAL' | 'GROUP' | 'TEAM'>;
  title: string | null;
  company_name: string | null;
  industry: string | null;
  payor_name: string | null;
  start_date: NullableDateOnly;
  end_date: NullableDateOnly;
  signed_on: NullableDateOnly;
  location: string | null;
  amount_cents: number | null;
  payment_type: 'MONETARY' | 'IN_KIND' | null;
  estimated_amount_cents: number | null;
  total_payment_cents: number | null;
  point_of_contact: ColumnType<
    DisclosurePerson | null,
    DisclosurePerson | string | null | undefined,
    DisclosurePerson | string | null
  >;
  agent: ColumnType<
    DisclosurePerson | null,
    DisclosurePerson | string | null | undefined,
    DisclosurePerson | string | null
  >;
  /** The registry number of the deal's agent (migration 2026-12-04_400_partners). */
  agent_number: string | null;
  participants: Json<string[]>;
  website: string | null;
  notes: string | null;
  attachments: Json<DisclosureAttachment[]>;
  conflicts: Json<Array<{ type: string; flagId: string | null; flagName: string; reason: string }>>;
  conflict_types: ColumnType<string[], string[] | undefined, string[]>;
  payor_year_total_cents: number | null;
  reporting_required: Generated<boolean>;
  assigned_reviewer_id: string | null;
  decision_reason: string | null;
  change_reason: string | null;
  revision: Generated<number>;
  workflow_id: string | null;
  submitted_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  archived_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DisclosureEventsTable {
  id: Generated<string>;
  school_id: string;
  disclosure_id: string;
  actor_user_id: string | null;
  action: string;
  from_status: string | null;
  to_status: string | null;
  reason: string | null;
  details: Json;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface DisclosureCommentsTable {
  id: Generated<string>;
  school_id: string;
  disclosure_id: string;
  author_user_id: string | null;
  body: string;
  created_at: Timestamp;
}

export interface ConflictFlagsTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  type: 'STATE_LEGISLATION_CONFLICT' | 'UNIVERSITY';
  category: string;
  description: string | null;
  team_ids: Json<string[]>;
  max_payment_cents: number | null;
  companies: Json<string[]>;
  boosters: Json<string[]>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Uploaded bytes any feature can point at (disclosure attachments first). */
export interface StoredFilesTable {
  id: Generated<string>;
  school_id: string;
  uploaded_by: string | null;
  purpose: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  /** pg gives a Buffer, PGlite a Uint8Array. */
  bytes: Uint8Array;
  created_at: Timestamp;
}

export interface AthleteTagsTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface AthleteTagAssignmentsTable {
  id: Generated<string>;
  school_id: string;
  athlete_user_id: string;
  tag_id: string;
  academic_year_id: string | null;
  by_coach: Generated<boolean>;
  assigned_by: string | null;
  created_at: Timestamp;
}

export interface AthleteCustomFieldsTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  scope: 'ATHLETE' | 'TEAM' | 'INSTITUTION';
  sport_team_id: string | null;
  athlete_user_id: string | null;
  created_at: Timestamp;
}

export interface AthleteFilesTable {
  file_id: string;
  school_id: string;
  athlete_user_id: string;
  uploaded_by: string | null;
  created_at: Timestamp;
}

export interface ListPreferencesTable {
  user_id: string;
  list_key: string;
  columns: Json<string[]>;
  updated_at: Timestamp;
}

export interface Database {
  schools: SchoolsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  invitations: InvitationsTable;
  sport_teams: SportTeamsTable;
  academic_years: AcademicYearsTable;
  academic_terms: AcademicTermsTable;
  athlete_profiles: AthleteProfilesTable;
  athlete_tags: AthleteTagsTable;
  athlete_tag_assignments: AthleteTagAssignmentsTable;
  athlete_custom_fields: AthleteCustomFieldsTable;
  athlete_files: AthleteFilesTable;
  list_preferences: ListPreferencesTable;
  staff_profiles: StaffProfilesTable;
  staff_teams: StaffTeamsTable;
  notifications: NotificationsTable;
  outbox: OutboxTable;
  audit_events: AuditEventsTable;
  tasks: TasksTable;
  forms: FormsTable;
  form_versions: FormVersionsTable;
  form_documents: FormDocumentsTable;
  packet_folders: PacketFoldersTable;
  packets: PacketsTable;
  packet_versions: PacketVersionsTable;
  sent_packets: SentPacketsTable;
  packet_submissions: PacketSubmissionsTable;
  packet_answers: PacketAnswersTable;
  packet_submission_events: PacketSubmissionEventsTable;
  packet_signer_links: PacketSignerLinksTable;
  comp_ticket_settings: CompTicketSettingsTable;
  disclosures: DisclosuresTable;
  disclosure_events: DisclosureEventsTable;
  disclosure_comments: DisclosureCommentsTable;
  conflict_flags: ConflictFlagsTable;
  stored_files: StoredFilesTable;
  templates: TemplatesTable;
  template_forms: TemplateFormsTable;
  template_assignment_jobs: TemplateAssignmentJobsTable;
  template_assignment_job_batches: TemplateAssignmentJobBatchesTable;
  template_assignments: TemplateAssignmentsTable;
  athlete_uploads: AthleteUploadsTable;
  rosters: RostersTable;
  roster_entries: RosterEntriesTable;
  roster_change_requests: RosterChangeRequestsTable;
  roster_events: RosterEventsTable;
  sport_segments: SportSegmentsTable;
  calendar_events: CalendarEventsTable;
  calendar_feeds: CalendarFeedsTable;
  cara_settings: CaraSettingsTable;
  cara_violation_dismissals: CaraViolationDismissalsTable;
  cara_logs: CaraLogsTable;
  cara_log_events: CaraLogEventsTable;
  cara_survey_answers: CaraSurveyAnswersTable;
  psas: PsasTable;
  recruiting_form_sends: RecruitingFormSendsTable;
  psa_activities: PsaActivitiesTable;
  psa_events: PsaEventsTable;
  recruiting_events: RecruitingEventsTable;
  recruiting_event_psas: RecruitingEventPsasTable;
  psa_transfers: PsaTransfersTable;
  questionnaires: QuestionnairesTable;
  questionnaire_responses: QuestionnaireResponsesTable;
  used_bot_challenges: UsedBotChallengesTable;
  expenses: ExpensesTable;
  expense_receipts: ExpenseReceiptsTable;
  recruiting_materials: RecruitingMaterialsTable;
  psa_attachments: PsaAttachmentsTable;
  contracts: ContractsTable;
  contract_schedules: ContractSchedulesTable;
  contract_payments: ContractPaymentsTable;
  contract_tax_flags: ContractTaxFlagsTable;
  agents: AgentsTable;
  athlete_agents: AthleteAgentsTable;
  deal_fmv_facts: DealFmvFactsTable;
  vendors: VendorsTable;
  bank_accounts: BankAccountsTable;
  tax_disclaimers: TaxDisclaimersTable;
  tax_disclaimer_acks: TaxDisclaimerAcksTable;
  education_contents: EducationContentsTable;
  education_course_modules: EducationCourseModulesTable;
  education_quizzes: EducationQuizzesTable;
  education_quiz_attempts: EducationQuizAttemptsTable;
  education_assignments: EducationAssignmentsTable;
  education_assignees: EducationAssigneesTable;
  education_progress: EducationProgressTable;
}

export type School = Selectable<SchoolsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Notification = Selectable<NotificationsTable>;
export type OutboxMail = Selectable<OutboxTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
export type Task = Selectable<TasksTable>;

// ---- Packets with e-signature (migration 2026-11-23_030_packets) ----

export interface PacketFoldersTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  owner_id: string | null;
  /** Staff the folder is shared with: editors of every packet filed in it. */
  editor_ids: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface PacketSendersJson {
  userIds: string[];
  groups: string[];
}

export interface PacketsTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  description: string;
  owner_id: string | null;
  folder_id: string | null;
  form_ids: Json<string[]>;
  /** PacketWorkflowDefinition (domain/packet-workflow.ts). */
  workflow: Json<PacketWorkflowDefinition>;
  senders: Json<PacketSendersJson>;
  editor_ids: Json<string[]>;
  hipaa: Generated<boolean>;
  status: Generated<'UNPUBLISHED' | 'PUBLISHED'>;
  current_version: number | null;
  has_submissions: Generated<boolean>;
  external_link_token_hash: string | null;
  external_link_enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_activity_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface PacketVersionsTable {
  id: Generated<string>;
  school_id: string;
  packet_id: string;
  version: number;
  name: string;
  description: string;
  hipaa: boolean;
  forms: Json<Array<{ formId: string; formVersionId: string }>>;
  workflow: Json<PacketWorkflowDefinition>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface SentPacketsTable {
  id: Generated<string>;
  school_id: string;
  packet_id: string;
  packet_version_id: string;
  sent_by: string | null;
  sent_at: Timestamp;
  message: Generated<string>;
  reminder: ReminderOption;
  expiry: ExpiryOption;
  expires_at: Timestamp;
  visibility: string;
  notify: Generated<boolean>;
  external_signers: Json<Record<string, { email: string; firstName: string; lastName: string }>>;
  recipient_count: Generated<number>;
  voided_at: NullableTimestamp;
  void_reason: string | null;
  /** When the send's packet-send workflow was started; null while it has not been (issue 36). */
  workflow_started_at: NullableTimestamp;
}

export interface PacketSubmissionsTable {
  id: Generated<string>;
  school_id: string;
  sent_packet_id: string;
  recipient_user_id: string;
  workflow_id: string;
  status: Generated<SubmissionStatus>;
  active_step_id: string | null;
  active_step_name: string | null;
  steps: Json<StepRunState[]>;
  change_request: Json<{ comment: string; questionIds: string[] } | null> | null;
  round: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  expired_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  void_reason: string | null;
}

export interface PacketAnswersTable {
  submission_id: string;
  school_id: string;
  form_id: string;
  form_version_id: string;
  answers: Json<Record<string, unknown>>;
  encrypted: Generated<boolean>;
  sha256: string;
  updated_at: Timestamp;
}

export interface PacketSubmissionEventsTable {
  id: Generated<string>;
  school_id: string;
  submission_id: string;
  kind: string;
  step_id: string | null;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_name: Generated<string>;
  ip: string | null;
  user_agent: string | null;
  details: Json;
  answers_sha256: string | null;
  idempotency_key: string;
  created_at: Timestamp;
}

export interface PacketSignerLinksTable {
  id: Generated<string>;
  school_id: string;
  submission_id: string;
  step_id: string;
  round: number;
  email: string;
  first_name: string;
  last_name: string;
  nonce: string;
  token_hash: string;
  expires_at: Timestamp;
  consent_version: string | null;
  consented_at: NullableTimestamp;
  consent_ip: string | null;
  consent_user_agent: string | null;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

// ---- Template library (migration 2026-11-24_080_templates) ----

export interface TemplatesTable {
  id: Generated<string>;
  title: string;
  description: string;
  hipaa: Generated<boolean>;
  /** PacketWorkflowDefinition whose question refs name template_forms ids. */
  workflow: Json<PacketWorkflowDefinition>;
  source_school_id: string | null;
  source_packet_id: string | null;
  source_template_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface TemplateFormsTable {
  id: Generated<string>;
  template_id: string;
  position: number;
  name: string;
  category: string | null;
  kind: FormTemplateKind;
  definition: Json<FormVersion>;
  pdf_filename: string | null;
  pdf_size_bytes: number | null;
  pdf_page_count: number | null;
  pdf_data: Uint8Array | null;
}

export interface TemplateAssignmentJobsTable {
  id: Generated<string>;
  template_id: string;
  action: 'ASSIGN' | 'UNASSIGN';
  /** `{ schoolIds: string[] }` or `{ filter: InstitutionFilter }` (domain/templates.ts). */
  selection: Json;
  workflow_id: string;
  status: Generated<'RUNNING' | 'COMPLETED' | 'FAILED'>;
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  requested_by: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface TemplateAssignmentJobBatchesTable {
  job_id: string;
  batch: number;
  done: number;
  failed: number;
  created_at: Timestamp;
}

export interface TemplateAssignmentsTable {
  template_id: string;
  school_id: string;
  assigned_at: Timestamp;
  assigned_by: string | null;
  job_id: string | null;
  unassigned_at: NullableTimestamp;
}

// ---- Bulk upload of student-athletes (migration 2026-11-25_095_athlete-uploads) ----

export interface AthleteUploadsTable {
  id: Generated<string>;
  school_id: string;
  created_by: string | null;
  file_name: string;
  status: Generated<'CHECKED' | 'IMPORTING' | 'IMPORTED'>;
  headers: Json<string[]>;
  rows: Json<{ row: number; cells: string[] }[]>;
  mapping: Json<(string | null)[]>;
  errors: Json<{ row: number; column: string; message: string }[]>;
  row_count: number;
  invite: Generated<boolean>;
  progress: Json<{ stage?: string; done?: number; total?: number }>;
  created_count: Generated<number>;
  invitations_started: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  imported_at: NullableTimestamp;
  claim_id: string | null;
  claimed_at: NullableTimestamp;
}

// ---- Rosters: declaration and yearly rollover (migration 2026-11-25_096_rosters) ----

export type RolloverStatus = 'NOT_STARTED' | 'READY_FOR_REVIEW' | 'COMPLETED';
export type RosterChangeKind = 'ADD' | 'REMOVE' | 'STATUS_CHANGE';
export type RosterChangeStatus = 'PENDING' | 'APPROVED' | 'DENIED';

export interface RostersTable {
  id: Generated<string>;
  school_id: string;
  sport_team_id: string;
  academic_year_id: string;
  source_academic_year_id: string | null;
  rollover_status: Generated<RolloverStatus>;
  review_comment: string | null;
  invite_new_athletes: boolean | null;
  workflow_id: string | null;
  started_by: string | null;
  submitted_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface RosterEntriesTable {
  id: Generated<string>;
  school_id: string;
  roster_id: string;
  athlete_user_id: string;
  roster_status: Generated<'OFFICIAL' | 'UNOFFICIAL'>;
  athlete_status: Generated<string>;
  is_new: Generated<boolean>;
  added_by: string | null;
  added_at: Generated<Date>;
  invitation_id: string | null;
  updated_at: Generated<Date>;
}

export interface RosterChangeRequestsTable {
  id: Generated<string>;
  school_id: string;
  roster_id: string;
  kind: RosterChangeKind;
  athlete_user_id: string;
  athlete_status: string | null;
  roster_status: 'OFFICIAL' | 'UNOFFICIAL' | null;
  status: Generated<RosterChangeStatus>;
  requested_by: string | null;
  requested_at: Generated<Date>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  comment: string | null;
  idempotency_key: string;
}

export interface RosterEventsTable {
  id: Generated<string>;
  school_id: string;
  roster_id: string;
  actor_user_id: string | null;
  action: string;
  from_status: string | null;
  to_status: string | null;
  comment: string | null;
  details: Json;
  idempotency_key: string;
  created_at: Generated<Date>;
}

// ---- Calendar: sport segments and events (migration 2026-11-25_097_calendar; range indexes 2026-11-26_108) ----

export interface SportSegmentsTable {
  id: Generated<string>;
  school_id: string;
  sport_team_id: string;
  academic_year_id: string;
  season_type: 'IN_SEASON' | 'OUT_OF_SEASON';
  segment_type: 'PRESEASON' | 'CHAMPIONSHIP' | 'POSTSEASON' | 'NONCHAMPIONSHIP';
  start_date: DateOnly;
  end_date: DateOnly;
  start_day_of_week: 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
  /** Migration 109: the week before the segment's first contest is exempt from the hour limits. */
  exempt_week_before_first_contest: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CalendarEventsTable {
  id: Generated<string>;
  school_id: string;
  sport_team_id: string;
  name: string;
  category: string;
  cara_category: string | null;
  attendee_team_ids: ColumnType<string[], string[] | undefined, string[]>;
  attendee_user_ids: ColumnType<string[], string[] | undefined, string[]>;
  location: string | null;
  time_zone: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  repeat: Generated<string>;
  rrule: string | null;
  repeat_until: NullableDateOnly;
  /** Original starts (ISO instants) of occurrences cut out of the series. */
  exdates: Json<string[]>;
  series_id: string | null;
  recurrence_start: NullableTimestamp;
  notes: string | null;
  agenda: string | null;
  reminder_minutes: number | null;
  status: Generated<'PENDING' | 'APPROVED' | 'REJECTED'>;
  reject_reason: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: NullableTimestamp;
  /** Set when the series process could not be reached (root rows only); the reconciler clears it (migration 113). */
  workflow_needed_at: Generated<Date | null>;
}

export interface CalendarFeedsTable {
  id: Generated<string>;
  school_id: string;
  user_id: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_fetched_at: NullableTimestamp;
}

// ---- CARA logs and the Bylaw 17 engine (migration 2026-11-26_099_cara) ----

export type CaraFrequency = 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY';
export type CaraLogStatus = 'NOT_STARTED' | 'READY' | 'SUBMITTED' | 'RESUBMITTED' | 'REJECTED' | 'APPROVED';
export type CaraErrorReason =
  'EXEMPTIONS_OVERLOOKED' | 'INCORRECT_DATA_ENTRY' | 'AMBIGUOUS_INTERPRETATION' | 'OUTDATED_RULE_SET' | 'OTHER';

export interface CaraSettingsTable {
  sport_team_id: string;
  school_id: string;
  logging_enabled: Generated<boolean>;
  frequency: Generated<CaraFrequency>;
  due_days: Generated<number>;
  reminder_days: Generated<number>;
  submitter_ids: Generated<string[]>;
  viewer_ids: Generated<string[]>;
  reviewer_ids: Generated<string[]>;
  survey_enabled: Generated<boolean>;
  survey_expiry_days: Generated<number>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface CaraViolationDismissalsTable {
  id: Generated<string>;
  school_id: string;
  sport_team_id: string;
  violation_key: string;
  reason: CaraErrorReason;
  note: string;
  dismissed_by: string | null;
  created_at: Timestamp;
}

export interface CaraLogsTable {
  id: Generated<string>;
  school_id: string;
  sport_team_id: string;
  academic_year_id: string | null;
  period_start: DateOnly;
  period_end: DateOnly;
  due_at: Timestamp;
  survey_expires_at: NullableTimestamp;
  status: Generated<CaraLogStatus>;
  workflow_id: string;
  snapshot: Json;
  coach_notes: string | null;
  review_notes: string | null;
  submitted_by: string | null;
  submitted_at: NullableTimestamp;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CaraLogEventsTable {
  id: Generated<string>;
  school_id: string;
  cara_log_id: string;
  action: string;
  event_key: string;
  actor_id: string | null;
  notes: string | null;
  created_at: Timestamp;
}

export interface CaraSurveyAnswersTable {
  cara_log_id: string;
  school_id: string;
  athlete_id: string;
  event_key: string;
  answer: 'CONFIRMED' | 'DISPUTED';
  reason: string | null;
  answered_at: Timestamp;
}

// ---- Recruiting: prospects, activity, transfers (migration 2026-11-26_100_recruiting-prospects) ----

export type PsaCommitmentStatus =
  'NOT_COMMITTED' | 'VERBALLY_COMMITTED' | 'COMMITTED' | 'NLI_SIGNED' | 'ADDED_TO_ROSTER';

export interface PsasTable {
  id: Generated<string>;
  school_id: string;
  sport_team_id: string | null;
  recruiting_coach_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  high_school_name: string | null;
  graduation_year: number | null;
  date_of_birth: NullableDateOnly;
  eligibility_center_id: string | null;
  position: string | null;
  secondary_position: string | null;
  club_team_name: string | null;
  club_jersey: string | null;
  height_feet: number | null;
  height_inches: number | null;
  weight: ColumnType<string | null, number | string | null, number | string | null>;
  sat_score: number | null;
  act_score: number | null;
  gpa: ColumnType<string | null, number | string | null, number | string | null>;
  class_rank: string | null;
  honors: string | null;
  intended_major: string | null;
  siblings: string | null;
  highlight_links: ColumnType<string[], string[] | undefined, string[]>;
  residency_status: string | null;
  instagram: string | null;
  tiktok: string | null;
  twitter: string | null;
  hudl: string | null;
  home_address: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  guardian1_name: string | null;
  guardian1_phone: string | null;
  guardian1_email: string | null;
  guardian2_name: string | null;
  guardian2_phone: string | null;
  guardian2_email: string | null;
  hs_coach_name: string | null;
  hs_coach_phone: string | null;
  hs_coach_email: string | null;
  club_coach_name: string | null;
  club_coach_phone: string | null;
  club_coach_email: string | null;
  notes: string | null;
  custom_fields: Json<{ name: string; value: string }[]>;
  commitment_status: Generated<PsaCommitmentStatus>;
  board_rank: Generated<number>;
  rating: number | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  state_status: Generated<'ACTIVE' | 'ARCHIVED' | 'UNARCHIVED'>;
  archived_at: NullableTimestamp;
  merged_into_id: string | null;
  athlete_user_id: string | null;
  last_contact_at: NullableTimestamp;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PsaActivitiesTable {
  id: Generated<string>;
  school_id: string;
  psa_id: string;
  kind: string;
  occurred_at: Timestamp;
  nights: number | null;
  location: string | null;
  summary: string | null;
  logged_by: string | null;
  /** Phone calls: how long it lasted (1–1440 minutes) and the staff member who made it (migration 106). */
  duration_minutes: number | null;
  coach_user_id: string | null;
  created_at: Generated<Date>;
}

export interface PsaEventsTable {
  id: Generated<string>;
  school_id: string;
  psa_id: string;
  actor_user_id: string | null;
  action: string;
  details: Json;
  idempotency_key: string | null;
  created_at: Generated<Date>;
}

export interface RecruitingEventsTable {
  /** The calendar event's id: the event's dates, status and team live on that row. */
  id: string;
  school_id: string;
  kind: 'PHONE_CALL' | 'EVALUATION' | 'OFFICIAL_VISIT' | 'UNOFFICIAL_VISIT' | 'OFF_CAMPUS_CONTACT' | 'OTHER';
  description: string | null;
  host_athlete_ids: ColumnType<string[], string[] | undefined, string[]>;
  coach_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface RecruitingEventPsasTable {
  event_id: string;
  psa_id: string;
  school_id: string;
}

export interface PsaTransfersTable {
  id: Generated<string>;
  school_id: string;
  psa_id: string;
  sport_team_id: string;
  academic_year_id: string;
  status: Generated<'PENDING' | 'APPROVED' | 'REJECTED'>;
  requested_by: string | null;
  requested_at: Generated<Date>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  reason: string | null;
  athlete_user_id: string | null;
  invitation_id: string | null;
  workflow_id: string;
}

export interface QuestionnairesTable {
  id: Generated<string>;
  school_id: string;
  form_id: string;
  name: string;
  custom_url: string;
  confirmation_message: string;
  status: Generated<'ACTIVE' | 'INACTIVE'>;
  sport_team_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QuestionnaireResponsesTable {
  id: Generated<string>;
  school_id: string;
  questionnaire_id: string;
  psa_id: string;
  form_version_id: string;
  contact: Json<Record<string, unknown>>;
  answers: Json<Record<string, unknown>>;
  created_psa: boolean;
  ip: string | null;
  submitted_at: Timestamp;
}

export interface UsedBotChallengesTable {
  signature: string;
  expires_at: Date;
}

// ---- Recruiting forms (migration 2026-11-26_104_recruiting-forms) ----

export interface RecruitingFormSendsTable {
  id: Generated<string>;
  school_id: string;
  form_id: string;
  form_version_id: string;
  psa_id: string;
  email: string;
  link_generation: Generated<number>;
  token_hash: string;
  expires_at: Timestamp;
  link_issued_at: Generated<Date>;
  reissue_count: Generated<number>;
  sent_by: string | null;
  sent_at: Generated<Date>;
  opened_at: NullableTimestamp;
  submitted_at: NullableTimestamp;
  answers: Json<Record<string, unknown>> | null;
  submitted_ip: string | null;
  submitted_user_agent: string | null;
}

export interface ExpensesTable {
  id: Generated<string>;
  school_id: string;
  submitted_by: string | null;
  name: string;
  category: 'MEAL' | 'TRANSPORTATION' | 'ACCOMMODATION' | 'PARKING' | 'OTHER';
  amount_cents: number;
  transaction_date: DateOnly;
  comments: string | null;
  signature: string;
  signed_at: Generated<Date>;
  signed_ip: string | null;
  signed_user_agent: string | null;
  status: Generated<'PENDING' | 'APPROVED' | 'REJECTED'>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  reject_reason: string | null;
  workflow_id: string;
  created_at: Generated<Date>;
}

export interface ExpenseReceiptsTable {
  id: Generated<string>;
  school_id: string;
  expense_id: string;
  file_id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: string | null;
  created_at: Generated<Date>;
}

export interface RecruitingMaterialsTable {
  id: Generated<string>;
  school_id: string;
  file_id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  description: string | null;
  uploaded_by: string | null;
  created_at: Generated<Date>;
}

// ---- Prospect attachments (migration 2026-11-26_114_psa-attachments) ----

export interface PsaAttachmentsTable {
  id: Generated<string>;
  school_id: string;
  psa_id: string;
  file_id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: string | null;
  created_at: Generated<Date>;
}

// ---- Contracts, payment schedules and 1099 flags (migration 2026-12-03_200_contracts) ----

export interface ContractsTable {
  id: Generated<string>;
  school_id: string;
  disclosure_id: string;
  athlete_user_id: string;
  payor_name: string;
  total_cents: number;
  size: 'SMALL' | 'MEDIUM' | 'LARGE';
  type: string;
  start_date: DateOnly;
  end_date: DateOnly;
  notes: string | null;
  status: Generated<'PENDING' | 'ACTIVE' | 'COMPLETED' | 'REJECTED'>;
  document_file_id: string | null;
  document_filename: string | null;
  document_size_bytes: number | null;
  document_sha256: string | null;
  document_uploaded_at: NullableTimestamp;
  created_by: string | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  reject_reason: string | null;
  workflow_id: string;
  created_at: Generated<Date>;
}

export interface ContractSchedulesTable {
  contract_id: string;
  school_id: string;
  cycle: 'WEEK' | 'BIWEEK' | 'MONTH' | 'QUARTER';
  amount_cents: number;
  payment_count: number;
  first_due_date: DateOnly;
  status: Generated<'RUNNING' | 'COMPLETED' | 'ENDED'>;
  workflow_id: string;
  created_by: string | null;
  created_at: Generated<Date>;
  ended_at: NullableTimestamp;
  end_requested_at: NullableTimestamp;
  end_requested_by: string | null;
}

export interface ContractPaymentsTable {
  id: Generated<string>;
  school_id: string;
  contract_id: string;
  seq: number;
  due_date: DateOnly;
  amount_cents: number;
  status: Generated<'PENDING' | 'PAID' | 'FAILED'>;
  paid_on: NullableDateOnly;
  confirmed_by: string | null;
  confirmed_at: NullableTimestamp;
  reminded_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface ContractTaxFlagsTable {
  id: Generated<string>;
  school_id: string;
  athlete_user_id: string;
  payor_key: string;
  payor_name: string;
  year: number;
  contract_id: string;
  disclosure_id: string;
  total_cents: number;
  reached_at: Generated<Date>;
}

// ---- Bank accounts and the tax disclaimer (migration 2026-12-03_230_bank-accounts-taxes) ----

export interface BankAccountsTable {
  id: Generated<string>;
  school_id: string;
  athlete_user_id: string;
  bank_name: string;
  account_type: 'CHECKING' | 'SAVINGS';
  name_on_account: string;
  routing_number: string;
  /** AES-256-GCM ciphertext of the account number (`<iv>.<tag>.<ciphertext>`); never selected into a response. */
  account_number_enc: string;
  account_last4: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface TaxDisclaimersTable {
  school_id: string;
  text: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface TaxDisclaimerAcksTable {
  id: Generated<string>;
  school_id: string;
  athlete_user_id: string;
  year: number;
  text_sha256: string;
  acknowledged_at: Generated<Date>;
}

// ---- Partners: the agent registry (migration 2026-12-04_400_partners) ----

export interface AgentsTable {
  id: Generated<string>;
  school_id: string;
  agent_number: Generated<string>;
  type: 'BRAND_MANAGER' | 'LAWYER' | 'SOCIAL_MEDIA_MANAGER' | 'TALENT_MANAGER';
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  agency: string | null;
  registration_state: string | null;
  registration_number: string | null;
  registration_expires_on: DateOnly | null;
  status: 'INVITED' | 'PENDING_CONFIRMATION' | 'ACTIVE' | 'REJECTED' | 'EXPIRED';
  reject_reason: string | null;
  workflow_id: string;
  link_generation: Generated<number>;
  link_token_hash: string | null;
  link_expires_at: Date | null;
  link_used_at: Date | null;
  reminded_at: Date | null;
  info_provided_at: Date | null;
  invited_by: string | null;
  created_by: string | null;
  confirmed_by: string | null;
  confirmed_at: Date | null;
  expired_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AthleteAgentsTable {
  school_id: string;
  athlete_user_id: string;
  agent_id: string;
  created_at: Generated<Date>;
}

// ---- Education: content, quizzes, attempts and assignments (migration 2026-12-04_300_education) ----

export interface EducationContentsTable {
  id: Generated<string>;
  school_id: string;
  kind: 'ARTICLE' | 'VIDEO' | 'PRESENTATION' | 'COURSE' | 'QUIZ';
  headline: string;
  topic: string | null;
  category: string | null;
  author: string | null;
  estimated_minutes: number | null;
  description: string | null;
  article_text: string | null;
  video_url: string | null;
  thumbnail_url: string | null;
  required: Generated<boolean>;
  complete_by: NullableDateOnly;
  status: Generated<'SAVED' | 'PUBLISHED' | 'UPDATED' | 'ARCHIVED' | 'RECALLED'>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  published_at: NullableTimestamp;
  archived_at: NullableTimestamp;
}

export interface EducationCourseModulesTable {
  course_id: string;
  position: number;
  module_id: string;
  school_id: string;
}

export interface EducationQuizzesTable {
  content_id: string;
  school_id: string;
  settings: Json<import('../domain/education').QuizSettings>;
  questions: Json<import('../domain/education').QuizQuestion[]>;
  module_id: string | null;
}

export interface EducationQuizAttemptsTable {
  id: Generated<string>;
  school_id: string;
  content_id: string;
  user_id: string;
  seq: number;
  started_at: Timestamp;
  deadline_at: NullableTimestamp;
  submitted_at: NullableTimestamp;
  question_order: Json<{ id: string; choices: string[] }[]>;
  answers: Json<Record<string, string[]>>;
  score: number | null;
  passed: boolean | null;
}

export interface EducationAssignmentsTable {
  id: Generated<string>;
  school_id: string;
  content_id: string;
  due_date: DateOnly;
  team_ids: ColumnType<string[], string[] | undefined, string[]>;
  status: Generated<'OPEN' | 'OVERDUE' | 'COMPLETED' | 'RECALLED'>;
  workflow_id: string;
  created_by: string | null;
  created_at: Generated<Date>;
  ended_at: NullableTimestamp;
}

export interface EducationAssigneesTable {
  assignment_id: string;
  user_id: string;
  school_id: string;
  status: Generated<'ASSIGNED' | 'IN_PROGRESS' | 'COMPLETED' | 'OVERDUE'>;
  completed_at: NullableTimestamp;
}

export interface EducationProgressTable {
  content_id: string;
  user_id: string;
  school_id: string;
  opened_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface DealFmvFactsTable {
  disclosure_id: string;
  school_id: string;
  deliverables: number | null;
  audience_size: number | null;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface VendorsTable {
  id: Generated<string>;
  school_id: string;
  name: string;
  categories: Generated<string[]>;
  services: string | null;
  prices: string | null;
  logo_url: string | null;
  contact_email: string | null;
  custom_url: string;
  active: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
  deactivated_at: Date | null;
}
