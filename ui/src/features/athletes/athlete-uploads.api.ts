import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AthleteUploadDto } from '../../../../api/athletes/athlete-uploads.schemas';
import { api, apiUpload, buildApiUrl } from '../../shared/api';

export type AthleteUpload = AthleteUploadDto;

export const templateUrl = (format: 'xlsx' | 'csv') => buildApiUrl('/athletes/uploads/template', { format });

const uploadKey = (id: string | null) => ['athlete-uploads', id] as const;

/**
 * The upload being worked on; polled while it imports so the progress bar moves, and after, while its invitations
 * are still being started by their durable process.
 */
export function useAthleteUpload(id: string | null, polling: boolean) {
  return useQuery({
    queryKey: uploadKey(id),
    queryFn: ({ signal }) => api.get<AthleteUpload>(`/athletes/uploads/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: id !== null,
    refetchInterval: (q) =>
      polling || (q.state.data?.status === 'IMPORTED' && q.state.data.progress?.stage === 'invite') ? 300 : false,
  });
}

export function useUploadFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiUpload<AthleteUpload>('/athletes/uploads', file),
    onSuccess: (upload) => client.setQueryData(uploadKey(upload.id), upload),
  });
}

export function useRemapUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mapping }: { id: string; mapping: (string | null)[] }) =>
      api.put<AthleteUpload>(`/athletes/uploads/${encodeURIComponent(id)}/mapping`, { mapping }),
    onSuccess: (upload) => client.setQueryData(uploadKey(upload.id), upload),
  });
}

export function useImportUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, invite }: { id: string; invite: boolean }) =>
      api.post<AthleteUpload>(`/athletes/uploads/${encodeURIComponent(id)}/import`, { invite }),
    onSuccess: (upload) => {
      client.setQueryData(uploadKey(upload.id), upload);
      void client.invalidateQueries({ queryKey: ['athletes'] });
    },
    onError: (_error, { id }) => client.invalidateQueries({ queryKey: uploadKey(id) }),
  });
}
