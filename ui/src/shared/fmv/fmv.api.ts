import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { DisclosureFmvDto, FmvFactsBody } from '../../../../api/partners/fmv.schemas';
import { api } from '../api';

/** A disclosure's fair-market-value range (api/partners/fmv.routes.ts), shared by the disclosure and partner screens. */
export type DisclosureFmv = Static<typeof DisclosureFmvDto>;

export function useDisclosureFmv(disclosureId: string | null) {
  return useQuery({
    queryKey: ['fmv', disclosureId],
    queryFn: ({ signal }) =>
      api.get<DisclosureFmv>(`/fmv/disclosures/${encodeURIComponent(disclosureId!)}`, undefined, signal),
    enabled: Boolean(disclosureId),
  });
}

export function useSetFmvFacts(disclosureId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Static<typeof FmvFactsBody>) =>
      api.put<DisclosureFmv>(`/fmv/disclosures/${encodeURIComponent(disclosureId)}/facts`, body),
    onSuccess: (data) => client.setQueryData(['fmv', disclosureId], data),
  });
}
