import type { ErrorDetail } from '../../domain/errors';
import type { TermInput } from './academic-years.schemas';

/**
 * The calendar rules for one academic year: each term at most once, starting before it ends, finals within the
 * term, vacations within the term, terms inside the year range and not overlapping. Dates are YYYY-MM-DD, so
 * text comparison is date comparison.
 */
export function validateTerms(startYear: number, terms: readonly TermInput[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const earliest = `${startYear}-01-01`;
  const latest = `${startYear + 1}-12-31`;
  const seen = new Set<string>();
  terms.forEach((t, i) => {
    const at = (field: string) => `terms.${i}.${field}`;
    if (seen.has(t.term)) problems.push({ field: at('term'), message: `${t.term} appears more than once.` });
    seen.add(t.term);
    if (t.startDate >= t.endDate)
      problems.push({ field: at('endDate'), message: 'The term must start before it ends.' });
    if (t.startDate < earliest || t.endDate > latest) {
      problems.push({ field: at('startDate'), message: `Term dates must fall within ${startYear}-${startYear + 1}.` });
    }
    if (t.finalsStartDate && (t.finalsStartDate < t.startDate || t.finalsStartDate > t.endDate)) {
      problems.push({ field: at('finalsStartDate'), message: 'Finals must start within the term.' });
    }
    (t.vacations ?? []).forEach((v, j) => {
      if (v.startDate > v.endDate)
        problems.push({ field: `${at('vacations')}.${j}.endDate`, message: 'A vacation must start before it ends.' });
      else if (v.startDate < t.startDate || v.endDate > t.endDate) {
        problems.push({ field: `${at('vacations')}.${j}.startDate`, message: 'A vacation must fall within its term.' });
      }
    });
  });
  const ordered = terms.map((t, i) => ({ ...t, i })).sort((a, b) => a.startDate.localeCompare(b.startDate));
  for (let k = 1; k < ordered.length; k++) {
    const prev = ordered[k - 1]!;
    const cur = ordered[k]!;
    if (cur.startDate <= prev.endDate) {
      problems.push({ field: `terms.${cur.i}.startDate`, message: `${cur.term} overlaps ${prev.term}.` });
    }
  }
  return problems;
}
