import { DISCLOSURE_LIMITS, wordCount } from '../../../../domain/disclosures';
import { ERRORS } from '../../../../domain/errors';
import { ALLOWED_FILE_EXTENSIONS } from '../../../../form-engine/limits';
import { isWebsiteUrl } from '../../../../form-engine/text-rules';
import type { DisclosureDetail, DisclosureFields } from './disclosures.api';

/** The multi-step form's state: text inputs hold strings, amounts hold numbers or '' while empty. */
export interface DisclosureFormValues {
  type: string;
  dealType: 'INDIVIDUAL' | 'GROUP' | 'TEAM';
  title: string;
  companyName: string;
  industry: string;
  payorName: string;
  startDate: string | null;
  endDate: string | null;
  signedOn: string | null;
  location: string;
  website: string;
  paymentType: 'MONETARY' | 'IN_KIND' | '';
  amount: number | '';
  estimatedAmount: number | '';
  totalPayment: number | '';
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  agentName: string;
  agentEmail: string;
  agentPhone: string;
  /** The agent's registry number (api/partners), checked by the server. */
  agentNumber: string;
  /** User ids of the other student-athletes in a group or team deal. */
  participants: string[];
  notes: string;
}

export const EMPTY_FORM: DisclosureFormValues = {
  type: 'SPONSORSHIP',
  dealType: 'INDIVIDUAL',
  title: '',
  companyName: '',
  industry: '',
  payorName: '',
  startDate: null,
  endDate: null,
  signedOn: null,
  location: '',
  website: '',
  paymentType: '',
  amount: '',
  estimatedAmount: '',
  totalPayment: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  agentName: '',
  agentEmail: '',
  agentPhone: '',
  agentNumber: '',
  participants: [],
  notes: '',
};

export function fromDetail(d: DisclosureDetail): DisclosureFormValues {
  return {
    type: d.type,
    dealType: d.dealType,
    title: d.title ?? '',
    companyName: d.companyName ?? '',
    industry: d.industry ?? '',
    payorName: d.payorName ?? '',
    startDate: d.startDate,
    endDate: d.endDate,
    signedOn: d.signedOn,
    location: d.location ?? '',
    website: d.website ?? '',
    paymentType: d.paymentType ?? '',
    amount: d.paymentType === 'MONETARY' && d.amount !== null ? d.amount : '',
    estimatedAmount: d.estimatedAmount ?? '',
    totalPayment: d.totalPayment ?? '',
    contactName: d.pointOfContact?.name ?? '',
    contactEmail: d.pointOfContact?.email ?? '',
    contactPhone: d.pointOfContact?.phone ?? '',
    agentName: d.agent?.name ?? '',
    agentEmail: d.agent?.email ?? '',
    agentPhone: d.agent?.phone ?? '',
    agentNumber: d.agentNumber ?? '',
    participants: d.participants.flatMap((p) => (p.id ? [p.id] : [])),
    notes: d.notes ?? '',
  };
}

const amountOf = (v: number | '') => (v === '' ? null : v);
const textOf = (v: string) => (v.trim() === '' ? null : v.trim());

export function toBody(v: DisclosureFormValues): DisclosureFields & { type: string } {
  const person = (name: string, email: string, phone: string) =>
    name.trim() || email.trim() || phone.trim()
      ? { name: name.trim(), email: email.trim(), phone: phone.replace(/\D/g, '') }
      : null;
  return {
    type: v.type as DisclosureFields['type'] & string,
    dealType: v.dealType,
    title: textOf(v.title),
    companyName: textOf(v.companyName),
    industry: textOf(v.industry),
    payorName: textOf(v.payorName),
    startDate: v.startDate,
    endDate: v.endDate,
    signedOn: v.signedOn,
    location: textOf(v.location),
    website: textOf(v.website),
    paymentType: v.paymentType === '' ? null : v.paymentType,
    amount: amountOf(v.amount),
    estimatedAmount: amountOf(v.estimatedAmount),
    totalPayment: amountOf(v.totalPayment),
    pointOfContact: person(v.contactName, v.contactEmail, v.contactPhone),
    agent: person(v.agentName, v.agentEmail, v.agentPhone),
    agentNumber: textOf(v.agentNumber),
    participants: v.dealType === 'INDIVIDUAL' ? [] : v.participants,
    notes: textOf(v.notes),
  };
}

export type FormErrors = Partial<Record<keyof DisclosureFormValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const amountOk = (v: number | '') =>
  v === '' || (Number.isFinite(v) && v >= DISCLOSURE_LIMITS.minAmount && v <= DISCLOSURE_LIMITS.maxAmount);

/**
 * The spec's rules, checked as the athlete types (the API checks them again). `forSubmit` adds the mandatory
 * fields; a draft may be saved with blanks.
 */
