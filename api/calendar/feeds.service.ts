import type { Kysely } from 'kysely';
import { signLinkToken, verifyLinkToken } from '../../domain/signed-links';
import { permissionsFor } from '../../domain/permissions';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import type { AppConfig } from '../config';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { findRoleGrants } from '../users/role-grants.repository';
import { calendarTeamScope } from './calendar-access';
import { listEventsInRange } from './events.repository';
import { feedICalendar } from './ics';

type Db = Kysely<Database>;

/** What a feed's signed URL is made of: the public address and the secret that signs its token. */
export type FeedConfig = Pick<AppConfig, 'publicUrl' | 'appSecret'>;

export interface FeedDto {
  url: string | null;
  createdAt: string | null;
  lastFetchedAt: string | null;
}

const DAY = 86_400_000;

function feedUrl(config: FeedConfig, feedId: string): string {
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

export async function getMyFeed(deps: CoreDeps, actor: Actor, config: FeedConfig): Promise<FeedDto> {
  const feed = await liveFeed(deps.db, actor.schoolId, actor.userId);
  return {
    url: feed ? feedUrl(config, feed.id) : null,
    createdAt: feed?.created_at.toISOString() ?? null,
    lastFetchedAt: feed?.last_fetched_at?.toISOString() ?? null,
  };
}

/** A new private feed URL for the person; the old one (if any) stops working at once. */
export async function regenerateMyFeed(deps: CoreDeps, actor: Actor, config: FeedConfig): Promise<FeedDto> {
  const { db } = deps;
  const feed = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('calendar_feeds')
      .set({ revoked_at: new Date() })
      .where('school_id', '=', actor.schoolId)
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .execute();
    return trx
      .insertInto('calendar_feeds')
      .values({ school_id: actor.schoolId, user_id: actor.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await auditBy(db, actor, { action: 'calendar-feed.regenerated', targetType: 'calendar_feed', targetId: feed.id });
  return { url: feedUrl(config, feed.id), createdAt: feed.created_at.toISOString(), lastFetchedAt: null };
}

/** Stops the person's feed URL working; revoking a feed that is already gone is a no-op, with no second event. */
export async function revokeMyFeed(deps: CoreDeps, actor: Actor): Promise<void> {
  const revoked = await deps.db
    .updateTable('calendar_feeds')
    .set({ revoked_at: new Date() })
    .where('school_id', '=', actor.schoolId)
    .where('user_id', '=', actor.userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  for (const feed of revoked)
    await auditBy(deps.db, actor, { action: 'calendar-feed.revoked', targetType: 'calendar_feed', targetId: feed.id });
}

/**
 * The feed behind a signed token: the approved events the person may see now (athletes their team's, coaches their
 * teams', admins the school's), from 90 days back to two years ahead. A bad, revoked or foreign token, or a person
 * no longer active, is "not found" and reveals nothing.
 */
export async function feedByToken(deps: CoreDeps, config: FeedConfig, rawToken: string): Promise<string> {
  const { db } = deps;
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
  const teamIds = await calendarTeamScope(db, { schoolId: feed.school_id, userId: feed.user_id, permissions });
  const now = deps.now().getTime();
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
