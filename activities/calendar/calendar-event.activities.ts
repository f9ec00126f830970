import type { Kysely } from 'kysely';
import { calendarPayload, notifyAudience } from '../../api/calendar/calendar-notify';
import {
  decidePendingFamily,
  listEventAudience,
  listEventFamily,
  type EventRow,
} from '../../api/calendar/events.repository';
import { insertNotification, notifyEach } from '../../api/notifications/notifications.repository';
import { recordAudit } from '../../api/audit/audit.repository';
import { expandOccurrences, instantToLocal, nextReminder, type Occurrence } from '../../domain/calendar-events';
import type { AppConfig } from '../../api/config';
import { recruitingEventUrl } from '../../domain/recruiting-events';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';

export interface CalendarEventState {
  exists: boolean;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  name: string;
  teamName: string;
  /** Changes whenever any row of the series changes (the workflow re-reads its reminder then). */
  version: string;
  /** A recruiting event's approval task names it and opens its page (absent: the calendar's own task). */
  taskTitle?: string;
  taskUrl?: string;
}

export interface CalendarReminderPlan {
  occurrenceStart: string;
  remindAt: string;
}

/** The occurrences of every live row of a series that start in the two years after `after`. */
function familyOccurrences(family: readonly EventRow[], after: Date): Array<Occurrence & { row: EventRow }> {
  const to = new Date(after.getTime() + 2 * 366 * 86_400_000);
  return family.flatMap((row) =>
    expandOccurrences(
      { startsAt: row.starts_at, endsAt: row.ends_at, timeZone: row.time_zone, rrule: row.rrule, exdates: row.exdates },
      after,
      to,
    ).map((o) => ({ ...o, row })),
  );
}

/**
 * Activities of the calendar series process: read where the series stands, plan and send the next reminder
 * (notification + e-mail, each once per occurrence and recipient whatever the retries), and record an admin's
 * decision. Rows edited out of the series (one occurrence moved, this and following changed) belong to it.
 */
