import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { StaffDto } from '../../../../api/staff/staff.schemas';
import type { InvitedUser, InviteUserBody } from '../../../../api/users/users.schemas';
import { api } from '../../shared/api';
import { listItems, listTotal, PAGE_SIZE, type ListResponse } from '../../shared/lists';

export type StaffRow = StaffDto;

export type InviteInput = InviteUserBody;

const STAFF_KEY = ['staff'] as const;

export function useStaff(q: string, page: number) {
  return useQuery({
    queryKey: [...STAFF_KEY, { q, page }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<StaffRow>>(
        '/staff',
        { q: q.trim(), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
        signal,
      ),
    select: (data) => ({ items: listItems(data), total: listTotal(data) }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffTeamOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['teams'],
    queryFn: ({ signal }) => api.get<ListResponse<{ id: string; name: string }>>('/teams', undefined, signal),
    select: (data) => listItems(data).map((t) => ({ value: t.id, label: t.name })),
    enabled,
  });
}

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post<Static<typeof InvitedUser>>('/users/invite', input),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** Replaces a staff member's teams (each with the title on it). */
export function useUpdateStaffTeams() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; teams: Array<{ sportTeamId: string; titleGroup: string | null }> }) =>
      api.patch<StaffDto>(`/staff/${encodeURIComponent(input.id)}`, { teams: input.teams }),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** Starts an invitation for someone never invited, or re-sends a pending one. */
export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<unknown>(`/users/${encodeURIComponent(userId)}/invitation/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
