import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import {
  checkPacketWorkflow,
  checkStepConditions,
  createDefaultPacketWorkflow,
  type PacketWorkflowDefinition,
  type PacketWorkflowProblem,
} from '../../domain/packet-workflow';
import { PACKET_LIMITS, SENDER_GROUP_ROLES, type SenderGroup } from '../../domain/packets';
import { countWords } from '../../form-engine';
import type { Database } from '../../migrations/database';
import { auditRequest } from '../audit/audit-request';
import { hashToken } from '../../domain/signed-links';
import { authOf } from '../plugins/authenticate';
import type { AuthContext } from '../types';
import { stableStringify } from './answer-crypto';
import { findPublishProblems, publishRefusal, type PublishCheckInput } from './publish-problems';
import {
  findFolder,
  editorsWithFolder,
  findPacket,
  insertPacketVersion,
  listPackets,
  loadPacketForms,
  lockPacket,
  nextPacketVersion,
  type FolderRow,
  type PacketRow,
} from './packets.repository';
import type { Folder, PacketDetail, PacketListItem } from './packets.schemas';
import { checkWorkflowAccounts } from './workflow-accounts';

/**
 * Packets (issue 4): building, publishing (freezes a version), recalling, cloning, archiving, moving, and who may
 * do what. Spec part 2 §6: senders cannot edit; owner, shared editors and school admins edit; only owner-like users
 * (owner, school admins) publish and recall.
 */
type Db = Kysely<Database>;

export function isSchoolAdmin(auth: AuthContext): boolean {
  return auth.grants.some((g) => g.role === 'SCHOOL_ADMIN');
}

export function canEditPacket(auth: AuthContext, packet: PacketRow): boolean {
  if (!auth.permissions.has('packets:write')) return false;
  return packet.owner_id === auth.user.id || packet.editor_ids.includes(auth.user.id) || isSchoolAdmin(auth);
}

export function canPublishPacket(auth: AuthContext, packet: PacketRow): boolean {
  return auth.permissions.has('packets:write') && (packet.owner_id === auth.user.id || isSchoolAdmin(auth));
}

export function canSendPacket(auth: AuthContext, packet: PacketRow): boolean {
  if (!auth.permissions.has('packets:send')) return false;
  if (packet.owner_id === auth.user.id || isSchoolAdmin(auth)) return true;
  if (packet.senders.userIds.includes(auth.user.id)) return true;
  return packet.senders.groups.some((group) =>
    auth.grants.some((g) => g.role === SENDER_GROUP_ROLES[group as SenderGroup]),
  );
}

export function isFrozen(packet: Pick<PacketRow, 'status' | 'has_submissions'>): boolean {
  return packet.status === 'PUBLISHED' || packet.has_submissions;
}

export function checkPacketText(name: string, description: string): void {
  if (!name.trim() || !description.trim()) throw new AppError('PACKET_NAME_OR_DESCRIPTION_EMPTY');
  if (countWords(name) > PACKET_LIMITS.nameMaxWords) throw new AppError('PACKET_NAME_TOO_LONG');
  if (countWords(description) > PACKET_LIMITS.descriptionMaxWords) throw new AppError('PACKET_DESCRIPTION_TOO_LONG');
}

export function checkFolderName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > PACKET_LIMITS.folderNameMaxChars) throw new AppError('FOLDER_NAME_INVALID');
  return trimmed;
}

function checkFormCount(formIds: readonly string[]): void {
  const distinct = new Set(formIds);
  if (
    distinct.size !== formIds.length ||
    formIds.length < PACKET_LIMITS.minForms ||
    formIds.length > PACKET_LIMITS.maxForms
  ) {
    throw new AppError('PACKET_FORMS_RANGE');
  }
}

