/**
 * The error catalogue (spec part 2 §8) as codes, HTTP statuses and the wording users see.
 * Every API error has the shape { error: { code, message, details? } }.
 */
export const ERRORS = {
  // General
  VALIDATION_FAILED: { status: 400, message: 'Some fields are missing or invalid.' },
  MANDATORY_FIELD: { status: 400, message: 'Mandatory fields cannot be empty.' },
  INVALID_EMAIL: { status: 400, message: 'Invalid email.' },
  INVALID_PHONE: { status: 400, message: 'Phone number must have 10 digits.' },
  INVALID_ZIP: { status: 400, message: 'Invalid zip code.' },
  NO_ACADEMIC_YEAR: { status: 409, message: 'No academic calendar year found.' },
  ACADEMIC_TERM_NOT_CONFIGURED: { status: 409, message: 'Academic term is not configured.' },
  STUDENT_CREATION_FAILED: { status: 400, message: 'Student creation failed.' },
  EMAIL_EXISTS: { status: 409, message: 'Email exists.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  PLAN_REQUIRED: { status: 403, message: "This feature needs the 'Connect' product plan." },
  UNAUTHENTICATED: { status: 401, message: 'Please log in.' },
  SESSION_EXPIRED: { status: 401, message: 'Your session has ended. Please log in again.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  CSRF_REJECTED: { status: 403, message: 'This request did not come from the app. Refresh the page and try again.' },
  SOMETHING_WENT_WRONG: { status: 500, message: 'Something went wrong.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Unable to connect, check your internet connection.' },
  MAINTENANCE: { status: 503, message: "We'll be right back." },
  // Transport-level problems with a request (added for the API's error handler)
  BAD_REQUEST: { status: 400, message: 'The request could not be processed.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  BODY_TOO_DEEP: { status: 400, message: 'The request is nested too deeply.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  URL_TOO_LONG: { status: 414, message: 'The address is too long.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long. Please try again.' },
  ALREADY_EXISTS: { status: 409, message: 'This already exists.' },
  // Login, password and invitation
  WRONG_CREDENTIALS: { status: 401, message: 'Wrong email or password.' },
  EMAIL_NOT_REGISTERED: { status: 404, message: 'This email is not registered.' },
  ACCOUNT_INACTIVE: { status: 403, message: 'This account is inactive. Contact your school admin.' },
  PASSWORD_POLICY: {
    status: 400,
    message:
      'Password must be at least 10 characters with 1 special character, 1 number, 1 uppercase and 1 lowercase letter.',
  },
  PASSWORD_INVALID_CHARACTERS: { status: 400, message: 'Password contains invalid characters.' },
  PASSWORD_TOO_COMMON: { status: 400, message: 'Password is too common or easy to guess. Choose another.' },
  NAME_INVALID_CHARACTERS: { status: 400, message: 'Name must not contain line breaks or control characters.' },
  TEAM_HAS_HISTORY: { status: 409, message: 'This team has history, so it cannot be deleted. Archive it instead.' },
  PASSWORD_PERSONAL: { status: 400, message: 'Password must not contain your name or e-mail address.' },
  PASSWORDS_DO_NOT_MATCH: { status: 400, message: 'Passwords must match.' },
  RESET_LINK_INVALID: { status: 410, message: 'This reset link has expired or has already been used.' },
  EMAIL_CHANGE_LINK_INVALID: { status: 410, message: 'This confirmation link has expired or has already been used.' },
  INVITATION_INVALID: { status: 410, message: 'This invitation is invalid or has expired.' },
  INVITATION_REDEEMED: { status: 409, message: 'This invitation has already been redeemed. Please log in.' },
  // Schools (provider onboarding and plans)
  SCHOOL_SLUG_TAKEN: { status: 409, message: 'A school with this web address (slug) already exists.' },
  PLAN_DOWNGRADE_REFUSED: {
    status: 409,
    message: 'Plan upgrades are irreversible: a school on the Connect plan cannot move back to Compliance.',
  },
  // Files
  UPLOAD_FAILED: { status: 400, message: 'Image or file upload failed.' },
  FILE_TOO_LARGE: { status: 413, message: 'File too large.' },
  TOO_MANY_FILES: { status: 400, message: 'Max 5 files.' },
  // Student-athlete profiles (spec part 2 §5 and §9)
  ATHLETE_FILES_LIMIT: { status: 400, message: 'Upload limits exceeded: at most 50 files per student-athlete.' },
  SOCIAL_LINK_INVALID: { status: 400, message: 'Social media URLs must be valid and unique per user.' },
  POSITIONS_LIMIT: { status: 400, message: 'Positions max 3, comma separated.' },
  DATE_OF_BIRTH_IN_FUTURE: { status: 400, message: 'Date of birth cannot be in the future.' },
  DATE_OF_BIRTH_INVALID: { status: 400, message: 'Date of birth must be a real date (YYYY-MM-DD).' },
  TAGS_LIMIT: { status: 400, message: 'Max 10 student-athlete tags per year.' },
  COACH_TAGS_LIMIT: { status: 400, message: 'Max 30 student-athlete tags per year for coaches.' },
  TAG_NAME_EXISTS: { status: 409, message: 'Tag names must be unique.' },
  ADVISOR_NOT_STAFF: { status: 400, message: 'The academic advisor must be a staff member of your school.' },
  FILE_TYPE_NOT_ALLOWED: { status: 415, message: 'This file type is not allowed.' },
  // Packets (used by later features; listed here so wording lives in one place)
  FORM_NAME_REQUIRED: { status: 400, message: 'Form name is mandatory.' },
  FORM_NAME_TOO_LONG: { status: 400, message: 'Form name max 20 words.' },
  CYCLIC_DEPENDENCY: { status: 400, message: 'Cyclic dependency found.' },
  PACKET_FORMS_RANGE: { status: 400, message: 'Packet must contain 1-5 forms.' },
  LINK_NO_LONGER_VALID: { status: 410, message: 'This link is no longer valid.' },
  // Forms (form-engine/): definition rules of part 2 §5 "Packets and forms", and answer validation
  FORM_DEFINITION_INVALID: { status: 400, message: 'The form definition is invalid.' },
  FORM_LABEL_NOT_UNIQUE: { status: 400, message: 'Field label must be unique.' },
  FORM_ELEMENT_ID_NOT_UNIQUE: { status: 400, message: 'Element ids must be unique.' },
  IMAGE_NOT_ADDED: { status: 400, message: 'Image not added for image element.' },
  MATRIX_DROPDOWN_OPTIONS: { status: 400, message: 'Matrix dropdown options empty or too long.' },
  MATRIX_SIZE: { status: 400, message: 'Matrix rows and columns must be between 0 and 10.' },
  SHORT_FORM_TOO_MANY_QUESTIONS: { status: 400, message: 'Short form max 10 questions.' },
  FORM_LIMITS_INVALID: { status: 400, message: 'Limits are inconsistent: a minimum is above its maximum.' },
  INVALID_LINK: { status: 400, message: 'Link must be http or https.' },
  FORM_FROZEN: {
    status: 409,
    message: 'This form is published or has answers: only minor edits are allowed. Clone it to change its structure.',
  },
  CONDITION_UNKNOWN_ELEMENT: { status: 400, message: 'A condition refers to an element that does not exist.' },
  CONDITION_INVALID: { status: 400, message: 'This condition cannot be used with this element.' },
  CONDITION_TOO_DEEP: { status: 400, message: 'Conditions can be nested at most 8 groups deep.' },
  CONDITION_TOO_LARGE: { status: 400, message: 'A condition can have at most 500 rules and groups.' },
  ANSWER_TOO_DEEP: { status: 400, message: 'This answer is nested too deeply.' },
  ANSWER_TOO_LARGE: { status: 400, message: 'This answer has too many parts.' },
  HIDDEN_ELEMENT_ANSWERED: { status: 400, message: 'This question is hidden, so it cannot be answered.' },
  ANSWER_INVALID: { status: 400, message: 'This answer is invalid.' },
  // Workflows
  ALREADY_DECIDED: { status: 409, message: 'This step has already been decided.' },
  WORKFLOW_UNAVAILABLE: { status: 503, message: 'The workflow service is unavailable. Please try again shortly.' },
  // Packets with e-signature (part 2 §5 "Packets and forms" and the packet lines of the catalogue, §8)
  PACKET_NAME_OR_DESCRIPTION_EMPTY: { status: 400, message: 'Packet name or description empty.' },
  PACKET_NAME_TOO_LONG: { status: 400, message: 'Packet name max 20 words.' },
  PACKET_DESCRIPTION_TOO_LONG: { status: 400, message: 'Packet description max 50 words.' },
  FOLDER_NAME_INVALID: { status: 400, message: 'Folder name is mandatory, max 100 characters.' },
  PACKET_SEND_ACCESS_NOT_SET_UP: { status: 400, message: 'Send access not set up.' },
  PACKET_QUESTIONS_NOT_ALL_ASSIGNED: { status: 400, message: 'Assignable questions not all assigned.' },
  PACKET_NO_ASSIGNABLE_QUESTIONS: { status: 400, message: 'No assignable questions found.' },
  PACKET_SUBMITTER_STEP_ALL_QUESTIONS: { status: 400, message: 'One submitter step cannot be assigned all questions.' },
  PACKET_QUESTION_ASSIGNED_TWICE: { status: 400, message: 'A question can be assigned to one submitter step only.' },
  PACKET_UNKNOWN_QUESTION: { status: 400, message: 'A step refers to a question that does not exist.' },
  PACKET_TOO_MANY_SUBMITTER_STEPS: { status: 400, message: 'A workflow can have at most 3 submitter steps.' },
  PACKET_TOO_MANY_APPROVER_STEPS: { status: 400, message: 'A workflow can have at most 4 approver steps.' },
  PACKET_STEP_NAME_INVALID: { status: 400, message: 'Step name is mandatory, max 10 words.' },
  PACKET_STEP_NO_ACTOR: { status: 400, message: 'Choose who acts at this step.' },
  PACKET_STEP_PERSON_UNAVAILABLE: {
    status: 400,
    message: 'This step names a person who is not an active member of your school.',
  },
  PACKET_STEP_GROUP_UNAVAILABLE: {
    status: 400,
    message: 'This step names a group with no active members at your school.',
  },
  PACKET_STEP_UNREACHABLE: { status: 400, message: 'This step cannot be reached from the start of the workflow.' },
  PACKET_WORKFLOW_INVALID: { status: 400, message: 'The workflow definition is invalid.' },
  EXTERNAL_SIGNER_DETAILS: { status: 400, message: 'Fill external signer details.' },
  PACKET_FROZEN: {
    status: 409,
    message:
      'This packet is published or has submissions: only minor edits are allowed. Clone it to change its structure.',
  },
  PACKET_NOT_PUBLISHED: { status: 409, message: 'Publish the packet before sending it.' },
  PACKET_ARCHIVED: { status: 409, message: 'This packet is archived.' },
  PACKET_VOIDED: { status: 410, message: 'This packet was voided by the sender.' },
  SEND_MESSAGE_TOO_LONG: { status: 400, message: 'Message max 200 words.' },
  PACKET_NO_RECIPIENTS: { status: 400, message: 'Choose at least one recipient.' },
  COMMENT_TOO_LONG: { status: 400, message: 'Comment must be under 200 words.' },
  /** One entry for every reason a person must give (spec: "Deletion reason required", reject and reopen with a reason). */
  REASON_REQUIRED: { status: 400, message: 'A reason is required.' },
  REASON_TOO_LONG: { status: 400, message: 'Reason max 50 words.' },
  CHANGE_REQUEST_CONDITION_ALERT: {
    status: 409,
    message:
      'Cannot request a change on these questions: they are tied to several conditional workflow steps. Void the packet instead.',
  },
  STEP_NOT_ACTIVE: { status: 409, message: 'This step is not active.' },
  NOT_YOUR_TURN: { status: 403, message: 'It is not your turn to act on this packet.' },
  SUBMISSION_CLOSED: { status: 409, message: 'This submission is closed.' },
  ESIGN_CONSENT_REQUIRED: { status: 400, message: 'Accept the consent to sign electronically first.' },
  SIGNATURE_REQUIRED: { status: 400, message: 'Sign to approve.' },
  PACKET_FORM_NOT_PUBLISHED: { status: 409, message: 'Publish every form of the packet before publishing it.' },
  // Comp tickets (spec part 2 §5 and §8: "tickets under 100", "set a valid time")
  COMP_TICKETS_LIMIT: { status: 400, message: 'Tickets per user must be a whole number under 100.' },
  COMP_TICKET_REMINDER_INVALID: { status: 400, message: 'Set a valid time: a whole number of hours from 1 to 168.' },
  // Operator console (issue 6)
  WORKFLOW_NOT_RUNNING: { status: 409, message: 'This process has already ended.' },
  NOTHING_TO_RETRY: { status: 409, message: 'Nothing is failing in this process, so there is nothing to retry.' },
  TASK_NOT_OPEN: { status: 409, message: 'This task is no longer open.' },
  TASK_ALREADY_ASSIGNED: { status: 409, message: 'This person already has this task.' },
  ASSIGNEE_INVALID: { status: 400, message: 'Choose an active user of the same school.' },
  // Disclosures (part 2 §5 "Disclosures and general")
  AMOUNT_RANGE: { status: 400, message: 'Amount must be a number between $0 and $999,999.' },
  NOTES_TOO_LONG: { status: 400, message: 'Notes max 250 words.' },
  CHANGE_REASON_REQUIRED: { status: 400, message: 'Choose a change reason.' },
  CONFLICT_FLAG_FIELDS: { status: 400, message: 'Conflict flag name and category are required.' },
  FLAG_DESCRIPTION_TOO_LONG: { status: 400, message: 'Description max 120 characters.' },
  DISCLOSURE_NOT_EDITABLE: {
    status: 409,
    message: 'This disclosure can only be edited as a draft or after a change request.',
  },
  DISCLOSURE_INVALID_STATE: { status: 409, message: "This action is not possible in the disclosure's current state." },
  DISCLOSURE_OTHER_REVIEWER: { status: 403, message: 'This disclosure was escalated to another reviewer.' },
  DISCLOSURE_ARCHIVED: { status: 409, message: 'This disclosure is archived.' },
  DISCLOSURE_PARTICIPANTS_INVALID: { status: 400, message: 'Participants must be student-athletes of your school.' },
  // Template library (spec part 2 §8: "template creation, update or delete failed")
  TEMPLATE_CREATE_FAILED: { status: 400, message: 'Template creation failed.' },
  TEMPLATE_ARCHIVED: { status: 409, message: 'This template is archived. Unarchive it first.' },
  TEMPLATE_NO_INSTITUTIONS: { status: 400, message: 'Select at least one institution.' },
  TEMPLATE_ASSIGNMENT_RUNNING: {
    status: 409,
    message: 'An assignment of this template is still running. Wait until it completes.',
  },
  // Packet and folder management (sent, archive, transfer, share)
  PACKET_NEW_OWNER_INVALID: { status: 400, message: 'Choose an active school admin or coach of your school.' },
  PACKET_SHARE_USERS_INVALID: {
    status: 400,
    message: 'Share only with active school admins or coaches of your school.',
  },
  NOT_ARCHIVED: { status: 409, message: 'This is not archived.' },
  FOLDER_ARCHIVED: { status: 409, message: 'This folder is archived. Restore it first.' },
  // Bulk upload of student-athletes (spec part 2 §8: "bulk upload errors per row", "upload limits exceeded")
  UPLOAD_ROW_ERRORS: { status: 400, message: 'Bulk upload errors: fix the rows listed and upload the file again.' },
  UPLOAD_LIMIT_EXCEEDED: { status: 400, message: 'Upload limits exceeded.' },
  UPLOAD_EMPTY: { status: 400, message: 'The file has no rows to import.' },
  UPLOAD_ALREADY_IMPORTED: { status: 409, message: 'This upload has already been imported.' },
  // Every spreadsheet upload is read in a worker thread under hard limits; past one the read stops (issue 36).
  UPLOAD_TOO_LARGE: { status: 400, message: 'The file is too large: upload at most 20 MB.' },
  UPLOAD_TOO_LARGE_UNPACKED: { status: 400, message: 'The file is too large once unpacked.' },
  UPLOAD_TOO_MANY_ROWS: { status: 400, message: 'The file has more than 10,000 rows.' },
  UPLOAD_TOO_MANY_COLUMNS: { status: 400, message: 'The file has more than 200 columns.' },
  UPLOAD_READ_TIMEOUT: { status: 400, message: 'The file took too long to read.' },
  // Rosters: declaration, rollover and change requests
  ROSTER_NOT_EDITABLE: { status: 409, message: 'This roster cannot be changed in its current state.' },
  ROSTER_ROLLOVER_EXISTS: { status: 409, message: 'This roster has already been started for the academic year.' },
  ROSTER_ATHLETE_ON_ROSTER: { status: 409, message: 'This athlete is already on the roster.' },
  ROSTER_ATHLETE_NOT_ON_ROSTER: { status: 400, message: 'This athlete is not on the roster.' },
  ROSTER_COMMENT_REQUIRED: { status: 400, message: 'A comment is required to request changes.' },
  ROSTER_NO_PENDING_REQUESTS: { status: 409, message: 'These change requests have already been decided.' },
  // Calendar: sport segments and events (part 2 §5 "Events and CARA", §9 limits)
  SEGMENT_DATES_REQUIRED: { status: 400, message: 'Segment start and end must differ and be filled.' },
  SEGMENT_END_BEFORE_START: { status: 400, message: 'Segment end cannot be before its start.' },
  SEGMENT_OUTSIDE_YEAR: { status: 400, message: 'Segment dates must fall within the academic year.' },
  SEGMENT_OVERLAP: { status: 409, message: 'Segments of one team cannot overlap.' },
  SEGMENT_TYPE_MISMATCH: { status: 400, message: 'This segment type does not belong to the season type.' },
  TEAM_NOT_YOURS: { status: 403, message: 'You can only manage your own teams.' },
  EVENT_FIELDS_REQUIRED: { status: 400, message: 'Name, team, category, date and attendees are required.' },
  EVENT_NAME_TOO_LONG: { status: 400, message: 'Event name max 10 words.' },
  EVENT_NOTES_TOO_LONG: { status: 400, message: 'Event notes max 50 words.' },
  EVENT_AGENDA_TOO_LONG: { status: 400, message: 'Event agenda max 200 words.' },
  EVENT_END_BEFORE_START: { status: 400, message: 'Start time must be before end time.' },
  EVENT_TOO_LONG: { status: 400, message: 'An event can last at most 3 days.' },
  EVENT_REPEAT_END_REQUIRED: { status: 400, message: 'End repeat date is required for repeating events.' },
  EVENT_REPEAT_WEEKDAYS_REQUIRED: { status: 400, message: 'Weekdays are required for a weekly repeat.' },
  EVENT_REPEAT_END_BEFORE_START: { status: 400, message: 'End repeat date cannot be before the event date.' },
  EVENT_INDIVIDUALS_LIMIT: { status: 400, message: 'Max 5 individuals per event.' },
  EVENT_TEAMS_LIMIT: { status: 400, message: 'Max 5 sports teams per event.' },
  EVENT_ATTENDEES_INVALID: { status: 400, message: 'Attendees must be athletes, staff or teams of your school.' },
  EVENT_TIME_ZONE_INVALID: { status: 400, message: 'Choose a valid time zone.' },
  EVENT_REMINDER_INVALID: { status: 400, message: 'Choose one of the reminder options.' },
  EVENT_REJECT_REASON_REQUIRED: { status: 400, message: 'Reject reason is required, max 50 words.' },
  EVENT_ALREADY_DECIDED: { status: 409, message: 'This event has already been decided.' },
  // Recruiting events (part 2 §5 "Recruiting"): the spec's limits in its words
  RECRUITING_EVENT_TOO_LONG: { status: 400, message: 'Event at most 3 days.' },
  RECRUITING_EVALUATION_TOO_LONG: { status: 400, message: 'Evaluation range max 14 days.' },
  RECRUITING_EVENT_START_AFTER_END: { status: 400, message: 'Start date not after end date.' },
  RECRUITING_EVENT_DESCRIPTION_TOO_LONG: { status: 400, message: 'Event description max 20 words.' },
  RECRUITING_EVENT_PSAS_LIMIT: { status: 400, message: 'Max 20 PSAs per event selection.' },
  RECRUITING_EVENT_FIELDS_REQUIRED: {
    status: 400,
    message: 'Name, kind, team, dates and time zone are required.',
  },
  RECRUITING_EVENT_REJECTED: {
    status: 409,
    message: 'A rejected event cannot be changed. Create a new event instead.',
  },
  RECRUITING_EVENT_ON_ITS_PAGE: {
    status: 409,
    message: 'Change or cancel a recruiting event on its Recruiting Events page.',
  },
  RECRUITING_EVENT_ATTENDEES_INVALID: {
    status: 400,
    message: "Attendees must be your school's prospects, roster athletes and coaches.",
  },
  // Athlete custom field definitions (spec part 2: name max 255 characters)
  CUSTOM_FIELD_NAME_EXISTS: {
    status: 409,
    message: 'A custom field with this name already exists for the same athletes.',
  },
  // CARA logs and the Bylaw 17 engine (issue 17)
  BYLAW17_NOT_APPLICABLE: {
    status: 409,
    // Spec part 2, "E-signature and CARA" errors, in its words.
    message: 'Bylaw 17 engine not applicable when the out-of-season start day is missing.',
  },
  CARA_MULTIPLE_TEAMS: { status: 400, message: 'Multiple teams block CARA events.' },
  CARA_SURVEY_EXPIRED: { status: 409, message: 'CARA survey expired.' },
  CARA_SEGMENT_NOT_CONFIGURED: {
    status: 409,
    message: 'Sport segment not configured so CARA logs cannot be turned on.',
  },
  CARA_SETTINGS_REQUIRED: {
    status: 400,
    message: 'CARA settings need due date, frequency, submitter, reviewer and survey expiry.',
  },
  CARA_DISMISS_REASON_REQUIRED: {
    status: 400,
    message: 'Choose an error reason and write a note to dismiss a violation.',
  },
  CARA_LOG_LOCKED: { status: 409, message: 'This CARA log is submitted and can no longer be edited.' },
  // The spec words no message for it; the domain notes: events in a submitted or approved log are locked.
  CARA_EVENT_LOCKED: {
    status: 409,
    message:
      'This event is in a submitted or approved CARA log and is locked. An admin can reopen the log to change it.',
  },
  CARA_LOG_WRONG_STATE: { status: 409, message: 'This CARA log cannot do that in its current state.' },
  CARA_NOT_SUBMITTER: { status: 403, message: 'Only CARA submitters chosen by the coach submit or edit logs.' },
  CARA_NOT_REVIEWER: { status: 403, message: 'Only the CARA reviewers of this team review its logs.' },
  CARA_REJECT_NOTES_REQUIRED: { status: 400, message: 'Write notes for the coach when rejecting a CARA log.' },
  CARA_DISPUTE_REASON_REQUIRED: { status: 400, message: 'Give a reason when disputing an event.' },
  // Recruiting: prospects, the board and the transfer to a roster (part 2 §5 "Recruiting", §8, §9)
  PSA_EMAIL_EXISTS: { status: 409, message: 'Email exists.' },
  PSA_TAG_LIMIT: { status: 400, message: 'Recruiting board tags max 50.' },
  PSA_NOTES_TOO_LONG: { status: 400, message: 'PSA notes max 500 words.' },
  PSA_ADDED_TO_ROSTER: {
    status: 409,
    message: 'This prospect has been added to the roster; the transfer cannot be undone.',
  },
  PSA_TRANSFER_IRREVERSIBLE: { status: 409, message: 'A transfer to the roster cannot be undone.' },
  PSA_TRANSFER_PENDING: { status: 409, message: 'A transfer of this prospect is already waiting for approval.' },
  PSA_TRANSFER_NEEDS_EMAIL: { status: 400, message: "Add the prospect's email before transferring them to a roster." },
  PSA_ALREADY_ON_ROSTER: { status: 409, message: 'An athlete with this email is already on this roster.' },
  PSA_EMAIL_BELONGS_TO_ANOTHER_USER: {
    status: 409,
    message: 'This email already belongs to an account that is not a student-athlete of this school.',
  },
  PSA_REJECT_REASON_REQUIRED: { status: 400, message: 'A reason is required to reject the transfer.' },
  PSA_ARCHIVED: { status: 409, message: 'This prospect is archived. Unarchive them first.' },
  PSA_MERGE_INVALID: { status: 400, message: 'Choose two different prospects to merge.' },
  PSA_ATTACHMENTS_LIMIT: { status: 400, message: 'Upload limits exceeded: max 20 files per PSA.' },
  // Public recruiting questionnaires (part 2 §5 "Recruiting", §8, §9)
  QUESTIONNAIRE_LINK_INVALID: { status: 404, message: 'Invalid or deactivated questionnaire link.' },
  BOT_CHECK_FAILED: { status: 400, message: 'reCAPTCHA verification failed. Please refresh the page and try again.' },
  QUESTIONNAIRE_URL_INVALID: {
    status: 400,
    message: 'Custom URL may contain letters, numbers, hyphens and underscores only.',
  },
  QUESTIONNAIRE_URL_TAKEN: { status: 409, message: 'This custom URL is already used by another questionnaire.' },
  QUESTIONNAIRE_CONFIRMATION_TOO_LONG: { status: 400, message: 'Confirmation message max 30 words.' },
  QUESTIONNAIRE_ATTACHMENTS_PER_QUESTION: { status: 400, message: 'Max 5 attachments per question.' },
  QUESTIONNAIRE_ATTACHMENTS_PER_FORM: { status: 400, message: 'Max 10 attachments per form.' },
  QUESTIONNAIRE_FORM_NOT_PUBLISHED: {
    status: 409,
    message: 'Publish the form in the form builder before opening the questionnaire.',
  },
  // Recruiting forms (part 2 §8 "Templates, forms and recruiting")
  RECRUITING_FORM_LINK_EXPIRED: {
    status: 410,
    message: 'This recruiting form link has expired. A new link has been emailed to you.',
  },
  RECRUITING_FORM_ALREADY_SUBMITTED: { status: 409, message: 'Form already submitted.' },
  RECRUITING_FORM_NOT_FOUND: { status: 404, message: 'Form not found.' },
  RECRUITING_FORM_NO_RECIPIENTS: { status: 400, message: 'Send form failed: the recipient list must not be empty.' },
  RECRUITING_FORM_TOO_MANY_RECIPIENTS: { status: 400, message: 'Choose at most 20 prospects at a time.' },
  RECRUITING_FORM_NOT_PUBLISHED: { status: 409, message: 'Publish the template before sending it.' },
  RECRUITING_FORM_PSA_NO_EMAIL: { status: 400, message: 'Every prospect needs an email to receive the form.' },
  // Recruiting expenses and materials (part 2 §5 amounts, files and "Recruiting"; §9 limits)
  EXPENSE_AMOUNT_RANGE: { status: 400, message: 'Amount must be a number between $0 and $999,999.' },
  EXPENSE_CATEGORY_INVALID: {
    status: 400,
    message: 'Expense type must be Meal, Transportation, Accommodation, Parking or Other.',
  },
  EXPENSE_DATE_INVALID: { status: 400, message: 'Date of transaction must be a valid date, not in the future.' },
  EXPENSE_SIGNATURE_REQUIRED: { status: 400, message: 'Sign the expense before submitting it.' },
  EXPENSE_RECEIPTS_LIMIT: { status: 400, message: 'Upload limits exceeded: expenses max 30 uploads.' },
  EXPENSE_NOT_EDITABLE: { status: 409, message: 'Receipts can only be changed while the expense is pending.' },
  EXPENSE_REJECT_REASON_REQUIRED: { status: 400, message: 'A reason is required to reject the expense.' },
  EXPENSE_REJECT_REASON_TOO_LONG: { status: 400, message: 'Reject reason max 50 words.' },
  EXPENSE_OWN_DECISION: { status: 403, message: 'Another school admin decides your own expenses.' },
  MATERIALS_FILE_LIMIT: { status: 400, message: 'Upload limits exceeded: materials max 20 files.' },
  MATERIAL_TOO_LARGE: { status: 413, message: 'File too large: materials max 20 MB per file.' },
  MATERIALS_TOTAL_LIMIT: { status: 413, message: 'Upload limits exceeded: materials max 25 MB in total.' },
  MATERIAL_DESCRIPTION_TOO_LONG: { status: 400, message: 'Description max 50 words.' },
  // Education (issue 40; part 2 §5 "Education" limits and §8 "Content" errors, in the spec's words)
  ARTICLE_TOO_LONG: { status: 400, message: 'Article max 7500 words.' },
  CONTENT_DESCRIPTION_TOO_LONG: { status: 400, message: 'Content description must be under 1000 characters.' },
  COURSE_DESCRIPTION_TOO_LONG: { status: 400, message: 'Course description must be under 2000 characters.' },
  COURSE_MODULES_REQUIRED: { status: 400, message: 'A course needs at least one module.' },
  CONTENT_COMPLETE_BY_REQUIRED: { status: 400, message: 'Required content needs a complete-by date.' },
  CONTENT_STATE_INVALID: { status: 409, message: 'This content cannot be changed in its current state.' },
  CONTENT_NOT_ASSIGNABLE: { status: 409, message: 'Only published content can be assigned.' },
  CONTENT_CREATION_FAILED: { status: 400, message: 'Content creation failed.' },
  QUIZ_TOO_FEW_CHOICES: { status: 400, message: 'Quiz needs at least 4 multiple-choice answers.' },
  QUIZ_TIME_LIMIT_TOO_LONG: { status: 400, message: 'Quiz time limit max 10 minutes.' },
  QUIZ_QUESTIONS_REQUIRED: { status: 400, message: 'A quiz needs at least one question.' },
  QUIZ_QUESTION_INVALID: { status: 400, message: 'Each question needs its choices and its one correct answer.' },
  QUIZ_ATTEMPTS_USED: { status: 409, message: 'All quiz attempts have been used.' },
  QUIZ_ALREADY_PASSED: { status: 409, message: 'You have already passed this quiz.' },
  QUIZ_TIME_UP: { status: 409, message: 'Time is up: this quiz attempt can no longer be answered.' },
  QUIZ_ATTEMPT_CLOSED: { status: 409, message: 'This quiz attempt has already been submitted.' },
  NO_ELIGIBLE_RECIPIENTS: { status: 400, message: 'No eligible attendees or recipients.' },
  // Contracts and payment schedules (issue 38; part 2 §5 amounts, §9 $0 to $999,999 and the $600 threshold)
  CONTRACT_DISCLOSURE_NOT_APPROVED: { status: 409, message: 'A contract can only be added to an approved disclosure.' },
  CONTRACT_DATES_INVALID: { status: 400, message: 'Start date must not be after end date.' },
  CONTRACT_NOT_PENDING: { status: 409, message: 'This contract has already been decided.' },
  CONTRACT_NOT_ACTIVE: { status: 409, message: 'Payments can only be scheduled on an active contract.' },
  CONTRACT_REJECT_REASON_REQUIRED: { status: 400, message: 'A reason is required to reject the contract.' },
  CONTRACT_REJECT_REASON_TOO_LONG: { status: 400, message: 'Reject reason max 50 words.' },
  CONTRACT_DOCUMENT_PDF_ONLY: { status: 415, message: 'The signed contract must be a PDF.' },
  SCHEDULE_EXISTS: { status: 409, message: 'This contract already has a payment schedule.' },
  SCHEDULE_EXCEEDS_TOTAL: { status: 400, message: "The payments would exceed the contract's total." },
  PAYMENT_NOT_OPEN: { status: 409, message: 'This payment is not open for confirmation.' },
  // Bank accounts and the tax calculator (issue 38; part 1 §3 "Payment": bank, account number, type, name on account)
  BANK_ROUTING_INVALID: { status: 400, message: 'Routing number is not valid. Check its 9 digits.' },
  BANK_ACCOUNT_NUMBER_INVALID: { status: 400, message: 'Account number must be 4 to 17 digits.' },
  BANK_ACCOUNT_TYPE_INVALID: { status: 400, message: 'Account type must be Checking or Savings.' },
  TAX_YEAR_UNSUPPORTED: { status: 400, message: 'The calculator has no tax tables for this year.' },
  TAX_STATE_UNSUPPORTED: { status: 400, message: 'The calculator has no tax table for this state.' },
  // Partners: the agent registry (issue 39; part 2 §5 "Agent number required and must exist", §8 "invalid agent number")
  INVALID_AGENT_NUMBER: { status: 400, message: 'Invalid agent number.' },
  AGENT_REGISTRATION_EXPIRED: { status: 400, message: "The agent's state registration has expired." },
  AGENT_EMAIL_EXISTS: { status: 409, message: 'An agent with this email is already in the registry.' },
  AGENT_NOT_PENDING: { status: 409, message: 'This agent has already been confirmed or rejected.' },
  AGENT_REJECT_REASON_REQUIRED: { status: 400, message: 'A reason is required to reject the agent.' },
  AGENT_REJECT_REASON_TOO_LONG: { status: 400, message: 'Reject reason max 50 words.' },
  AGENT_LINK_INVALID: { status: 410, message: 'This link is invalid or has expired.' },
  AGENT_LINK_USED: { status: 409, message: 'This link has already been used.' },
  // Vendors' cards (issue 39): the custom URL rules
  VENDOR_URL_TAKEN: { status: 409, message: 'This custom URL is already taken.' },
  VENDOR_URL_INVALID: {
    status: 400,
    message: 'Custom URL: letters, numbers, hyphens and underscores only, no slash, at most 60 characters.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorDetail {
  field?: string;
  message: string;
  code?: string;
}

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; details?: ErrorDetail[] };
}

/** A failure the API turns into its error shape; thrown by services and repositories. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, details?: ErrorDetail[], message?: string) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    if (details) this.details = details;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as { error: unknown }).error === 'object'
  );
}
