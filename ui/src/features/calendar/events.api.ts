import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  CreateEventBody,
  EventDto,
  FeedDto,
  OccurrenceDto,
  UpdateEventBody,
} from '../../../../api/calendar/events.schemas';
import type { CalendarPeopleList } from '../../../../api/calendar/segments.schemas';
import { api } from '../../shared/api';
import { listItems, type ListResponse } from '../../shared/lists';

export type Occurrence = OccurrenceDto;
export type CalendarEvent = EventDto;
export type EventInput = CreateEventBody;
export type EditScope = UpdateEventBody['scope'];
export type CalendarPerson = Static<typeof CalendarPeopleList>['items'][number];
export type CalendarFeed = Static<typeof FeedDto>;

const EVENTS_KEY = ['calendar', 'events'] as const;

export interface RangeFilter {
  from: string;
  to: string;
  teamIds: string[];
  categories: string[];
  personId: string | null;
}

/** Every occurrence in the visible range: one request per range and filter, kept while the next one loads. */
export function useOccurrences(filter: RangeFilter | null) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'range', filter],
    enabled: !!filter,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<ListResponse<Occurrence>>(
        '/events',
        {
          from: filter!.from,
          to: filter!.to,
          teamIds: filter!.teamIds.join(',') || undefined,
          categories: filter!.categories.join(',') || undefined,
          personId: filter!.personId ?? undefined,
        },
        signal,
      ),
    select: listItems,
  });
}

export function useEvent(id: string | null) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'one', id],
    enabled: !!id,
    queryFn: ({ signal }) => api.get<CalendarEvent>(`/events/${encodeURIComponent(id!)}`, undefined, signal),
  });
}

export function useCalendarPeople() {
  return useQuery({
    queryKey: ['calendar', 'people'],
    queryFn: ({ signal }) => api.get<Static<typeof CalendarPeopleList>>('/calendar/people', undefined, signal),
    select: listItems,
  });
}

function useInvalidateEvents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: EVENTS_KEY });
}

export function useSaveEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({
      id,
      input,
      scope,
      occurrenceStart,
    }: {
      id: string | null;
      input: EventInput;
      scope?: EditScope;
      occurrenceStart?: string;
    }) =>
      id
        ? api.patch<CalendarEvent>(`/events/${encodeURIComponent(id)}`, {
            ...input,
            scope: scope ?? 'ALL',
            ...(occurrenceStart ? { occurrenceStart } : {}),
          })
        : api.post<CalendarEvent>('/events', input),
    onSuccess: invalidate,
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, scope, occurrenceStart }: { id: string; scope: EditScope; occurrenceStart?: string }) =>
      api.delete<null>(
        `/events/${encodeURIComponent(id)}?scope=${scope}${occurrenceStart ? `&occurrenceStart=${encodeURIComponent(occurrenceStart)}` : ''}`,
      ),
    onSuccess: invalidate,
  });
}

export function useDecideEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'APPROVE' | 'REJECT'; reason?: string }) =>
      api.post<CalendarEvent>(`/events/${encodeURIComponent(id)}/decision`, { decision, reason }),
    onSuccess: invalidate,
  });
}

/** The editable fields of a stored event, as the form and the drag-to-move handler send them back. */
export function toEventInput(event: CalendarEvent): EventInput {
  return {
    name: event.name,
    category: event.category,
    caraCategory: (event.caraCategory as EventInput['caraCategory']) ?? null,
    sportTeamId: event.sportTeamId,
    attendeeTeamIds: event.attendeeTeamIds,
    attendeeUserIds: event.attendeeUserIds,
    location: event.location,
    timeZone: event.timeZone,
    startDate: event.startDate,
    startTime: event.startTime,
    endDate: event.endDate,
    endTime: event.endTime,
    repeat: event.repeat,
    weekdays: event.weekdays as EventInput['weekdays'],
    repeatUntil: event.repeatUntil,
    notes: event.notes,
    agenda: event.agenda,
    reminderMinutes: event.reminderMinutes,
  };
}

const FEED_KEY = ['calendar', 'feed'] as const;

/** The person's private calendar feed URL (null until they make one). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: FEED_KEY,
    enabled,
    queryFn: ({ signal }) => api.get<CalendarFeed>('/calendar-feed', undefined, signal),
  });
}

/** A new feed URL; the old one stops working. */
export function useRegenerateFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/calendar-feed', {}),
    onSuccess: (feed) => client.setQueryData(FEED_KEY, feed),
  });
}

export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/calendar-feed'),
    onSuccess: () => client.setQueryData(FEED_KEY, { url: null, createdAt: null, lastFetchedAt: null }),
  });
}

export interface SeriesFilter {
  teamId: string | null;
  category: string | null;
  kind: 'EVENT' | 'COMPETITION' | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  from: string | null;
  to: string | null;
  page: number;
}

export const SERIES_PAGE_SIZE = 25;

/** The events and competitions list, one row per series, a page at a time. */
/**
 * The events list, one row per series: the school's own (`/event-list`), or, for a platform operator, the school
 * the address names (`/schools/:id/event-list`, read only).
 */
export function useEventSeries(filter: SeriesFilter, operatorSchoolId: string | null = null) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'list', operatorSchoolId, filter],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<{ items: CalendarEvent[]; total: number }>(
        operatorSchoolId ? `/schools/${encodeURIComponent(operatorSchoolId)}/event-list` : '/event-list',
        {
          teamId: filter.teamId ?? undefined,
          category: filter.category ?? undefined,
          kind: filter.kind ?? undefined,
          status: filter.status ?? undefined,
          from: filter.from ?? undefined,
          to: filter.to ?? undefined,
          limit: SERIES_PAGE_SIZE,
          offset: (filter.page - 1) * SERIES_PAGE_SIZE,
        },
        signal,
      ),
  });
}
