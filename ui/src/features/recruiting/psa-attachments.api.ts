import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AttachmentDto, AttachmentListDto } from '../../../../api/recruiting/psas.schemas';
import { api, apiUpload, buildApiUrl } from '../../shared/api';

export type PsaAttachment = Static<typeof AttachmentDto>;
export type PsaAttachmentList = Static<typeof AttachmentListDto>;

/** Whose routes read the files: the school's staff (`/psas/…`) or the provider's operator, read only (`/operator/psas/…`). */
export type PsaAttachmentsVia = 'school' | 'operator';

const keyOf = (psaId: string, via: PsaAttachmentsVia = 'school') =>
  via === 'school' ? (['psas', 'attachments', psaId] as const) : (['operator-psa', 'attachments', psaId] as const);
const base = (psaId: string, via: PsaAttachmentsVia = 'school') =>
  `${via === 'operator' ? '/operator' : ''}/psas/${encodeURIComponent(psaId)}/attachments`;

export function usePsaAttachments(psaId: string, via: PsaAttachmentsVia = 'school') {
  return useQuery({
    queryKey: keyOf(psaId, via),
    queryFn: ({ signal }) => api.get<PsaAttachmentList>(base(psaId, via), undefined, signal),
  });
}

export const psaAttachmentUrl = (psaId: string, id: string, via: PsaAttachmentsVia = 'school') =>
  buildApiUrl(`${base(psaId, via)}/${encodeURIComponent(id)}`);

/** After a change the list is the answer; the profile's history (which records the change) is read again. */
function useListChange<V>(psaId: string, run: (v: V) => Promise<PsaAttachmentList>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (list) => {
      client.setQueryData(keyOf(psaId), list);
      void client.invalidateQueries({ queryKey: ['psas', 'one', psaId] });
    },
  });
}

export function useUploadPsaAttachment(psaId: string) {
  return useListChange(psaId, (file: File) => apiUpload<PsaAttachmentList>(base(psaId), file));
}

export function useDeletePsaAttachment(psaId: string) {
  return useListChange(psaId, (id: string) =>
    api.delete<PsaAttachmentList>(`${base(psaId)}/${encodeURIComponent(id)}`),
  );
}
