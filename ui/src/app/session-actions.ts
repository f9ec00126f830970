import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PORTAL_HOME, type Portal } from '../../../domain/roles';
import { api } from '../shared/api';
import { queryKeys } from '../shared/query-keys';
import type { Me } from '../shared/session';

/** Switches between the admin and coach portals and opens the new portal's home. */
export function useSwitchPortal() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (portal: Portal) => api.post<Me>('/auth/portal', { portal }),
    onSuccess: (me) => {
      client.setQueryData(queryKeys.me, me);
      void navigate(PORTAL_HOME[me.portal]);
    },
  });
}

/** Ends the session, forgets every cached answer (they belong to the old user) and returns to the login page. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<void>('/auth/logout'),
    onSettled: () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.meta[0] });
      client.setQueryData(queryKeys.me, null);
      void navigate('/login', { replace: true });
    },
  });
}
