import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  AcademicYearDto,
  CreateAcademicYearBody,
  TermInput as TermInputSchema,
} from '../../../../api/academic-years/academic-years.schemas';
import type { TermName } from '../../../../domain/academic-years';
import { api } from '../../shared/api';
import { listItems, type ListResponse } from '../../shared/lists';

export type TermInput = Static<typeof TermInputSchema>;

export type AcademicYear = AcademicYearDto;

/** The year form's values: the create body with every field given. */
export type AcademicYearInput = Required<Static<typeof CreateAcademicYearBody>>;

const YEARS_KEY = ['academic-years'] as const;

export function useAcademicYears() {
  return useQuery({
    queryKey: YEARS_KEY,
    queryFn: ({ signal }) => api.get<ListResponse<AcademicYear>>('/academic-years', undefined, signal),
    select: (data) => [...listItems(data)].sort((a, b) => b.startYear - a.startYear),
  });
}

export function useSaveAcademicYear() {
  const client = useQueryClient();
  return useMutation({
    // The years of an existing academic year are fixed; an edit changes only whether it is current and its terms.
    mutationFn: ({ id, input }: { id: string | null; input: AcademicYearInput }) =>
      id
        ? api.patch<AcademicYear>(`/academic-years/${encodeURIComponent(id)}`, {
            isCurrent: input.isCurrent,
            terms: input.terms,
          })
        : api.post<AcademicYear>('/academic-years', input),
    onSuccess: () => client.invalidateQueries({ queryKey: YEARS_KEY }),
  });
}

export function yearLabel(year: { startYear: number; endYear: number; label?: string }): string {
  return year.label ?? `${year.startYear}–${year.endYear}`;
}

/** Terms in the order they happen within an academic year that starts in the fall. */
const TERM_ORDER: Record<TermName, number> = { FALL: 0, WINTER: 1, SPRING: 2, SUMMER: 3 };

export function sortTerms<T extends { term: TermName }>(terms: readonly T[]): T[] {
  return [...terms].sort((a, b) => TERM_ORDER[a.term] - TERM_ORDER[b.term]);
}
