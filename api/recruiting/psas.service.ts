import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import { AppError } from '../../domain/errors';
import {
  ACTIVITY_KINDS,
  BOARD_COLUMNS,
  checkPsaInput,
  COMMITMENT_STATUSES,
  fieldErrorsToAppError,
  PSA_FIELDS,
  PSA_LIST_COLUMNS,
  psaTransferWorkflowId,
  RECRUITING_LIMITS,
  type CommitmentStatus,
  type PsaListColumn,
} from '../../domain/recruiting';
import { csvCell } from '../../domain/csv';
import type { Database } from '../../migrations/database';
import { decidePsaTransferUpdate } from '../../workflows/recruiting/psa-transfer.workflow';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { takeTurn } from '../shared/turn-lock';
import { requireTemporal } from '../shared/workflow-client';
import { teamExists } from '../teams/teams.repository';
import { countPsaAttachments, lockOpenPsas } from './psa-attachments.repository';
import { psaProfile } from './psa-profile';
import {
  startTransferWorkflow,
  syncTransferArchive,
  toTransferError,
  transferClaimLapsed,
  transferView,
} from './psa-transfer.service';
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
  setPsaArchived,
  updatePsa,
  upsertTransferRequest,
} from './psa-writes.repository';
import {
  filteredPsas,
  findPsa,
  insertPsaEvent,
  listActivities,
  rankFor,
  toPsaDto,
  type PsaRow,
} from './psas.repository';
import type {
  ActivityBody,
  BoardMoved,
  MoveBody,
  PsaActivityList,
  PsaBody,
  PsaExportQuery,
  PsaProfile,
  TransferBody,
  TransferDecisionBody,
} from './psas.schemas';

/**
 * The prospect (PSA) use cases of a school's staff (issue 37): create, edit, archive, board moves, the activity log,
 * merge, export, and the transfer to a roster with its decision. Each runs on CoreDeps and an Actor and records
 * its audit event with auditBy, in the transaction of its change where it has one.
 */

type Db = Kysely<Database>;

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

/** The school's prospect by id; NOT_FOUND for an unknown, another school's or a merged-away one. */
export async function visiblePsa(db: Db, schoolId: string, id: string): Promise<PsaRow> {
  const psa = await findPsa(db, schoolId, id);
  if (!psa || psa.merged_into_id) throw new AppError('NOT_FOUND');
  return psa;
}

/** A prospect added to a roster is frozen: its board column and transfer cannot be undone. */
function assertNotTransferred(psa: PsaRow) {
  if (psa.commitment_status === 'ADDED_TO_ROSTER') throw new AppError('PSA_ADDED_TO_ROSTER');
}

const ERRORS_NEEDS_EMAIL = "Add the prospect's email before transferring them to a roster.";

async function profileOf(db: Db, schoolId: string, id: string): Promise<PsaProfile> {
  return psaProfile(db, schoolId, (await findPsa(db, schoolId, id))!) as Promise<PsaProfile>;
}

/** The filtered prospects as CSV, the chosen columns in order (all when none is named); the export is recorded. */
export async function exportPsasCsv(
  deps: CoreDeps,
  actor: Actor,
  query: Static<typeof PsaExportQuery>,
): Promise<string> {
  const { db } = deps;
  const q = query;
  const wanted = (q.columns ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c): c is PsaListColumn => c in PSA_LIST_COLUMNS);
  const columns = wanted.length ? wanted : (Object.keys(PSA_LIST_COLUMNS) as PsaListColumn[]);
  const rows = (await filteredPsas(db, actor.schoolId, { ...q, archived: q.archived === true })
    .limit(20000)
    .execute()) as PsaRow[];
  const lines = [columns.map((c) => csvCell(PSA_LIST_COLUMNS[c])).join(',')];
  for (const r of rows) {
    const dto = toPsaDto(r);
    lines.push(
      columns
        .map((c) =>
          csvCell(
            c === 'commitmentStatus' ? COMMITMENT_STATUSES[dto.commitmentStatus] : (dto as Record<string, unknown>)[c],
          ),
        )
        .join(','),
    );
  }
  await auditBy(db, actor, { action: 'psa.exported', targetType: 'psa', details: { rows: rows.length } });

  return lines.join('\r\n') + '\r\n';
}

