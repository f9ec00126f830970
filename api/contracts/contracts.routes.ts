import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DISCLOSURE_LIMITS } from '../../domain/disclosures';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { readUploadedFile } from '../plugins/uploaded-file';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  CONFIRM_PAYMENT_DESCRIPTION,
  ConfirmPaymentBody,
  ContractDecisionBody,
  ContractDetailDto,
  ContractListDto,
  ContractListQuery,
  CREATE_CONTRACT_DESCRIPTION,
  CREATE_SCHEDULE_DESCRIPTION,
  CreateContractBody,
  CreateScheduleBody,
  DECIDE_CONTRACT_DESCRIPTION,
  END_SCHEDULE_DESCRIPTION,
  PaymentListDto,
  PaymentListQuery,
  PaymentParams,
  UPLOAD_DOCUMENT_DESCRIPTION,
} from './contracts.schemas';
import {
  addContract,
  confirmPayment,
  CONTRACT_FILE_PURPOSE,
  createPaymentSchedule,
  decideContract,
  endPaymentSchedule,
  findContractDocumentFile,
  getContract,
  listContractsFor,
  listPaymentsFor,
  uploadContractDocument,
} from './contracts.service';

/**
 * NIL contracts and payments (issue 38). An athlete adds a contract to their own approved disclosure (a compliance
 * admin may add one to any); the admins review it through `contract-review:<id>` (My Tasks), set its payment
 * schedule (`payment-schedule:<contractId>`) and confirm each payment paid or failed. Athletes see only their own
 * contracts and payments; another school's answer 404.
 */
export const contractsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: DISCLOSURE_LIMITS.maxAttachmentBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const plan = requirePlanFeature('disclosures');
  const canRead = [requirePermission('disclosures:read'), plan];
  const canSubmit = [requirePermission('disclosures:read'), plan];
  const canReview = [requirePermission('disclosures:review'), plan];

  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/contracts',
    {
      onRequest: canRead,
      schema: { querystring: ContractListQuery, response: { 200: ContractListDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listContractsFor(deps(request), actor(request), request.query),
  );

  app.get(
    '/contracts/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: ContractDetailDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getContract(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/contracts',
    {
      onRequest: canSubmit,
      schema: {
        body: CreateContractBody,
        description: CREATE_CONTRACT_DESCRIPTION,
        response: { 201: ContractDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await addContract(deps(request), actor(request), request.body)),
  );

  app.post(
    '/contracts/:id/document',
    {
      onRequest: canSubmit,
      schema: {
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: UPLOAD_DOCUMENT_DESCRIPTION,
        response: { 200: ContractDetailDto, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) =>
      uploadContractDocument(deps(request), actor(request), {
        contractId: request.params.id,
        upload: () => readUploadedFile(request),
      }),
  );

  app.get(
    '/contracts/:id/document',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { contractId, fileId } = await findContractDocumentFile(deps(request), actor(request), request.params.id);
      return sendAuditedDownload(request, reply, {
        fileId,
        purpose: CONTRACT_FILE_PURPOSE,
        audit: { action: 'contract.document_downloaded', targetType: 'contract', targetId: contractId },
      });
    },
  );

  app.post(
    '/contracts/:id/decision',
    {
      onRequest: canReview,
      schema: {
        params: IdParams,
        body: ContractDecisionBody,
        description: DECIDE_CONTRACT_DESCRIPTION,
        response: { 200: ContractDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      decideContract(deps(request), actor(request), { contractId: request.params.id, ...request.body }),
  );

  app.post(
    '/contracts/:id/schedule',
    {
      onRequest: canReview,
      schema: {
        params: IdParams,
        body: CreateScheduleBody,
        description: CREATE_SCHEDULE_DESCRIPTION,
        response: { 201: ContractDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createPaymentSchedule(deps(request), actor(request), {
          contractId: request.params.id,
          ...request.body,
        }),
      ),
  );

  app.post(
    '/contracts/:id/schedule/end',
    {
      onRequest: canReview,
      schema: {
        params: IdParams,
        description: END_SCHEDULE_DESCRIPTION,
        response: { 200: ContractDetailDto, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => endPaymentSchedule(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/contracts/:id/payments/:seq/confirmation',
    {
      onRequest: canReview,
      schema: {
        params: PaymentParams,
        body: ConfirmPaymentBody,
        description: CONFIRM_PAYMENT_DESCRIPTION,
        response: { 200: ContractDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      confirmPayment(deps(request), actor(request), {
        contractId: request.params.id,
        seq: request.params.seq,
        outcome: request.body.outcome,
      }),
  );

  app.get(
    '/payments',
    {
      onRequest: canRead,
      schema: { querystring: PaymentListQuery, response: { 200: PaymentListDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listPaymentsFor(deps(request), actor(request), request.query),
  );
};
