import { randomBytes } from 'node:crypto';
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
import { countWords, type FormVersion } from '../../form-engine';
import type { Database } from '../../migrations/database';
import { hashToken } from '../../domain/signed-links';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
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
import type { Folder, PacketDetail, PacketFormInfo, PacketListItem } from './packets.schemas';
import type { PacketDeps } from './packet-deps';
import { checkWorkflowAccounts } from './workflow-accounts';

/**
 * Packets (issue 4): building, publishing (freezes a version), recalling, cloning, archiving, moving, and who may
 * do what. Spec part 2 §6: senders cannot edit; owner, shared editors and school admins edit; only owner-like users
 * (owner, school admins) publish and recall.
 */
type Db = Kysely<Database>;

export function isSchoolAdmin(actor: Pick<Actor, 'grants'>): boolean {
  return (actor.grants ?? []).some((g) => g.role === 'SCHOOL_ADMIN');
}

export function canEditPacket(actor: Actor, packet: PacketRow): boolean {
  if (!actor.permissions.has('packets:write')) return false;
  return packet.owner_id === actor.userId || packet.editor_ids.includes(actor.userId) || isSchoolAdmin(actor);
}

export function canPublishPacket(actor: Actor, packet: PacketRow): boolean {
  return actor.permissions.has('packets:write') && (packet.owner_id === actor.userId || isSchoolAdmin(actor));
}

