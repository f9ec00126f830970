import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import type { FormVersion } from '../../form-engine';
import type { Database, PacketFoldersTable, PacketsTable } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';
import { fullName } from '../shared/people-names';

/** Folders, packets, versions and sent packets. Every function is scoped by school; another school's row is "not found". */
type Db = Kysely<Database> | Transaction<Database>;

export type PacketRow = Selectable<PacketsTable> & { owner_name: string; sent_count: number };
export type FolderRow = Selectable<PacketFoldersTable> & { owner_name: string; packet_count: number };

const ownerName = sql<string>`coalesce(${fullName('o')}, '')`;

function packetsQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('packets as p')
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .selectAll('p')
    .select([
      ownerName.as('owner_name'),
      sql<number>`(select count(*) from sent_packets sp where sp.packet_id = p.id and sp.school_id = p.school_id)::int`.as(
        'sent_count',
      ),
    ])
    .where('p.school_id', '=', schoolId);
}

export async function listPackets(
  db: Db,
  schoolId: string,
  filter: {
    q?: string;
    folderId?: string;
    status?: 'UNPUBLISHED' | 'PUBLISHED';
    archived?: boolean;
    sort?: 'name' | 'created' | 'lastActivity';
    limit: number;
    offset: number;
  },
): Promise<{ rows: PacketRow[]; total: number }> {
  let q = packetsQuery(db, schoolId).where('p.archived_at', filter.archived ? 'is not' : 'is', null);
  if (filter.q?.trim()) q = q.where('p.name', 'ilike', containsPattern(filter.q));
  if (filter.folderId) q = q.where('p.folder_id', '=', filter.folderId);
  if (filter.status) q = q.where('p.status', '=', filter.status);
  const sorted =
    filter.sort === 'name'
      ? q.orderBy(sql`lower(p.name)`).orderBy('p.id')
      : filter.sort === 'created'
        ? q.orderBy('p.created_at', 'desc').orderBy('p.id')
        : q.orderBy('p.last_activity_at', 'desc').orderBy('p.id');
  const [rows, count] = await Promise.all([
    sorted.limit(filter.limit).offset(filter.offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as PacketRow[], total: Number(count.n) };
}

export async function findPacket(db: Db, schoolId: string, packetId: string): Promise<PacketRow | null> {
  const row = await packetsQuery(db, schoolId).where('p.id', '=', packetId).executeTakeFirst();
  return (row as PacketRow | undefined) ?? null;
}

export async function lockPacket(db: Transaction<Database>, schoolId: string, packetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('packets')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', packetId)
    .forUpdate()
    .executeTakeFirst();
  return !!row;
}

/** The forms of a packet as the designer and publish see them: each template's newest published version, else its newest. */
export async function loadPacketForms(
  db: Db,
  schoolId: string,
  formIds: readonly string[],
): Promise<
  Array<{
    formId: string;
    formVersionId: string;
    name: string;
    version: number;
    published: boolean;
    definition: FormVersion;
  }>
> {
  if (formIds.length === 0) return [];
  const rows = await db
    .selectFrom('form_versions as v')
    .innerJoin('forms as f', (j) => j.onRef('f.id', '=', 'v.form_id').onRef('f.school_id', '=', 'v.school_id'))
    .select(['v.id', 'v.form_id', 'v.version', 'v.status', 'v.definition', 'f.name'])
    .where('v.school_id', '=', schoolId)
    .where('v.form_id', 'in', [...formIds])
    .where('f.archived_at', 'is', null)
    .orderBy('v.version', 'desc')
    .execute();
  const out = [];
  for (const formId of formIds) {
    const versions = rows.filter((r) => r.form_id === formId);
    const chosen = versions.find((r) => r.status === 'PUBLISHED') ?? versions[0];
    if (!chosen) continue;
    out.push({
      formId,
      formVersionId: chosen.id,
      name: chosen.name,
      version: chosen.version,
      published: chosen.status === 'PUBLISHED',
      definition: chosen.definition,
    });
  }
  return out;
}

export async function loadFormVersionsById(
  db: Db,
  schoolId: string,
  refs: ReadonlyArray<{ formId: string; formVersionId: string }>,
): Promise<Array<{ formId: string; formVersionId: string; name: string; version: number; definition: FormVersion }>> {
  if (refs.length === 0) return [];
  const rows = await db
    .selectFrom('form_versions as v')
    .innerJoin('forms as f', (j) => j.onRef('f.id', '=', 'v.form_id').onRef('f.school_id', '=', 'v.school_id'))
    .select(['v.id', 'v.form_id', 'v.version', 'v.definition', 'f.name'])
    .where('v.school_id', '=', schoolId)
    .where(
      'v.id',
      'in',
      refs.map((r) => r.formVersionId),
    )
    .execute();
  return refs.flatMap((ref) => {
    const row = rows.find((r) => r.id === ref.formVersionId);
    return row
      ? [
          {
            formId: row.form_id,
            formVersionId: row.id,
            name: row.name,
            version: row.version,
            definition: row.definition,
          },
        ]
      : [];
  });
}

export async function findPacketVersion(db: Db, schoolId: string, packetId: string, version: number) {
  return db
    .selectFrom('packet_versions')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('packet_id', '=', packetId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function nextPacketVersion(db: Db, schoolId: string, packetId: string): Promise<number> {
  const row = await db
    .selectFrom('packet_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('school_id', '=', schoolId)
    .where('packet_id', '=', packetId)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

export async function insertPacketVersion(
  db: Db,
  schoolId: string,
  input: {
    packetId: string;
    version: number;
    name: string;
    description: string;
    hipaa: boolean;
    forms: Array<{ formId: string; formVersionId: string }>;
    workflow: PacketWorkflowDefinition;
    createdBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('packet_versions')
    .values({
      school_id: schoolId,
      packet_id: input.packetId,
      version: input.version,
      name: input.name,
      description: input.description,
      hipaa: input.hipaa,
      forms: JSON.stringify(input.forms),
      workflow: JSON.stringify(input.workflow),
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- folders ----

function foldersQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('packet_folders as pf')
    .leftJoin('users as o', 'o.id', 'pf.owner_id')
    .selectAll('pf')
    .select([
      ownerName.as('owner_name'),
      sql<number>`(select count(*) from packets p where p.folder_id = pf.id and p.archived_at is null)::int`.as(
        'packet_count',
      ),
    ])
    .where('pf.school_id', '=', schoolId);
}

export async function listFolders(
  db: Db,
  schoolId: string,
  filter: { archived?: boolean; limit: number; offset: number },
): Promise<{ rows: FolderRow[]; total: number }> {
  const q = foldersQuery(db, schoolId).where('pf.archived_at', filter.archived ? 'is not' : 'is', null);
  const [rows, count] = await Promise.all([
    q
      .orderBy(sql`lower(pf.name)`)
      .orderBy('pf.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as FolderRow[], total: Number(count.n) };
}

/**
 * A packet's editors once it is filed in a folder: its own plus the folder's (a folder's sharing reaches the packets
 * added to it later), never its owner. Without a folder, its own.
 */
export async function editorsWithFolder(
  db: Db,
  schoolId: string,
  folderId: string | null | undefined,
  editorIds: readonly string[],
  ownerId: string | null,
): Promise<string[]> {
  const folder = folderId
    ? await db
        .selectFrom('packet_folders')
        .select('editor_ids')
        .where('school_id', '=', schoolId)
        .where('id', '=', folderId)
        .executeTakeFirst()
    : undefined;
  return [...new Set([...editorIds, ...(folder?.editor_ids ?? [])])].filter((id) => id !== ownerId);
}

export async function findFolder(db: Db, schoolId: string, folderId: string): Promise<FolderRow | null> {
  const row = await foldersQuery(db, schoolId).where('pf.id', '=', folderId).executeTakeFirst();
  return (row as FolderRow | undefined) ?? null;
}

/** The submission statuses of a running submission, which archiving voids. */
export const OPEN_SUBMISSION_STATUSES = ['PENDING', 'SUBMITTED', 'RESUBMITTED', 'CHANGE_REQUESTED'] as const;

/**
 * Archives a folder with its live packets (`packetIds`, one timestamp for all, so a restore brings back exactly those)
 * and marks their sent packets that still have running submissions as voided. The submissions themselves are voided
 * afterwards by the folder's bulk-void workflow; run it in a transaction.
 */
export async function archiveFolderRows(
  db: Db,
  schoolId: string,
  folderId: string,
  packetIds: readonly string[],
  archive: { at: Date; reason: string },
): Promise<void> {
  if (packetIds.length > 0) {
    await db
      .updateTable('packets')
      .set({
        archived_at: archive.at,
        status: 'UNPUBLISHED',
        external_link_enabled: false,
        external_link_token_hash: null,
      })
      .where('school_id', '=', schoolId)
      .where('id', 'in', [...packetIds])
      .execute();
    await db
      .updateTable('sent_packets as sp')
      .set({ voided_at: archive.at, void_reason: archive.reason })
      .where('sp.school_id', '=', schoolId)
      .where('sp.packet_id', 'in', [...packetIds])
      .where('sp.voided_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('packet_submissions as s')
            .select('s.id')
            .whereRef('s.sent_packet_id', '=', 'sp.id')
            .where('s.status', 'in', [...OPEN_SUBMISSION_STATUSES])
            .where('s.expired_at', 'is', null),
        ),
      )
      .execute();
  }
  await db
    .updateTable('packet_folders')
    .set({ archived_at: archive.at, updated_at: archive.at })
    .where('school_id', '=', schoolId)
    .where('id', '=', folderId)
    .execute();
}

/**
 * The recipients of a send who were never invited (no account yet), marked INVITED in the same statement: the send
 * writes their invitations next (an athlete without an account could not open the packet otherwise).
 */
export async function claimUninvitedRecipients(
  db: Db,
  schoolId: string,
  userIds: readonly string[],
): Promise<Array<{ userId: string; email: string }>> {
  const out: Array<{ userId: string; email: string }> = [];
  for (let i = 0; i < userIds.length; i += 5000) {
    const rows = await db
      .updateTable('users')
      .set({ status: 'INVITED', updated_at: new Date() })
      .where('school_id', '=', schoolId)
      .where('id', 'in', userIds.slice(i, i + 5000))
      .where('status', '=', 'NOT_INVITED')
      .returning(['id', 'email'])
      .execute();
    out.push(...rows.map((r) => ({ userId: r.id, email: r.email })));
  }
  return out;
}

/**
 * Sends whose packet-send workflow was never started (issue 36): their rows committed, then the process died. Only
 * those sent before `sentBefore` (a request still under way starts its own) and not voided; oldest first.
 */
export async function listSendsWithoutWorkflow(
  db: Kysely<Database>,
  sentBefore: Date,
  limit: number,
  schoolId?: string,
): Promise<Array<{ id: string; school_id: string; recipient_count: number }>> {
  return db
    .selectFrom('sent_packets')
    .select(['id', 'school_id', 'recipient_count'])
    .where('workflow_started_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('sent_at', '<', sentBefore)
    .$if(schoolId !== undefined, (q) => q.where('school_id', '=', schoolId!))
    .orderBy('sent_at')
    .limit(limit)
    .execute();
}

/** Marks the send's packet-send workflow as started (the reconciler leaves it alone from then on). */
export async function markSendWorkflowStarted(
  db: Kysely<Database>,
  schoolId: string,
  sentPacketId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('sent_packets')
    .set({ workflow_started_at: at })
    .where('school_id', '=', schoolId)
    .where('id', '=', sentPacketId)
    .where('workflow_started_at', 'is', null)
    .execute();
}

/** Whether invitations were written with the send (its invitation batch must be started too). */
export async function hasInvitationBatch(db: Kysely<Database>, schoolId: string, batchId: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('batch_id', '=', batchId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Archives one packet: unpublished, its external link off (its submissions are voided by its bulk-void workflow). */
export async function archivePacketRow(
  db: Kysely<Database>,
  schoolId: string,
  packetId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('packets')
    .set({ archived_at: at, status: 'UNPUBLISHED', external_link_enabled: false, external_link_token_hash: null })
    .where('school_id', '=', schoolId)
    .where('id', '=', packetId)
    .execute();
}
