import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { RECRUITING_LIMITS } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { ProcessGraphDto } from '../operator-console/operator-console.schemas';
import { psaTransferGraph } from '../operator-console/workflow-graph.service';
import { requestMeta } from '../shared/request-meta';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { sendTemplate } from '../plugins/send-template';
import { readUploadedFile } from '../plugins/uploaded-file';
import { errorResponses, IdParams } from '../shared/schemas';
import { boardColumns, duplicateGroups, listPsas, schoolTags } from './psas.repository';
import { checkPsaUpload, importPsaRows } from './psa-upload.service';
import { buildPhoneCallTemplate, checkPhoneCallUpload, importPhoneCalls } from './phone-call-upload.service';
import { assertNoRowErrors, type UploadCheck } from './recruiting-uploads';
import { TemplateBytes, TemplateQuery } from '../athletes/athlete-uploads.schemas';
import { psaPickLists } from './psa-writes.repository';
import { psaProfile } from './psa-profile';
import {
  createPsa,
  decidePsaTransfer,
  editPsa,
  exportPsasCsv,
  logPsaActivity,
  mergePsas,
  movePsa,
  refusePsaTransferUndo,
  requestPsaTransfer,
  setPsaArchive,
  visiblePsa,
} from './psas.service';
import {
  ActivityBody,
  Board,
  BoardMoved,
  BoardQuery,
  DuplicateGroups,
  MergeBody,
  MoveBody,
  PsaActivityList,
  PsaBody,
  PsaExportQuery,
  PsaListQuery,
  PsaMeta,
  PsaPage,
  PsaProfile,
  TransferBody,
  TransferDecisionBody,
  UploadChecked,
  UploadStored,
} from './psas.schemas';

/** The school's prospect for a read route (NOT_FOUND for an unknown, another school's or a merged one). */
const visible = (request: FastifyRequest, id: string) =>
  visiblePsa(request.server.deps.database.db, authOf(request).school.id, id);

/** What the create and edit operations refuse, stated in their OpenAPI descriptions. */
const PSA_RULES =
  "The prospect rules, refused in the spec's words: MANDATORY_FIELD, INVALID_EMAIL, INVALID_PHONE, INVALID_ZIP, " +
  'PSA_NOTES_TOO_LONG, VALIDATION_FAILED (heights, scores, dates, tags over 40 characters, an unknown team or coach), ' +
  'PSA_EMAIL_EXISTS, PSA_TAG_LIMIT (50 tags per school).';

/**
 * Prospects (PSAs) of the signed-in school: list with filters and export, profile with the recruiting history,
 * create and edit, archive and unarchive, staff-only tags and rating, the board and its audited moves, the
 * activity log, duplicates and merge, and bulk upload. Staff only (`recruiting:read` / `recruiting:write`).
 */
