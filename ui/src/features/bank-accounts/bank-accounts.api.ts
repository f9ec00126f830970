import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  BankAccountAnswer,
  RevealAnswer,
  SaveBankAccountBody,
} from '../../../../api/bank-accounts/bank-accounts.schemas';
import { api } from '../../shared/api';

export type BankAccountView = Static<typeof BankAccountAnswer>;
export type NewBankAccount = Static<typeof SaveBankAccountBody>;
type Revealed = Static<typeof RevealAnswer>;

const KEY = ['bank-account'] as const;

export function useOwnBankAccount() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<BankAccountView>('/bank-account', undefined, signal),
  });
}

export function useSaveBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBankAccount) => api.put<BankAccountView>('/bank-account', body),
    onSuccess: (view) => client.setQueryData(KEY, view),
  });
}

/** The full number, fetched on demand (each reveal is audited) and never cached by the query client. */
export function useRevealAccountNumber() {
  return useMutation({ mutationFn: () => api.post<Revealed>('/bank-account/reveal') });
}
