import { statusTone, type StatusTone } from '../../../../domain/notifications';

/** The spec's status colours as Mantine colours: neutral statuses are gray. */
const TONE_COLOUR: Record<StatusTone, string> = { green: 'green', neutral: 'gray', red: 'red', orange: 'orange' };

export function statusColour(status: string): string {
  return TONE_COLOUR[statusTone(status)];
}
