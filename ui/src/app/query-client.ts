import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { Me } from '../shared/session';
import { ApiError, isStateMovedOn } from '../shared/api';
import { rememberSchoolZone } from '../shared/format';
import { queryKeys } from '../shared/query-keys';

/**
 * Two answers change the whole app rather than one screen: a lost session (401) sends the user back to the login
 * page via the route guard, and a 503 MAINTENANCE re-reads /meta so only the maintenance page shows.
 */
function reactToGlobalErrors(error: unknown, queryKey: readonly unknown[]) {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401 && queryKey[0] !== queryKeys.me[0]) {
    queryClient.setQueryData(queryKeys.me, null);
  }
  if (error.code === 'MAINTENANCE') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.meta });
  }
}

/**
 * An action on a state that moved on (another session approved first, the process ended): refetch what is shown, so
 * the screen offers only what is still possible, and say so calmly once.
 */
function reactToStateMovedOn(error: unknown) {
  if (!isStateMovedOn(error)) return;
  void queryClient.invalidateQueries({ refetchType: 'active' });
  notifications.show({
    id: 'state-moved-on',
    color: 'blue',
    title: 'This changed meanwhile',
    message: `${error.message} The screen now shows the current state.`,
    autoClose: 6000,
  });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => reactToGlobalErrors(error, query.queryKey) }),
  // Logging in with a wrong password is a 401 too, but it must not clear a session that does not exist yet: harmless.
  mutationCache: new MutationCache({
    onError: (error) => {
      reactToGlobalErrors(error, ['mutation']);
      reactToStateMovedOn(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves; only retry when the network or server hiccups.
      retry: (failureCount, error) =>
        failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 502),
    },
    mutations: { retry: false },
  },
});

/**
 * Every time on screen is in the signed-in school's zone: whenever the session changes (sign-in, portal switch,
 * sign-out), the zone follows it. Cache listeners run before the screens re-render with the new session.
 */
queryClient.getQueryCache().subscribe((event) => {
  if (event.query.queryKey[0] !== queryKeys.me[0]) return;
  rememberSchoolZone((event.query.state.data as Me | null | undefined)?.school.timeZone);
});
