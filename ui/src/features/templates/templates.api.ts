import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  AssignmentBody,
  AssignmentJob,
  AssignmentJobList,
  Institution,
  InstitutionPage,
  LibraryPage,
  LibraryTemplate,
  SourcePacket,
  SourcePacketList,
  TemplateDetail,
  UsedTemplate,
} from '../../../../api/templates/templates.schemas';
import { api } from '../../shared/api';
import { TEMPLATES_KEY } from '../../shared/templates/templates-list.api';

export type TemplateDetailData = Static<typeof TemplateDetail>;
export type LibraryTemplateData = Static<typeof LibraryTemplate>;
export type InstitutionRow = Static<typeof Institution>;
export type AssignmentJobData = Static<typeof AssignmentJob>;
export type SourcePacketRow = Static<typeof SourcePacket>;
export type UsedTemplateData = Static<typeof UsedTemplate>;

const LIBRARY_KEY = ['template-library'] as const;

export function useTemplate(templateId: string | null) {
  return useQuery({
    queryKey: [...TEMPLATES_KEY, 'detail', templateId],
    queryFn: ({ signal }) => api.get<TemplateDetailData>(`/templates/${templateId}`, undefined, signal),
    enabled: !!templateId,
  });
}

function useTemplateMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useCreateTemplate() {
  return useTemplateMutation((body: { schoolId: string; packetId: string; title?: string }) =>
    api.post<TemplateDetailData>('/templates', body),
  );
}

/** The copy, or only its id when the duplication workflow is still making it (it joins the list when done). */
export function useDuplicateTemplate() {
  return useTemplateMutation((id: string) =>
    api.post<TemplateDetailData | { id: string; title?: undefined }>(`/templates/${id}/duplicate`),
  );
}

type AssignmentBodyData = Static<typeof AssignmentBody>;
/** Either schools by id or a filter, never both: the assignment body as the screens build it. */
export type AssignmentSelection =
  Required<Pick<AssignmentBodyData, 'schoolIds'>> | Required<Pick<AssignmentBodyData, 'filter'>>;

export function useStartAssignment(templateId: string) {
  return useTemplateMutation(
    ({ action, selection }: { action: 'ASSIGN' | 'UNASSIGN'; selection: AssignmentSelection }) =>
      api.post<AssignmentJobData>(
        `/templates/${templateId}/${action === 'ASSIGN' ? 'assignments' : 'unassignments'}`,
        selection,
      ),
  );
}

/** One job's progress, polled until it is no longer running; then the template's counts are refreshed. */
export function useAssignmentJob(jobId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['template-assignment-jobs', jobId],
    queryFn: async ({ signal }) => {
      const job = await api.get<AssignmentJobData>(`/template-assignment-jobs/${jobId}`, undefined, signal);
      if (job.status !== 'RUNNING') {
        await client.invalidateQueries({ queryKey: TEMPLATES_KEY });
        await client.invalidateQueries({ queryKey: ['template-institutions'] });
      }
      return job;
    },
    enabled: !!jobId,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'RUNNING' ? false : 400),
  });
}

export function useAssignmentJobs(templateId: string | null) {
  return useQuery({
    queryKey: [...TEMPLATES_KEY, 'jobs', templateId],
    queryFn: ({ signal }) =>
      api.get<Static<typeof AssignmentJobList>>(`/templates/${templateId}/assignment-jobs`, undefined, signal),
    enabled: !!templateId,
  });
}

export interface InstitutionQuery {
  templateId: string | null;
  q?: string;
  state?: string | null;
  division?: string | null;
  plan?: string | null;
  assigned?: boolean | null;
  limit: number;
  offset: number;
}

export function useInstitutions(query: InstitutionQuery) {
  return useQuery({
    queryKey: ['template-institutions', query],
    queryFn: ({ signal }) =>
      api.get<Static<typeof InstitutionPage>>(
        '/templates/institutions',
        {
          templateId: query.templateId,
          q: query.q,
          state: query.state,
          division: query.division,
          plan: query.plan,
          assigned: query.assigned,
          limit: query.limit,
          offset: query.offset,
        },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
}

export function useSourcePackets(schoolId: string | null) {
  return useQuery({
    queryKey: [...TEMPLATES_KEY, 'source-packets', schoolId],
    queryFn: ({ signal }) =>
      api.get<Static<typeof SourcePacketList>>('/templates/source-packets', { schoolId }, signal),
    enabled: !!schoolId,
  });
}

// ---- a school's library ----

export function useLibrary(q: string) {
  return useQuery({
    queryKey: [...LIBRARY_KEY, q],
    queryFn: ({ signal }) => api.get<Static<typeof LibraryPage>>('/template-library', { q, limit: 200 }, signal),
  });
}

export function useUseTemplate() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name?: string }) =>
      api.post<UsedTemplateData>(`/template-library/${id}/use`, name ? { name } : {}),
  });
}
