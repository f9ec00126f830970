import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { TemplateDetail, TemplateListItem, TemplatePage } from '../../../../api/templates/templates.schemas';
import { api } from '../api';

/**
 * The provider's template list and its archive switch: shared because the archive screen shows archived templates
 * next to archived packets and folders, and the template library shows them under its "Archived" tab.
 */
export type TemplateRow = Static<typeof TemplateListItem>;
type TemplateDetailData = Static<typeof TemplateDetail>;
type TemplatePageData = Static<typeof TemplatePage>;

/** Every query about templates starts with this key, so a change to one refreshes the lists. */
export const TEMPLATES_KEY = ['templates'] as const;

/** The provider's templates; polls while any of them has an assignment job running, so the counts move. */
export function useTemplates(options: { archived: boolean; q: string }) {
  return useQuery({
    queryKey: [...TEMPLATES_KEY, 'list', options],
    queryFn: ({ signal }) =>
      api.get<TemplatePageData>('/templates', { archived: options.archived, q: options.q, limit: 200 }, signal),
    refetchInterval: (query) => (query.state.data?.items.some((t) => t.runningJobId) ? 1000 : false),
  });
}

export function useSetArchived() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api.post<TemplateDetailData>(`/templates/${id}/${archived ? 'archive' : 'unarchive'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}
