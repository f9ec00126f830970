import { sql, type Kysely, type Selectable } from 'kysely';
import type { AgentStatus, AgentType, AgentValue } from '../../domain/partners/agents';
import type { AgentsTable, Database } from '../../migrations/database';

/** SQL of the agent registry (issue 39); every read and write names the school first. */

export type AgentRow = Selectable<AgentsTable>;

export interface AgentRecord {
  id: string;
  agentNumber: string;
  type: AgentType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  agency: string | null;
  registrationState: string | null;
  registrationNumber: string | null;
  registrationExpiresOn: string | null;
  status: AgentStatus;
  rejectReason: string | null;
  workflowId: string;
  linkExpiresAt: Date | null;
  infoProvidedAt: Date | null;
  confirmedAt: Date | null;
  createdAt: Date;
  athleteCount: number;
}

export function toAgentRecord(r: AgentRow & { athlete_count?: number | string | null }): AgentRecord {
  return {
    id: r.id,
    agentNumber: r.agent_number,
    type: r.type,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    agency: r.agency,
    registrationState: r.registration_state,
    registrationNumber: r.registration_number,
    registrationExpiresOn: r.registration_expires_on,
    status: r.status,
    rejectReason: r.reject_reason,
    workflowId: r.workflow_id,
    linkExpiresAt: r.link_expires_at,
    infoProvidedAt: r.info_provided_at,
    confirmedAt: r.confirmed_at,
    createdAt: r.created_at,
    athleteCount: Number(r.athlete_count ?? 0),
  };
}

const athleteCount = sql<number>`(select count(*)::int from athlete_agents aa where aa.agent_id = agents.id)`;

export interface AgentFilters {
  status?: AgentStatus;
  type?: AgentType;
  search?: string;
}

