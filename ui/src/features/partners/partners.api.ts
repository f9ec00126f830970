import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  AgentDecisionBody,
  AgentDetailDto,
  AgentLinkDto,
  AgentListDto,
  CreateAgentBody,
  InviteAgentBody,
  MyAgentsDto,
  ProvideAgentInfoBody,
} from '../../../../api/partners/agents.schemas';
import type { CreateVendorBody, VendorCardDto, VendorListDto } from '../../../../api/partners/vendors.schemas';
import { api, type QueryValue } from '../../shared/api';

export type AgentList = Static<typeof AgentListDto>;
export type AgentDetail = Static<typeof AgentDetailDto>;
export type MyAgents = Static<typeof MyAgentsDto>;
export type AgentLink = Static<typeof AgentLinkDto>;

const KEY = ['agents'] as const;

export function useAgents(filters: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: ({ signal }) => api.get<AgentList>('/agents', filters, signal),
    enabled,
  });
}

export function useAgent(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.get<AgentDetail>(`/agents/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });
}

export function useMyAgents() {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: ({ signal }) => api.get<MyAgents>('/agents/mine', undefined, signal),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['tasks'] });
  };
}

export function useCreateAgent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Static<typeof CreateAgentBody>) => api.post<AgentDetail>('/agents', body),
    onSuccess: refresh,
  });
}

export function useInviteAgent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Static<typeof InviteAgentBody>) => api.post<MyAgents>('/agents/invitations', body),
    onSuccess: refresh,
  });
}

export function useNameAgent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; named: boolean }) =>
      input.named
        ? api.post<MyAgents>(`/agents/${encodeURIComponent(input.id)}/named`)
        : api.post<MyAgents>(`/agents/${encodeURIComponent(input.id)}/unnamed`),
    onSuccess: refresh,
  });
}

export function useDecideAgent(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Static<typeof AgentDecisionBody>) =>
      api.post<AgentDetail>(`/agents/${encodeURIComponent(id)}/decision`, body),
    onSuccess: refresh,
  });
}

export function useAgentLink(token: string) {
  return useQuery({
    queryKey: [...KEY, 'link', token],
    queryFn: () => api.post<AgentLink>('/agents/public/open', { token }),
    enabled: Boolean(token),
    retry: false,
  });
}

export function useProvideAgentInfo() {
  return useMutation({
    mutationFn: (body: Static<typeof ProvideAgentInfoBody>) => api.post<{ ok: true }>('/agents/public/submit', body),
  });
}

export type VendorList = Static<typeof VendorListDto>;
export type VendorCard = Static<typeof VendorCardDto>;

export function useVendors() {
  return useQuery({
    queryKey: ['vendors'],
    queryFn: ({ signal }) => api.get<VendorList>('/vendors', undefined, signal),
  });
}

export function useCreateVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Static<typeof CreateVendorBody>) => api.post<VendorList['items'][number]>('/vendors', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['vendors'] }),
  });
}

export function useSetVendorActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; active: boolean }) =>
      api.post(`/vendors/${encodeURIComponent(input.id)}/active`, { active: input.active }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['vendors'] }),
  });
}

export function useVendorCard(customUrl: string) {
  return useQuery({
    queryKey: ['vendor-card', customUrl],
    queryFn: ({ signal }) => api.get<VendorCard>(`/vendors/cards/${encodeURIComponent(customUrl)}`, undefined, signal),
    retry: false,
  });
}
