/** What the disclosure wizard's live region says: the step reached, or the errors that sent the user back. */
import { countOf } from '../../shared/labels';

export const WIZARD_STEPS = ['Deal', 'Dates and place', 'Payment', 'People', 'Notes and files', 'Review'] as const;

const plural = new Intl.PluralRules('en-US');

export function stepAnnouncement(index: number, steps: readonly string[] = WIZARD_STEPS): string {
  return `Step ${index + 1} of ${steps.length}: ${steps[index] ?? ''}.`;
}

export function errorAnnouncement(
  index: number,
  messages: readonly string[],
  steps: readonly string[] = WIZARD_STEPS,
): string {
  if (messages.length === 0) return stepAnnouncement(index, steps);
  const verb = plural.select(messages.length) === 'one' ? 'needs' : 'need';
  return `${countOf(messages.length, 'field')} ${verb} attention. Step ${index + 1} of ${steps.length}: ${steps[index] ?? ''}. ${messages[0]}`;
}
