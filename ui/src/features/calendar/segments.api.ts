import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcademicYearDto } from '../../../../api/academic-years/academic-years.schemas';
import type { CreateSegmentBody, SegmentDto, UpdateSegmentBody } from '../../../../api/calendar/segments.schemas';
import { api } from '../../shared/api';
import { listItems, type ListResponse } from '../../shared/lists';

export type Segment = SegmentDto;
export type CalendarTeam = { id: string; name: string; sport: string; primary?: boolean };

/** The team a form starts with: the only team, else the person's primary team among several, else none. */
export function defaultTeamId(teams: readonly { id: string; primary?: boolean }[]): string {
  if (teams.length === 1) return teams[0]!.id;
  return teams.find((t) => t.primary)?.id ?? '';
}

const SEGMENTS_KEY = ['calendar', 'segments'] as const;

type CalendarTeamsResponse = ListResponse<CalendarTeam> & { schoolTimeZone: string };
const TEAMS_KEY = ['calendar', 'teams'] as const;
const fetchTeams = ({ signal }: { signal: AbortSignal }) =>
  api.get<CalendarTeamsResponse>('/calendar/teams', undefined, signal);

/** The teams whose calendar the signed-in person sees: every team for admins, their own for coaches and athletes. */
export function useCalendarTeams(enabled = true) {
  return useQuery({ enabled, queryKey: TEAMS_KEY, queryFn: fetchTeams, select: listItems });
}

/** The school's IANA time zone (from the same answer as the teams): the calendar screens show every time in it. */
export function useSchoolTimeZone(): string | null {
  return useQuery({ queryKey: TEAMS_KEY, queryFn: fetchTeams, select: (d) => d.schoolTimeZone }).data ?? null;
}

/** Academic years, newest first; segments and the calendar pick one (the current year by default). */
export function useCalendarYears() {
  return useQuery({
    queryKey: ['academic-years'],
    queryFn: ({ signal }) => api.get<ListResponse<AcademicYearDto>>('/academic-years', undefined, signal),
    select: (data) => [...listItems(data)].sort((a, b) => b.startYear - a.startYear),
  });
}

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
