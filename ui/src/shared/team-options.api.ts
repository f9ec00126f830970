import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { SchoolTeamList } from '../../../api/schools/schools.schemas';
import { api } from './api';

/** A team as a picker lists it. */
export type TeamOption = Static<typeof SchoolTeamList>['items'][number];

/**
 * The teams of the school a platform operator addresses, as picker options: read by the operator's athlete list and
 * by the calendar's operator view of a school's events.
 */
export function useSchoolTeamOptions(schoolId: string) {
  return useQuery({
    enabled: schoolId !== '',
    queryKey: ['school-teams', schoolId],
    queryFn: ({ signal }) =>
      api.get<Static<typeof SchoolTeamList>>(`/schools/${encodeURIComponent(schoolId)}/teams`, undefined, signal),
    select: (data) => data.items.map((t) => ({ value: t.id, label: t.name })),
  });
}
