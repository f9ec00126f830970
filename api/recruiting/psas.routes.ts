import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../domain/errors';
import {
  ACTIVITY_KINDS,
  BOARD_COLUMNS,
  checkPsaInput,
  COMMITMENT_STATUSES,
  fieldErrorsToAppError,
  PSA_FIELDS,
  PSA_LIST_COLUMNS,
  RECRUITING_LIMITS,
  type CommitmentStatus,
  type PsaListColumn,
} from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { recordAudit } from '../audit/audit.repository';
import { ProcessGraphDto } from '../operator-console/operator-console.schemas';
import { psaTransferGraph } from '../operator-console/workflow-graph.service';
import { requestMeta } from '../shared/request-meta';
import { auditRequest } from '../plugins/audit-request';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { sendTemplate } from '../plugins/send-template';
import { readUploadedFile } from '../plugins/uploaded-file';
import { errorResponses, IdParams } from '../shared/schemas';
import { teamExists } from '../teams/teams.repository';
import {
  boardColumns,
  duplicateGroups,
  filteredPsas,
  findPsa,
  insertPsaEvent,
  listActivities,
  listPsas,
  rankFor,
  schoolTags,
  toPsaDto,
  type PsaRow,
} from './psas.repository';
import { checkPsaUpload, importPsaRows } from './psa-upload.service';
import { countPsaAttachments, lockOpenPsas } from './psa-attachments.repository';
import { buildPhoneCallTemplate, checkPhoneCallUpload, importPhoneCalls } from './phone-call-upload.service';
import { assertNoRowErrors, type UploadCheck } from './recruiting-uploads';
import { TemplateBytes, TemplateQuery } from '../athletes/athlete-uploads.schemas';
import { startTransferWorkflow, syncTransferArchive, toTransferError, transferView } from './psa-transfer.service';
import { decidePsaTransferUpdate } from '../../workflows/recruiting/psa-transfer.workflow';
import { requireTemporal } from '../shared/workflow-client';
import { psaTransferWorkflowId } from '../../domain/recruiting';
import { takeTurn } from '../shared/turn-lock';
import {
  academicYearExists,
  dropPendingTransfer,
  emailOnRoster,
  insertPsa,
  insertPsaActivity,
  isRecruitingStaff,
  lockPsaTransfer,
  mergePsaInto,
  movePsaCard,
  otherProspectTags,
  psaEmailTaken,
  psaPickLists,
  setPsaArchived,
  updatePsa,
  upsertTransferRequest,
} from './psa-writes.repository';
import { csvCell } from '../../domain/csv';
import { psaProfile } from './psa-profile';
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

type Db = FastifyRequest['server']['deps']['database']['db'];

/** Tags: trimmed, unique (any case), and the school keeps at most 50 distinct ones across its prospects. */
async function checkTags(db: Db, schoolId: string, psaId: string | null, tags: string[]): Promise<string[]> {
  const clean: string[] = [];
  for (const t of tags.map((x) => x.trim()).filter(Boolean)) {
    if (t.length > RECRUITING_LIMITS.tagMaxLength) {
      throw new AppError('VALIDATION_FAILED', [{ field: 'tags', message: 'A tag is at most 40 characters.' }]);
    }
    if (!clean.some((c) => c.toLowerCase() === t.toLowerCase())) clean.push(t);
  }
  const all = new Set(await otherProspectTags(db, schoolId, psaId));
  for (const t of clean) all.add(t.toLowerCase());
  if (all.size > RECRUITING_LIMITS.tagsPerSchool) {
    throw new AppError('PSA_TAG_LIMIT', [{ field: 'tags', message: 'Recruiting board tags max 50.' }]);
  }
  return clean;
}

/**
 * Checks the tags in the school's turn (a lock per school, held to the end of the transaction that writes them): two
 * prospects' new tags saved at once were each counted without the other's, and together passed the 50.
 */
async function checkTagsInTurn(trx: Db, schoolId: string, psaId: string | null, tags: string[]): Promise<string[]> {
  await takeTurn(trx, `psa-tags:${schoolId}`);
  return checkTags(trx, schoolId, psaId, tags);
}

