import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { createDefaultPacketWorkflow } from '../../domain/packet-workflow';
import type { FormElement, FormVersion } from '../../form-engine/form-definition';
import { seedForm, shortText } from './forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from './seed-school';
import type { Database } from '../../migrations/database';

/**
 * A folder, a published packet (version 1) on one form, a sent packet and one submission, straight in the database
 * (no workflow runs): rows for tests that address packet resources by id, such as tenant isolation.
 */
export async function seedPacketRows(
  db: Kysely<Database>,
  schoolId: string,
  ownerId: string,
  formId: string,
  recipientId: string,
): Promise<{ folderId: string; packetId: string; sentPacketId: string; submissionId: string }> {
  const version = await db
    .selectFrom('form_versions')
    .select(['id', 'definition'])
    .where('form_id', '=', formId)
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
  const workflow = createDefaultPacketWorkflow([{ formId, version: version.definition as FormVersion }]);
  const folder = await db
    .insertInto('packet_folders')
    .values({ school_id: schoolId, name: 'Seeded folder', owner_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const packet = await db
    .insertInto('packets')
    .values({
      school_id: schoolId,
      name: 'Seeded packet',
      description: 'Seeded description',
      owner_id: ownerId,
      folder_id: folder.id,
      form_ids: JSON.stringify([formId]),
      workflow: JSON.stringify(workflow),
      senders: JSON.stringify({ userIds: [ownerId], groups: [] }),
      status: 'PUBLISHED',
      current_version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const packetVersion = await db
    .insertInto('packet_versions')
    .values({
      school_id: schoolId,
      packet_id: packet.id,
      version: 1,
      name: 'Seeded packet',
      description: 'Seeded description',
      hipaa: false,
      forms: JSON.stringify([{ formId, formVersionId: version.id }]),
      workflow: JSON.stringify(workflow),
      created_by: ownerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sent = await db
    .insertInto('sent_packets')
    .values({
      school_id: schoolId,
      packet_id: packet.id,
      packet_version_id: packetVersion.id,
      sent_by: ownerId,
      reminder: 'OFF',
      expiry: 'MONTH',
      expires_at: new Date(Date.now() + 30 * 86_400_000),
      visibility: 'SENDER_ONLY',
      recipient_count: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const submission = await db
    .insertInto('packet_submissions')
    .values({
      school_id: schoolId,
      sent_packet_id: sent.id,
      recipient_user_id: recipientId,
      workflow_id: `packet-submission:${sent.id}:${recipientId}`,
      active_step_id: 'submit',
      active_step_name: 'Fill in and submit',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { folderId: folder.id, packetId: packet.id, sentPacketId: sent.id, submissionId: submission.id };
}

/** A school ready to send packets through the real app: an admin with a session, two athletes and a published form. */
export interface SendingSchool {
  schoolId: string;
  admin: SeededUser;
  athletes: SeededUser[];
  cookie: string;
  formId: string;
}

export async function seedSendingSchool(db: Kysely<Database>): Promise<SendingSchool> {
  const schoolId = (await seedSchool(db)).id;
  const admin = await seedUser(db, schoolId, { firstName: 'Alma' });
  const athletes = [
    await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' }),
    await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Beth' }),
  ];
  const cookie = await sessionCookie(db, admin);
  const { formId } = await seedForm(db, schoolId, admin.id, {
    published: true,
    elements: [shortText('name', { required: true } as Partial<FormElement>)],
  });
  return { schoolId, admin, athletes, cookie, formId };
}

/** Creates a packet on the school's form through the API, sent by its admins, and publishes it; returns its id. */
export async function publishPacketThroughApi(
  app: FastifyInstance,
  school: SendingSchool,
  name: string,
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/packets',
    headers: { cookie: school.cookie },
    payload: {
      name,
      description: 'Yearly forms',
      formIds: [school.formId],
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const published = await app.inject({
    method: 'POST',
    url: `/api/v1/packets/${id}/publish`,
    headers: { cookie: school.cookie },
  });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}
