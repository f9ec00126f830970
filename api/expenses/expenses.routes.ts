import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { toCsv } from '../../domain/csv';
import { DISCLOSURE_LIMITS } from '../../domain/disclosures';
import { AppError, ERRORS } from '../../domain/errors';
import { checkExpense, checkExpenseDecision, expenseWorkflowId, receiptFits } from '../../domain/expenses';
import { decideExpenseUpdate } from '../../workflows/expenses/expense-approval.workflow';
import { auditRequest } from '../audit/audit-request';
import { checkAttachment, readUploadedFile } from '../disclosures/disclosure-files.service';
import { schoolTodayOf } from '../forms/school-today';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { requestMeta } from '../shared/request-meta';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import { requireTemporal } from '../shared/workflow-client';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { allExpenses, expenseSubmitters, findExpense, listExpenses, type ExpenseDetail } from './expenses.repository';
import {
  CreateExpenseBody,
  DecisionBody,
  ExpenseDetailDto,
  ExpenseFiltersQuery,
  ExpenseListDto,
  ExpenseListQuery,
  ReceiptParams,
} from './expenses.schemas';
import { expenseScope, startExpenseWorkflow, toExpenseDecisionError } from './expenses.service';

/** The purpose stored with a receipt's bytes (`stored_files.purpose`). */
export const RECEIPT_FILE_PURPOSE = 'expense-receipt';

