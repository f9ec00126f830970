/** Words and paths for forms shared by the list and the detail page. */
import type { FormKindCode, FormListItem, FormStatus } from './forms.api';

export const KIND_LABELS: Record<FormKindCode, string> = { LONG: 'Long form', SHORT: 'Short form', PDF: 'PDF form' };
export const KIND_COLOURS: Record<FormKindCode, string> = { LONG: 'blue', SHORT: 'grape', PDF: 'orange' };
export const STATUS_LABELS: Record<FormStatus, string> = { DRAFT: 'Draft', PUBLISHED: 'Published' };
export const STATUS_COLOURS: Record<FormStatus, string> = { DRAFT: 'gray', PUBLISHED: 'teal' };

/**
 * The ID the list shows: a UUID's last group (48 bits), not its first, so ids made one after another with a shared
 * prefix (as time-ordered and hand-made ids are) still read apart. The full id is in the cell's title and copy.
 */
export function shortFormId(id: string): string {
  const last = id.split('-').pop() ?? id;
  return last.length >= 8 ? last : id;
}

/** Short forms have their own detail route (spec route table); long and PDF forms share /formDetail. */
export function formDetailPath(form: Pick<FormListItem, 'id' | 'kind'>): string {
  const id = encodeURIComponent(form.id);
  return form.kind === 'SHORT' ? `/shortFormDetail/${id}` : `/formDetail/${id}`;
}

/** Short forms open the short form builder; long forms and PDF imports the long form builder. */
export function formBuilderPath(form: Pick<FormListItem, 'id' | 'kind'> & { purpose?: string }): string {
  if (form.purpose === 'RECRUITING') return `/editRecruitingTemplate/${encodeURIComponent(form.id)}`;
  const base = form.kind === 'SHORT' ? '/createForm/shortFormBuilder' : '/createEditForm/longFormBuilder';
  return `${base}?formId=${encodeURIComponent(form.id)}`;
}

/** The browser's calendar date, YYYY-MM-DD: the fallback form-filling date when the server's is unknown. */
export function browserToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const CREATE_FORM_PATH = '/createForm/selectFlow';
