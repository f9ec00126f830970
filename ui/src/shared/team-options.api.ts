import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { listItems, type ListResponse } from './lists';

/** A team as a picker lists it. */
export interface TeamOption {
  id: string;
  name: string;
}

/**
 * The teams of the school a platform operator addresses, as picker options: read by the operator's athlete list and
 * by the calendar's operator view of a school's events.
 */
export function useSchoolTeamOptions(schoolId: string) {
  return useQuery({
    enabled: schoolId !== '',
    queryKey: ['school-teams', schoolId],
    queryFn: ({ signal }) =>
      api.get<ListResponse<TeamOption>>(`/schools/${encodeURIComponent(schoolId)}/teams`, undefined, signal),
    select: (data) => listItems(data).map((t) => ({ value: t.id, label: t.name })),
  });
}
