import { formatDate } from '../../shared/format';
import {
  CONFLICT_TYPE_LABELS,
  type ConflictType,
  CHANGE_REASON_LABELS,
  DISCLOSURE_STATUS_LABELS,
  DISCLOSURE_TYPE_LABELS,
  type ChangeReason,
  type DisclosureStatus,
  type DisclosureType,
} from '../../../../domain/disclosures';

export function typeLabel(type: string): string {
  return DISCLOSURE_TYPE_LABELS[type as DisclosureType] ?? type;
}

export function statusLabel(status: string, archived = false): string {
  const label = DISCLOSURE_STATUS_LABELS[status as DisclosureStatus] ?? status;
  return archived ? `${label} (archived)` : label;
}

/** The spec's status colours: approved green; rejected red; pending (submitted) orange; the rest neutral. */
export function statusColor(status: string): string {
  switch (status) {
    case 'APPROVED':
      return 'green';
    case 'REJECTED':
      return 'red';
    case 'PENDING':
      return 'orange';
    default:
      return 'gray';
  }
}

export function changeReasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  return CHANGE_REASON_LABELS[reason as ChangeReason] ?? reason;
}

export function conflictLabel(type: string): string {
  return CONFLICT_TYPE_LABELS[type as ConflictType] ?? type;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : money.format(value);
}

const ACTION_LABELS: Record<string, string> = {
  submit: 'Submitted',
  resubmit: 'Resubmitted',
  approve: 'Approved',
  reject: 'Rejected',
  requestChange: 'Change requested',
  escalate: 'Escalated',
  reopen: 'Reopened',
  archive: 'Archived',
  attach: 'Attached a file',
  detach: 'Removed a file',
};
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/**
 * The deal's total: as given, else what the earning and estimated (in-kind) amounts add up to, so a deal with only
 * an earning amount of $750 shows $750 rather than nothing. Null only when no amount was given at all.
 */
export function totalPaymentOf(d: {
  totalPayment?: number | null | '';
  amount?: number | null | '';
  estimatedAmount?: number | null | '';
}): number | null {
  const given = (v: number | null | '' | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  if (given(d.totalPayment)) return d.totalPayment;
  if (!given(d.amount) && !given(d.estimatedAmount)) return null;
  return (given(d.amount) ? d.amount : 0) + (given(d.estimatedAmount) ? d.estimatedAmount : 0);
}

/** The NIL Go reporting badge: the deadline as a person reads a date (never the ISO day). */
export function reportByLabel(deadline: string | null | undefined): string {
  return deadline ? `Report by ${formatDate(deadline)}` : 'Report';
}
