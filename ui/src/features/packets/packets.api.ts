import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  ActionRequiredPage,
  ActionRequiredQuery,
  BulkVoidProgress,
  CreatePacketBody,
  FolderArchiveResult,
  ExternalLinkResult,
  FolderPage,
  Folder,
  MyPaperworkPage,
  PacketDetail,
  PacketListQuery,
  PacketPage,
  PacketReport,
  PacketReportQuery,
  SendPacketBody,
  SendResult,
  SentPacketListQuery,
  SentPacket,
  SentPacketPage,
  SignerView,
  SignerConsentBody,
  SignerSubmitBody,
  SignerDone,
  StepActionBody,
  SubmissionActed,
  SubmissionDetail,
  SubmissionListQuery,
  SubmissionPage,
  UpdatePacketBody,
} from '../../../../api/packets/packets.schemas';
import type { FormListItem } from '../../../../api/forms/forms.schemas';
import type { UserPage } from '../../../../api/users/users.schemas';
import { api, buildApiUrl, parseApiError } from '../../shared/api';
import { fullName } from '../../shared/person-name';

/**
 * Every packets endpoint the screens use, as react-query hooks. Types come from the API's TypeBox contract
 * (api/packets/packets.schemas.ts); the paths are kept in one place below.
 */
export type PacketDetailDto = PacketDetail;
export type PacketList = Static<typeof PacketPage>;
export type PacketListFilters = Static<typeof PacketListQuery>;
export type FolderList = Static<typeof FolderPage>;
export type FolderDto = Folder;
export type SentPacketDto = SentPacket;
export type SentPacketList = Static<typeof SentPacketPage>;
export type SubmissionDetailDto = SubmissionDetail;
export type SubmissionActedDto = SubmissionActed;
export type SubmissionList = Static<typeof SubmissionPage>;
export type SubmissionFilters = Static<typeof SubmissionListQuery>;
export type ActionRequiredList = Static<typeof ActionRequiredPage>;
export type ActionRequiredFilters = Static<typeof ActionRequiredQuery>;
export type MyPaperworkList = Static<typeof MyPaperworkPage>;
export type CreatePacketInput = Static<typeof CreatePacketBody>;
export type UpdatePacketInput = Static<typeof UpdatePacketBody>;
export type SendPacketInput = SendPacketBody;
export type StepActionInput = StepActionBody;
export type SignerViewDto = Static<typeof SignerView>;
export type SignerConsentInput = Static<typeof SignerConsentBody>;
export type SignerSubmitInput = Static<typeof SignerSubmitBody>;
export type ExternalLink = Static<typeof ExternalLinkResult>;

const enc = encodeURIComponent;
export const packetPaths = {
  packets: '/packets',
  packet: (id: string) => `/packets/${enc(id)}`,
  packetAction: (id: string, action: 'publish' | 'recall' | 'clone' | 'archive') => `/packets/${enc(id)}/${action}`,
  externalLink: (id: string) => `/packets/${enc(id)}/external-link`,
  send: (id: string) => `/packets/${enc(id)}/send`,
  sentSubmissions: (sentPacketId: string) => `/sent-packets/${enc(sentPacketId)}/submissions`,
  sentVoid: (sentPacketId: string) => `/sent-packets/${enc(sentPacketId)}/void`,
  folders: '/packet-folders',
  sentPackets: '/sent-packets',
  sendProgress: (sentPacketId: string) => `/sent-packets/${enc(sentPacketId)}/send-progress`,
  submission: (id: string) => `/packet-submissions/${enc(id)}`,
  submissionAction: (id: string) => `/packet-submissions/${enc(id)}/actions`,
  submissionVoid: (id: string) => `/packet-submissions/${enc(id)}/void`,
  submissionResend: (id: string) => `/packet-submissions/${enc(id)}/resend`,
  actionRequired: '/packet-tasks',
  myPaperwork: '/my-paperwork',
  // The token travels in the body, never in a URL the server would log.
  signerOpen: '/signer/open',
  signerConsent: '/signer/consent',
  signerSubmit: '/signer/submit',
  signerPdf: '/signer/pdf',
};

