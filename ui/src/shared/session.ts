import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeDto } from '../../../api/auth/auth.schemas';
import type { Permission } from '../../../domain/permissions';
import { api, ApiError } from './api';
import { queryKeys } from './query-keys';

/** The signed-in user as GET /auth/me answers it (the API's own contract type). */
export type Me = MeDto;

/** Fetches the session; "not logged in" is an answer (null), not an error. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api.get<Me>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  const query = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000, retry: false });
  return { me: query.data ?? null, isLoading: query.isPending, error: query.error };
}

/** The signed-in user for screens that only render behind the route guard. */
export function useMe(): Me {
  const { me } = useSession();
  if (!me) throw new Error('useMe() used outside a signed-in route');
  return me;
}

/** Stores a fresh Me (after login, portal switch, create-password) without another round trip. */
export function useSetMe() {
  const client = useQueryClient();
  return (me: Me | null) => client.setQueryData(queryKeys.me, me);
}

export function hasPermission(me: Me | null, permission: Permission): boolean {
  return !!me && me.permissions.includes(permission);
}