export const psasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: RECRUITING_LIMITS.uploadMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const { db } = app.deps.database;
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const ok = <T>(schema: T, ...more: number[]) => ({
    200: schema,
    ...errorResponses(400, 401, 403, 404, ...more),
  });

  app.get(
    '/psas',
    {
      onRequest: canRead,
      schema: {
        querystring: PsaListQuery,
        response: ok(PsaPage),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const limit = q.limit ?? 50;
      const offset = q.offset ?? 0;
      const page = await listPsas(db, auth.school.id, { ...q, archived: q.archived === true }, limit, offset);
      return { ...page, limit, offset };
    },
  );

  app.get(
    '/psas/export',
    {
      onRequest: canRead,
      schema: {
        querystring: PsaExportQuery,
        response: {
          200: Type.Unsafe<string>({
            description: 'The filtered prospects as CSV, the chosen columns in order; formula cells made safe.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = await exportPsasCsv(deps(request), actor(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="prospects.csv"')
        .send(csv);
    },
  );

  app.get(
    '/psas/board',
    {
      onRequest: canRead,
      schema: {
        querystring: BoardQuery,
        response: ok(Board),
      },
    },
    async (request) => ({
      columns: await boardColumns(db, authOf(request).school.id, request.query.sportTeamId ?? null),
    }),
  );

  app.get('/psas/meta', { onRequest: canRead, schema: { response: ok(PsaMeta) } }, async (request) => {
    const auth = authOf(request);
    const [{ teams, coaches, years }, tags] = await Promise.all([
      psaPickLists(db, auth.school.id),
      schoolTags(db, auth.school.id),
    ]);
    return {
      teams,
      coaches,
      tags,
      years: years.map((y) => ({ id: y.id, label: `${y.start_year}-${y.end_year}`, isCurrent: y.is_current })),
      canApprove: auth.permissions.has('recruiting:approve'),
    };
  });

  app.get('/psas/duplicates', { onRequest: canRead, schema: { response: ok(DuplicateGroups) } }, async (request) =>
    duplicateGroups(db, authOf(request).school.id),
  );

  app.post(
    '/psas',
    {
      onRequest: canWrite,
      schema: {
        description: PSA_RULES,
        body: PsaBody,
        response: { 201: PsaProfile, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPsa(deps(request), actor(request), request.body)),
  );

  app.get(
    '/psas/:id',
    { onRequest: canRead, schema: { params: IdParams, response: ok(PsaProfile) } },
    async (request) => {
      const psa = await visible(request, request.params.id);
      return psaProfile(db, authOf(request).school.id, psa);
    },
  );

  /** The prospect's transfer to a roster placed on its process map; null before a transfer was requested. */
  app.get(
    '/psas/:id/transfer-graph',
    { onRequest: canRead, schema: { params: IdParams, response: ok(ProcessGraphDto) } },
    async (request) => {
      const psa = await visible(request, request.params.id);
      return { graph: (await psaTransferGraph(db, authOf(request).school.id, psa.id)).graph };
    },
  );

  app.patch(
    '/psas/:id',
    {
      onRequest: canWrite,
      schema: {
        description: `${PSA_RULES} PSA_ADDED_TO_ROSTER: the commitment of a prospect added to a roster is final.`,
        params: IdParams,
        body: PsaBody,
        response: ok(PsaProfile, 409),
      },
    },
    async (request) => editPsa(deps(request), actor(request), request.params.id, request.body),
  );

  for (const [action, to] of [
    ['archive', 'ARCHIVED'],
    ['unarchive', 'UNARCHIVED'],
  ] as const) {
    app.post(
      `/psas/:id/${action}`,
      { onRequest: canWrite, schema: { params: IdParams, response: ok(PsaProfile, 409) } },
      async (request) => setPsaArchive(deps(request), actor(request), request.params.id, to === 'ARCHIVED'),
    );
  }

  /** A board move: the card's new column and place; audited with from → to and how it was moved. */
  app.post(
    '/psas/:id/move',
    { onRequest: canWrite, schema: { params: IdParams, body: MoveBody, response: ok(BoardMoved, 409) } },
    async (request) => movePsa(deps(request), actor(request), request.params.id, request.body),
  );

  app.post(
    '/psas/:id/activities',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: ActivityBody,
        response: { 201: PsaActivityList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await logPsaActivity(deps(request), actor(request), request.params.id, request.body)),
  );

  /**
   * Merges `duplicateId` into this prospect: empty fields filled, tags joined, history and attachments moved; the
   * duplicate closes. Refused, with nothing changed, when the two hold more than 20 files together.
   */
  app.post(
    '/psas/:id/merge',
    {
      onRequest: canWrite,
      schema: { params: IdParams, body: MergeBody, response: ok(PsaProfile, 409) },
    },
    async (request) => mergePsas(deps(request), actor(request), request.params.id, request.body),
  );

  /**
   * A bulk upload's two routes: `<path>/check` reads and checks every row (nothing stored); `<path>` stores the rows
   * only if every one is valid, in one transaction, and answers how many were stored.
   */
  function uploadRoutes<Row>(
    path: string,
    what: string,
    check: (request: FastifyRequest, file: { filename: string; bytes: Buffer }) => Promise<UploadCheck<Row>>,
    store: (request: FastifyRequest, rows: Row[]) => Promise<number>,
  ) {
    app.post(
      `${path}/check`,
      {
        onRequest: canWrite,
        schema: {
          consumes: ['multipart/form-data'],
          description: `Multipart XLSX, XLS or CSV of ${what} (field 'file'): every row checked, nothing stored. Another type is FILE_TYPE_NOT_ALLOWED.`,
          response: ok(UploadChecked, 413, 415),
        },
      },
      async (request) => {
        const checked = await check(request, await readUploadedFile(request));
        return { rows: checked.rows.length, errors: checked.errors, headers: checked.headers };
      },
    );
    app.post(
      path,
      {
        onRequest: canWrite,
        schema: {
          consumes: ['multipart/form-data'],
          description: `Multipart XLSX, XLS or CSV of ${what} (field 'file'): stored only if every row is valid, in one transaction. Another type is FILE_TYPE_NOT_ALLOWED.`,
          response: { 201: UploadStored, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const checked = await check(request, await readUploadedFile(request));
        assertNoRowErrors(checked.errors);
        return reply.code(201).send({ created: await store(request, checked.rows) });
      },
    );
  }

  uploadRoutes(
    '/psas/uploads',
    'prospects',
    (request, file) => checkPsaUpload(db, authOf(request).school.id, file.filename, file.bytes),
    (request, rows) => {
      const auth = authOf(request);
      return importPsaRows(db, auth.school.id, auth.user.id, rows, requestMeta(request));
    },
  );

  app.get(
    '/psas/phone-calls/uploads/template',
    {
      onRequest: canWrite,
      schema: { querystring: TemplateQuery, response: { 200: TemplateBytes, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'xlsx';
      return sendTemplate(reply, format, 'phone-calls-template', buildPhoneCallTemplate(format));
    },
  );

  uploadRoutes(
    '/psas/phone-calls/uploads',
    'phone calls',
    (request, file) => {
      const auth = authOf(request);
      return checkPhoneCallUpload(db, auth.school.id, auth.user.id, file.filename, file.bytes);
    },
    (request, rows) => {
      const auth = authOf(request);
      return importPhoneCalls(db, auth.school.id, auth.user.id, rows, requestMeta(request));
    },
  );

  /**
   * A coach (or admin) requests the prospect's transfer to a team's roster for an academic year; the
   * `psa-transfer:<psaId>` process waits for a school admin's decision.
   */
  app.post(
    '/psas/:id/transfer',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: TransferBody,
        response: ok(PsaProfile, 409, 503),
      },
    },
    async (request) => requestPsaTransfer(deps(request), actor(request), request.params.id, request.body),
  );

  /** A school admin approves or rejects (with a reason) the pending transfer: an Update on its process. */
  app.post(
    '/psas/:id/transfer/decision',
    {
      onRequest: [requirePermission('recruiting:approve'), plan],
      schema: {
        params: IdParams,
        body: TransferDecisionBody,
        response: ok(PsaProfile, 409, 503),
      },
    },
    async (request) => decidePsaTransfer(deps(request), actor(request), request.params.id, request.body),
  );

  /** There is no undo: a transfer to the roster is irreversible, and asking for one says so. */
  for (const method of ['delete', 'post'] as const) {
    const url = method === 'delete' ? '/psas/:id/transfer' : '/psas/:id/transfer/undo';
    app[method](
      url,
      {
        onRequest: canWrite,
        schema: {
          description: 'Always refused with PSA_TRANSFER_IRREVERSIBLE: a transfer to the roster cannot be undone.',
          params: IdParams,
          response: errorResponses(400, 401, 403, 404, 409),
        },
      },
      async (request) => refusePsaTransferUndo(deps(request), actor(request), request.params.id),
    );
  }
};

export type { Database };
