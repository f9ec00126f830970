import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DISCLOSURE_LIMITS } from '../../domain/disclosures';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { readUploadedFile } from '../plugins/uploaded-file';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  ADD_RECEIPT_DESCRIPTION,
  CreateExpenseBody,
  DECIDE_EXPENSE_DESCRIPTION,
  FILE_EXPENSE_DESCRIPTION,
  REMOVE_RECEIPT_DESCRIPTION,
  DecisionBody,
  ExpenseDetailDto,
  ExpenseFiltersQuery,
  ExpenseListDto,
  ExpenseListQuery,
  ReceiptParams,
} from './expenses.schemas';
import {
  addExpenseReceipt,
  decideExpense,
  exportExpenses,
  fileExpense,
  findExpenseReceiptFile,
  getExpense,
  listExpensesFor,
  RECEIPT_FILE_PURPOSE,
  removeExpenseReceipt,
} from './expenses.service';

/**
 * Recruiting expenses: a coach (anyone with `recruiting:write`) files an expense with a drawn signature, then adds
 * receipts one per request (at most 30, the spec's file types, at most 20 MB each) while it is pending; a school
 * admin (`recruiting:approve`) approves or rejects it with a reason through the `expense-approval:<id>` process,
 * which also puts it in My Tasks. Coaches see only their own expenses; admins see the school's.
 */
export const expensesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: DISCLOSURE_LIMITS.maxAttachmentBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/expenses',
    {
      onRequest: canRead,
      schema: { querystring: ExpenseListQuery, response: { 200: ExpenseListDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listExpensesFor(deps(request), actor(request), request.query),
  );

  app.get(
    '/expenses/export',
    {
      onRequest: canRead,
      schema: {
        querystring: ExpenseFiltersQuery,
        response: {
          200: Type.Unsafe<string>({
            description: 'The filtered expenses as CSV; formula cells made safe.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = await exportExpenses(deps(request), actor(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="expenses.csv"')
        .send(csv);
    },
  );

  app.get(
    '/expenses/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getExpense(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/expenses',
    {
      onRequest: canWrite,
      schema: {
        body: CreateExpenseBody,
        description: FILE_EXPENSE_DESCRIPTION,
        response: { 201: ExpenseDetailDto, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await fileExpense(deps(request), actor(request), request.body)),
  );

  app.post(
    '/expenses/:id/receipts',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: ADD_RECEIPT_DESCRIPTION,
        response: { 201: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      // The use case refuses a full or decided expense before the bytes are read.
      const expenseId = request.params.id;
      const detail = await addExpenseReceipt(deps(request), actor(request), {
        expenseId,
        upload: () => readUploadedFile(request),
      });
      return reply.code(201).send(detail);
    },
  );

  app.delete(
    '/expenses/:id/receipts/:receiptId',
    {
      onRequest: canWrite,
      schema: {
        params: ReceiptParams,
        description: REMOVE_RECEIPT_DESCRIPTION,
        response: { 200: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      removeExpenseReceipt(deps(request), actor(request), {
        expenseId: request.params.id,
        receiptId: request.params.receiptId,
      }),
  );

  app.get(
    '/expenses/:id/receipts/:receiptId',
    {
      onRequest: canRead,
      schema: { params: ReceiptParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { expenseId, fileId } = await findExpenseReceiptFile(deps(request), actor(request), {
        expenseId: request.params.id,
        receiptId: request.params.receiptId,
      });
      return sendAuditedDownload(request, reply, {
        fileId,
        purpose: RECEIPT_FILE_PURPOSE,
        audit: { action: 'expense.receipt_downloaded', targetType: 'expense', targetId: expenseId },
      });
    },
  );

  /** A school admin approves, or rejects with a reason: an Update on the expense's approval process. */
  app.post(
    '/expenses/:id/decision',
    {
      onRequest: [requirePermission('recruiting:approve'), plan],
      schema: {
        params: IdParams,
        body: DecisionBody,
        description: DECIDE_EXPENSE_DESCRIPTION,
        response: { 200: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => decideExpense(deps(request), actor(request), { expenseId: request.params.id, ...request.body }),
  );
};
