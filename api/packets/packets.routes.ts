import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { requestMeta } from '../shared/request-meta';
import { NoContent, errorResponses } from '../shared/schemas';
import { actorOf } from '../shared/use-case';
import {
  archiveFolder,
  archivePacket,
  cloneFolder,
  createFolder,
  loadBulkVoidProgress,
  loadFolderArchiveProgress,
  renameFolder,
  voidSentPacket,
} from './archive.service';
import { shareFolder, transferFolder, transferPacket, unarchiveFolder, unarchivePacket } from './ownership.service';
import { packetDepsOf } from './packet-deps';
import { loadPacketReport } from './packet-reports.service';
import { listFolders } from './packets.repository';
import {
  ActionRequiredPage,
  ActionRequiredQuery,
  BulkVoidProgress,
  BulkVoidResult,
  CreateFolderBody,
  CreatePacketBody,
  ExternalLinkBody,
  ExternalLinkResult,
  Folder,
  FolderArchiveResult,
  FolderIdParams,
  FolderListQuery,
  FolderPage,
  MovePacketBody,
  MyPaperworkPage,
  MyPaperworkQuery,
  PACKET_BODY_LIMIT,
  PacketDetail,
  PacketIdParams,
  PacketListQuery,
  PacketPage,
  PacketReport,
  PacketReportQuery,
  ShareFolderBody,
  ShareFolderResult,
  TransferOwnershipBody,
  RenameFolderBody,
  SendPacketBody,
  SentPacketIdParams,
  SentPacketListQuery,
  SentPacketPage,
  SignerConsentBody,
  SignerDone,
  SignerPdf,
  SignerSubmitBody,
  SignerTokenBody,
  SignerView,
  StepActionBody,
  SubmissionActed,
  SubmissionDetail,
  SubmissionIdParams,
  SubmissionListQuery,
  SubmissionPdf,
  SubmissionPage,
  UpdatePacketBody,
  VoidBody,
} from './packets.schemas';
import {
  clonePacket,
  createPacket,
  listPacketItems,
  loadPacketDetail,
  movePacket,
  publishPacket,
  recallPacket,
  setExternalLink,
  toFolder,
  updatePacket,
} from './packets.service';
import { loadSendProgress, sendPacket } from './send-packet.service';
import { renderSubmissionPdfFor } from './submission-pdf.service';
import { openSignerLink, recordSignerConsent, renderSignerPdf, submitAsSigner } from './signer.service';
import {
  actOnSubmission,
  listActionRequired,
  listMyPaperwork,
  listSentPackets,
  listSubmissionsOfSent,
  loadSubmissionDetail,
  resendSubmission,
  voidSubmission,
} from './submissions.service';

/**
 * Packets with e-signature (issue 4). Building and sending need packet permissions and the 'Connect' plan
 * (paperwork); acting on a step needs only `packets:fill` (the workflow decides who may act); the external signer's
 * routes are public and work only with a valid, in-turn token.
 */