const CSV_HEADER = ['Date', 'Name', 'Type', 'Amount (USD)', 'Status', 'Submitted by', 'Receipts', 'Comments', 'Reason'];

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
  const { db } = app.deps.database;
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  async function visible(request: FastifyRequest, id: string): Promise<ExpenseDetail> {
    const expense = await findExpense(db, expenseScope(authOf(request)), id);
    if (!expense) throw new AppError('NOT_FOUND');
    return expense;
  }

  /** The caller's own pending expense (receipts change only then); anyone else's answers 404. */
  async function ownPending(request: FastifyRequest, id: string): Promise<ExpenseDetail> {
    const auth = authOf(request);
    const expense = await visible(request, id);
    if (expense.submittedBy !== auth.user.id) throw new AppError('NOT_FOUND');
    if (expense.status !== 'PENDING') throw new AppError('EXPENSE_NOT_EDITABLE');
    return expense;
  }

  app.get(
    '/expenses',
    {
      onRequest: canRead,
      schema: { querystring: ExpenseListQuery, response: { 200: ExpenseListDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const auth = authOf(request);
      const scope = expenseScope(auth);
      const { limit = 50, offset = 0, ...filters } = request.query;
      const [page, submitters] = await Promise.all([
        listExpenses(db, scope, filters, { limit, offset }),
        scope.ownerUserId ? Promise.resolve([]) : expenseSubmitters(db, auth.school.id),
      ]);
      return { ...page, limit, offset, submitters, canApprove: scope.ownerUserId === null };
    },
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
      const rows = await allExpenses(db, expenseScope(authOf(request)), request.query);
      const table = [
        CSV_HEADER,
        ...rows.map((r) => [
          r.transactionDate,
          r.name,
          r.categoryLabel,
          (r.amountCents / 100).toFixed(2),
          r.statusLabel,
          r.submitterName ?? '',
          String(r.receiptCount),
          r.comments ?? '',
          r.rejectReason ?? '',
        ]),
      ];
      await auditRequest(request, {
        action: 'expense.exported',
        targetType: 'expense',
        details: { rows: rows.length },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="expenses.csv"')
        .send(`\uFEFF${toCsv(table)}`);
    },
  );

  app.get(
    '/expenses/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => visible(request, request.params.id),
  );

  app.post(
    '/expenses',
    {
      onRequest: canWrite,
      schema: {
        body: CreateExpenseBody,
        description:
          'Files an expense (signed) and starts its approval; add receipts with POST /expenses/:id/receipts.',
        response: { 201: ExpenseDetailDto, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const checked = checkExpense(request.body, schoolTodayOf(auth));
      if (!checked.ok) {
        const details = checked.problems.map((p) => ({
          field: p.field,
          code: p.code,
          message: ERRORS[p.code].message,
        }));
        throw new AppError(checked.problems[0]!.code, details);
      }
      const temporal = requireTemporal(app.deps);
      const meta = requestMeta(request);
      const v = checked.value;
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('expenses')
          .values({
            school_id: auth.school.id,
            submitted_by: auth.user.id,
            name: v.name,
            category: v.category,
            amount_cents: v.amountCents,
            transaction_date: v.transactionDate,
            comments: v.comments,
            signature: v.signature,
            signed_ip: meta.ip,
            signed_user_agent: meta.userAgent,
            workflow_id: 'pending',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('expenses')
          .set({ workflow_id: expenseWorkflowId(row.id) })
          .where('id', '=', row.id)
          .execute();
        await auditRequest(
          request,
          {
            action: 'expense.submitted',
            targetType: 'expense',
            targetId: row.id,
            details: { category: v.category, amountCents: v.amountCents, transactionDate: v.transactionDate },
          },
          trx,
        );
        return row.id;
      });
      try {
        await startExpenseWorkflow(app.deps, temporal, { schoolId: auth.school.id, expenseId: id });
      } catch (err) {
        request.log.error({ err }, 'expense approval workflow could not start');
        await db.deleteFrom('expenses').where('id', '=', id).where('status', '=', 'PENDING').execute();
        throw new AppError('WORKFLOW_UNAVAILABLE');
      }
      return reply.code(201).send(await visible(request, id));
    },
  );

  app.post(
    '/expenses/:id/receipts',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        consumes: ['multipart/form-data'],
        description:
          "Multipart upload of one receipt (field 'file', at most 20 MB, the spec's file types; 30 at most).",
        response: { 201: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const expense = await ownPending(request, request.params.id);
      const full = () =>
        new AppError('EXPENSE_RECEIPTS_LIMIT', [{ field: 'file', message: ERRORS.EXPENSE_RECEIPTS_LIMIT.message }]);
      if (!receiptFits(expense.receipts.length)) throw full();
      const upload = await readUploadedFile(request);
      const { contentType } = checkAttachment(upload);
      await db.transaction().execute(async (trx) => {
        // The row lock makes the count and the insert one step: two uploads at once cannot make a 31st receipt.
        const locked = await trx
          .selectFrom('expenses')
          .select('status')
          .where('id', '=', expense.id)
          .where('school_id', '=', auth.school.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (locked.status !== 'PENDING') throw new AppError('EXPENSE_NOT_EDITABLE');
        const { n } = await trx
          .selectFrom('expense_receipts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('expense_id', '=', expense.id)
          .executeTakeFirstOrThrow();
        if (!receiptFits(Number(n))) throw full();
        const file = await insertStoredFile(trx, auth.school.id, {
          uploadedBy: auth.user.id,
          purpose: RECEIPT_FILE_PURPOSE,
          filename: upload.filename,
          contentType,
          bytes: upload.bytes,
        });
        await trx
          .insertInto('expense_receipts')
          .values({
            school_id: auth.school.id,
            expense_id: expense.id,
            file_id: file.id,
            filename: file.filename,
            content_type: file.contentType,
            size_bytes: file.sizeBytes,
            sha256: file.sha256,
            uploaded_by: auth.user.id,
          })
          .execute();
        await auditRequest(
          request,
          {
            action: 'expense.receipt_uploaded',
            targetType: 'expense',
            targetId: expense.id,
            details: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 },
          },
          trx,
        );
      });
      return reply.code(201).send(await visible(request, expense.id));
    },
  );

  app.delete(
    '/expenses/:id/receipts/:receiptId',
    {
      onRequest: canWrite,
      schema: {
        params: ReceiptParams,
        response: { 200: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const expense = await ownPending(request, request.params.id);
      const receipt = await db
        .selectFrom('expense_receipts')
        .select(['id', 'file_id', 'filename'])
        .where('school_id', '=', auth.school.id)
        .where('expense_id', '=', expense.id)
        .where('id', '=', request.params.receiptId)
        .executeTakeFirst();
      if (!receipt) throw new AppError('NOT_FOUND');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('expense_receipts').where('id', '=', receipt.id).execute();
        await deleteStoredFile(trx, auth.school.id, receipt.file_id, RECEIPT_FILE_PURPOSE);
        await auditRequest(
          request,
          {
            action: 'expense.receipt_removed',
            targetType: 'expense',
            targetId: expense.id,
            details: { fileId: receipt.file_id, filename: receipt.filename },
          },
          trx,
        );
      });
      return visible(request, expense.id);
    },
  );

  app.get(
    '/expenses/:id/receipts/:receiptId',
    {
      onRequest: canRead,
      schema: { params: ReceiptParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const expense = await visible(request, request.params.id);
      const receipt = await db
        .selectFrom('expense_receipts')
        .select('file_id')
        .where('school_id', '=', auth.school.id)
        .where('expense_id', '=', expense.id)
        .where('id', '=', request.params.receiptId)
        .executeTakeFirst();
      if (!receipt) throw new AppError('NOT_FOUND');
      return sendAuditedDownload(request, reply, {
        fileId: receipt.file_id,
        purpose: RECEIPT_FILE_PURPOSE,
        audit: { action: 'expense.receipt_downloaded', targetType: 'expense', targetId: expense.id },
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
        response: { 200: ExpenseDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const expense = await visible(request, request.params.id);
      if (expense.status !== 'PENDING') throw new AppError('ALREADY_DECIDED');
      // Separation of duties: whoever spent the money does not approve it.
      if (expense.submittedBy === auth.user.id) throw new AppError('EXPENSE_OWN_DECISION');
      const { decision, reason } = request.body;
      const problem = checkExpenseDecision(decision, reason);
      if (problem) throw new AppError(problem, [{ field: 'reason', message: ERRORS[problem].message }]);
      const temporal = requireTemporal(app.deps);
      try {
        await temporal.workflow.getHandle(expense.workflowId).executeUpdate(decideExpenseUpdate, {
          args: [{ actor: { userId: auth.user.id, role: 'ADMIN' }, decision, reason: reason ?? null }],
        });
      } catch (err) {
        const mapped = toExpenseDecisionError(err);
        if (mapped.code === 'WORKFLOW_UNAVAILABLE') request.log.error({ err }, 'expense decision failed');
        throw mapped;
      }
      return visible(request, expense.id);
    },
  );
};
