import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { seedForm, shortText } from '../../api/test-support/forms';
import { seedPacketRows } from '../../api/test-support/packets';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import type { FormElement, FormVersion } from '../../form-engine/form-definition';
import type { Database } from '../../migrations/database';
import { SUBMISSION_GENERATION, type PacketSubmissionInput } from '../../domain/packets';
import { seedSchool } from './fixtures';

/**
 * One packet submission ready for its workflow, straight in the database: a school, an athlete (recipient), an
 * approver, a published one-question form, the packet, a sent packet and the submission row, plus the workflow's
 * input (submitter → approver) with the given timings. Used by scripts/record-packet-histories.ts.
 */
export async function seedPacketSubmission(
  db: Kysely<Database>,
  timing: { reminderEveryMs: number | null; expireAfterMs: number },
): Promise<{ input: PacketSubmissionInput; workflowId: string; recipientId: string; approverId: string }> {
  const school = await seedSchool(db);
  const person = async (first: string) =>
    (
      await db
        .insertInto('users')
        .values({
          school_id: school.schoolId,
          email: `${first.toLowerCase()}-${randomUUID()}@test.edu`,
          first_name: first,
          last_name: 'Tester',
          status: 'ACTIVE',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const recipientId = await person('Athlete');
  const approverId = await person('Approver');
  const { formId, versionId } = await seedForm(db, school.schoolId, school.adminId, {
    published: true,
    elements: [shortText('q1', { required: true } as Partial<FormElement>)],
  });
  const rows = await seedPacketRows(db, school.schoolId, school.adminId, formId, recipientId);
  const version = await db
    .selectFrom('form_versions')
    .select('definition')
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
  const workflow: PacketWorkflowDefinition = {
    steps: [
      {
        id: 'submit',
        kind: 'SUBMITTER',
        name: 'Fill in',
        actors: [{ kind: 'RECIPIENT' }],
        questionIds: [`${formId}:q1`],
      },
      {
        id: 'approve',
        kind: 'APPROVER',
        name: 'Approve',
        actors: [{ kind: 'USER', userId: approverId }],
        questionIds: [],
      },
    ],
    edges: [{ id: 'e1', from: 'submit', to: 'approve' }],
  };
  const workflowId = `packet-submission:${rows.sentPacketId}:${recipientId}`;
  return {
    workflowId,
    recipientId,
    approverId,
    input: {
      schoolId: school.schoolId,
      submissionId: rows.submissionId,
      sentPacketId: rows.sentPacketId,
      recipientUserId: recipientId,
      packetName: 'Seeded packet',
      hipaa: false,
      workflow,
      forms: [{ formId, formVersionId: versionId, version: version.definition as FormVersion }],
      reminderEveryMs: timing.reminderEveryMs,
      maxReminders: 2,
      expireAfterMs: timing.expireAfterMs,
      notify: true,
      generation: SUBMISSION_GENERATION,
    },
  };
}