export const packetKeys = {
  all: ['packets'] as const,
  list: (filters: PacketListFilters) => ['packets', 'list', filters] as const,
  detail: (id: string) => ['packets', 'detail', id] as const,
  folders: ['packets', 'folders'] as const,
  sent: (packetId: string) => ['packets', 'sent', packetId] as const,
  submissions: (packetId: string, filters: SubmissionFilters) => ['packets', 'submissions', packetId, filters] as const,
  submission: (id: string) => ['packets', 'submission', id] as const,
  actionRequired: (filters: ActionRequiredFilters) => ['packets', 'action-required', filters] as const,
  myPaperwork: (status: string | null) => ['packets', 'my-paperwork', status] as const,
  signer: (token: string) => ['packets', 'signer', token] as const,
};

export function usePackets(filters: PacketListFilters) {
  return useQuery({
    queryKey: packetKeys.list(filters),
    queryFn: ({ signal }) => api.get<PacketList>(packetPaths.packets, { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePacket(id: string | null) {
  return useQuery({
    queryKey: packetKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<PacketDetailDto>(packetPaths.packet(id!), undefined, signal),
    enabled: !!id,
  });
}

export function useFolders() {
  return useQuery({
    queryKey: packetKeys.folders,
    queryFn: ({ signal }) => api.get<FolderList>(packetPaths.folders, { limit: 200 }, signal),
  });
}

export function useInvalidatePackets() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: packetKeys.all });
}

export function useCreateFolder() {
  const invalidate = useInvalidatePackets();
  return useMutation({
    mutationFn: (name: string) => api.post<FolderDto>(packetPaths.folders, { name }),
    onSuccess: invalidate,
  });
}

export function useCreatePacket() {
  const invalidate = useInvalidatePackets();
  return useMutation({
    mutationFn: (input: CreatePacketInput) => api.post<PacketDetailDto>(packetPaths.packets, input),
    onSuccess: invalidate,
  });
}

export function useUpdatePacket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePacketInput) => api.put<PacketDetailDto>(packetPaths.packet(id), input),
    onSuccess: (packet) => {
      client.setQueryData(packetKeys.detail(id), packet);
      void client.invalidateQueries({ queryKey: ['packets', 'list'] });
    },
  });
}

export function usePacketAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'publish' | 'recall' | 'clone' | 'archive') =>
      api.post<PacketDetailDto>(packetPaths.packetAction(id, action)),
    onSuccess: () => client.invalidateQueries({ queryKey: packetKeys.all }),
  });
}

export function useExternalLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<ExternalLink>(packetPaths.externalLink(id), { enabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: packetKeys.detail(id) }),
  });
}

export function useSendPacket(id: string) {
  const invalidate = useInvalidatePackets();
  return useMutation({
    mutationFn: (input: SendPacketInput) => api.post<SendResultDto>(packetPaths.send(id), input),
    // Not awaited: the lists refresh in the background while the dialog moves on (a large send keeps the server busy).
    onSuccess: () => void invalidate(),
  });
}

export type SendResultDto = Static<typeof SendResult>;

/** How many of a send's submission workflows have started, polled until the send has finished. */
export function useSendProgress(sentPacketId: string | null) {
  return useQuery({
    // Outside the 'packets' key: invalidating the packet lists once the send ends must not refetch this again.
    queryKey: ['send-progress', sentPacketId],
    queryFn: ({ signal }) =>
      api.get<{ total: number; started: number; finished: boolean }>(
        packetPaths.sendProgress(sentPacketId!),
        undefined,
        signal,
      ),
    enabled: !!sentPacketId,
    refetchInterval: (query) => (query.state.data?.finished ? false : 1000),
  });
}

export function useSentPackets(packetId: string) {
  return useQuery({
    queryKey: packetKeys.sent(packetId),
    queryFn: ({ signal }) => api.get<SentPacketList>(packetPaths.sentPackets, { packetId, limit: 200 }, signal),
  });
}

