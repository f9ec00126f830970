import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  CalculatorOptionsAnswer,
  DisclaimerAnswer,
  EstimateAnswer,
  EstimateBody,
} from '../../../../api/tax/tax.schemas';
import { api } from '../../shared/api';

export type Disclaimer = Static<typeof DisclaimerAnswer>;
export type CalculatorOptions = Static<typeof CalculatorOptionsAnswer>;
export type Estimate = Static<typeof EstimateAnswer>;
export type EstimateRequest = Static<typeof EstimateBody>;

const DISCLAIMER = ['tax', 'disclaimer'] as const;

export function useDisclaimer() {
  return useQuery({
    queryKey: DISCLAIMER,
    queryFn: ({ signal }) => api.get<Disclaimer>('/tax/disclaimer', undefined, signal),
  });
}

export function useSaveDisclaimer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<Disclaimer>('/tax/disclaimer', { text }),
    onSuccess: (d) => client.setQueryData(DISCLAIMER, d),
  });
}

export function useAcknowledgeDisclaimer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Disclaimer>('/tax/disclaimer/acknowledge'),
    onSuccess: (d) => client.setQueryData(DISCLAIMER, d),
  });
}

export function useCalculatorOptions() {
  return useQuery({
    queryKey: ['tax', 'calculator'],
    queryFn: ({ signal }) => api.get<CalculatorOptions>('/tax/calculator', undefined, signal),
    staleTime: Infinity,
  });
}

export function useEstimate() {
  return useMutation({ mutationFn: (body: EstimateRequest) => api.post<Estimate>('/tax/estimate', body) });
}
