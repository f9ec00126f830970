import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { MaterialDto, MaterialListDto } from '../../../../api/materials/materials.schemas';
import { api, apiUpload, buildApiUrl } from '../../shared/api';

export type Material = Static<typeof MaterialDto>;
export type MaterialList = Static<typeof MaterialListDto>;

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
