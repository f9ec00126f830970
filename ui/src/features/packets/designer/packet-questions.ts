/** The questions of a packet's forms as the designer names them: qualified refs `${formId}:${elementId}`. */
import { isAnswerableType, type FormElement, type FormVersion } from '../../../../../form-engine';

export interface PacketForm {
  formId: string;
  name: string;
  version: FormVersion;
}

export interface PacketQuestion {
  ref: string;
  formId: string;
  formName: string;
  element: FormElement;
  label: string;
}

export function qualify(formId: string, elementId: string): string {
  return `${formId}:${elementId}`;
}

export function listQuestions(forms: readonly PacketForm[]): PacketQuestion[] {
  return forms.flatMap((form) =>
    form.version.elements
      .filter((element) => isAnswerableType(element.type))
      .map((element) => ({
        ref: qualify(form.formId, element.id),
        formId: form.formId,
        formName: form.name,
        element,
        label: element.label.trim() || element.dataLabel,
      })),
  );
}

/** Ref → "Question" (or "Form · Question" when the packet has several forms). */
export function questionLabels(questions: readonly PacketQuestion[], forms: number): Map<string, string> {
  return new Map(questions.map((q) => [q.ref, forms > 1 ? `${q.formName} · ${q.label}` : q.label]));
}

/**
 * The questions as form elements whose id is the qualified ref, so the shared condition editor (which stores the
 * element id it reads) writes refs the packet engine understands.
 */
export function conditionSourcesOf(questions: readonly PacketQuestion[], forms: number): FormElement[] {
  return questions.map((q) => ({
    ...q.element,
    id: q.ref,
    label: forms > 1 ? `${q.formName} · ${q.label}` : q.label,
  }));
}
