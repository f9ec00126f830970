import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AcademicYearDto } from '../../../api/academic-years/academic-years.schemas';
import type { CalendarTeamList } from '../../../api/calendar/segments.schemas';
import { api } from './api';
import { listItems, type ListResponse } from './lists';
import { useSession } from './session';

/**
 * The school's teams as the calendar sees them, its time zone and its academic years: read by the calendar, CARA,
 * recruiting events and the compliance home, so they live here rather than in one of those features.
 */

export type CalendarTeam = Static<typeof CalendarTeamList>['items'][number];

/** The team a form starts with: the only team, else the person's primary team among several, else none. */
export function defaultTeamId(teams: readonly { id: string; primary?: boolean }[]): string {
  if (teams.length === 1) return teams[0]!.id;
  return teams.find((t) => t.primary)?.id ?? '';
}

const TEAMS_KEY = ['calendar', 'teams'] as const;
const fetchTeams = ({ signal }: { signal: AbortSignal }) =>
  api.get<Static<typeof CalendarTeamList>>('/calendar/teams', undefined, signal);

/** The teams whose calendar the signed-in person sees: every team for admins, their own for coaches and athletes. */
export function useCalendarTeams(enabled = true) {
  return useQuery({ enabled, queryKey: TEAMS_KEY, queryFn: fetchTeams, select: (d) => d.items });
}

/** The signed-in school's IANA time zone (from the session): the calendar screens show every time in it. */
export function useSchoolTimeZone(): string | null {
  return useSession().me?.school.timeZone ?? null;
}

/** Academic years, newest first; segments and the calendar pick one (the current year by default). */
export function useCalendarYears() {
  return useQuery({
    queryKey: ['academic-years'],
    queryFn: ({ signal }) => api.get<ListResponse<AcademicYearDto>>('/academic-years', undefined, signal),
    select: (data) => [...listItems(data)].sort((a, b) => b.startYear - a.startYear),
  });
}