export function createCalendarActivities(deps: { db: Kysely<Database>; mailer: Mailer; config: AppConfig }) {
  const { db } = deps;
  return {
    async loadCalendarEvent(input: { schoolId: string; eventId: string }): Promise<CalendarEventState> {
      const family = await listEventFamily(db, input.schoolId, input.eventId);
      const root = family.find((r) => r.id === input.eventId);
      if (!root) return { exists: false, status: null, name: '', teamName: '', version: '' };
      const recruiting = await db
        .selectFrom('recruiting_events')
        .select('id')
        .where('school_id', '=', input.schoolId)
        .where('id', '=', root.id)
        .executeTakeFirst();
      return {
        exists: true,
        status: root.status,
        name: root.name,
        teamName: root.team_name,
        version: family.map((r) => `${r.id}@${r.updated_at.getTime()}`).join(','),
        ...(recruiting
          ? {
              taskTitle: `Approve recruiting event ${root.name} (${root.team_name})`,
              taskUrl: recruitingEventUrl(root.id),
            }
          : {}),
      };
    },

    async nextCalendarReminder(input: {
      schoolId: string;
      eventId: string;
      after: string;
    }): Promise<CalendarReminderPlan | null> {
      const family = await listEventFamily(db, input.schoolId, input.eventId);
      const after = new Date(input.after);
      // Each row keeps its own offset; the earliest reminder of the next occurrence wins.
      const plans = family
        .filter((r) => r.status === 'APPROVED')
        .map((r) => nextReminder(familyOccurrences([r], after), r.reminder_minutes, after))
        .filter((p): p is NonNullable<typeof p> => p !== null)
        .sort(
          (a, b) =>
            a.occurrenceStart.getTime() - b.occurrenceStart.getTime() || a.remindAt.getTime() - b.remindAt.getTime(),
        );
      const next = plans[0];
      return next
        ? { occurrenceStart: next.occurrenceStart.toISOString(), remindAt: next.remindAt.toISOString() }
        : null;
    },

    /** Reminds everyone the occurrence concerns (status init), in the app and by e-mail; nothing when it is gone. */
    async sendCalendarReminder(input: {
      schoolId: string;
      eventId: string;
      occurrenceStart: string;
    }): Promise<{ notified: number; mailed: number }> {
      const family = await listEventFamily(db, input.schoolId, input.eventId);
      const at = new Date(input.occurrenceStart);
      const hit = familyOccurrences(family, new Date(at.getTime() - 1)).find(
        (o) => o.start.getTime() === at.getTime() && o.row.status === 'APPROVED',
      );
      if (!hit) return { notified: 0, mailed: 0 };
      const row = hit.row;
      const audience = await listEventAudience(db, input.schoolId, row);
      if (audience.length === 0) return { notified: 0, mailed: 0 };
      const payload = calendarPayload(row, 'init', at);
      const people = await db
        .selectFrom('users')
        .select(['id', 'email', 'first_name'])
        .where('school_id', '=', input.schoolId)
        .where('id', 'in', audience)
        .execute();
      const local = instantToLocal(at, row.time_zone);
      const key = `${input.eventId}:${input.occurrenceStart}`;
      const notified = await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: people.map((p) => p.id),
        payload,
        keyOf: (userId) => `calendar:reminder:${key}:${userId}`,
      });
      let mailed = 0;
      for (const person of people) {
        if (!person.email) continue;
        await deliverOutboxMail(db, deps.mailer, {
          idempotencyKey: `mail:calendar-reminder:${key}:${person.id}`,
          schoolId: input.schoolId,
          message: {
            to: person.email,
            subject: `Reminder: ${row.name} on ${local.date} at ${local.time}`,
            text: [
              `Hello ${person.first_name},`,
              '',
              `${row.name} (${row.team_name}) starts on ${local.date} at ${local.time} (${row.time_zone}).`,
              row.location ? `Location: ${row.location}` : '',
              '',
              `Open the calendar: ${deps.config.publicUrl}/adminCalendar`,
            ]
              .filter((line, i, all) => line !== '' || all[i - 1] !== '')
              .join('\n'),
          },
        });
        mailed += 1;
      }
      return { notified, mailed };
    },

    /**
     * Records an admin's decision on every still pending row of the series, with the audit event, and tells the
     * attendees (invite) or the creator (rejected, with the reason). Idempotent: a retry finds nothing pending.
     */
    async applyCalendarDecision(input: {
      schoolId: string;
      eventId: string;
      decision: 'APPROVE' | 'REJECT';
      reason: string | null;
      actorUserId: string;
    }): Promise<{ status: 'APPROVED' | 'REJECTED'; changed: number }> {
      const status = input.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
      const family = await listEventFamily(db, input.schoolId, input.eventId);
      const root = family.find((r) => r.id === input.eventId);
      const changed = await decidePendingFamily(
        db,
        input.schoolId,
        family.map((r) => r.id),
        status,
        status === 'REJECTED' ? input.reason : null,
      );
      if (changed > 0 && root) {
        await recordAudit(db, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: status === 'APPROVED' ? 'calendar-event.approved' : 'calendar-event.rejected',
          targetType: 'calendar_event',
          targetId: input.eventId,
          details: status === 'REJECTED' ? { reason: input.reason } : {},
          idempotencyKey: `audit:calendar-decision:${input.eventId}`,
        });
      }
      if (root && status === 'APPROVED') {
        for (const row of family)
          await notifyAudience(db, input.schoolId, { ...row, status }, 'invite', `invite:${row.id}`);
      } else if (root?.created_by) {
        await insertNotification(db, {
          schoolId: input.schoolId,
          userId: root.created_by,
          dedupeKey: `calendar:rejected:${input.eventId}`,
          payload: {
            ...calendarPayload(root, 'edit'),
            title: `Event rejected: ${root.name}`,
            body: input.reason ?? '',
          },
        });
      }
      return { status, changed };
    },
  };
}

export type CalendarActivities = ReturnType<typeof createCalendarActivities>;