export function canSendPacket(actor: Actor, packet: PacketRow): boolean {
  if (!actor.permissions.has('packets:send')) return false;
  if (packet.owner_id === actor.userId || isSchoolAdmin(actor)) return true;
  if (packet.senders.userIds.includes(actor.userId)) return true;
  return packet.senders.groups.some((group) =>
    (actor.grants ?? []).some((g) => g.role === SENDER_GROUP_ROLES[group as SenderGroup]),
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

/** A form of a packet version as the builder, the submission and the signer's page show it. */
export function toPacketForm(form: {
  formId: string;
  formVersionId: string;
  name: string;
  version: number;
  definition: FormVersion;
}): PacketFormInfo {
  return {
    formId: form.formId,
    formVersionId: form.formVersionId,
    name: form.name,
    version: form.version,
    definition: form.definition as unknown as Record<string, unknown>,
  };
}

/** The packet as its builder sees it: forms, workflow, what keeps it from publishing, and what the actor may do. */
export async function loadPacketDetail(db: Db, actor: Actor, packetId: string): Promise<PacketDetail> {
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  const forms = await loadPacketForms(db, actor.schoolId, packet.form_ids);
  const accounts = await checkWorkflowAccounts(db, actor.schoolId, packet.workflow);
  const problems = [
    ...checkPacketWorkflow(
      packet.workflow,
      forms.map((f) => ({ formId: f.formId, version: f.definition })),
    ),
    ...accounts,
  ];
  return {
    ...toPacketListItem(packet),
    forms: forms.map(toPacketForm),
    workflow: packet.workflow,
    problems,
    publishProblems: findPublishProblems(publishCheckInput(packet, forms, accounts)),
    senders: packet.senders as PacketDetail['senders'],
    editorIds: packet.editor_ids,
    externalLinkEnabled: packet.external_link_enabled,
    currentVersion: packet.current_version,
    frozen: isFrozen(packet),
    canEdit: canEditPacket(actor, packet),
    canPublish: canPublishPacket(actor, packet),
    canSend: packet.status === 'PUBLISHED' && !packet.archived_at && canSendPacket(actor, packet),
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
  deps: CoreDeps,
  actor: Actor,
  input: PacketInput & { name: string; description: string; formIds: string[] },
) {
  const { db } = deps;
  assertStepConditions(input.workflow);
  checkPacketText(input.name, input.description);
  checkFormCount(input.formIds);
  await assertFolder(db, actor.schoolId, input.folderId);
  const forms = await loadPacketForms(db, actor.schoolId, input.formIds);
  if (forms.length !== input.formIds.length)
    throw new AppError('NOT_FOUND', [{ field: 'formIds', message: 'Form not found.' }]);
  await assertUsersInSchool(db, actor.schoolId, [...(input.senders?.userIds ?? []), ...(input.editorIds ?? [])]);
  if (input.workflow) await assertWorkflowAccounts(db, actor.schoolId, input.workflow);
  const workflow =
    input.workflow ?? createDefaultPacketWorkflow(forms.map((f) => ({ formId: f.formId, version: f.definition })));
  const row = await db
    .insertInto('packets')
    .values({
      school_id: actor.schoolId,
      name: input.name.trim(),
      description: input.description.trim(),
      owner_id: actor.userId,
      folder_id: input.folderId ?? null,
      form_ids: JSON.stringify(input.formIds),
      workflow: JSON.stringify(workflow),
      senders: JSON.stringify(input.senders ?? { userIds: [], groups: [] }),
      editor_ids: JSON.stringify(
        await editorsWithFolder(db, actor.schoolId, input.folderId, input.editorIds ?? [], actor.userId),
      ),
      hipaa: input.hipaa ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditBy(db, actor, {
    action: 'packet.created',
    targetType: 'packet',
    targetId: row.id,
  });
  return loadPacketDetail(db, actor, row.id);
}

/** Saves the draft. Once published or with submissions only minor edits pass; a structural change needs a clone. */
export async function updatePacket(deps: CoreDeps, actor: Actor, packetId: string, input: PacketInput) {
  const { db } = deps;
  assertStepConditions(input.workflow);
  await db.transaction().execute(async (trx) => {
    if (!(await lockPacket(trx, actor.schoolId, packetId))) throw new AppError('NOT_FOUND');
    const packet = (await findPacket(trx, actor.schoolId, packetId))!;
    if (!canEditPacket(actor, packet)) throw new AppError('FORBIDDEN');
    if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
    const name = input.name ?? packet.name;
    const description = input.description ?? packet.description;
    checkPacketText(name, description);
    const formIds = input.formIds ?? packet.form_ids;
    checkFormCount(formIds);
    let workflow = input.workflow ?? packet.workflow;
    const formsChanged = stableStringify(formIds) !== stableStringify(packet.form_ids);
    if (!input.workflow && formsChanged && isDefaultWorkflow(packet.workflow)) {
      const forms = await loadPacketForms(trx, actor.schoolId, formIds);
      workflow = createDefaultPacketWorkflow(forms.map((f) => ({ formId: f.formId, version: f.definition })));
    }
    const hipaa = input.hipaa ?? packet.hipaa;
    if (isFrozen(packet)) {
      const structural =
        formsChanged || hipaa !== packet.hipaa || workflowStructure(workflow) !== workflowStructure(packet.workflow);
      if (structural) throw new AppError('PACKET_FROZEN');
    }
    if (input.formIds) {
      const forms = await loadPacketForms(trx, actor.schoolId, formIds);
      if (forms.length !== formIds.length)
        throw new AppError('NOT_FOUND', [{ field: 'formIds', message: 'Form not found.' }]);
    }
    await assertUsersInSchool(trx as unknown as Db, actor.schoolId, [
      ...(input.senders?.userIds ?? []),
      ...(input.editorIds ?? []),
    ]);
    if (input.workflow) await assertWorkflowAccounts(trx, actor.schoolId, workflow);
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
        updated_at: deps.now(),
        last_activity_at: deps.now(),
      })
      .where('school_id', '=', actor.schoolId)
      .where('id', '=', packetId)
      .execute();
  });
  return loadPacketDetail(db, actor, packetId);
}

/** Publish: every form published and valid, the workflow valid, send access set up; freezes version n+1. */
export async function publishPacket(deps: CoreDeps, actor: Actor, packetId: string) {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    if (!(await lockPacket(trx, actor.schoolId, packetId))) throw new AppError('NOT_FOUND');
    const packet = (await findPacket(trx, actor.schoolId, packetId))!;
    if (!canPublishPacket(actor, packet)) throw new AppError('FORBIDDEN');
    if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
    if (packet.status === 'PUBLISHED') return;
    const forms = await loadPacketForms(trx, actor.schoolId, packet.form_ids);
    const accounts = await checkWorkflowAccounts(trx, actor.schoolId, packet.workflow);
    const problems = findPublishProblems(publishCheckInput(packet, forms, accounts));
    if (problems.length > 0) throw publishRefusal(problems);
    const version = await nextPacketVersion(trx, actor.schoolId, packetId);
    await insertPacketVersion(trx, actor.schoolId, {
      packetId,
      version,
      name: packet.name,
      description: packet.description,
      hipaa: packet.hipaa,
      forms: forms.map((f) => ({ formId: f.formId, formVersionId: f.formVersionId })),
      workflow: packet.workflow,
      createdBy: actor.userId,
    });
    await trx
      .updateTable('packets')
      .set({ status: 'PUBLISHED', current_version: version, updated_at: deps.now(), last_activity_at: deps.now() })
      .where('school_id', '=', actor.schoolId)
      .where('id', '=', packetId)
      .execute();
  });
  await auditBy(db, actor, {
    action: 'packet.published',
    targetType: 'packet',
    targetId: packetId,
  });
  return loadPacketDetail(db, actor, packetId);
}

/** Recall: back to unpublished, external link disabled; packets already sent keep running on their version. */
export async function recallPacket(deps: CoreDeps, actor: Actor, packetId: string) {
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canPublishPacket(actor, packet)) throw new AppError('FORBIDDEN');
  await db
    .updateTable('packets')
    .set({
      status: 'UNPUBLISHED',
      external_link_enabled: false,
      external_link_token_hash: null,
      updated_at: deps.now(),
      last_activity_at: deps.now(),
    })
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', packetId)
    .execute();
  await auditBy(db, actor, {
    action: 'packet.recalled',
    targetType: 'packet',
    targetId: packetId,
  });
  return loadPacketDetail(db, actor, packetId);
}