/** The workflow without what a minor edit may change (step names, layout). */
function workflowStructure(workflow: PacketWorkflowDefinition): string {
  return stableStringify({
    steps: workflow.steps.map((step) => ({ ...step, name: undefined, position: undefined })),
    edges: workflow.edges.map((e) => ({ from: e.from, to: e.to })),
  });
}

function isDefaultWorkflow(workflow: PacketWorkflowDefinition): boolean {
  return workflow.steps.length === 1 && workflow.steps[0]!.id === 'submit' && workflow.edges.length === 0;
}

export function problemsError(problems: readonly PacketWorkflowProblem[]): AppError {
  const first = problems[0]!;
  const known = first.code as ConstructorParameters<typeof AppError>[0];
  return new AppError(
    known,
    problems.map((p) => ({ code: p.code, message: p.message, ...(p.stepId ? { field: p.stepId } : {}) })),
    first.message,
  );
}

/** Step conditions too deep, too large or malformed are refused before anything (checks, storage) walks them. */
function assertStepConditions(workflow: PacketWorkflowDefinition | undefined): void {
  const problems = workflow ? checkStepConditions(workflow) : [];
  if (problems.length > 0) throw problemsError(problems);
}

/** Saving, publishing and sending refuse a workflow that names someone who could never act. */
export async function assertWorkflowAccounts(db: Db, schoolId: string, workflow: PacketWorkflowDefinition) {
  const problems = await checkWorkflowAccounts(db, schoolId, workflow);
  if (problems.length > 0) throw problemsError(problems);
}

async function assertUsersInSchool(db: Db, schoolId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...userIds])
    .execute();
  if (rows.length !== new Set(userIds).size)
    throw new AppError('NOT_FOUND', [{ field: 'userIds', message: 'Unknown user.' }]);
}

async function assertFolder(db: Db, schoolId: string, folderId: string | null | undefined): Promise<void> {
  if (!folderId) return;
  const folder = await findFolder(db, schoolId, folderId);
  if (!folder || folder.archived_at)
    throw new AppError('NOT_FOUND', [{ field: 'folderId', message: 'Folder not found.' }]);
}

export function toPacketListItem(row: PacketRow): PacketListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    folderId: row.folder_id,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    formCount: row.form_ids.length,
    hipaa: row.hipaa,
    sentCount: Number(row.sent_count),
    createdAt: row.created_at.toISOString(),
    lastActivityAt: row.last_activity_at.toISOString(),
    archivedAt: row.archived_at ? row.archived_at.toISOString() : null,
  };
}

export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    packetCount: Number(row.packet_count),
    editorIds: row.editor_ids,
    createdAt: row.created_at.toISOString(),
    archivedAt: row.archived_at ? row.archived_at.toISOString() : null,
  };
}

