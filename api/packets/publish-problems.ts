/**
 * Everything that stops a packet from being published, listed at once and each tied to the settings tab where it is
 * fixed (or the form, for a problem inside one), so the Publish tab can list them with links and the publish request
 * can refuse with all of them rather than the first. Pure: the caller loads the packet and its forms.
 */
import { AppError, ERRORS, type ErrorCode } from '../../domain/errors';
import { checkPacketWorkflow, type PacketWorkflowDefinition } from '../../domain/packet-workflow';
import { PACKET_LIMITS } from '../../domain/packets';
import { checkDefinition, countWords, type FormVersion } from '../../form-engine';

/** The settings tab a problem is fixed on; `form` means inside the named form itself. */
export type PublishProblemPlace = 'basic' | 'sender' | 'workflow' | 'form';

export interface PublishProblem {
  code: string;
  message: string;
  place: PublishProblemPlace;
  formId?: string;
  stepId?: string;
}

export interface PublishCheckInput {
  name: string;
  description: string;
  formIds: readonly string[];
  forms: ReadonlyArray<{ formId: string; name: string; published: boolean; definition: FormVersion }>;
  workflow: PacketWorkflowDefinition;
  senders: { userIds: readonly string[]; groups: readonly string[] };
  /** Steps naming someone who could never act (checked against the database by the caller). */
  accountProblems?: ReadonlyArray<{ code: string; message: string; stepId?: string }>;
}

function problem(code: ErrorCode, place: PublishProblemPlace, extra: Partial<PublishProblem> = {}): PublishProblem {
  return { code, message: ERRORS[code].message, place, ...extra };
}

/** In the order a person fixes them: basic info, the forms, the workflow, who may send. */
export function findPublishProblems(input: PublishCheckInput): PublishProblem[] {
  const problems: PublishProblem[] = [];
  if (!input.name.trim() || !input.description.trim())
    problems.push(problem('PACKET_NAME_OR_DESCRIPTION_EMPTY', 'basic'));
  if (countWords(input.name) > PACKET_LIMITS.nameMaxWords) problems.push(problem('PACKET_NAME_TOO_LONG', 'basic'));
  if (countWords(input.description) > PACKET_LIMITS.descriptionMaxWords)
    problems.push(problem('PACKET_DESCRIPTION_TOO_LONG', 'basic'));
  const distinct = new Set(input.formIds);
  if (
    distinct.size !== input.formIds.length ||
    input.formIds.length < PACKET_LIMITS.minForms ||
    input.formIds.length > PACKET_LIMITS.maxForms ||
    input.forms.length !== input.formIds.length
  ) {
    problems.push(problem('PACKET_FORMS_RANGE', 'basic'));
  }
  for (const form of input.forms) {
    if (!form.published) {
      problems.push({
        code: 'PACKET_FORM_NOT_PUBLISHED',
        message: `Publish the form “${form.name}” first.`,
        place: 'form',
        formId: form.formId,
      });
      continue;
    }
    for (const p of checkDefinition(form.definition)) {
      problems.push({ code: p.code, message: `${form.name}: ${p.message}`, place: 'form', formId: form.formId });
    }
  }
  const workflowProblems = checkPacketWorkflow(
    input.workflow,
    input.forms.map((f) => ({ formId: f.formId, version: f.definition })),
  );
  for (const p of [...workflowProblems, ...(input.accountProblems ?? [])]) {
    problems.push({ code: p.code, message: p.message, place: 'workflow', ...(p.stepId ? { stepId: p.stepId } : {}) });
  }
  if (input.senders.userIds.length === 0 && input.senders.groups.length === 0) {
    problems.push(problem('PACKET_SEND_ACCESS_NOT_SET_UP', 'sender'));
  }
  return problems;
}

/** The refusal of a publish: the first problem's code and wording, every problem in the details. */
export function publishRefusal(problems: readonly PublishProblem[]): AppError {
  const first = problems[0]!;
  return new AppError(
    first.code as ErrorCode,
    problems.map((p) => ({
      code: p.code,
      message: p.message,
      field: p.place === 'form' ? `forms.${p.formId}` : (p.stepId ?? p.place),
    })),
    first.code === 'PACKET_FORM_NOT_PUBLISHED' ? ERRORS.PACKET_FORM_NOT_PUBLISHED.message : first.message,
  );
}
