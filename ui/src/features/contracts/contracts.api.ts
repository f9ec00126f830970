import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  ContractDecisionBody,
  CreateContractBody,
  ContractDetailDto,
  ContractListDto,
  CreateScheduleBody,
  PaymentListDto,
} from '../../../../api/contracts/contracts.schemas';
import type { DisclosurePage } from '../../../../api/disclosures/disclosures.schemas';
import { api, apiUpload, buildApiUrl, type QueryValue } from '../../shared/api';

export type ContractList = Static<typeof ContractListDto>;
export type ContractDetail = Static<typeof ContractDetailDto>;
export type PaymentList = Static<typeof PaymentListDto>;

const KEY = ['contracts'] as const;

export function useContracts(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: ({ signal }) => api.get<ContractList>('/contracts', filters, signal),
  });
}

export function useContract(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.get<ContractDetail>(`/contracts/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: Boolean(id),
    // A running schedule opens payments on its own; the detail follows it.
    refetchInterval: (q) => (q.state.data?.schedule?.status === 'RUNNING' ? 5000 : false),
  });
}

export function usePayments(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...KEY, 'payments', filters],
    queryFn: ({ signal }) => api.get<PaymentList>('/payments', filters, signal),
    // A pending payment is recorded by the payor's admin elsewhere; the list follows it until none is left.
    refetchInterval: (q) => (q.state.data?.items.some((p) => p.status === 'PENDING') ? 10_000 : false),
  });
}

export function useApprovedDisclosures(enabled: boolean) {
  return useQuery({
    queryKey: ['disclosures', 'approved-for-contracts'],
    queryFn: ({ signal }) =>
      api.get<Static<typeof DisclosurePage>>('/disclosures', { status: 'APPROVED', limit: 200 }, signal),
    enabled,
  });
}

export const documentUrl = (contractId: string) => buildApiUrl(`/contracts/${encodeURIComponent(contractId)}/document`);

function useStore() {
  const client = useQueryClient();
  return (detail: ContractDetail) => {
    client.setQueryData([...KEY, 'one', detail.id], detail);
    void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    void client.invalidateQueries({ queryKey: [...KEY, 'payments'] });
    void client.invalidateQueries({ queryKey: ['tasks'] });
  };
}

/** The new-contract form's values: every field of the create body, as the text typed (the API reads each). */
export type NewContract = Record<keyof Static<typeof CreateContractBody>, string>;

export function useCreateContract() {
  const store = useStore();
  return useMutation({
    mutationFn: (body: NewContract) => api.post<ContractDetail>('/contracts', body),
    onSuccess: store,
  });
}

export function useDecideContract(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: (body: Static<typeof ContractDecisionBody>) =>
      api.post<ContractDetail>(`/contracts/${encodeURIComponent(id)}/decision`, body),
    onSuccess: store,
  });
}

export function useUploadDocument(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: (file: File) => apiUpload<ContractDetail>(`/contracts/${encodeURIComponent(id)}/document`, file),
    onSuccess: store,
  });
}

export function useCreateSchedule(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: (body: Static<typeof CreateScheduleBody>) =>
      api.post<ContractDetail>(`/contracts/${encodeURIComponent(id)}/schedule`, body),
    onSuccess: store,
  });
}

export function useConfirmPayment(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: ({ seq, outcome }: { seq: number; outcome: 'PAID' | 'FAILED' }) =>
      api.post<ContractDetail>(`/contracts/${encodeURIComponent(id)}/payments/${seq}/confirmation`, { outcome }),
    onSuccess: store,
  });
}

export function useEndSchedule(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: () => api.post<ContractDetail>(`/contracts/${encodeURIComponent(id)}/schedule/end`),
    onSuccess: store,
  });
}
