import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload, buildApiUrl } from '../../shared/api';

export interface Material {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  description: string | null;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: string;
  canDelete: boolean;
}

export interface MaterialList {
  items: Material[];
  usage: { count: number; totalBytes: number; maxFiles: number; maxFileBytes: number; maxTotalBytes: number };
}

const KEY = ['materials'] as const;

export function useMaterials() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<MaterialList>('/materials', undefined, signal) });
}

export const materialFileUrl = (id: string) => buildApiUrl(`/materials/${encodeURIComponent(id)}/file`);

export function useUploadMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, description }: { file: File; description: string }) =>
      apiUpload<MaterialList>('/materials', file, 'POST', { description }),
    onSuccess: (list) => client.setQueryData(KEY, list),
  });
}

export function useDeleteMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MaterialList>(`/materials/${encodeURIComponent(id)}`),
    onSuccess: (list) => client.setQueryData(KEY, list),
  });
}