export function validateForm(v: DisclosureFormValues, forSubmit: boolean): FormErrors {
  const e: FormErrors = {};
  const required = ERRORS.MANDATORY_FIELD.message;
  for (const k of ['amount', 'estimatedAmount', 'totalPayment'] as const) {
    if (!amountOk(v[k])) e[k] = ERRORS.AMOUNT_RANGE.message;
  }
  if (v.contactEmail.trim() && !EMAIL.test(v.contactEmail.trim())) e.contactEmail = ERRORS.INVALID_EMAIL.message;
  if (v.agentEmail.trim() && !EMAIL.test(v.agentEmail.trim())) e.agentEmail = ERRORS.INVALID_EMAIL.message;
  if (v.contactPhone.trim() && !/^\d{10}$/.test(v.contactPhone.replace(/\D/g, ''))) {
    e.contactPhone = ERRORS.INVALID_PHONE.message;
  }
  if (v.agentPhone.trim() && !/^\d{10}$/.test(v.agentPhone.replace(/\D/g, '')))
    e.agentPhone = ERRORS.INVALID_PHONE.message;
  if (v.website.trim() && !isWebsiteUrl(v.website.trim())) e.website = ERRORS.INVALID_LINK.message;
  if (wordCount(v.notes) > DISCLOSURE_LIMITS.notesMaxWords) e.notes = ERRORS.NOTES_TOO_LONG.message;
  if (v.startDate && v.endDate && v.endDate < v.startDate) e.endDate = 'End date cannot be before the start date.';
  if (forSubmit) {
    if (!v.companyName.trim()) e.companyName = required;
    if (!v.startDate) e.startDate = required;
    if (!v.endDate) e.endDate ??= required;
    if (!v.location.trim()) e.location = required;
    if (!v.paymentType) e.paymentType = required;
    if (v.paymentType === 'MONETARY' && v.amount === '') e.amount ??= required;
    if (v.paymentType === 'IN_KIND' && v.estimatedAmount === '') e.estimatedAmount ??= required;
    if (!v.contactName.trim()) e.contactName = required;
    if (v.dealType !== 'INDIVIDUAL' && v.participants.length === 0) e.participants = required;
  }
  return e;
}

/** Which step each field lives on, so a failed submit can jump to the first step with a problem. */
export const FIELD_STEP: Record<keyof DisclosureFormValues, number> = {
  type: 0,
  dealType: 0,
  title: 0,
  companyName: 0,
  industry: 0,
  payorName: 0,
  startDate: 1,
  endDate: 1,
  signedOn: 1,
  location: 1,
  website: 1,
  paymentType: 2,
  amount: 2,
  estimatedAmount: 2,
  totalPayment: 2,
  contactName: 3,
  contactEmail: 3,
  contactPhone: 3,
  agentName: 3,
  agentEmail: 3,
  agentPhone: 3,
  agentNumber: 3,
  participants: 3,
  notes: 4,
};

/** API field names (from a 400's details) to the form's field names. */
export function formFieldOf(apiField: string): keyof DisclosureFormValues | null {
  const map: Record<string, keyof DisclosureFormValues> = {
    'pointOfContact.name': 'contactName',
    'pointOfContact.email': 'contactEmail',
    'pointOfContact.phone': 'contactPhone',
    'agent.name': 'agentName',
    'agent.email': 'agentEmail',
    'agent.phone': 'agentPhone',
  };
  if (map[apiField]) return map[apiField];
  const head = apiField.split('.')[0]!;
  return head in FIELD_STEP ? (head as keyof DisclosureFormValues) : null;
}

/** The Dropzone's accept map: each allowed type with its extensions (the server checks the first bytes again). */
export const ACCEPTED_MIME_TYPES: Record<string, string[]> = {
  'image/gif': ['.gif'],
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls', '.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
  'application/zip': ['.zip'],
  'application/x-zip-compressed': ['.zip'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** File checks before a file is listed: type by extension, at most 20 MB, at most 5 files. */
export function checkFiles(existing: number, files: File[]): { accepted: File[]; problem: string | null } {
  const accepted: File[] = [];
  let problem: string | null = null;
  for (const f of files) {
    const ext = f.name.includes('.') ? f.name.split('.').pop()!.toLowerCase() : '';
    if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
      problem = ERRORS.FILE_TYPE_NOT_ALLOWED.message;
      continue;
    }
    if (f.size > DISCLOSURE_LIMITS.maxAttachmentBytes) {
      problem = 'File too large: the limit is 20 MB.';
      continue;
    }
    if (existing + accepted.length >= DISCLOSURE_LIMITS.maxAttachments) {
      problem = ERRORS.TOO_MANY_FILES.message;
      break;
    }
    accepted.push(f);
  }
  return { accepted, problem };
}