export const packetsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const paperwork = requirePlanFeature('paperwork');
  const canRead = [requirePermission('packets:read'), paperwork];
  const canWrite = [requirePermission('packets:write'), paperwork];
  const canSend = [requirePermission('packets:send'), paperwork];
  const canFill = [requirePermission('packets:fill'), paperwork];
  const packetParams = { params: PacketIdParams };
  const deps = (request: FastifyRequest) => packetDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  // ---- folders ----
  app.get(
    '/packet-folders',
    {
      onRequest: canRead,
      schema: { querystring: FolderListQuery, response: { 200: FolderPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listFolders(db, authOf(request).school.id, {
        limit,
        offset,
        ...(request.query.archived !== undefined ? { archived: request.query.archived } : {}),
      });
      return { items: rows.map(toFolder), total, limit, offset };
    },
  );
  app.post(
    '/packet-folders',
    {
      onRequest: canWrite,
      schema: { body: CreateFolderBody, response: { 201: Folder, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) =>
      reply.code(201).send(await createFolder(deps(request), actor(request), request.body.name)),
  );
  app.patch(
    '/packet-folders/:id',
    {
      onRequest: canWrite,
      schema: {
        params: FolderIdParams,
        body: RenameFolderBody,
        response: { 200: Folder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => renameFolder(deps(request), actor(request), request.params.id, request.body.name),
  );
  app.post(
    '/packet-folders/:id/clone',
    {
      onRequest: canWrite,
      schema: { params: FolderIdParams, response: { 201: Folder, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => reply.code(201).send(await cloneFolder(deps(request), actor(request), request.params.id)),
  );
  app.post(
    '/packet-folders/:id/archive',
    {
      onRequest: canWrite,
      schema: {
        params: FolderIdParams,
        response: { 200: FolderArchiveResult, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => archiveFolder(deps(request), actor(request), request.params.id),
  );
  app.get(
    '/packet-folders/:id/archive-progress',
    {
      onRequest: canRead,
      schema: { params: FolderIdParams, response: { 200: BulkVoidProgress, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => loadFolderArchiveProgress(deps(request), actor(request), request.params.id),
  );
  app.post(
    '/packet-folders/:id/unarchive',
    {
      onRequest: canWrite,
      schema: { params: FolderIdParams, response: { 200: Folder, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => unarchiveFolder(deps(request), actor(request), request.params.id),
  );
  app.put(
    '/packet-folders/:id/owner',
    {
      onRequest: canWrite,
      schema: {
        params: FolderIdParams,
        body: TransferOwnershipBody,
        response: { 200: Folder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => transferFolder(deps(request), actor(request), request.params.id, request.body.userId),
  );
  app.post(
    '/packet-folders/:id/share',
    {
      onRequest: canWrite,
      schema: {
        params: FolderIdParams,
        body: ShareFolderBody,
        response: { 200: ShareFolderResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => shareFolder(deps(request), actor(request), request.params.id, request.body.userIds),
  );

  // ---- packets ----
  app.get(
    '/packets',
    {
      onRequest: canRead,
      schema: { querystring: PacketListQuery, response: { 200: PacketPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { limit = 50, offset = 0, ...rest } = request.query;
      return listPacketItems(deps(request), actor(request), { ...rest, limit, offset });
    },
  );
  app.post(
    '/packets',
    {
      onRequest: canWrite,
      bodyLimit: PACKET_BODY_LIMIT,
      schema: { body: CreatePacketBody, response: { 201: PacketDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => reply.code(201).send(await createPacket(deps(request), actor(request), request.body)),
  );
  app.get(
    '/packets/:id',
    {
      onRequest: canRead,
      schema: { ...packetParams, response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => loadPacketDetail(db, actor(request), request.params.id),
  );
  app.put(
    '/packets/:id',
    {
      onRequest: canWrite,
      bodyLimit: PACKET_BODY_LIMIT,
      schema: {
        ...packetParams,
        body: UpdatePacketBody,
        response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePacket(deps(request), actor(request), request.params.id, request.body),
  );
  app.post(
    '/packets/:id/publish',
    {
      onRequest: canWrite,
      schema: { ...packetParams, response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => publishPacket(deps(request), actor(request), request.params.id),
  );
  app.post(
    '/packets/:id/recall',
    {
      onRequest: canWrite,
      schema: { ...packetParams, response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => recallPacket(deps(request), actor(request), request.params.id),
  );
  app.post(
    '/packets/:id/clone',
    {
      onRequest: canWrite,
      schema: { ...packetParams, response: { 201: PacketDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => reply.code(201).send(await clonePacket(deps(request), actor(request), request.params.id)),
  );
  app.post(
    '/packets/:id/archive',
    {
      onRequest: canWrite,
      schema: { ...packetParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await archivePacket(deps(request), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/packets/:id/unarchive',
    {
      onRequest: canWrite,
      schema: { ...packetParams, response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => unarchivePacket(deps(request), actor(request), request.params.id),
  );
  app.put(
    '/packets/:id/owner',
    {
      onRequest: canWrite,
      schema: {
        ...packetParams,
        body: TransferOwnershipBody,
        response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => transferPacket(deps(request), actor(request), request.params.id, request.body.userId),
  );
  app.put(
    '/packets/:id/folder',
    {
      onRequest: canWrite,
      schema: {
        ...packetParams,
        body: MovePacketBody,
        response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => movePacket(deps(request), actor(request), request.params.id, request.body.folderId),
  );
  app.put(
    '/packets/:id/external-link',
    {
      onRequest: canWrite,
      schema: {
        ...packetParams,
        body: ExternalLinkBody,
        response: { 200: ExternalLinkResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setExternalLink(deps(request), actor(request), request.params.id, request.body.enabled),
  );
  app.post(
    '/packets/:id/send',
    {
      onRequest: canSend,
      bodyLimit: PACKET_BODY_LIMIT,
      schema: {
        ...packetParams,
        body: SendPacketBody,
        response: {
          201: Type.Object({
            sentPacketId: Type.String(),
            recipientCount: Type.Integer(),
            /** False when the send goes on in the background: follow GET /sent-packets/:id/send-progress. */
            startedAll: Type.Boolean(),
          }),
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendPacket(deps(request), actor(request), request.params.id, request.body)),
  );
  app.get(
    '/sent-packets/:id/send-progress',
    {
      onRequest: canSend,
      schema: {
        ...packetParams,
        response: {
          200: Type.Object({ total: Type.Integer(), started: Type.Integer(), finished: Type.Boolean() }),
          ...errorResponses(401, 403, 404, 503),
        },
      },
    },
    async (request) => loadSendProgress(deps(request), actor(request), request.params.id),
  );

  // ---- sent packets and submissions ----
  app.get(
    '/sent-packets',
    {
      onRequest: canSend,
      schema: { querystring: SentPacketListQuery, response: { 200: SentPacketPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { limit = 50, offset = 0, ...rest } = request.query;
      return listSentPackets(deps(request), actor(request), { ...rest, limit, offset });
    },
  );
  app.get(
    '/packet-reports',
    {
      onRequest: canSend,
      schema: { querystring: PacketReportQuery, response: { 200: PacketReport, ...errorResponses(400, 401, 403) } },
    },
    async (request) => loadPacketReport(deps(request), actor(request), request.query.period ?? '4W'),
  );
  app.get(
    '/sent-packets/:id/submissions',
    {
      onRequest: canSend,
      schema: {
        params: SentPacketIdParams,
        querystring: SubmissionListQuery,
        response: { 200: SubmissionPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { limit = 50, offset = 0, ...rest } = request.query;
      return listSubmissionsOfSent(deps(request), actor(request), request.params.id, { ...rest, limit, offset });
    },
  );
  app.post(
    '/sent-packets/:id/void',
    {
      onRequest: canSend,
      schema: {
        params: SentPacketIdParams,
        body: VoidBody,
        response: { 202: BulkVoidResult, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await voidSentPacket(deps(request), actor(request), request.params.id, request.body.reason)),
  );
  app.get(
    '/sent-packets/:id/void-progress',
    {
      onRequest: canSend,
      schema: {
        params: SentPacketIdParams,
        response: { 200: BulkVoidProgress, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => loadBulkVoidProgress(deps(request), actor(request), request.params.id),
  );
  app.get(
    '/packet-submissions/:id',
    {
      onRequest: canFill,
      schema: {
        params: SubmissionIdParams,
        response: { 200: SubmissionDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => loadSubmissionDetail(deps(request), actor(request), request.params.id),
  );
  app.get(
    '/packet-submissions/:id/pdf',
    {
      onRequest: canFill,
      schema: { params: SubmissionIdParams, response: { 200: SubmissionPdf, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { bytes, filename } = await renderSubmissionPdfFor(deps(request), actor(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename.replace(/"/g, '')}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
  app.post(
    '/packet-submissions/:id/actions',
    {
      onRequest: canFill,
      bodyLimit: PACKET_BODY_LIMIT,
      schema: {
        params: SubmissionIdParams,
        body: StepActionBody,
        response: { 200: SubmissionActed, ...errorResponses(400, 401, 403, 404, 409, 410, 503) },
      },
    },
    async (request) => actOnSubmission(deps(request), actor(request), request.params.id, request.body),
  );
  app.post(
    '/packet-submissions/:id/void',
    {
      onRequest: canFill,
      schema: {
        params: SubmissionIdParams,
        body: VoidBody,
        response: { 200: SubmissionDetail, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => voidSubmission(deps(request), actor(request), request.params.id, request.body.reason),
  );
  app.post(
    '/packet-submissions/:id/resend',
    {
      onRequest: canFill,
      schema: {
        params: SubmissionIdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await resendSubmission(deps(request), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/packet-tasks',
    {
      onRequest: canFill,
      schema: {
        querystring: ActionRequiredQuery,
        response: { 200: ActionRequiredPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit = 50, offset = 0, ...rest } = request.query;
      return listActionRequired(deps(request), actor(request), { ...rest, limit, offset });
    },
  );
  app.get(
    '/my-paperwork',
    {
      onRequest: canFill,
      schema: { querystring: MyPaperworkQuery, response: { 200: MyPaperworkPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { limit = 50, offset = 0, status } = request.query;
      return listMyPaperwork(deps(request), actor(request), { limit, offset, ...(status ? { status } : {}) });
    },
  );

  // ---- external signer (public, by token) ----
  const signer = { config: { public: true } };
  const LINK_RULE =
    'Refused with 410 LINK_NO_LONGER_VALID when the token names no open signing link (unknown, used, expired or withdrawn).';
  app.post(
    '/signer/open',
    {
      ...signer,
      schema: {
        description: `The signer's view of the packet. ${LINK_RULE}`,
        body: SignerTokenBody,
        response: { 200: SignerView, ...errorResponses(400, 410) },
      },
    },
    async (request) => openSignerLink(deps(request), requestMeta(request), request.body.token),
  );
  app.post(
    '/signer/consent',
    {
      ...signer,
      schema: {
        description: `Records the signer's consent to sign electronically. ${LINK_RULE}`,
        body: SignerConsentBody,
        response: { 200: SignerView, ...errorResponses(400, 410) },
      },
    },
    async (request) => recordSignerConsent(deps(request), requestMeta(request), request.body.token, request.body),
  );
  app.post(
    '/signer/submit',
    {
      ...signer,
      bodyLimit: PACKET_BODY_LIMIT,
      schema: {
        description: `Submits the signer's answers and signature. ${LINK_RULE}`,
        body: SignerSubmitBody,
        response: { 200: SignerDone, ...errorResponses(400, 403, 409, 410, 503) },
      },
    },
    async (request) => submitAsSigner(deps(request), requestMeta(request), request.body.token, request.body),
  );
  // A POST, so the token stays out of URLs and access logs; the signer's copy is downloaded from the answer.
  app.post(
    '/signer/pdf',
    {
      ...signer,
      schema: {
        description: `The signer's copy as a PDF. ${LINK_RULE}`,
        body: SignerTokenBody,
        response: { 200: SignerPdf, ...errorResponses(400, 410) },
      },
    },
    async (request, reply) => {
      const { bytes, filename } = await renderSignerPdf(deps(request), requestMeta(request), request.body.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '')}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