export function useSentSubmissions(sentPacketId: string | null, filters: SubmissionFilters) {
  return useQuery({
    queryKey: packetKeys.submissions(sentPacketId ?? '', filters),
    queryFn: ({ signal }) =>
      api.get<SubmissionList>(packetPaths.sentSubmissions(sentPacketId!), { ...filters }, signal),
    enabled: !!sentPacketId,
    placeholderData: keepPreviousData,
  });
}

export function useSubmission(id: string | null) {
  return useQuery({
    queryKey: packetKeys.submission(id ?? ''),
    queryFn: ({ signal }) => api.get<SubmissionDetailDto>(packetPaths.submission(id!), undefined, signal),
    enabled: !!id,
  });
}

export function useStepAction(submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StepActionInput) =>
      api.post<SubmissionActedDto>(packetPaths.submissionAction(submissionId), input),
    onSuccess: () => client.invalidateQueries({ queryKey: packetKeys.all }),
  });
}

export function useVoidSubmission(submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<unknown>(packetPaths.submissionVoid(submissionId), { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: packetKeys.all }),
  });
}

export function useActionRequired(filters: ActionRequiredFilters) {
  return useQuery({
    queryKey: packetKeys.actionRequired(filters),
    queryFn: ({ signal }) => api.get<ActionRequiredList>(packetPaths.actionRequired, { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyPaperwork(status: string | null) {
  return useQuery({
    queryKey: packetKeys.myPaperwork(status),
    queryFn: ({ signal }) => api.get<MyPaperworkList>(packetPaths.myPaperwork, { status, limit: 200 }, signal),
  });
}

export function useSignerView(token: string) {
  return useQuery({
    queryKey: packetKeys.signer(token),
    queryFn: () => api.post<SignerViewDto>(packetPaths.signerOpen, { token }),
    retry: false,
  });
}

export function useSignerConsent(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SignerConsentInput, 'token'>) =>
      api.post<SignerViewDto>(packetPaths.signerConsent, { ...input, token }),
    onSuccess: (view) => client.setQueryData(packetKeys.signer(token), view),
  });
}

export function useSignerSubmit(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SignerSubmitInput, 'token'>) =>
      api.post<Static<typeof SignerDone>>(packetPaths.signerSubmit, { ...input, token }),
    // Reopen the link: it now answers with the signed packet and its copy.
    onSuccess: () => client.invalidateQueries({ queryKey: packetKeys.signer(token) }),
  });
}

/**
 * The packet's PDF for the external signer. A POST with the token in the body, so the token never sits in a URL the
 * server logs; the answer is the PDF itself.
 */
