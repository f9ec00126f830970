import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSegmentBody, SegmentDto, UpdateSegmentBody } from '../../../../api/calendar/segments.schemas';
import { api } from '../../shared/api';
import {
  defaultTeamId,
  useCalendarTeams,
  useCalendarYears,
  useSchoolTimeZone,
  type CalendarTeam,
} from '../../shared/calendar-teams.api';
import { listItems, type ListResponse } from '../../shared/lists';

export type Segment = SegmentDto;
export { defaultTeamId, useCalendarTeams, useCalendarYears, useSchoolTimeZone, type CalendarTeam };

const SEGMENTS_KEY = ['calendar', 'segments'] as const;

export function useSegments(academicYearId: string | null) {
  return useQuery({
    queryKey: [...SEGMENTS_KEY, academicYearId],
    enabled: !!academicYearId,
    queryFn: ({ signal }) =>
      api.get<ListResponse<Segment>>('/segments', { academicYearId: academicYearId ?? undefined }, signal),
    select: listItems,
  });
}

export function useSaveSegment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateSegmentBody }) => {
      if (!id) return api.post<Segment>('/segments', input);
      const { sportTeamId: _team, academicYearId: _year, ...changes } = input;
      return api.patch<Segment>(`/segments/${encodeURIComponent(id)}`, changes satisfies UpdateSegmentBody);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}

export function useDeleteSegment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/segments/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}
