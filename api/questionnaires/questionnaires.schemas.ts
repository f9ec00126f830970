import { Type, type Static } from 'typebox';
import {
  QUESTIONNAIRE_CONTACT_FIELDS,
  QUESTIONNAIRE_LIMITS,
  QUESTIONNAIRE_STATUSES,
  type QuestionnaireContactField,
  type QuestionnaireStatus,
} from '../../domain/questionnaires';
import { FormDefinitionSchema } from '../forms/form-definition.schemas';
import { refusals } from '../shared/refusals';
import { IsoDate, JsonObject, Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/**
 * The questionnaires API contract: the staff routes (list, meta, create, edit, activate, details with responses) and
 * the public page's (form, proof-of-work challenge, submission). Every answer is a closed object: the response schema
 * is what Fastify serializes with, so a property the handler returns but this file leaves out would silently vanish.
 */
const closed = { additionalProperties: false } as const;

/** Create: every setting; the name, URL and message rules are checked with the catalogue's wording. */
export const QuestionnaireBody = Type.Object(
  {
    name: SingleLine({ maxLength: QUESTIONNAIRE_LIMITS.nameMaxLength }),
    customUrl: Type.String({ maxLength: 200 }),
    formId: Uuid,
    confirmationMessage: Type.String({ maxLength: QUESTIONNAIRE_LIMITS.confirmationMaxLength }),
    sportTeamId: Type.Optional(Nullable(Uuid)),
    active: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type QuestionnaireBody = Static<typeof QuestionnaireBody>;

/** Edit: any of the settings. */
export const QuestionnairePatchBody = Type.Partial(QuestionnaireBody, closed);
export type QuestionnairePatchBody = Static<typeof QuestionnairePatchBody>;

export const AttachmentParams = Type.Object({ id: Uuid, fileId: Uuid });

export const QuestionnaireStatusSchema = Type.Enum(Object.keys(QUESTIONNAIRE_STATUSES) as QuestionnaireStatus[]);

/** A questionnaire as staff see it: its settings, form and team, response counts and the public path of its link. */
export const QuestionnaireDto = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    customUrl: Type.String(),
    confirmationMessage: Type.String(),
    status: QuestionnaireStatusSchema,
    formId: Uuid,
    formName: Type.String(),
    sportTeamId: Nullable(Uuid),
    sportTeam: Nullable(Type.String({ description: 'The team name.' })),
    responseCount: Type.Integer(),
    lastResponseAt: Nullable(Timestamp),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    publicPath: Type.String({ description: 'The public link: /paperwork/<school URL name>/<custom URL>.' }),
  },
  closed,
);
export type QuestionnaireDto = Static<typeof QuestionnaireDto>;

export const QuestionnaireList = Type.Array(QuestionnaireDto);

const NamedRef = Type.Object({ id: Uuid, name: Type.String() }, closed);

/** What the create and edit dialog picks from: the school's forms with a published version, and its teams. */
export const QuestionnaireMeta = Type.Object({ forms: Type.Array(NamedRef), teams: Type.Array(NamedRef) }, closed);
export type QuestionnaireMeta = Static<typeof QuestionnaireMeta>;

/** One prospect's answers to a questionnaire, with the prospect it matched (or created). */
export const QuestionnaireResponseDto = Type.Object(
  {
    id: Uuid,
    psaId: Uuid,
    psaName: Type.String(),
    email: Nullable(Type.String()),
    createdPsa: Type.Boolean({ description: 'True when this answer created the prospect.' }),
    submittedAt: Timestamp,
    answers: JsonObject('The answers keyed by question (element id), as the form engine normalised them.'),
    formVersion: Type.Integer(),
  },
  closed,
);
export type QuestionnaireResponseDto = Static<typeof QuestionnaireResponseDto>;

/** The details screen: the questionnaire, its form's published definition (null if none) and its responses. */
export const QuestionnaireDetail = Type.Object(
  {
    questionnaire: QuestionnaireDto,
    form: Nullable(FormDefinitionSchema),
    responses: Type.Array(QuestionnaireResponseDto, { description: 'Newest first, at most 500.' }),
  },
  closed,
);
export type QuestionnaireDetail = Static<typeof QuestionnaireDetail>;

const ContactFieldName = Type.Enum(QUESTIONNAIRE_CONTACT_FIELDS.map((f) => f.name) as QuestionnaireContactField[]);

/** A public link: the school's URL name and the questionnaire's custom URL, matched in any case. */
export const PublicQuestionnaireParams = Type.Object({
  school: Type.String({ minLength: 1, maxLength: 100 }),
  customUrl: Type.String({ minLength: 1, maxLength: 200 }),
});

/** The public page: the questionnaire's name, the school, the contact fields asked first, the form and its limits. */
export const PublicQuestionnaireDto = Type.Object(
  {
    name: Type.String(),
    schoolName: Type.String(),
    contactFields: Type.Array(
      Type.Object(
        { name: ContactFieldName, label: Type.String(), required: Type.Boolean(), type: Type.String() },
        closed,
      ),
    ),
    form: FormDefinitionSchema,
    today: IsoDate,
    limits: Type.Object(
      {
        attachmentsPerQuestion: Type.Integer(),
        attachmentsPerForm: Type.Integer(),
      },
      closed,
    ),
  },
  closed,
);
export type PublicQuestionnaireDto = Static<typeof PublicQuestionnaireDto>;

/** An ALTCHA proof-of-work challenge, bound to one questionnaire and valid ten minutes. */
export const BotChallenge = Type.Object(
  {
    algorithm: Type.String(),
    challenge: Type.String(),
    maxnumber: Type.Optional(Type.Number()),
    salt: Type.String(),
    signature: Type.String(),
  },
  closed,
);
export type BotChallenge = Static<typeof BotChallenge>;

export const SubmittedResponse = Type.Object({ confirmationMessage: Type.String() }, closed);
export type SubmittedResponse = Static<typeof SubmittedResponse>;

// The business rules each operation refuses valid-shaped input for, stated in its description (refusals()).

const SETTINGS_REFUSALS = {
  MANDATORY_FIELD: 'when the name, the custom URL or the confirmation message is blank',
  QUESTIONNAIRE_URL_INVALID: `when the custom URL has characters other than letters, numbers, hyphens and underscores, or is longer than ${QUESTIONNAIRE_LIMITS.customUrlMaxLength} characters`,
  QUESTIONNAIRE_CONFIRMATION_TOO_LONG: `when the confirmation message has more than ${QUESTIONNAIRE_LIMITS.confirmationMaxWords} words`,
  QUESTIONNAIRE_URL_TAKEN: "when another of the school's questionnaires has the custom URL (in any case)",
  VALIDATION_FAILED: 'when the sport team is not one of the school',
  QUESTIONNAIRE_FORM_NOT_PUBLISHED: 'when the form is not a live form of the school with a published version',
} as const;

export const CREATE_QUESTIONNAIRE_DESCRIPTION = `Creates a questionnaire, inactive unless \`active\`. ${refusals(SETTINGS_REFUSALS)}`;
export const UPDATE_QUESTIONNAIRE_DESCRIPTION = `Changes the given settings. ${refusals(SETTINGS_REFUSALS)}`;
export const ACTIVATE_QUESTIONNAIRE_DESCRIPTION = `Opens the public link. ${refusals({
  QUESTIONNAIRE_FORM_NOT_PUBLISHED: "when the questionnaire's form has no published version any more",
})}`;

const LINK_REFUSAL = {
  QUESTIONNAIRE_LINK_INVALID:
    'when no questionnaire of a school with this URL name has this custom URL (in any case), it is deactivated, or its form has no published version',
} as const;

export const PUBLIC_PAGE_DESCRIPTION = `The public page's questionnaire; no session. ${refusals(LINK_REFUSAL)}`;
export const PUBLIC_CHALLENGE_DESCRIPTION = `A fresh proof-of-work challenge for the submission; no session. ${refusals(LINK_REFUSAL)}`;
export const PUBLIC_SUBMIT_DESCRIPTION = `Multipart: a JSON \`payload\` field (contact, answers, altcha) and the files, each part named by the attachment question it answers. ${refusals(
  {
    ...LINK_REFUSAL,
    BAD_REQUEST: 'when the `payload` field is not JSON',
    BOT_CHECK_FAILED:
      'when the proof-of-work is missing, wrong, expired, issued for another questionnaire or already used',
    MANDATORY_FIELD: 'when a required contact field or a required question is not answered',
    INVALID_EMAIL: 'when the e-mail is not an e-mail address',
    INVALID_PHONE: 'when the mobile number does not have 10 digits',
    VALIDATION_FAILED:
      "when a contact field or an answer breaks the form's rules, or files answer a question that takes none",
    QUESTIONNAIRE_ATTACHMENTS_PER_QUESTION: `when a question has more than ${QUESTIONNAIRE_LIMITS.attachmentsPerQuestion} files`,
    QUESTIONNAIRE_ATTACHMENTS_PER_FORM: `when the submission has more than ${QUESTIONNAIRE_LIMITS.attachmentsPerForm} files`,
    ANSWER_TOO_DEEP: 'when an answer nests too deep',
    ANSWER_TOO_LARGE: 'when an answer holds too many parts',
    UPLOAD_FAILED: 'when a file is empty or the upload cannot be read',
    FILE_TOO_LARGE: 'when a file is larger than 20 MB',
    FILE_TYPE_NOT_ALLOWED: "when a file's extension, declared type or first bytes are not of an allowed type",
    PSA_EMAIL_EXISTS: 'when the e-mail belongs to a prospect already added to a roster',
  },
)}`;