export async function loadPacketDetail(db: Db, auth: AuthContext, packetId: string): Promise<PacketDetail> {
  const packet = await findPacket(db, auth.school.id, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  const forms = await loadPacketForms(db, auth.school.id, packet.form_ids);
  const accounts = await checkWorkflowAccounts(db, auth.school.id, packet.workflow);
  const problems = [
    ...checkPacketWorkflow(
      packet.workflow,
      forms.map((f) => ({ formId: f.formId, version: f.definition })),
    ),
    ...accounts,
  ];
  return {
    ...toPacketListItem(packet),
    forms: forms.map((f) => ({
      formId: f.formId,
      formVersionId: f.formVersionId,
      name: f.name,
      version: f.version,
      definition: f.definition as unknown as Record<string, unknown>,
    })),
    workflow: packet.workflow,
    problems,
    publishProblems: findPublishProblems(publishCheckInput(packet, forms, accounts)),
    senders: packet.senders as PacketDetail['senders'],
    editorIds: packet.editor_ids,
    externalLinkEnabled: packet.external_link_enabled,
    currentVersion: packet.current_version,
    frozen: isFrozen(packet),
    canEdit: canEditPacket(auth, packet),
    canPublish: canPublishPacket(auth, packet),
    canSend: packet.status === 'PUBLISHED' && !packet.archived_at && canSendPacket(auth, packet),
  };
}

function publishCheckInput(
  packet: PacketRow,
  forms: Awaited<ReturnType<typeof loadPacketForms>>,
  accountProblems: PublishCheckInput['accountProblems'],
): PublishCheckInput {
  return {
    accountProblems,
    name: packet.name,
    description: packet.description,
    formIds: packet.form_ids,
    forms: forms.map((f) => ({ formId: f.formId, name: f.name, published: f.published, definition: f.definition })),
    workflow: packet.workflow,
    senders: packet.senders,
  };
}

export interface PacketInput {
  name?: string;
  description?: string;
  folderId?: string | null;
  formIds?: string[];
  workflow?: PacketWorkflowDefinition;
  senders?: { userIds: string[]; groups: SenderGroup[] };
  editorIds?: string[];
  hipaa?: boolean;
}

export async function createPacket(
  request: FastifyRequest,
  input: PacketInput & { name: string; description: string; formIds: string[] },
) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  assertStepConditions(input.workflow);
  checkPacketText(input.name, input.description);
  checkFormCount(input.formIds);
  await assertFolder(db, auth.school.id, input.folderId);
  const forms = await loadPacketForms(db, auth.school.id, input.formIds);
  if (forms.length !== input.formIds.length)
    throw new AppError('NOT_FOUND', [{ field: 'formIds', message: 'Form not found.' }]);
  await assertUsersInSchool(db, auth.school.id, [...(input.senders?.userIds ?? []), ...(input.editorIds ?? [])]);
  if (input.workflow) await assertWorkflowAccounts(db, auth.school.id, input.workflow);
  const workflow =
    input.workflow ?? createDefaultPacketWorkflow(forms.map((f) => ({ formId: f.formId, version: f.definition })));
  const row = await db
    .insertInto('packets')
    .values({
      school_id: auth.school.id,
      name: input.name.trim(),
      description: input.description.trim(),
      owner_id: auth.user.id,
      folder_id: input.folderId ?? null,
      form_ids: JSON.stringify(input.formIds),
      workflow: JSON.stringify(workflow),
      senders: JSON.stringify(input.senders ?? { userIds: [], groups: [] }),
      editor_ids: JSON.stringify(
        await editorsWithFolder(db, auth.school.id, input.folderId, input.editorIds ?? [], auth.user.id),
      ),
      hipaa: input.hipaa ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditRequest(request, {
    action: 'packet.created',
    targetType: 'packet',
    targetId: row.id,
  });
  return loadPacketDetail(db, auth, row.id);
}

/** Saves the draft. Once published or with submissions only minor edits pass; a structural change needs a clone. */
export async function updatePacket(request: FastifyRequest, packetId: string, input: PacketInput) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  assertStepConditions(input.workflow);
  await db.transaction().execute(async (trx) => {
    if (!(await lockPacket(trx, auth.school.id, packetId))) throw new AppError('NOT_FOUND');
    const packet = (await findPacket(trx, auth.school.id, packetId))!;
    if (!canEditPacket(auth, packet)) throw new AppError('FORBIDDEN');
    if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
    const name = input.name ?? packet.name;
    const description = input.description ?? packet.description;
    checkPacketText(name, description);
    const formIds = input.formIds ?? packet.form_ids;
    checkFormCount(formIds);
    let workflow = input.workflow ?? packet.workflow;
    const formsChanged = stableStringify(formIds) !== stableStringify(packet.form_ids);
    if (!input.workflow && formsChanged && isDefaultWorkflow(packet.workflow)) {
      const forms = await loadPacketForms(trx, auth.school.id, formIds);
      workflow = createDefaultPacketWorkflow(forms.map((f) => ({ formId: f.formId, version: f.definition })));
    }
    const hipaa = input.hipaa ?? packet.hipaa;
    if (isFrozen(packet)) {
      const structural =
        formsChanged || hipaa !== packet.hipaa || workflowStructure(workflow) !== workflowStructure(packet.workflow);
      if (structural) throw new AppError('PACKET_FROZEN');
    }
    if (input.formIds) {
      const forms = await loadPacketForms(trx, auth.school.id, formIds);
      if (forms.length !== formIds.length)
        throw new AppError('NOT_FOUND', [{ field: 'formIds', message: 'Form not found.' }]);
    }
    await assertUsersInSchool(trx as unknown as Db, auth.school.id, [
      ...(input.senders?.userIds ?? []),
      ...(input.editorIds ?? []),
    ]);
    if (input.workflow) await assertWorkflowAccounts(trx, auth.school.id, workflow);
    await trx
      .updateTable('packets')
      .set({
        name: name.trim(),
        description: description.trim(),
        form_ids: JSON.stringify(formIds),
        workflow: JSON.stringify(workflow),
        hipaa,
        ...(input.senders ? { senders: JSON.stringify(input.senders) } : {}),
        ...(input.editorIds ? { editor_ids: JSON.stringify(input.editorIds) } : {}),
        updated_at: new Date(),
        last_activity_at: new Date(),
      })
      .where('school_id', '=', auth.school.id)
      .where('id', '=', packetId)
      .execute();
  });
  return loadPacketDetail(db, auth, packetId);
}

/** Publish: every form published and valid, the workflow valid, send access set up; freezes version n+1. */
export async function publishPacket(request: FastifyRequest, packetId: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  await db.transaction().execute(async (trx) => {
    if (!(await lockPacket(trx, auth.school.id, packetId))) throw new AppError('NOT_FOUND');
    const packet = (await findPacket(trx, auth.school.id, packetId))!;
    if (!canPublishPacket(auth, packet)) throw new AppError('FORBIDDEN');
    if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
    if (packet.status === 'PUBLISHED') return;
    const forms = await loadPacketForms(trx, auth.school.id, packet.form_ids);
    const accounts = await checkWorkflowAccounts(trx, auth.school.id, packet.workflow);
    const problems = findPublishProblems(publishCheckInput(packet, forms, accounts));
    if (problems.length > 0) throw publishRefusal(problems);
    const version = await nextPacketVersion(trx, auth.school.id, packetId);
    await insertPacketVersion(trx, auth.school.id, {
      packetId,
      version,
      name: packet.name,
      description: packet.description,
      hipaa: packet.hipaa,
      forms: forms.map((f) => ({ formId: f.formId, formVersionId: f.formVersionId })),
      workflow: packet.workflow,
      createdBy: auth.user.id,
    });
    await trx
      .updateTable('packets')
      .set({ status: 'PUBLISHED', current_version: version, updated_at: new Date(), last_activity_at: new Date() })
      .where('school_id', '=', auth.school.id)
      .where('id', '=', packetId)
      .execute();
  });
  await auditRequest(request, {
    action: 'packet.published',
    targetType: 'packet',
    targetId: packetId,
  });
  return loadPacketDetail(db, auth, packetId);
}

/** Recall: back to unpublished, external link disabled; packets already sent keep running on their version. */
export async function recallPacket(request: FastifyRequest, packetId: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const packet = await findPacket(db, auth.school.id, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canPublishPacket(auth, packet)) throw new AppError('FORBIDDEN');
  await db
    .updateTable('packets')
    .set({
      status: 'UNPUBLISHED',
      external_link_enabled: false,
      external_link_token_hash: null,
      updated_at: new Date(),
      last_activity_at: new Date(),
    })
    .where('school_id', '=', auth.school.id)
    .where('id', '=', packetId)
    .execute();
  await auditRequest(request, {
    action: 'packet.recalled',
    targetType: 'packet',
    targetId: packetId,
  });
  return loadPacketDetail(db, auth, packetId);
}

function copyName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return [...words.slice(0, PACKET_LIMITS.nameMaxWords - 1), '(copy)'].join(' ');
}

