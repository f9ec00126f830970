import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../../api/users/users.schemas';
import type { Role, RoleGrant } from '../../../../domain/roles';
import { api } from '../../shared/api';
import { listItems, listTotal, PAGE_SIZE, type ListResponse } from '../../shared/lists';
import { usersPath, type UserListScope } from './user-list-scope';

export type UserRow = UserDto;
export type ListScope = Exclude<UserListScope, { kind: 'not-found' }>;
export type UserStatusFilter = UserDto['status'];

export interface UserFilters {
  q: string;
  role: Role | null;
  status: UserStatusFilter | null;
  page: number;
}

const USERS_KEY = ['users'] as const;

export function useUserList(scope: ListScope, filters: UserFilters) {
  return useQuery({
    queryKey: [...USERS_KEY, scope.schoolId, filters],
    queryFn: ({ signal }) =>
      api.get<ListResponse<UserRow>>(
        usersPath(scope),
        {
          q: filters.q.trim(),
          role: filters.role,
          status: filters.status,
          limit: PAGE_SIZE,
          offset: (filters.page - 1) * PAGE_SIZE,
        },
        signal,
      ),
    select: (data) => ({ items: listItems(data), total: listTotal(data) }),
    placeholderData: keepPreviousData,
  });
}

/** The school an operator opened (its name and kind); only fetched for another school than one's own. */
export function useOperatedSchool(scope: ListScope) {
  return useQuery({
    queryKey: ['schools', 'profile', scope.schoolId],
    queryFn: ({ signal }) =>
      api.get<{ id: string; name: string; kind: 'SCHOOL' | 'PROVIDER' }>(
        `/schools/${encodeURIComponent(scope.schoolId)}`,
        undefined,
        signal,
      ),
    enabled: scope.kind === 'operator',
  });
}

function useInvalidatePeople() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: USERS_KEY }),
      client.invalidateQueries({ queryKey: ['staff'] }),
      client.invalidateQueries({ queryKey: ['schools'] }),
    ]);
}

export function useChangeRoles(scope: ListScope) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: RoleGrant[] }) =>
      api.put<UserRow>(usersPath(scope, userId, 'roles'), { roles }),
    onSuccess: invalidate,
  });
}

export function useSetUserActive(scope: ListScope) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      api.post<UserRow>(usersPath(scope, userId, active ? 'reactivate' : 'deactivate')),
    onSuccess: invalidate,
  });
}

/** Starts an invitation for someone never invited, or re-sends a pending one. */
export function useSendInvitation(scope: ListScope) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (userId: string) => api.post<{ invitationId: string }>(usersPath(scope, userId, 'invitation/resend')),
    onSuccess: invalidate,
  });
}
