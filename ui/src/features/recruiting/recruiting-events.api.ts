import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  RecruitingEventBody,
  RecruitingEventDto,
  RecruitingEventOptions as RecruitingEventOptionsSchema,
} from '../../../../api/recruiting/recruiting-events.schemas';
import { api } from '../../shared/api';

export type RecruitingEvent = RecruitingEventDto;
export type RecruitingEventInput = RecruitingEventBody;
export type RecruitingEventOptions = Static<typeof RecruitingEventOptionsSchema>;
export type PersonRef = RecruitingEventOptions['coaches'][number];

const KEY = ['recruiting', 'events'] as const;
export const RECRUITING_EVENTS_PAGE_SIZE = 25;

export interface RecruitingEventFilter {
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  sportTeamId: string | null;
  kind: string | null;
  from: string | null;
  to: string | null;
  q: string | null;
  page: number;
}

export function useRecruitingEvents(filter: RecruitingEventFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', filter],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<{ items: RecruitingEvent[]; total: number }>(
        '/recruiting-events',
        {
          status: filter.status ?? undefined,
          sportTeamId: filter.sportTeamId ?? undefined,
          kind: filter.kind ?? undefined,
          from: filter.from ?? undefined,
          to: filter.to ?? undefined,
          q: filter.q ?? undefined,
          limit: RECRUITING_EVENTS_PAGE_SIZE,
          offset: (filter.page - 1) * RECRUITING_EVENTS_PAGE_SIZE,
        },
        signal,
      ),
  });
}

export function useRecruitingEvent(id: string) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) =>
      api.get<RecruitingEvent>(`/recruiting-events/${encodeURIComponent(id)}`, undefined, signal),
  });
}

export function useRecruitingEventOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'options'],
    enabled,
    queryFn: ({ signal }) => api.get<RecruitingEventOptions>('/recruiting-events/options', undefined, signal),
  });
}

export function useSaveRecruitingEvent(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecruitingEventInput) =>
      id
        ? api.put<RecruitingEvent>(`/recruiting-events/${encodeURIComponent(id)}`, body)
        : api.post<RecruitingEvent>('/recruiting-events', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recruiting'] }),
  });
}

export function useDecideRecruitingEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'APPROVE' | 'REJECT'; reason?: string }) =>
      api.post<RecruitingEvent>(`/recruiting-events/${encodeURIComponent(input.id)}/decision`, {
        decision: input.decision,
        reason: input.reason ?? null,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recruiting'] }),
  });
}

export function useCancelRecruitingEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/recruiting-events/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recruiting'] }),
  });
}
