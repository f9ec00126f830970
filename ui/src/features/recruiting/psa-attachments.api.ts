import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload, buildApiUrl } from '../../shared/api';

export interface PsaAttachment {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: string;
}

export interface PsaAttachmentList {
  items: PsaAttachment[];
  maxFiles: number;
  maxFileBytes: number;
}

const keyOf = (psaId: string) => ['psas', 'attachments', psaId] as const;
const base = (psaId: string) => `/psas/${encodeURIComponent(psaId)}/attachments`;

export function usePsaAttachments(psaId: string) {
  return useQuery({
    queryKey: keyOf(psaId),
    queryFn: ({ signal }) => api.get<PsaAttachmentList>(base(psaId), undefined, signal),
  });
}

export const psaAttachmentUrl = (psaId: string, id: string) => buildApiUrl(`${base(psaId)}/${encodeURIComponent(id)}`);

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