export async function fetchSignerPdf(token: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(buildApiUrl(packetPaths.signerPdf), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/pdf, application/json' },
    credentials: 'include',
    body: JSON.stringify({ token }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as unknown;
    throw parseApiError(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'signed-packet.pdf';
  return { blob: await response.blob(), filename };
}

/** The PDF preview of the packet the signer is reading (or has signed). */
export function useSignerPdf(token: string, version: string) {
  return useQuery({
    queryKey: [...packetKeys.signer(token), 'pdf', version] as const,
    queryFn: () => fetchSignerPdf(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** Form templates a packet can hold (the forms API's list; only published forms can be put in a packet). */
export type FormChoice = Pick<Static<typeof FormListItem>, 'id' | 'name' | 'status' | 'kind'>;
export function useFormChoices() {
  return useQuery({
    queryKey: ['packets', 'form-choices'],
    queryFn: ({ signal }) => api.get<{ items: FormChoice[] }>('/forms', { limit: 200 }, signal),
  });
}

/** A person as the step, sender and recipient pickers show them (derived from the user list below). */
export type PersonChoice = Pick<Static<typeof UserPage>['items'][number], 'id' | 'email'> & {
  name: string;
  roles: string[];
};

/** People of the school, for step actors, senders and recipients. */
export function usePeople() {
  return useQuery({
    queryKey: ['packets', 'people'],
    queryFn: async ({ signal }) => {
      const page = await api.get<Static<typeof UserPage>>('/users', { limit: 200, status: 'ACTIVE' }, signal);
      return page.items.map<PersonChoice>((u) => ({
        id: u.id,
        name: fullName(u) || u.email,
        email: u.email,
        roles: u.roles.map((r) => r.role),
      }));
    },
    staleTime: 60_000,
  });
}

// ---- sent, folder management, archive, reports ----

export type SentPacketFilters = Static<typeof SentPacketListQuery>;
export type PacketReportDto = PacketReport;
export type ReportPeriodValue = NonNullable<Static<typeof PacketReportQuery>['period']>;
export type FolderArchiveDto = Static<typeof FolderArchiveResult>;
export type BulkVoidProgressDto = Static<typeof BulkVoidProgress>;

export const packetManagePaths = {
  folder: (id: string) => `/packet-folders/${enc(id)}`,
  folderAction: (id: string, action: 'clone' | 'archive' | 'unarchive' | 'share') =>
    `/packet-folders/${enc(id)}/${action}`,
  folderOwner: (id: string) => `/packet-folders/${enc(id)}/owner`,
  folderArchiveProgress: (id: string) => `/packet-folders/${enc(id)}/archive-progress`,
  packetOwner: (id: string) => `/packets/${enc(id)}/owner`,
  packetFolder: (id: string) => `/packets/${enc(id)}/folder`,
  packetUnarchive: (id: string) => `/packets/${enc(id)}/unarchive`,
  reports: '/packet-reports',
};

export function useSentList(filters: SentPacketFilters) {
  return useQuery({
    queryKey: ['packets', 'sent-list', filters],
    queryFn: ({ signal }) => api.get<SentPacketList>(packetPaths.sentPackets, { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useArchivedFolders() {
  return useQuery({
    queryKey: ['packets', 'folders', 'archived'],
    queryFn: ({ signal }) => api.get<FolderList>(packetPaths.folders, { archived: true, limit: 200 }, signal),
  });
}

/** Every folder management call, invalidating the packet lists when it succeeds. */
export function useFolderMutation<TInput, TResult = FolderDto>(request: (input: TInput) => Promise<TResult>) {
  const invalidate = useInvalidatePackets();
  return useMutation({ mutationFn: request, onSuccess: invalidate });
}

export const folderCalls = {
  rename: (input: { id: string; name: string }) =>
    api.patch<FolderDto>(packetManagePaths.folder(input.id), { name: input.name }),
  clone: (id: string) => api.post<FolderDto>(packetManagePaths.folderAction(id, 'clone')),
  archive: (id: string) => api.post<FolderArchiveDto>(packetManagePaths.folderAction(id, 'archive')),
  unarchive: (id: string) => api.post<FolderDto>(packetManagePaths.folderAction(id, 'unarchive')),
  share: (input: { id: string; userIds: string[] }) =>
    api.post<{ packetCount: number }>(packetManagePaths.folderAction(input.id, 'share'), { userIds: input.userIds }),
  transfer: (input: { id: string; userId: string }) =>
    api.put<FolderDto>(packetManagePaths.folderOwner(input.id), { userId: input.userId }),
  transferPacket: (input: { id: string; userId: string }) =>
    api.put<PacketDetailDto>(packetManagePaths.packetOwner(input.id), { userId: input.userId }),
  movePacket: (input: { id: string; folderId: string | null }) =>
    api.put<PacketDetailDto>(packetManagePaths.packetFolder(input.id), { folderId: input.folderId }),
  unarchivePacket: (id: string) => api.post<PacketDetailDto>(packetManagePaths.packetUnarchive(id)),
};

export function useFolderArchiveProgress(folderId: string | null) {
  return useQuery({
    queryKey: ['packets', 'folder-archive-progress', folderId],
    queryFn: ({ signal }) =>
      api.get<BulkVoidProgressDto>(packetManagePaths.folderArchiveProgress(folderId!), undefined, signal),
    enabled: !!folderId,
    refetchInterval: (query) => (query.state.data?.finished ? false : 1000),
  });
}

export function usePacketReport(period: ReportPeriodValue) {
  return useQuery({
    queryKey: ['packets', 'report', period],
    queryFn: ({ signal }) => api.get<PacketReportDto>(packetManagePaths.reports, { period }, signal),
    placeholderData: keepPreviousData,
  });
}