/** A new unpublished packet with the same forms, workflow and settings: the way to change a frozen packet's structure. */
export async function clonePacket(request: FastifyRequest, packetId: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const packet = await findPacket(db, auth.school.id, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!auth.permissions.has('packets:write')) throw new AppError('FORBIDDEN');
  const id = await clonePacketRow(db, auth, packet, packet.folder_id);
  return loadPacketDetail(db, auth, id);
}

export async function clonePacketRow(db: Db, auth: AuthContext, packet: PacketRow, folderId: string | null) {
  const row = await db
    .insertInto('packets')
    .values({
      school_id: auth.school.id,
      name: copyName(packet.name),
      description: packet.description,
      owner_id: auth.user.id,
      folder_id: folderId,
      form_ids: JSON.stringify(packet.form_ids),
      workflow: JSON.stringify(packet.workflow),
      senders: JSON.stringify(packet.senders),
      editor_ids: JSON.stringify(packet.editor_ids),
      hipaa: packet.hipaa,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function movePacket(request: FastifyRequest, packetId: string, folderId: string | null) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const packet = await findPacket(db, auth.school.id, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canEditPacket(auth, packet)) throw new AppError('FORBIDDEN');
  if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
  await assertFolder(db, auth.school.id, folderId);
  await db.transaction().execute(async (trx) => {
    // The editors written back are read under the packet's row lock: an editor added since `packet` was read (a
    // folder share, the packet's settings) is kept, not dropped with the list read before.
    if (!(await lockPacket(trx, auth.school.id, packetId))) throw new AppError('NOT_FOUND');
    const current = (await findPacket(trx, auth.school.id, packetId))!;
    const editors = await editorsWithFolder(trx, auth.school.id, folderId, current.editor_ids, current.owner_id);
    await trx
      .updateTable('packets')
      .set({ folder_id: folderId, editor_ids: JSON.stringify(editors), updated_at: new Date() })
      .where('school_id', '=', auth.school.id)
      .where('id', '=', packetId)
      .execute();
  });
  await auditRequest(request, {
    action: 'packet.moved',
    targetType: 'packet',
    targetId: packetId,
    details: { fromFolderId: packet.folder_id, toFolderId: folderId },
  });
  return loadPacketDetail(db, auth, packetId);
}

export async function listPacketItems(request: FastifyRequest, query: Parameters<typeof listPackets>[2]) {
  const auth = authOf(request);
  const { rows, total } = await listPackets(request.server.deps.database.db, auth.school.id, query);
  const items = rows.map((row) => ({
    ...toPacketListItem(row),
    canSend: row.status === 'PUBLISHED' && !row.archived_at && canSendPacket(auth, row),
  }));
  return { items, total, limit: query.limit, offset: query.offset };
}

/**
 * The packet's shareable link for external signers: turning it on makes a fresh random token (only its SHA-256 is
 * kept) and shows the URL this once; turning it off (or a recall) kills it.
 */
export async function setExternalLink(request: FastifyRequest, packetId: string, enabled: boolean) {
  const auth = authOf(request);
  const deps = request.server.deps;
  const { db } = deps.database;
  const packet = await findPacket(db, auth.school.id, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canPublishPacket(auth, packet)) throw new AppError('FORBIDDEN');
  if (enabled && packet.status !== 'PUBLISHED') throw new AppError('PACKET_NOT_PUBLISHED');
  const token = enabled ? randomBytes(24).toString('base64url') : null;
  await db
    .updateTable('packets')
    .set({
      external_link_enabled: enabled,
      external_link_token_hash: token ? hashToken(token) : null,
      updated_at: new Date(),
    })
    .where('school_id', '=', auth.school.id)
    .where('id', '=', packetId)
    .execute();
  return { enabled, url: token ? `${deps.config.publicUrl}/submit/${token}` : null };
}