async function checkRefs(db: Db, schoolId: string, values: Record<string, unknown>) {
  if (typeof values.sport_team_id === 'string' && !(await teamExists(db, schoolId, values.sport_team_id))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
  if (typeof values.recruiting_coach_id === 'string') {
    if (!(await isRecruitingStaff(db, schoolId, values.recruiting_coach_id)))
      throw new AppError('VALIDATION_FAILED', [{ field: 'recruitingCoachId', message: 'Unknown coach.' }]);
  }
}

async function emailTaken(db: Db, schoolId: string, email: unknown, exceptId: string | null) {
  if (typeof email !== 'string') return false;
  return psaEmailTaken(db, schoolId, email, exceptId);
}

const emailExists = () => new AppError('PSA_EMAIL_EXISTS', [{ field: 'email', message: 'Email exists.' }]);

async function visiblePsa(request: FastifyRequest, id: string): Promise<PsaRow> {
  const auth = authOf(request);
  const psa = await findPsa(request.server.deps.database.db, auth.school.id, id);
  if (!psa || psa.merged_into_id) throw new AppError('NOT_FOUND');
  return psa;
}

/** A prospect added to a roster is frozen: its board column and transfer cannot be undone. */
function assertNotTransferred(psa: PsaRow) {
  if (psa.commitment_status === 'ADDED_TO_ROSTER') throw new AppError('PSA_ADDED_TO_ROSTER');
}

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
      const auth = authOf(request);
      const q = request.query;
      const wanted = (q.columns ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter((c): c is PsaListColumn => c in PSA_LIST_COLUMNS);
      const columns = wanted.length ? wanted : (Object.keys(PSA_LIST_COLUMNS) as PsaListColumn[]);
      const rows = (await filteredPsas(db, auth.school.id, { ...q, archived: q.archived === true })
        .limit(20000)
        .execute()) as PsaRow[];
      const lines = [columns.map((c) => csvCell(PSA_LIST_COLUMNS[c])).join(',')];
      for (const r of rows) {
        const dto = toPsaDto(r);
        lines.push(
          columns
            .map((c) =>
              csvCell(
                c === 'commitmentStatus'
                  ? COMMITMENT_STATUSES[dto.commitmentStatus]
                  : (dto as Record<string, unknown>)[c],
              ),
            )
            .join(','),
        );
      }
      await auditRequest(request, { action: 'psa.exported', targetType: 'psa', details: { rows: rows.length } });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="prospects.csv"')
        .send(lines.join('\r\n') + '\r\n');
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
    async (request, reply) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const { values, errors } = checkPsaInput(request.body as Record<string, unknown>, { creating: true });
      if (errors.length) throw fieldErrorsToAppError(errors);
      await checkRefs(db, schoolId, values);
      if (await emailTaken(db, schoolId, values.email, null)) throw emailExists();
      const created = await db.transaction().execute(async (trx) => {
        const tags = await checkTagsInTurn(trx, schoolId, null, request.body.tags ?? []);
        const id = await insertPsa(trx, {
          ...(values as Record<string, never>),
          school_id: schoolId,
          first_name: values.first_name as string,
          last_name: values.last_name as string,
          custom_fields: JSON.stringify(values.custom_fields ?? []),
          tags,
          rating: request.body.rating ?? null,
          created_by: auth.user.id,
          board_rank: Date.now() / 1000,
        });
        await insertPsaEvent(trx, { schoolId, psaId: id, actorUserId: auth.user.id, action: 'created' });
        await auditRequest(request, { action: 'psa.created', targetType: 'psa', targetId: id }, trx);
        return id;
      });
      const psa = (await findPsa(db, schoolId, created))!;
      return reply.code(201).send(await psaProfile(db, schoolId, psa));
    },
  );

  app.get(
    '/psas/:id',
    { onRequest: canRead, schema: { params: IdParams, response: ok(PsaProfile) } },
    async (request) => {
      const psa = await visiblePsa(request, request.params.id);
      return psaProfile(db, authOf(request).school.id, psa);
    },
  );

  /** The prospect's transfer to a roster placed on its process map; null before a transfer was requested. */
  app.get(
    '/psas/:id/transfer-graph',
    { onRequest: canRead, schema: { params: IdParams, response: ok(ProcessGraphDto) } },
    async (request) => {
      const psa = await visiblePsa(request, request.params.id);
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
    async (request) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const psa = await visiblePsa(request, request.params.id);
      const body = request.body as Record<string, unknown>;
      if ('commitmentStatus' in body && body.commitmentStatus !== psa.commitment_status) assertNotTransferred(psa);
      const { values, errors } = checkPsaInput(body, {
        creating: false,
        current: { heightFeet: psa.height_feet, heightInches: psa.height_inches },
      });
      if (errors.length) throw fieldErrorsToAppError(errors);
      await checkRefs(db, schoolId, values);
      if ('email' in values && (await emailTaken(db, schoolId, values.email, psa.id))) throw emailExists();
      if ('rating' in body) values.rating = request.body.rating ?? null;
      if (values.custom_fields) values.custom_fields = JSON.stringify(values.custom_fields);
      await db.transaction().execute(async (trx) => {
        if (request.body.tags) values.tags = await checkTagsInTurn(trx, schoolId, psa.id, request.body.tags);
        const changed = Object.keys(values).filter(
          (k) => JSON.stringify((psa as Record<string, unknown>)[k] ?? null) !== JSON.stringify(values[k] ?? null),
        );
        await updatePsa(trx, schoolId, psa.id, { ...(values as Record<string, never>), updated_at: new Date() });
        if (changed.length) {
          await insertPsaEvent(trx, {
            schoolId,
            psaId: psa.id,
            actorUserId: auth.user.id,
            action: 'updated',
            details: { fields: changed },
          });
          await auditRequest(
            request,
            { action: 'psa.updated', targetType: 'psa', targetId: psa.id, details: { fields: changed } },
            trx,
          );
        }
      });
      return psaProfile(db, schoolId, (await findPsa(db, schoolId, psa.id))!);
    },
  );

  for (const [action, to] of [
    ['archive', 'ARCHIVED'],
    ['unarchive', 'UNARCHIVED'],
  ] as const) {
    app.post(
      `/psas/:id/${action}`,
      { onRequest: canWrite, schema: { params: IdParams, response: ok(PsaProfile, 409) } },
      async (request) => {
        const auth = authOf(request);
        const psa = await visiblePsa(request, request.params.id);
        if ((to === 'ARCHIVED') === (psa.state_status === 'ARCHIVED')) {
          throw new AppError('VALIDATION_FAILED', [
            {
              field: 'state',
              message: to === 'ARCHIVED' ? 'This prospect is already archived.' : 'This prospect is not archived.',
            },
          ]);
        }
        await db.transaction().execute(async (trx) => {
          await setPsaArchived(trx, auth.school.id, psa.id, to);
          await insertPsaEvent(trx, {
            schoolId: auth.school.id,
            psaId: psa.id,
            actorUserId: auth.user.id,
            action: `${action}d`,
          });
          await auditRequest(request, { action: `psa.${action}d`, targetType: 'psa', targetId: psa.id }, trx);
        });
        const transfer = await transferView(db, auth.school.id, psa.id);
        if (transfer?.status === 'PENDING' && app.deps.temporal) {
          // Best effort: the decision sends the prospect's state again, and the approval reads the row itself.
          await syncTransferArchive(app.deps.temporal, psa.id, to === 'ARCHIVED').catch((err: unknown) =>
            request.log.warn({ err }, 'psa transfer not told of the archive'),
          );
        }
        return psaProfile(db, auth.school.id, (await findPsa(db, auth.school.id, psa.id))!);
      },
    );
  }

  /** A board move: the card's new column and place; audited with from → to and how it was moved. */
  app.post(
    '/psas/:id/move',
    { onRequest: canWrite, schema: { params: IdParams, body: MoveBody, response: ok(BoardMoved, 409) } },
    async (request) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const psa = await visiblePsa(request, request.params.id);
      const to = request.body.commitmentStatus as CommitmentStatus;
      if (!BOARD_COLUMNS.includes(to)) {
        throw new AppError('VALIDATION_FAILED', [
          { field: 'commitmentStatus', message: 'Choose a commitment status.' },
        ]);
      }
      if (psa.state_status === 'ARCHIVED') throw new AppError('PSA_ARCHIVED');
      // Added to roster only by an approved transfer; out of it never.
      if (psa.commitment_status !== to) assertNotTransferred(psa);
      if (to === 'ADDED_TO_ROSTER' && psa.commitment_status !== to)
        throw new AppError(
          'PSA_TRANSFER_PENDING',
          undefined,
          'A prospect is added to the roster by an approved transfer: request one from their profile.',
        );
      const rank = await rankFor(db, schoolId, to, request.body.beforeId ?? null, psa.id);
      await db.transaction().execute(async (trx) => {
        await movePsaCard(trx, schoolId, psa.id, to, rank);
        const details = { from: psa.commitment_status, to, via: request.body.via ?? 'menu' };
        if (psa.commitment_status !== to) {
          await insertPsaEvent(trx, { schoolId, psaId: psa.id, actorUserId: auth.user.id, action: 'moved', details });
        }
        await auditRequest(request, { action: 'psa.boardMoved', targetType: 'psa', targetId: psa.id, details }, trx);
      });
      return { id: psa.id, commitmentStatus: to, boardRank: rank };
    },
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
    async (request, reply) => {
      const auth = authOf(request);
      const psa = await visiblePsa(request, request.params.id);
      const b = request.body;
      if (!(b.kind in ACTIVITY_KINDS)) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'kind', message: 'Choose a kind of activity.' }]);
      }
      const at = new Date(b.occurredAt);
      if (Number.isNaN(at.getTime())) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'occurredAt', message: 'Choose when it happened.' }]);
      }
      if (b.kind === 'NOTE' && !b.summary?.trim()) {
        throw new AppError('MANDATORY_FIELD', [{ field: 'summary', message: 'Mandatory fields cannot be empty.' }]);
      }
      if (b.summary && b.summary.trim().split(/\s+/).length > RECRUITING_LIMITS.notesMaxWords) {
        throw new AppError('PSA_NOTES_TOO_LONG', [{ field: 'summary', message: 'PSA notes max 500 words.' }]);
      }
      const isVisit = b.kind === 'OFFICIAL_VISIT' || b.kind === 'UNOFFICIAL_VISIT';
      await db.transaction().execute(async (trx) => {
        const activityId = await insertPsaActivity(trx, {
          school_id: auth.school.id,
          psa_id: psa.id,
          kind: b.kind,
          occurred_at: at,
          nights: isVisit ? (b.nights ?? null) : null,
          location: b.location?.trim() || null,
          summary: b.summary?.trim() || null,
          logged_by: auth.user.id,
        });
        await auditRequest(
          request,
          {
            action: 'psa.activityLogged',
            targetType: 'psa',
            targetId: psa.id,
            details: { activityId, kind: b.kind },
          },
          trx,
        );
      });
      return reply.code(201).send(await listActivities(db, auth.school.id, psa.id).then((items) => ({ items })));
    },
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
    async (request) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const visibleKeep = await visiblePsa(request, request.params.id);
      if (request.body.duplicateId === visibleKeep.id) throw new AppError('PSA_MERGE_INVALID');
      const visibleDrop = await visiblePsa(request, request.body.duplicateId);
      assertNotTransferred(visibleDrop);
      const keepId = await db.transaction().execute(async (trx) => {
        // Both rows locked (as an upload locks its prospect) before anything is read for the merge: no upload, edit
        // or other merge can change either row or its file count until this one commits, and a prospect merged
        // meanwhile is gone. The rows are read again under the lock, so an edit that committed while this request
        // waited is kept, not overwritten with what was read before.
        const open = await lockOpenPsas(trx, schoolId, [visibleKeep.id, visibleDrop.id]);
        if (!open.has(visibleKeep.id) || !open.has(visibleDrop.id)) throw new AppError('NOT_FOUND');
        const keep = (await findPsa(trx, schoolId, visibleKeep.id))!;
        const drop = (await findPsa(trx, schoolId, visibleDrop.id))!;
        assertNotTransferred(drop);
        if ((await countPsaAttachments(trx, schoolId, [keep.id, drop.id])) > RECRUITING_LIMITS.attachmentsPerPsa) {
          throw new AppError('PSA_ATTACHMENTS_LIMIT');
        }
        const fill: Record<string, unknown> = {};
        for (const def of Object.values(PSA_FIELDS)) {
          const k = def.column as keyof PsaRow;
          if ((keep[k] === null || keep[k] === undefined) && drop[k] !== null && drop[k] !== undefined) {
            fill[k] = drop[k];
          }
        }
        if (fill.email && (await emailTaken(trx, schoolId, fill.email, drop.id))) delete fill.email;
        const tags = [...keep.tags];
        for (const t of drop.tags) if (!tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t);
        const attachmentsMoved = await mergePsaInto(trx, schoolId, drop.id, keep.id);
        await updatePsa(trx, schoolId, keep.id, {
          ...(fill as Record<string, never>),
          tags,
          rating: keep.rating ?? drop.rating,
          highlight_links: [...new Set([...keep.highlight_links, ...drop.highlight_links])],
          last_contact_at:
            keep.last_contact_at && drop.last_contact_at
              ? new Date(Math.max(+new Date(keep.last_contact_at), +new Date(drop.last_contact_at)))
              : (keep.last_contact_at ?? drop.last_contact_at),
          updated_at: new Date(),
        });
        const details = {
          mergedId: drop.id,
          mergedName: `${drop.first_name} ${drop.last_name}`,
          filled: Object.keys(fill),
          attachmentsMoved,
        };
        await insertPsaEvent(trx, { schoolId, psaId: keep.id, actorUserId: auth.user.id, action: 'merged', details });
        await recordAudit(trx, {
          schoolId,
          actorUserId: auth.user.id,
          action: 'psa.merged',
          targetType: 'psa',
          targetId: keep.id,
          details,
          ...requestMeta(request),
        });
        return keep.id;
      });
      return psaProfile(db, schoolId, (await findPsa(db, schoolId, keepId))!);
    },
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
    async (request) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const psa = await visiblePsa(request, request.params.id);
      if (psa.commitment_status === 'ADDED_TO_ROSTER') throw new AppError('PSA_TRANSFER_IRREVERSIBLE');
      if (psa.state_status === 'ARCHIVED') throw new AppError('PSA_ARCHIVED');
      if (!psa.email) {
        throw new AppError('PSA_TRANSFER_NEEDS_EMAIL', [{ field: 'email', message: ERRORS_NEEDS_EMAIL }]);
      }
      const { sportTeamId, academicYearId } = request.body;
      if (!(await teamExists(db, schoolId, sportTeamId))) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
      }
      if (!(await academicYearExists(db, schoolId, academicYearId)))
        throw new AppError('VALIDATION_FAILED', [{ field: 'academicYearId', message: 'Unknown academic year.' }]);
      if (await emailOnRoster(db, schoolId, { sportTeamId, academicYearId }, psa.email))
        throw new AppError('PSA_ALREADY_ON_ROSTER');
      const temporal = requireTemporal(app.deps);
      const workflowId = psaTransferWorkflowId(psa.id);
      const transferId = await db.transaction().execute(async (trx) => {
        const current = await lockPsaTransfer(trx, psa.id);
        if (current?.status === 'PENDING') throw new AppError('PSA_TRANSFER_PENDING');
        if (current?.status === 'APPROVED') throw new AppError('PSA_TRANSFER_IRREVERSIBLE');
        const requested = await upsertTransferRequest(trx, {
          schoolId,
          psaId: psa.id,
          sportTeamId,
          academicYearId,
          requestedBy: auth.user.id,
          workflowId,
        });
        await insertPsaEvent(trx, {
          schoolId,
          psaId: psa.id,
          actorUserId: auth.user.id,
          action: 'transferRequested',
          details: { sportTeamId, academicYearId },
        });
        await auditRequest(
          request,
          {
            action: 'psa.transferRequested',
            targetType: 'psa',
            targetId: psa.id,
            details: { sportTeamId, academicYearId },
          },
          trx,
        );
        return requested;
      });
      try {
        await startTransferWorkflow(app.deps, temporal, { schoolId, psaId: psa.id, transferId });
      } catch (err) {
        request.log.error({ err }, 'psa transfer workflow could not start');
        await dropPendingTransfer(db, transferId);
        throw new AppError('WORKFLOW_UNAVAILABLE');
      }
      return psaProfile(db, schoolId, (await findPsa(db, schoolId, psa.id))!);
    },
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
    async (request) => {
      const auth = authOf(request);
      const psa = await visiblePsa(request, request.params.id);
      const transfer = await transferView(db, auth.school.id, psa.id);
      if (!transfer) throw new AppError('NOT_FOUND');
      if (transfer.status !== 'PENDING') throw new AppError('ALREADY_DECIDED');
      if (request.body.decision === 'REJECT' && !request.body.reason?.trim()) {
        throw new AppError('PSA_REJECT_REASON_REQUIRED', [
          { field: 'reason', message: 'A reason is required to reject the transfer.' },
        ]);
      }
      const temporal = requireTemporal(app.deps);
      try {
        await syncTransferArchive(temporal, psa.id, psa.state_status === 'ARCHIVED');
        const handle = temporal.workflow.getHandle(psaTransferWorkflowId(psa.id));
        await handle.executeUpdate(decidePsaTransferUpdate, {
          args: [
            {
              actor: { userId: auth.user.id, role: 'ADMIN' },
              decision: request.body.decision,
              reason: request.body.reason ?? null,
            },
          ],
        });
      } catch (err) {
        const mapped = toTransferError(err);
        if (mapped.code === 'WORKFLOW_UNAVAILABLE') request.log.error({ err }, 'psa transfer decision failed');
        throw mapped;
      }
      return psaProfile(db, auth.school.id, (await findPsa(db, auth.school.id, psa.id))!);
    },
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
      async (request) => {
        const psa = await visiblePsa(request, request.params.id);
        await auditRequest(request, { action: 'psa.transferUndoRefused', targetType: 'psa', targetId: psa.id });
        throw new AppError('PSA_TRANSFER_IRREVERSIBLE');
      },
    );
  }
};

const ERRORS_NEEDS_EMAIL = "Add the prospect's email before transferring them to a roster.";

export type { Database };
