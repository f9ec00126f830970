import type { FastifyRequest } from 'fastify';
import { signLinkToken, verifyLinkToken } from '../../domain/signed-links';
import { permissionsFor } from '../../domain/permissions';
import { AppError } from '../../domain/errors';
import { auditRequest } from '../audit/audit-request';
import { authOf } from '../plugins/authenticate';
import { findRoleGrants } from '../users/role-grants.repository';
import type { AuthContext } from '../types';
import { calendarTeamScope } from './calendar-access';
import { listEventsInRange } from './events.repository';
import { feedICalendar } from './ics';

type Db = FastifyRequest['server']['deps']['database']['db'];

export interface FeedDto {
  url: string | null;
  createdAt: string | null;
  lastFetchedAt: string | null;
}

const DAY = 86_400_000;

function feedUrl(request: FastifyRequest, feedId: string): string {
  const { config } = request.server.deps;
  return `${config.publicUrl}/api/v1/calendar-feed/${signLinkToken(config.appSecret, 'calendar-feed', feedId)}.ics`;
}

async function liveFeed(db: Db, schoolId: string, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function getMyFeed(request: FastifyRequest): Promise<FeedDto> {
  const auth = authOf(request);
  const feed = await liveFeed(request.server.deps.database.db, auth.school.id, auth.user.id);
  return {
    url: feed ? feedUrl(request, feed.id) : null,
    createdAt: feed?.created_at.toISOString() ?? null,
    lastFetchedAt: feed?.last_fetched_at?.toISOString() ?? null,
  };
}

/** A new private feed URL for the person; the old one (if any) stops working at once. */
export async function regenerateMyFeed(request: FastifyRequest): Promise<FeedDto> {
  const auth = authOf(request);
  const db = request.server.deps.database.db;
  const feed = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('calendar_feeds')
      .set({ revoked_at: new Date() })
      .where('school_id', '=', auth.school.id)
      .where('user_id', '=', auth.user.id)
      .where('revoked_at', 'is', null)
      .execute();
    return trx
      .insertInto('calendar_feeds')
      .values({ school_id: auth.school.id, user_id: auth.user.id })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await auditRequest(request, { action: 'calendar-feed.regenerated', targetType: 'calendar_feed', targetId: feed.id });
  return { url: feedUrl(request, feed.id), createdAt: feed.created_at.toISOString(), lastFetchedAt: null };
}

export async function revokeMyFeed(request: FastifyRequest): Promise<void> {
  const auth = authOf(request);
  await request.server.deps.database.db
    .updateTable('calendar_feeds')
    .set({ revoked_at: new Date() })
    .where('school_id', '=', auth.school.id)
    .where('user_id', '=', auth.user.id)
    .where('revoked_at', 'is', null)
    .execute();
  await auditRequest(request, { action: 'calendar-feed.revoked', targetType: 'calendar_feed' });
}

/**
 * The feed behind a signed token: the approved events the person may see now (athletes their team's, coaches their
 * teams', admins the school's), from 90 days back to two years ahead. A bad, revoked or foreign token, or a person
 * no longer active, is "not found" and reveals nothing.
 */
export async function feedByToken(request: FastifyRequest, rawToken: string): Promise<string> {
  const { config, database } = request.server.deps;
  const db = database.db;
  const token = rawToken.replace(/\.ics$/i, '');
  const feedId = verifyLinkToken(config.appSecret, 'calendar-feed', token);
  if (!feedId || !/^[0-9a-f-]{36}$/i.test(feedId)) throw new AppError('NOT_FOUND');
  const feed = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'f.user_id').onRef('u.school_id', '=', 'f.school_id'))
    .select(['f.id', 'f.school_id', 'f.user_id', 'u.status', 'u.first_name', 'u.last_name'])
    .where('f.id', '=', feedId)
    .where('f.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!feed || feed.status !== 'ACTIVE') throw new AppError('NOT_FOUND');
  const grants = await findRoleGrants(db, feed.school_id, feed.user_id);
  const permissions = permissionsFor(grants);
  if (!permissions.has('calendar:read')) throw new AppError('NOT_FOUND');
  // The same scope as the person's own calendar screen.
  const auth = { school: { id: feed.school_id }, user: { id: feed.user_id }, permissions } as unknown as AuthContext;
  const teamIds = await calendarTeamScope(db, auth);
  const now = Date.now();
  const rows = await listEventsInRange(
    db,
    {
      schoolId: feed.school_id,
      teamIds,
      userId: feed.user_id,
      approvedOnly: true,
      recruiting: permissions.has('recruiting:read'),
    },
    { from: new Date(now - 90 * DAY), to: new Date(now + 2 * 366 * DAY) },
  );
  await db.updateTable('calendar_feeds').set({ last_fetched_at: new Date() }).where('id', '=', feed.id).execute();
  return feedICalendar(`${feed.first_name} ${feed.last_name} · Calendar`, rows, config.publicUrl);
}