/** Creates a prospect (PSA_RULES of the route), with its history's first line and the audit event. */
export async function createPsa(deps: CoreDeps, actor: Actor, body: Static<typeof PsaBody>): Promise<PsaProfile> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const { values, errors } = checkPsaInput(body as Record<string, unknown>, { creating: true });
  if (errors.length) throw fieldErrorsToAppError(errors);
  await checkRefs(db, schoolId, values);
  if (await emailTaken(db, schoolId, values.email, null)) throw emailExists();
  const created = await db.transaction().execute(async (trx) => {
    const tags = await checkTagsInTurn(trx, schoolId, null, body.tags ?? []);
    const id = await insertPsa(trx, {
      ...(values as Record<string, never>),
      school_id: schoolId,
      first_name: values.first_name as string,
      last_name: values.last_name as string,
      custom_fields: JSON.stringify(values.custom_fields ?? []),
      tags,
      rating: body.rating ?? null,
      created_by: actor.userId,
      board_rank: Date.now() / 1000,
    });
    await insertPsaEvent(trx, { schoolId, psaId: id, actorUserId: actor.userId, action: 'created' });
    await auditBy(trx, actor, { action: 'psa.created', targetType: 'psa', targetId: id });
    return id;
  });
  const psa = (await findPsa(db, schoolId, created))!;

  return psaProfile(db, schoolId, psa) as Promise<PsaProfile>;
}

/** Changes the fields the body names; a change of any field is written to the history and the audit log. */
export async function editPsa(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  patch: Static<typeof PsaBody>,
): Promise<PsaProfile> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const psa = await visiblePsa(db, schoolId, id);
  const body = patch as Record<string, unknown>;
  if ('commitmentStatus' in body && body.commitmentStatus !== psa.commitment_status) assertNotTransferred(psa);
  const { values, errors } = checkPsaInput(body, {
    creating: false,
    current: { heightFeet: psa.height_feet, heightInches: psa.height_inches },
  });
  if (errors.length) throw fieldErrorsToAppError(errors);
  await checkRefs(db, schoolId, values);
  if ('email' in values && (await emailTaken(db, schoolId, values.email, psa.id))) throw emailExists();
  if ('rating' in body) values.rating = patch.rating ?? null;
  if (values.custom_fields) values.custom_fields = JSON.stringify(values.custom_fields);
  await db.transaction().execute(async (trx) => {
    if (patch.tags) values.tags = await checkTagsInTurn(trx, schoolId, psa.id, patch.tags);
    const changed = Object.keys(values).filter(
      (k) => JSON.stringify((psa as Record<string, unknown>)[k] ?? null) !== JSON.stringify(values[k] ?? null),
    );
    await updatePsa(trx, schoolId, psa.id, { ...(values as Record<string, never>), updated_at: new Date() });
    if (changed.length) {
      await insertPsaEvent(trx, {
        schoolId,
        psaId: psa.id,
        actorUserId: actor.userId,
        action: 'updated',
        details: { fields: changed },
      });
      await auditBy(trx, actor, {
        action: 'psa.updated',
        targetType: 'psa',
        targetId: psa.id,
        details: { fields: changed },
      });
    }
  });

  return profileOf(db, schoolId, psa.id);
}

/**
 * Archives or unarchives a prospect (VALIDATION_FAILED when it already is so), and tells a pending transfer of it,
 * best effort: the decision sends the prospect's state again, and the approval reads the row itself.
 */
export async function setPsaArchive(deps: CoreDeps, actor: Actor, id: string, archived: boolean): Promise<PsaProfile> {
  const { db } = deps;
  const to = archived ? ('ARCHIVED' as const) : ('UNARCHIVED' as const);
  const action = archived ? 'archive' : 'unarchive';
  const psa = await visiblePsa(db, actor.schoolId, id);
  if ((to === 'ARCHIVED') === (psa.state_status === 'ARCHIVED')) {
    throw new AppError('VALIDATION_FAILED', [
      {
        field: 'state',
        message: to === 'ARCHIVED' ? 'This prospect is already archived.' : 'This prospect is not archived.',
      },
    ]);
  }
  await db.transaction().execute(async (trx) => {
    await setPsaArchived(trx, actor.schoolId, psa.id, to);
    await insertPsaEvent(trx, {
      schoolId: actor.schoolId,
      psaId: psa.id,
      actorUserId: actor.userId,
      action: `${action}d`,
    });
    await auditBy(trx, actor, { action: `psa.${action}d`, targetType: 'psa', targetId: psa.id });
  });
  const transfer = await transferView(db, actor.schoolId, psa.id);
  if (transfer?.status === 'PENDING' && deps.temporal) {
    // Best effort: the decision sends the prospect's state again, and the approval reads the row itself.
    await syncTransferArchive(deps.temporal, psa.id, to === 'ARCHIVED').catch((err: unknown) =>
      deps.log?.warn?.({ err }, 'psa transfer not told of the archive'),
    );
  }

  return profileOf(db, actor.schoolId, psa.id);
}

