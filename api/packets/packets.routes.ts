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
  /** What saving a packet's content refuses (creating and updating alike). */
  const PACKET_RULE =
    'Refused with PACKET_NAME_OR_DESCRIPTION_EMPTY when the name or description is empty, PACKET_NAME_TOO_LONG or PACKET_DESCRIPTION_TOO_LONG when one has too many words, PACKET_FORMS_RANGE when the forms repeat or are too few or too many, CONDITION_INVALID, CONDITION_TOO_DEEP or CONDITION_TOO_LARGE when a step condition is malformed, too deep or too large, and PACKET_STEP_PERSON_UNAVAILABLE or PACKET_STEP_GROUP_UNAVAILABLE when the workflow names someone who could never act.';

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
      schema: {
        description: 'A new folder. Refused with FOLDER_NAME_INVALID when the name is empty or too long.',
        body: CreateFolderBody,
        response: { 201: Folder, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFolder(deps(request), actor(request), request.body.name)),
  );
  app.patch(
    '/packet-folders/:id',
    {
      onRequest: canWrite,
      schema: {
        description:
          'Renames the folder (its owner or a school admin). Refused with FOLDER_NAME_INVALID when the name is empty or too long, and FOLDER_ARCHIVED when the folder is archived.',
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
        description:
          'Archives the folder and its packets and voids their running submissions in the background. Refused with FOLDER_ARCHIVED when the folder is already archived (unless submissions of its packets still run with no bulk void under way, as after a crash: then the voids start now), and WORKFLOW_UNAVAILABLE when submissions would need voiding and Temporal cannot be reached.',
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
      schema: {
        description:
          'Restores the folder with the packets archived with it. Refused with NOT_ARCHIVED when the folder is not archived.',
        params: FolderIdParams,
        response: { 200: Folder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => unarchiveFolder(deps(request), actor(request), request.params.id),
  );
  app.put(
    '/packet-folders/:id/owner',
    {
      onRequest: canWrite,
      schema: {
        description:
          'Hands the folder, its packets and their sends to another owner. Refused with PACKET_NEW_OWNER_INVALID when the new owner is not an active school admin or coach of the school, and FOLDER_ARCHIVED when the folder is archived.',
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
        description:
          'Gives staff edit access to every packet of the folder. Refused with PACKET_SHARE_USERS_INVALID when no one is named or someone named is not an active school admin or coach of the school, and FOLDER_ARCHIVED when the folder is archived.',
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
      schema: {
        description: `A new unpublished packet. ${PACKET_RULE}`,
        body: CreatePacketBody,
        response: { 201: PacketDetail, ...errorResponses(400, 401, 403, 404) },
      },
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
        description: `Saves the packet. Refused with PACKET_ARCHIVED when the packet is archived, PACKET_FROZEN when a published packet or one with submissions would change its forms, HIPAA setting or steps (clone it instead). ${PACKET_RULE}`,
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
      schema: {
        description:
          'Publishes the packet as its next version. Refused with PACKET_ARCHIVED when the packet is archived, and with the first publish problem (such as PACKET_FORM_NOT_PUBLISHED, PACKET_WORKFLOW_INVALID or PACKET_SEND_ACCESS_NOT_SET_UP) when it is not ready; `publishProblems` on the packet lists them.',
        ...packetParams,
        response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
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
      schema: {
        ...packetParams,
        description:
          'Archives the packet and voids its running submissions in the background (its bulk-void workflow). Archiving an archived packet again changes nothing, but starts the voids when its submissions still run with no bulk void under way (as after a crash). Refused with WORKFLOW_UNAVAILABLE when submissions would need voiding and Temporal cannot be reached.',
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 503) },
      },
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
      schema: {
        description: 'Restores the packet as unpublished. Refused with NOT_ARCHIVED when the packet is not archived.',
        ...packetParams,
        response: { 200: PacketDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => unarchivePacket(deps(request), actor(request), request.params.id),
  );
  app.put(
    '/packets/:id/owner',
    {
      onRequest: canWrite,
      schema: {
        description:
          "Hands the packet and its owner's sends to another owner. Refused with PACKET_NEW_OWNER_INVALID when the new owner is not an active school admin or coach of the school.",
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
        description:
          'Moves the packet to a folder (null: none). Refused with PACKET_ARCHIVED when the packet is archived.',
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
        description:
          "Turns the packet's shareable link on (a new URL, shown once) or off. Refused with PACKET_NOT_PUBLISHED when turning it on for a packet that is not published.",
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
        description:
          "Sends the packet's current version to the recipients. Refused with PACKET_ARCHIVED when the packet is archived, PACKET_NOT_PUBLISHED when it is not published, SEND_MESSAGE_TOO_LONG when the message has too many words, EXTERNAL_SIGNER_DETAILS when an external signer step lacks its signer's details, PACKET_NO_RECIPIENTS when the recipients resolve to nobody, PACKET_STEP_PERSON_UNAVAILABLE or PACKET_STEP_GROUP_UNAVAILABLE when the workflow names someone who could never act, and WORKFLOW_UNAVAILABLE when Temporal cannot be reached.",
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
        description: 'How far the send has got. Refused with WORKFLOW_UNAVAILABLE when Temporal cannot be reached.',
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
        description:
          'Voids every running submission of the send in the background. Refused with REASON_REQUIRED when the reason is empty, REASON_TOO_LONG when it has too many words, and WORKFLOW_UNAVAILABLE when Temporal cannot be reached.',
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
        description:
          "Takes an action on the submission's active step. Refused with REASON_REQUIRED when a rejection has no reason or a change request no comment, REASON_TOO_LONG or COMMENT_TOO_LONG when one has too many words, STEP_NOT_ACTIVE when the step is not the active one or the action does not fit it, SUBMISSION_CLOSED when the submission has ended, WORKFLOW_UNAVAILABLE when Temporal cannot be reached, and with the code the workflow names when it refuses the answers.",
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
        description:
          'Voids the submission. Refused with REASON_REQUIRED when the reason is empty, REASON_TOO_LONG when it has too many words, SUBMISSION_CLOSED when the submission has already ended, and WORKFLOW_UNAVAILABLE when Temporal cannot be reached.',
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
        description:
          "Sends the active step's notification again. Refused with SUBMISSION_CLOSED when the submission has ended, and WORKFLOW_UNAVAILABLE when Temporal cannot be reached.",
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
  const VOIDED_RULE = 'Refused with PACKET_VOIDED when the submission was voided before the signer signed.';
  app.post(
    '/signer/open',
    {
      ...signer,
      schema: {
        description: `The signer's view of the packet. ${LINK_RULE} ${VOIDED_RULE}`,
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
        description: `Records the signer's consent to sign electronically. ${LINK_RULE} ${VOIDED_RULE} Refused with EXTERNAL_SIGNER_DETAILS when a name or the e-mail is empty or the e-mail is not the one the link was sent to, and ESIGN_CONSENT_REQUIRED when the consent version is not the current one.`,
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
        description: `Submits the signer's answers and signature. ${LINK_RULE} ${VOIDED_RULE} Refused with ESIGN_CONSENT_REQUIRED when the signer has not consented to the current consent text, WORKFLOW_UNAVAILABLE when Temporal cannot be reached, and with the code the workflow names when it refuses the answers or the signature.`,
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
        description: `The signer's copy as a PDF. ${LINK_RULE} ${VOIDED_RULE}`,
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
