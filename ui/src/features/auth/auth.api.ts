import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { InvitationDto, NewPasswordBody } from '../../../../api/auth/auth.schemas';
import { api } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';
import type { Me } from '../../shared/session';

export type Invitation = InvitationDto;
/** The two password fields of the reset and create-password forms (the link's token is added on send). */
export type PasswordPair = Omit<Static<typeof NewPasswordBody>, 'token'>;

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post<Me>('/auth/login', body),
    onSuccess: (me) => {
      // Anything cached belongs to whoever was here before.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.meta[0] });
      client.setQueryData(queryKeys.me, me);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<{ message: string }>('/auth/forgot-password', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: Static<typeof NewPasswordBody>) => api.post<void>('/auth/reset-password', body),
  });
}

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.get<Invitation>('/auth/invitation', { token }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
}

export function useCreatePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Static<typeof NewPasswordBody>) => api.post<Me>('/auth/create-password', body),
    onSuccess: (me) => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.meta[0] });
      client.setQueryData(queryKeys.me, me);
    },
  });
}
