import { useMutation, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AthleteBankAccountAnswer, RevealAnswer } from '../../../../api/bank-accounts/bank-accounts.schemas';
import type { ContractListDto, PaymentListDto } from '../../../../api/contracts/contracts.schemas';
import { api } from '../api';

export type MoneyContracts = Static<typeof ContractListDto>;
export type MoneyPayments = Static<typeof PaymentListDto>;
export type AthleteBankAccount = Static<typeof AthleteBankAccountAnswer>;
type Revealed = Static<typeof RevealAnswer>;

/** One athlete's or one disclosure's money: `{ athleteUserId }` or `{ disclosureId }`. */
export type MoneyScopeQuery = { athleteUserId: string } | { disclosureId: string };

/** The contracts and payments (totals per payor and year, $600 flags) of an athlete or a disclosure. */
export function useMoney(scope: MoneyScopeQuery, enabled: boolean) {
  const contracts = useQuery({
    queryKey: ['contracts', 'list', { ...scope, limit: 50 }],
    queryFn: ({ signal }) => api.get<MoneyContracts>('/contracts', { ...scope, limit: 50 }, signal),
    enabled,
  });
  const payments = useQuery({
    queryKey: ['contracts', 'payments', scope],
    queryFn: ({ signal }) => api.get<MoneyPayments>('/payments', scope, signal),
    enabled,
  });
  return { contracts, payments };
}

export function useAthleteBankAccount(athleteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['bank-account', 'athlete', athleteId],
    queryFn: ({ signal }) =>
      api.get<AthleteBankAccount>(`/bank-accounts/${encodeURIComponent(athleteId)}`, undefined, signal),
    enabled,
  });
}

/** The full number, once, on request (the API audits each reveal); nothing is cached. */
export function useRevealAthleteAccount(athleteId: string) {
  return useMutation({
    mutationFn: () => api.post<Revealed>(`/bank-accounts/${encodeURIComponent(athleteId)}/reveal`),
  });
}
