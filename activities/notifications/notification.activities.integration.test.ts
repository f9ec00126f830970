import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_CHANNEL, type DatabaseHandle } from '../../migrations/connect';
import { testDatabase } from '../../scripts/test-harness/context';
import { seedSchool, waitFor } from '../testing/fixtures';
import { runActivity } from '../testing/run-activity';
import { createNotificationActivities } from './notification.activities';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('createNotification', () => {
  it('stores and announces a notification once, however often the activity runs', async () => {
    const school = await seedSchool(database.db);
    const events: unknown[] = [];
    const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => events.push(JSON.parse(payload)));
    try {
      const { createNotification } = createNotificationActivities({ db: database.db });
      const workflowId = `wf-${crypto.randomUUID()}`;
      const input = {
        schoolId: school.schoolId,
        userId: school.adminId,
        eventKey: 'expired',
        payload: { module: 'account', status: 'invite', title: 'Invitation expired' },
      };
      const first = await runActivity({ workflowId }, createNotification, input);
      const second = await runActivity({ workflowId }, createNotification, input);
      expect(first.notificationId).toBeTruthy();
      expect(second.notificationId).toBeNull();
      const rows = await database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', school.adminId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        module: 'account',
        status: 'invite',
        title: 'Invitation expired',
        school_id: school.schoolId,
      });
      await waitFor(async () => events.length >= 1, 5000);
      expect(events).toEqual([
        {
          type: 'notification',
          schoolId: school.schoolId,
          userId: school.adminId,
          notificationId: first.notificationId,
        },
      ]);
    } finally {
      await unlisten();
    }
  });
});
