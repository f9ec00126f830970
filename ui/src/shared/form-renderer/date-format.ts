/** Shows an ISO date (how dates travel, spec part 2 §9) in an element's display format. */
import type { DateFormat } from '../../../../form-engine';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDateAs(iso: string, format: DateFormat = 'MM/DD/YYYY'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  switch (format) {
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'YYYY-MM-DD':
      return iso;
    case 'MMM D, YYYY':
      return `${MONTHS[Number(month) - 1] ?? month} ${Number(day)}, ${year}`;
  }
}
