/** The three ways to start a form on /createForm/selectFlow, and what each one creates. */
import type { FormKindCode } from '../forms.api';

export interface FormFlow {
  kind: FormKindCode;
  title: string;
  /** Title of the modal that asks for the name. */
  modalTitle: string;
  description: string;
}

export const FORM_FLOWS: readonly FormFlow[] = [
  {
    kind: 'LONG',
    title: 'Long form',
    modalTitle: 'New long form',
    description: 'Any number of elements, layout, matrices, signatures and conditions between questions.',
  },
  {
    kind: 'SHORT',
    title: 'Short form',
    modalTitle: 'New short form',
    description: 'A quick questionnaire of at most 10 questions.',
  },
  {
    kind: 'PDF',
    title: 'Import a PDF',
    modalTitle: 'Import a PDF form',
    description: 'Upload an existing PDF (at most 20 MB) and build its fields beside its pages.',
  },
];