/** A board move: the card's new column and place; audited with from → to and how it was moved. */
export async function movePsa(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  body: Static<typeof MoveBody>,
): Promise<Static<typeof BoardMoved>> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const psa = await visiblePsa(db, schoolId, id);
  const to = body.commitmentStatus as CommitmentStatus;
  if (!BOARD_COLUMNS.includes(to)) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'commitmentStatus', message: 'Choose a commitment status.' }]);
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
  const rank = await rankFor(db, schoolId, to, body.beforeId ?? null, psa.id);
  await db.transaction().execute(async (trx) => {
    await movePsaCard(trx, schoolId, psa.id, to, rank);
    const details = { from: psa.commitment_status, to, via: body.via ?? 'menu' };
    if (psa.commitment_status !== to) {
      await insertPsaEvent(trx, { schoolId, psaId: psa.id, actorUserId: actor.userId, action: 'moved', details });
    }
    await auditBy(trx, actor, { action: 'psa.boardMoved', targetType: 'psa', targetId: psa.id, details });
  });

  return { id: psa.id, commitmentStatus: to, boardRank: rank };
}

/** Logs a contact, visit or note on the prospect; answers the prospect's activities. */
export async function logPsaActivity(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  b: Static<typeof ActivityBody>,
): Promise<Static<typeof PsaActivityList>> {
  const { db } = deps;
  const psa = await visiblePsa(db, actor.schoolId, id);
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
      school_id: actor.schoolId,
      psa_id: psa.id,
      kind: b.kind,
      occurred_at: at,
      nights: isVisit ? (b.nights ?? null) : null,
      location: b.location?.trim() || null,
      summary: b.summary?.trim() || null,
      logged_by: actor.userId,
    });
    await auditBy(trx, actor, {
      action: 'psa.activityLogged',
      targetType: 'psa',
      targetId: psa.id,
      details: { activityId, kind: b.kind },
    });
  });

  return { items: await listActivities(db, actor.schoolId, psa.id) } as Static<typeof PsaActivityList>;
}

/**
 * Merges `duplicateId` into the prospect `id`: empty fields filled, tags joined, history and attachments moved; the
 * duplicate closes. Refused, with nothing changed, when the two hold more than 20 files together.
 */
export async function mergePsas(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  body: { duplicateId: string },
): Promise<PsaProfile> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const visibleKeep = await visiblePsa(db, schoolId, id);
  if (body.duplicateId === visibleKeep.id) throw new AppError('PSA_MERGE_INVALID');
  const visibleDrop = await visiblePsa(db, actor.schoolId, body.duplicateId);
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
    await insertPsaEvent(trx, { schoolId, psaId: keep.id, actorUserId: actor.userId, action: 'merged', details });
    await auditBy(trx, actor, { action: 'psa.merged', targetType: 'psa', targetId: keep.id, details });
    return keep.id;
  });

  return profileOf(db, schoolId, keepId);
}

/**
 * A coach (or admin) requests the prospect's transfer to a team's roster for an academic year; the
 * `psa-transfer:<psaId>` process waits for a school admin's decision. The PENDING row is a claim taken before the
 * process starts: a request that died between the two left a claim no process answers, and a later request takes
 * it back once it is older than the grace period and no process of it runs (psa-transfer.service).
 */
