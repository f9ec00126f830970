import {
  BYLAW17_RULES,
  CARA_LOG_STATUS_COLOURS,
  CARA_LOG_STATUS_LABELS,
  type CaraLogStatus,
} from '../../../../domain/bylaw17';

export function statusLabel(status: string): string {
  return CARA_LOG_STATUS_LABELS[status as CaraLogStatus] ?? 'Unknown';
}

export function statusColour(status: string): string {
  return CARA_LOG_STATUS_COLOURS[status as CaraLogStatus] ?? 'gray';
}

export function ruleLabel(ruleId: string): string {
  return BYLAW17_RULES[ruleId as keyof typeof BYLAW17_RULES]?.title ?? 'Bylaw 17 rule';
}

export function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