export async function listAgents(
  db: Kysely<Database>,
  schoolId: string,
  filters: AgentFilters,
  page: { limit: number; offset: number },
): Promise<{ items: AgentRecord[]; total: number }> {
  let q = db.selectFrom('agents').where('school_id', '=', schoolId);
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.type) q = q.where('type', '=', filters.type);
  if (filters.search?.trim()) {
    const like = `%${filters.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('first_name', 'ilike', like),
        eb('last_name', 'ilike', like),
        eb('agency', 'ilike', like),
        eb('agent_number', 'ilike', like),
        eb('email', 'ilike', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .select(athleteCount.as('athlete_count'))
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAgentRecord), total: Number(count.n) };
}

export async function findAgent(db: Kysely<Database>, schoolId: string, id: string): Promise<AgentRecord | null> {
  const row = await db
    .selectFrom('agents')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .selectAll()
    .select(athleteCount.as('athlete_count'))
    .executeTakeFirst();
  return row ? toAgentRecord(row) : null;
}

export async function findAgentByNumber(
  db: Kysely<Database>,
  schoolId: string,
  agentNumber: string,
): Promise<AgentRecord | null> {
  const row = await db
    .selectFrom('agents')
    .where('school_id', '=', schoolId)
    .where('agent_number', '=', agentNumber)
    .selectAll()
    .executeTakeFirst();
  return row ? toAgentRecord(row) : null;
}

export async function lockAgent(db: Kysely<Database>, schoolId: string, id: string): Promise<AgentRow | undefined> {
  return db
    .selectFrom('agents')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
}

export async function emailTaken(db: Kysely<Database>, schoolId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('agents')
    .where('school_id', '=', schoolId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAgent(
  db: Kysely<Database>,
  input: {
    schoolId: string;
    agent: AgentValue;
    status: AgentStatus;
    createdBy: string;
    invitedBy: string | null;
    confirmedBy: string | null;
  },
  workflowIdOf: (id: string) => string,
): Promise<string> {
  const a = input.agent;
  const id = crypto.randomUUID();
  await db
    .insertInto('agents')
    .values({
      id,
      school_id: input.schoolId,
      type: a.type,
      first_name: a.firstName,
      last_name: a.lastName,
      email: a.email,
      phone: a.phone,
      agency: a.agency,
      registration_state: a.registrationState,
      registration_number: a.registrationNumber,
      registration_expires_on: a.registrationExpiresOn,
      status: input.status,
      workflow_id: workflowIdOf(id),
      created_by: input.createdBy,
      invited_by: input.invitedBy,
      confirmed_by: input.confirmedBy,
      confirmed_at: input.confirmedBy ? new Date() : null,
    })
    .execute();
  return id;
}

/** Takes back an agent whose process could not start (nothing else refers to it yet). */
export async function deleteFreshAgent(db: Kysely<Database>, schoolId: string, id: string): Promise<void> {
  await db.deleteFrom('athlete_agents').where('school_id', '=', schoolId).where('agent_id', '=', id).execute();
  await db.deleteFrom('agents').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

export async function linkAthlete(
  db: Kysely<Database>,
  schoolId: string,
  athleteUserId: string,
  agentId: string,
): Promise<boolean> {
  const res = await db
    .insertInto('athlete_agents')
    .values({ school_id: schoolId, athlete_user_id: athleteUserId, agent_id: agentId })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function unlinkAthlete(
  db: Kysely<Database>,
  schoolId: string,
  athleteUserId: string,
  agentId: string,
): Promise<boolean> {
  const res = await db
    .deleteFrom('athlete_agents')
    .where('school_id', '=', schoolId)
    .where('athlete_user_id', '=', athleteUserId)
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function agentsOfAthlete(
  db: Kysely<Database>,
  schoolId: string,
  athleteUserId: string,
): Promise<AgentRecord[]> {
  const rows = await db
    .selectFrom('agents')
    .innerJoin('athlete_agents as aa', 'aa.agent_id', 'agents.id')
    .where('agents.school_id', '=', schoolId)
    .where('aa.athlete_user_id', '=', athleteUserId)
    .selectAll('agents')
    .orderBy('agents.last_name')
    .execute();
  return rows.map(toAgentRecord);
}

export async function athletesOfAgent(db: Kysely<Database>, schoolId: string, agentId: string) {
  return db
    .selectFrom('athlete_agents as aa')
    .innerJoin('users as u', 'u.id', 'aa.athlete_user_id')
    .where('aa.school_id', '=', schoolId)
    .where('aa.agent_id', '=', agentId)
    .select(['u.id', 'u.first_name as firstName', 'u.last_name as lastName'])
    .orderBy('u.last_name')
    .execute();
}

export async function updateAgentRow(
  db: Kysely<Database>,
  schoolId: string,
  id: string,
  values: Partial<Omit<AgentsTable, 'id' | 'school_id' | 'agent_number' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('agents')
    .set({ ...values, updated_at: new Date() } as never)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** The school of an agent, for the public link (the token names only the agent); the only read without a school. */
export async function schoolOfAgent(db: Kysely<Database>, agentId: string): Promise<string | null> {
  const row = await db.selectFrom('agents').where('id', '=', agentId).select('school_id').executeTakeFirst();
  return row?.school_id ?? null;
}

/** The school's name and zone and the inviter's name, for the agent's page. */
export async function agentLinkContext(db: Kysely<Database>, schoolId: string, invitedBy: string | null) {
  const school = await db
    .selectFrom('schools')
    .where('id', '=', schoolId)
    .select(['name', 'time_zone'])
    .executeTakeFirstOrThrow();
  const inviter = invitedBy
    ? await db
        .selectFrom('users')
        .where('id', '=', invitedBy)
        .where('school_id', '=', schoolId)
        .select(['first_name', 'last_name'])
        .executeTakeFirst()
    : undefined;
  return {
    schoolName: school.name,
    timeZone: school.time_zone,
    inviterName: inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() : null,
  };
}

/** The agent's own details from their link; the link is used up and the row waits for confirmation. */
export async function recordAgentInfo(
  db: Kysely<Database>,
  schoolId: string,
  id: string,
  v: AgentValue,
  now: Date,
): Promise<void> {
  await db
    .updateTable('agents')
    .set({
      type: v.type,
      first_name: v.firstName,
      last_name: v.lastName,
      phone: v.phone,
      agency: v.agency,
      registration_state: v.registrationState,
      registration_number: v.registrationNumber,
      registration_expires_on: v.registrationExpiresOn,
      status: 'PENDING_CONFIRMATION',
      link_used_at: now,
      info_provided_at: now,
      updated_at: now,
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}