export async function requestPsaTransfer(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  body: Static<typeof TransferBody>,
): Promise<PsaProfile> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const psa = await visiblePsa(db, schoolId, id);
  if (psa.commitment_status === 'ADDED_TO_ROSTER') throw new AppError('PSA_TRANSFER_IRREVERSIBLE');
  if (psa.state_status === 'ARCHIVED') throw new AppError('PSA_ARCHIVED');
  if (!psa.email) {
    throw new AppError('PSA_TRANSFER_NEEDS_EMAIL', [{ field: 'email', message: ERRORS_NEEDS_EMAIL }]);
  }
  const { sportTeamId, academicYearId } = body;
  if (!(await teamExists(db, schoolId, sportTeamId))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
  if (!(await academicYearExists(db, schoolId, academicYearId)))
    throw new AppError('VALIDATION_FAILED', [{ field: 'academicYearId', message: 'Unknown academic year.' }]);
  if (await emailOnRoster(db, schoolId, { sportTeamId, academicYearId }, psa.email))
    throw new AppError('PSA_ALREADY_ON_ROSTER');
  const temporal = requireTemporal(deps);
  const workflowId = psaTransferWorkflowId(psa.id);
  const transferId = await db.transaction().execute(async (trx) => {
    const current = await lockPsaTransfer(trx, psa.id);
    const reclaimed = current?.status === 'PENDING' && (await transferClaimLapsed(deps, temporal, psa.id, current));
    if (current?.status === 'PENDING' && !reclaimed) throw new AppError('PSA_TRANSFER_PENDING');
    if (current?.status === 'APPROVED') throw new AppError('PSA_TRANSFER_IRREVERSIBLE');
    const requested = await upsertTransferRequest(trx, {
      schoolId,
      psaId: psa.id,
      sportTeamId,
      academicYearId,
      requestedBy: actor.userId,
      workflowId,
    });
    await insertPsaEvent(trx, {
      schoolId,
      psaId: psa.id,
      actorUserId: actor.userId,
      action: 'transferRequested',
      details: { sportTeamId, academicYearId },
    });
    await auditBy(trx, actor, {
      action: 'psa.transferRequested',
      targetType: 'psa',
      targetId: psa.id,
      details: { sportTeamId, academicYearId, ...(reclaimed ? { reclaimedStaleRequest: true } : {}) },
    });
    return requested;
  });
  try {
    await startTransferWorkflow(deps, temporal, { schoolId, psaId: psa.id, transferId });
  } catch (err) {
    deps.log?.error({ err }, 'psa transfer workflow could not start');
    await dropPendingTransfer(db, transferId);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }

  return profileOf(db, schoolId, psa.id);
}

/** A school admin approves or rejects (with a reason) the pending transfer: an Update on its process. */
export async function decidePsaTransfer(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  body: Static<typeof TransferDecisionBody>,
): Promise<PsaProfile> {
  const { db } = deps;
  const psa = await visiblePsa(db, actor.schoolId, id);
  const transfer = await transferView(db, actor.schoolId, psa.id);
  if (!transfer) throw new AppError('NOT_FOUND');
  if (transfer.status !== 'PENDING') throw new AppError('ALREADY_DECIDED');
  if (body.decision === 'REJECT' && !body.reason?.trim()) {
    throw new AppError('PSA_REJECT_REASON_REQUIRED', [
      { field: 'reason', message: 'A reason is required to reject the transfer.' },
    ]);
  }
  const temporal = requireTemporal(deps);
  try {
    await syncTransferArchive(temporal, psa.id, psa.state_status === 'ARCHIVED');
    const handle = temporal.workflow.getHandle(psaTransferWorkflowId(psa.id));
    await handle.executeUpdate(decidePsaTransferUpdate, {
      args: [
        {
          actor: { userId: actor.userId, role: 'ADMIN' },
          decision: body.decision,
          reason: body.reason ?? null,
        },
      ],
    });
  } catch (err) {
    const mapped = toTransferError(err);
    if (mapped.code === 'WORKFLOW_UNAVAILABLE') deps.log?.error({ err }, 'psa transfer decision failed');
    throw mapped;
  }

  return profileOf(db, actor.schoolId, psa.id);
}

/** There is no undo: a transfer to the roster is irreversible; the attempt is recorded and refused. */
export async function refusePsaTransferUndo(deps: CoreDeps, actor: Actor, id: string): Promise<never> {
  const psa = await visiblePsa(deps.db, actor.schoolId, id);
  await auditBy(deps.db, actor, { action: 'psa.transferUndoRefused', targetType: 'psa', targetId: psa.id });
  throw new AppError('PSA_TRANSFER_IRREVERSIBLE');
}