function copyName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return [...words.slice(0, PACKET_LIMITS.nameMaxWords - 1), '(copy)'].join(' ');
}

/** A new unpublished packet with the same forms, workflow and settings: the way to change a frozen packet's structure. */
export async function clonePacket(deps: CoreDeps, actor: Actor, packetId: string) {
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!actor.permissions.has('packets:write')) throw new AppError('FORBIDDEN');
  const id = await clonePacketRow(db, actor, packet, packet.folder_id);
  return loadPacketDetail(db, actor, id);
}

export async function clonePacketRow(db: Db, actor: Actor, packet: PacketRow, folderId: string | null) {
  const row = await db
    .insertInto('packets')
    .values({
      school_id: actor.schoolId,
      name: copyName(packet.name),
      description: packet.description,
      owner_id: actor.userId,
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

export async function movePacket(deps: CoreDeps, actor: Actor, packetId: string, folderId: string | null) {
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canEditPacket(actor, packet)) throw new AppError('FORBIDDEN');
  if (packet.archived_at) throw new AppError('PACKET_ARCHIVED');
  await assertFolder(db, actor.schoolId, folderId);
  await db.transaction().execute(async (trx) => {
    // The editors written back are read under the packet's row lock: an editor added since `packet` was read (a
    // folder share, the packet's settings) is kept, not dropped with the list read before.
    if (!(await lockPacket(trx, actor.schoolId, packetId))) throw new AppError('NOT_FOUND');
    const current = (await findPacket(trx, actor.schoolId, packetId))!;
    const editors = await editorsWithFolder(trx, actor.schoolId, folderId, current.editor_ids, current.owner_id);
    await trx
      .updateTable('packets')
      .set({ folder_id: folderId, editor_ids: JSON.stringify(editors), updated_at: deps.now() })
      .where('school_id', '=', actor.schoolId)
      .where('id', '=', packetId)
      .execute();
  });
  await auditBy(db, actor, {
    action: 'packet.moved',
    targetType: 'packet',
    targetId: packetId,
    details: { fromFolderId: packet.folder_id, toFolderId: folderId },
  });
  return loadPacketDetail(db, actor, packetId);
}

/** The Packets screen's page, with whether the actor may send each. */
export async function listPacketItems(deps: CoreDeps, actor: Actor, query: Parameters<typeof listPackets>[2]) {
  const { rows, total } = await listPackets(deps.db, actor.schoolId, query);
  const items = rows.map((row) => ({
    ...toPacketListItem(row),
    canSend: row.status === 'PUBLISHED' && !row.archived_at && canSendPacket(actor, row),
  }));
  return { items, total, limit: query.limit, offset: query.offset };
}

/**
 * The packet's shareable link for external signers: turning it on makes a fresh random token (only its SHA-256 is
 * kept) and shows the URL this once; turning it off (or a recall) kills it.
 */
export async function setExternalLink(deps: PacketDeps, actor: Actor, packetId: string, enabled: boolean) {
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canPublishPacket(actor, packet)) throw new AppError('FORBIDDEN');
  if (enabled && packet.status !== 'PUBLISHED') throw new AppError('PACKET_NOT_PUBLISHED');
  const token = enabled ? randomBytes(24).toString('base64url') : null;
  await db
    .updateTable('packets')
    .set({
      external_link_enabled: enabled,
      external_link_token_hash: token ? hashToken(token) : null,
      updated_at: deps.now(),
    })
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', packetId)
    .execute();
  return { enabled, url: token ? `${deps.publicUrl}/submit/${token}` : null };
}
