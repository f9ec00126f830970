import { randomUUID } from 'node:crypto';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemporalClient } from '../scripts/test-harness/context';
import { createTestApp, type TestApp } from './test-support/test-app';
import { seedTenant, seeded, type SchoolFixture } from './test-support/tenant-fixture';
import { seedSchool, seedUser, sessionCookie } from './test-support/seed-school';
import { addDays } from '../scripts/test-harness/test-clock';

/**
 * Tenant isolation, proven for every route the server registers. A user of school B who addresses a school-A
 * resource by id must get 404 NOT_FOUND (never 200, never 403, which would confirm the id exists), school A's data
 * must be unchanged afterwards, and no list may contain school-A rows. The table of id routes must match the set
 * of registered routes exactly, so a new `/:id` route fails this test until it is added here.
 */

let t: TestApp;
/** A range that holds every tenant's seeded calendar event. */
const EVENT_RANGE = `from=${addDays(seeded, -31)}T00:00:00Z&to=${addDays(seeded, 30)}T00:00:00Z`;
let a: SchoolFixture;
let b: SchoolFixture;
let operatorCookie: string;
let temporal: Awaited<ReturnType<typeof testTemporalClient>>;
/** A process of school A in Temporal (tagged at start, no worker runs it), for the operator console's routes. */
let aWorkflowId: string;
/**
 * Every school-scoped route with an id in its path, with the school-A id to aim at and a valid body; `as: 'athlete'`
 * marks routes only a student-athlete may call, which school B's athlete then tries.
 */
function idRouteCases(
  target: SchoolFixture,
): Record<string, { id: string; params?: Record<string, string>; body?: unknown; as?: 'athlete' }> {
  const file = { id: target.disclosureId, fileId: target.fileId };
  const athleteFile = { id: target.athlete.id, fileId: target.athleteFileId };
  const receipt = { id: target.expense.expenseId, receiptId: target.expense.receiptId };
  const psaAttachment = { id: target.recruiting.psaWithAttachmentId, attachmentId: target.recruiting.psaAttachmentId };
  const roster = { teamId: target.teamId, academicYearId: target.yearId };
  const flagBody = { name: 'Taken over', type: 'UNIVERSITY', category: 'Taken over' };
  return {
    'GET /api/v1/recruiting-events/:id': { id: target.recruitingEventId },
    'DELETE /api/v1/recruiting-forms/templates/:id': { id: target.recruiting.templateId },
    'POST /api/v1/recruiting-forms/templates/:id/send': {
      id: target.recruiting.templateId,
      body: { psaIds: [target.psaId] },
    },
    'GET /api/v1/recruiting-forms/sends/:id': { id: target.recruiting.sendId },
    'GET /api/v1/questionnaires/:id': { id: target.recruiting.questionnaireId },
    'PATCH /api/v1/questionnaires/:id': { id: target.recruiting.questionnaireId, body: { name: 'Taken over' } },
    'POST /api/v1/questionnaires/:id/activate': { id: target.recruiting.questionnaireId },
    'POST /api/v1/questionnaires/:id/deactivate': { id: target.recruiting.questionnaireId },
    'GET /api/v1/questionnaires/:id/attachments/:fileId': {
      id: target.recruiting.questionnaireId,
      params: { id: target.recruiting.questionnaireId, fileId: target.recruiting.attachmentId },
    },
    'PUT /api/v1/recruiting-events/:id': {
      id: target.recruitingEventId,
      body: {
        name: 'Taken over',
        kind: 'OTHER',
        sportTeamId: target.teamId,
        timeZone: 'America/Chicago',
        startDate: '2030-09-05',
        startTime: '09:00',
        endDate: '2030-09-05',
        endTime: '10:00',
        hostAthleteIds: [],
        psaIds: [],
        coachIds: [],
      },
    },
    'DELETE /api/v1/recruiting-events/:id': { id: target.recruitingEventId },
    'POST /api/v1/recruiting-events/:id/decision': { id: target.recruitingEventId, body: { decision: 'APPROVE' } },
    'GET /api/v1/expenses/:id': { id: target.expense.expenseId },
    'POST /api/v1/expenses/:id/receipts': { id: target.expense.expenseId },
    'GET /api/v1/expenses/:id/receipts/:receiptId': { id: target.expense.expenseId, params: receipt },
    'DELETE /api/v1/expenses/:id/receipts/:receiptId': { id: target.expense.expenseId, params: receipt },
    'POST /api/v1/expenses/:id/decision': { id: target.expense.expenseId, body: { decision: 'APPROVE' } },
    'GET /api/v1/materials/:id/file': { id: target.expense.materialId },
    'DELETE /api/v1/materials/:id': { id: target.expense.materialId },
    'GET /api/v1/psas/:id': { id: target.psaId },
    'GET /api/v1/psas/:id/transfer-graph': { id: target.psaId },
    'GET /api/v1/psas/:id/attachments': { id: target.psaId },
    'POST /api/v1/psas/:id/attachments': { id: target.psaId },
    'GET /api/v1/psas/:id/attachments/:attachmentId': {
      id: target.recruiting.psaWithAttachmentId,
      params: psaAttachment,
    },
    'DELETE /api/v1/psas/:id/attachments/:attachmentId': {
      id: target.recruiting.psaWithAttachmentId,
      params: psaAttachment,
    },
    'PATCH /api/v1/psas/:id': { id: target.psaId, body: { notes: 'Taken over' } },
    'POST /api/v1/psas/:id/archive': { id: target.psaId },
    'POST /api/v1/psas/:id/unarchive': { id: target.psaId },
    'POST /api/v1/psas/:id/move': { id: target.psaId, body: { commitmentStatus: 'COMMITTED' } },
    'POST /api/v1/psas/:id/activities': {
      id: target.psaId,
      body: { kind: 'PHONE_CALL', occurredAt: `${seeded}T15:00:00Z`, summary: 'Taken over' },
    },
    'POST /api/v1/psas/:id/merge': { id: target.psaId, body: { duplicateId: target.psaId } },
    'POST /api/v1/psas/:id/transfer': {
      id: target.psaId,
      body: { sportTeamId: target.teamId, academicYearId: target.yearId },
    },
    'POST /api/v1/psas/:id/transfer/decision': { id: target.psaId, body: { decision: 'APPROVE' } },
    'DELETE /api/v1/psas/:id/transfer': { id: target.psaId },
    'POST /api/v1/psas/:id/transfer/undo': { id: target.psaId },
    'GET /api/v1/disclosures/:id': { id: target.disclosureId },
    'PATCH /api/v1/disclosures/:id': { id: target.disclosureId, body: { notes: 'Taken over' }, as: 'athlete' },
    'POST /api/v1/disclosures/:id/submit': { id: target.disclosureId, body: {}, as: 'athlete' },
    'POST /api/v1/disclosures/:id/comments': { id: target.disclosureId, body: { body: 'Taken over' } },
    'POST /api/v1/disclosures/:id/review': { id: target.disclosureId, body: { decision: 'APPROVE' } },
    'POST /api/v1/disclosures/:id/escalate': { id: target.disclosureId, body: { reviewerUserId: target.admin.id } },
    'POST /api/v1/disclosures/:id/reopen': { id: target.disclosureId, body: { reason: 'Taken over' } },
    'POST /api/v1/disclosures/:id/archive': { id: target.disclosureId, body: {} },
    'POST /api/v1/disclosures/:id/attachments': { id: target.disclosureId, as: 'athlete' },
    'GET /api/v1/disclosures/:id/attachments/:fileId': { id: target.disclosureId, params: file },
    'DELETE /api/v1/disclosures/:id/attachments/:fileId': { id: target.disclosureId, params: file, as: 'athlete' },
    'PUT /api/v1/conflict-flags/:id': { id: target.flagId, body: flagBody },
    'DELETE /api/v1/conflict-flags/:id': { id: target.flagId },
    'GET /api/v1/teams/:id': { id: target.teamId },
    'PATCH /api/v1/teams/:id': { id: target.teamId, body: { name: 'Taken over' } },
    'DELETE /api/v1/teams/:id': { id: target.teamId },
    'POST /api/v1/teams/:id/archive': { id: target.teamId },
    'POST /api/v1/teams/:id/unarchive': { id: target.teamId },
    'GET /api/v1/academic-years/:id': { id: target.yearId },
    'PATCH /api/v1/academic-years/:id': { id: target.yearId, body: { isCurrent: false, terms: [] } },
    'GET /api/v1/rosters/:teamId/:academicYearId': { id: target.teamId, params: roster },
    'GET /api/v1/rosters/:teamId/:academicYearId/addable': { id: target.teamId, params: roster },
    'GET /api/v1/rosters/:teamId/:academicYearId/graph': { id: target.teamId, params: roster },
    'POST /api/v1/rosters/:teamId/:academicYearId/rollover': { id: target.teamId, params: roster },
    'POST /api/v1/rosters/:teamId/:academicYearId/athletes': {
      id: target.teamId,
      params: roster,
      body: { athleteUserIds: [target.athlete.id] },
    },
    'POST /api/v1/rosters/:teamId/:academicYearId/statuses': {
      id: target.teamId,
      params: roster,
      body: { athleteUserIds: [target.athlete.id], athleteStatus: 'GRADUATED' },
    },
    'POST /api/v1/rosters/:teamId/:academicYearId/submit': { id: target.teamId, params: roster },
    'POST /api/v1/rosters/:teamId/:academicYearId/review': {
      id: target.teamId,
      params: roster,
      body: { decision: 'APPROVE', inviteNewAthletes: false },
    },
    'POST /api/v1/rosters/:teamId/:academicYearId/change-requests': {
      id: target.teamId,
      params: roster,
      body: { kind: 'STATUS_CHANGE', athleteUserId: target.athlete.id, athleteStatus: 'GRADUATED' },
    },
    'POST /api/v1/rosters/:teamId/:academicYearId/change-requests/decide': {
      id: target.teamId,
      params: roster,
      body: { requestIds: [target.athlete.id], decision: 'DENY' },
    },
    'GET /api/v1/cara/teams/:teamId/dismissals': { id: target.teamId, params: { teamId: target.teamId } },
    'POST /api/v1/cara/teams/:teamId/dismissals': {
      id: target.teamId,
      params: { teamId: target.teamId },
      body: { violationKey: `DAILY_HOURS:${target.athlete.id}:2030-09-02`, reason: 'OTHER', note: 'Taken over' },
    },
    'GET /api/v1/cara/teams/:teamId/settings': { id: target.teamId, params: { teamId: target.teamId } },
    'PUT /api/v1/cara/teams/:teamId/settings': {
      id: target.teamId,
      params: { teamId: target.teamId },
      body: {
        loggingEnabled: false,
        frequency: 'WEEKLY',
        dueDays: 3,
        reminderDays: 1,
        submitterIds: [],
        viewerIds: [],
        reviewerIds: [],
        surveyEnabled: false,
        surveyExpiryDays: null,
      },
    },
    'GET /api/v1/cara/teams/:teamId/dashboard': { id: target.teamId, params: { teamId: target.teamId } },
    'GET /api/v1/cara/logs/:id': { id: target.caraLogId },
    'GET /api/v1/cara/logs/:id/pdf': { id: target.caraLogId },
    'GET /api/v1/cara/logs/:id/graph': { id: target.caraLogId },
    'POST /api/v1/cara/logs/:id/submit': { id: target.caraLogId, body: {} },
    'POST /api/v1/cara/logs/:id/review': { id: target.caraLogId, body: { decision: 'APPROVE' } },
    'POST /api/v1/cara/logs/:id/reopen': { id: target.caraLogId, body: {} },
    'POST /api/v1/cara/logs/:id/survey': {
      id: target.caraLogId,
      body: { answers: [{ eventKey: 'taken-over', answer: 'CONFIRMED' }] },
      as: 'athlete',
    },
    'PATCH /api/v1/segments/:id': { id: target.segmentId, body: { startDayOfWeek: 'SUNDAY' } },
    'DELETE /api/v1/segments/:id': { id: target.segmentId },
    'GET /api/v1/events/:id': { id: target.eventId },
    'GET /api/v1/events/:id/ics': { id: target.eventId },
    'PATCH /api/v1/events/:id': {
      id: target.eventId,
      body: {
        name: 'Taken over',
        category: 'OTHER',
        sportTeamId: target.teamId,
        attendeeTeamIds: [target.teamId],
        attendeeUserIds: [],
        timeZone: 'America/Chicago',
        startDate: '2030-09-01',
        startTime: '10:00',
        endDate: '2030-09-01',
        endTime: '11:00',
        repeat: 'NEVER',
        scope: 'ALL',
      },
    },
    'DELETE /api/v1/events/:id': { id: target.eventId },
    'POST /api/v1/events/:id/decision': { id: target.eventId, body: { decision: 'APPROVE' } },
    'GET /api/v1/athletes/:id': { id: target.athlete.id },
    'PATCH /api/v1/athletes/:id': {
      id: target.athlete.id,
      body: { firstName: 'Taken', email: `taken-${randomUUID()}@x.example` },
    },
    'POST /api/v1/athletes/:id/email': { id: target.athlete.id, body: { email: `moved-${randomUUID()}@x.example` } },
    'GET /api/v1/athletes/uploads/:id': { id: target.uploadId },
    'PUT /api/v1/athletes/uploads/:id/mapping': {
      id: target.uploadId,
      body: { mapping: ['firstName', 'lastName', 'email'] },
    },
    'POST /api/v1/athletes/uploads/:id/import': { id: target.uploadId, body: { invite: false } },
    'PUT /api/v1/athletes/:id/tags': { id: target.athlete.id, body: { tagIds: [] } },
    'POST /api/v1/athletes/:id/files': { id: target.athlete.id },
    'GET /api/v1/athletes/:id/files/:fileId': { id: target.athlete.id, params: athleteFile },
    'DELETE /api/v1/athletes/:id/files/:fileId': { id: target.athlete.id, params: athleteFile },
    'GET /api/v1/education/contents/:id': { id: target.education.contentId },
    'GET /api/v1/education/contents/:id/edit': { id: target.education.contentId },
    'PUT /api/v1/education/contents/:id': { id: target.education.contentId, body: { headline: 'Taken over' } },
    'POST /api/v1/education/contents/:id/publish': { id: target.education.contentId },
    'POST /api/v1/education/contents/:id/archive': { id: target.education.contentId },
    'POST /api/v1/education/contents/:id/recall': { id: target.education.contentId },
    'POST /api/v1/education/contents/:id/assignments': {
      id: target.education.contentId,
      body: { userIds: [target.athlete.id], dueDate: '2030-09-01' },
    },
    'POST /api/v1/education/contents/:id/complete': { id: target.education.contentId },
    'POST /api/v1/education/quizzes/:id/attempts': { id: target.education.contentId },
    'GET /api/v1/education/attempts/:id': { id: target.education.attemptId },
    'PUT /api/v1/education/attempts/:id/answers': {
      id: target.education.attemptId,
      body: { questionId: 'q0', choiceIds: ['q0c0'] },
    },
    'POST /api/v1/education/attempts/:id/submit': { id: target.education.attemptId, body: {} },
    'GET /api/v1/agents/:id': { id: target.agentId },
    'POST /api/v1/agents/:id/named': { id: target.agentId },
    'POST /api/v1/agents/:id/unnamed': { id: target.agentId },
    'POST /api/v1/agents/:id/decision': { id: target.agentId, body: { decision: 'CONFIRM' } },
    'GET /api/v1/fmv/disclosures/:id': { id: target.disclosureId },
    'PUT /api/v1/fmv/disclosures/:id/facts': { id: target.disclosureId, body: { deliverables: 1, audienceSize: 1 } },
    'POST /api/v1/vendors/:id/active': { id: target.vendorId, body: { active: false } },
    'GET /api/v1/contracts/:id': { id: target.contractId },
    'GET /api/v1/contracts/:id/document': { id: target.contractId },
    'POST /api/v1/contracts/:id/document': { id: target.contractId },
    'POST /api/v1/contracts/:id/decision': { id: target.contractId, body: { decision: 'APPROVE' } },
    'POST /api/v1/contracts/:id/schedule': {
      id: target.contractId,
      body: { cycle: 'MONTH', amountPerCycle: 100, numberOfPayments: 2, firstDueDate: '2030-09-01' },
    },
    'POST /api/v1/contracts/:id/schedule/end': { id: target.contractId },
    'POST /api/v1/contracts/:id/payments/:seq/confirmation': {
      id: target.contractId,
      params: { id: target.contractId, seq: '1' },
      body: { outcome: 'PAID' },
    },
    'GET /api/v1/bank-accounts/:athleteId': { id: target.athlete.id, params: { athleteId: target.athlete.id } },
    'POST /api/v1/bank-accounts/:athleteId/reveal': {
      id: target.athlete.id,
      params: { athleteId: target.athlete.id },
    },
    'PATCH /api/v1/athlete-tags/:id': { id: target.athleteTagId, body: { name: 'Taken over' } },
    'DELETE /api/v1/athlete-tags/:id': { id: target.athleteTagId },
    'DELETE /api/v1/athlete-custom-fields/:id': { id: target.customFieldId },
    'PATCH /api/v1/athlete-custom-fields/:id': { id: target.customFieldId, body: { name: 'Taken over' } },
    'GET /api/v1/staff/:id': { id: target.coach.id },
    'PATCH /api/v1/staff/:id': { id: target.coach.id, body: { title: 'Taken over' } },
    'POST /api/v1/notifications/:id/read': { id: target.notificationId },
    'POST /api/v1/users/:id/invitation/resend': { id: target.athlete.id },
    'PUT /api/v1/users/:id/roles': { id: target.coach.id, body: { roles: [{ role: 'STUDENT_ATHLETE' }] } },
    'POST /api/v1/users/:id/deactivate': { id: target.athlete.id },
    'POST /api/v1/users/:id/reactivate': { id: target.athlete.id },
    'GET /api/v1/forms/:id': { id: target.formId },
    'PUT /api/v1/forms/:id': { id: target.formId, body: { name: 'Taken over' } },
    'DELETE /api/v1/forms/:id': { id: target.formId },
    'POST /api/v1/forms/:id/publish': { id: target.formId },
    'POST /api/v1/forms/:id/clone': { id: target.formId, body: { name: 'Taken over' } },
    'POST /api/v1/forms/:id/validate': { id: target.formId, body: { answers: {} } },
    'PUT /api/v1/forms/:id/document': { id: target.formId },
    'GET /api/v1/forms/:id/document': { id: target.formId },
    'PATCH /api/v1/packet-folders/:id': { id: target.packets.folderId, body: { name: 'Taken over' } },
    'POST /api/v1/packet-folders/:id/clone': { id: target.packets.folderId },
    'POST /api/v1/packet-folders/:id/archive': { id: target.packets.folderId },
    'GET /api/v1/packet-folders/:id/archive-progress': { id: target.packets.folderId },
    'POST /api/v1/packet-folders/:id/unarchive': { id: target.packets.folderId },
    'PUT /api/v1/packet-folders/:id/owner': { id: target.packets.folderId, body: { userId: target.coach.id } },
    'POST /api/v1/packet-folders/:id/share': { id: target.packets.folderId, body: { userIds: [target.coach.id] } },
    'POST /api/v1/packets/:id/unarchive': { id: target.packets.packetId },
    'PUT /api/v1/packets/:id/owner': { id: target.packets.packetId, body: { userId: target.coach.id } },
    'GET /api/v1/packets/:id': { id: target.packets.packetId },
    'PUT /api/v1/packets/:id': { id: target.packets.packetId, body: { name: 'Taken over' } },
    'POST /api/v1/packets/:id/publish': { id: target.packets.packetId },
    'POST /api/v1/packets/:id/recall': { id: target.packets.packetId },
    'POST /api/v1/packets/:id/clone': { id: target.packets.packetId },
    'POST /api/v1/packets/:id/archive': { id: target.packets.packetId },
    'PUT /api/v1/packets/:id/folder': { id: target.packets.packetId, body: { folderId: null } },
    'PUT /api/v1/packets/:id/external-link': { id: target.packets.packetId, body: { enabled: true } },
    'POST /api/v1/packets/:id/send': {
      id: target.packets.packetId,
      body: { recipients: { userIds: [], teamIds: [], groups: ['STUDENT_ATHLETES'] } },
    },
    'GET /api/v1/sent-packets/:id/submissions': { id: target.packets.sentPacketId },
    'POST /api/v1/sent-packets/:id/void': { id: target.packets.sentPacketId, body: { reason: 'Taken over' } },
    'GET /api/v1/sent-packets/:id/void-progress': { id: target.packets.sentPacketId },
    'GET /api/v1/sent-packets/:id/send-progress': { id: target.packets.sentPacketId },
    'GET /api/v1/packet-submissions/:id': { id: target.packets.submissionId },
    'GET /api/v1/packet-submissions/:id/pdf': { id: target.packets.submissionId },
    'POST /api/v1/packet-submissions/:id/actions': {
      id: target.packets.submissionId,
      body: { stepId: 'submit', action: 'SUBMIT', answers: {} },
    },
    'POST /api/v1/packet-submissions/:id/void': { id: target.packets.submissionId, body: { reason: 'Taken over' } },
    'POST /api/v1/packet-submissions/:id/resend': { id: target.packets.submissionId },
    'GET /api/v1/template-library/:id': { id: target.templateId },
    'POST /api/v1/template-library/:id/use': { id: target.templateId, body: { name: 'Taken over' } },
  };
}

/**
 * The provider console's routes: they address a school (and a person in it) by id on purpose, so they are guarded
 * by the operator-only permission `schools:operate` instead of by the caller's school. Every school user gets 403
 * whether or not the ids exist (so 403 confirms nothing); operators get 404 for ids that do not exist, and for a
 * person addressed through a school that is not theirs.
 */
function operatorRouteCases(target: SchoolFixture): Record<string, { params: Record<string, string>; body?: unknown }> {
  const person = { id: target.schoolId, userId: target.coach.id };
  return {
    'GET /api/v1/schools/:id': { params: { id: target.schoolId } },
    'PATCH /api/v1/schools/:id/plan': { params: { id: target.schoolId }, body: { plan: 'CONNECT' } },
    'GET /api/v1/schools/:id/users': { params: { id: target.schoolId } },
    'PUT /api/v1/schools/:id/users/:userId/roles': { params: person, body: { roles: [{ role: 'STUDENT_ATHLETE' }] } },
    'POST /api/v1/schools/:id/users/:userId/deactivate': { params: person },
    'POST /api/v1/schools/:id/users/:userId/reactivate': { params: person },
    'POST /api/v1/schools/:id/users/:userId/invitation/resend': { params: person },
    'GET /api/v1/schools/:id/athletes': { params: { id: target.schoolId } },
    'GET /api/v1/schools/:id/teams': { params: { id: target.schoolId } },
    'POST /api/v1/schools/:id/athletes': {
      params: { id: target.schoolId },
      body: { firstName: 'Taken', lastName: 'Over', email: 'taken-over@operator.test' },
    },
    'GET /api/v1/operator/athletes/:id': { params: { id: target.athlete.id } },
    'POST /api/v1/schools/:id/athletes/:athleteId/email': {
      params: { id: target.schoolId, athleteId: target.athlete.id },
      body: { email: `moved-${randomUUID()}@operator.test` },
    },
    // Templates are the provider's (platform-level): operator-only, any template by id.
    'GET /api/v1/templates/:id': { params: { id: target.templateId } },
    'POST /api/v1/templates/:id/duplicate': { params: { id: target.templateId } },
    'POST /api/v1/templates/:id/archive': { params: { id: target.templateId } },
    'POST /api/v1/templates/:id/unarchive': { params: { id: target.templateId } },
    'POST /api/v1/templates/:id/assignments': {
      params: { id: target.templateId },
      body: { schoolIds: [target.schoolId] },
    },
    'POST /api/v1/templates/:id/unassignments': {
      params: { id: target.templateId },
      body: { schoolIds: [target.schoolId] },
    },
    'GET /api/v1/templates/:id/assignment-jobs': { params: { id: target.templateId } },
    'GET /api/v1/template-assignment-jobs/:id': { params: { id: target.templateJobId } },
    // The provider's read-only view of a school's prospects.
    'GET /api/v1/schools/:id/psas': { params: { id: target.schoolId } },
    'GET /api/v1/operator/psas/:id': { params: { id: target.psaId } },
    'GET /api/v1/operator/psas/:id/attachments': { params: { id: target.recruiting.psaWithAttachmentId } },
    'GET /api/v1/operator/psas/:id/attachments/:attachmentId': {
      params: { id: target.recruiting.psaWithAttachmentId, attachmentId: target.recruiting.psaAttachmentId },
    },
    // The provider's read-only view of a school's events and competitions.
    'GET /api/v1/schools/:id/event-list': { params: { id: target.schoolId } },
  };
}

/**
 * The operator console's routes (issue 6): a school admin with 'workflows:operate' reaches their own school's
 * processes, so school B must get 404 for school A's process exactly as for one that does not exist; provider
 * operators see every school's processes on purpose.
 */
function consoleRouteCases(workflowId: string): Record<string, { params: Record<string, string>; body?: unknown }> {
  const wf = { workflowId };
  const reason = { reason: 'tenant isolation' };
  return {
    'GET /api/v1/operator-console/workflows/:workflowId': { params: wf },
    'GET /api/v1/operator-console/workflows/:workflowId/assignable-users': { params: wf },
    'POST /api/v1/operator-console/workflows/:workflowId/retry': { params: wf, body: reason },
    'POST /api/v1/operator-console/workflows/:workflowId/cancel': { params: wf, body: reason },
    'POST /api/v1/operator-console/workflows/:workflowId/terminate': { params: wf, body: reason },
    'POST /api/v1/operator-console/workflows/:workflowId/resend-notification': { params: wf, body: reason },
    'POST /api/v1/operator-console/workflows/:workflowId/reassign': {
      params: wf,
      body: { taskId: randomUUID(), toUserId: randomUUID(), reason: 'tenant isolation' },
    },
  };
}

/** The same params with every id replaced by one that exists nowhere (a number, such as a payment's, is no id). */
function randomParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, /^\d+$/.test(v) ? v : randomUUID()]));
}

beforeAll(async () => {
  temporal = await testTemporalClient();
  t = await createTestApp({ temporal: temporal.client });
  a = await seedTenant(t.database.db);
  b = await seedTenant(t.database.db);
  const provider = await seedSchool(t.database.db, { kind: 'PROVIDER' });
  operatorCookie = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, provider.id, { roles: [{ role: 'OPERATOR' }] }),
  );
  aWorkflowId = `invitation:${randomUUID()}`;
  await temporal.client.workflow.start('invitationWorkflow', {
    taskQueue: `tenant-isolation-no-worker-${a.tag}`,
    workflowId: aWorkflowId,
    args: [{}],
    typedSearchAttributes: [
      { key: defineSearchAttributeKey('SchoolId', SearchAttributeType.KEYWORD), value: a.schoolId },
      { key: defineSearchAttributeKey('Module', SearchAttributeType.KEYWORD), value: 'invitation' },
      { key: defineSearchAttributeKey('EntityId', SearchAttributeType.KEYWORD), value: a.tag },
    ],
  });
});
afterAll(async () => {
  await temporal?.client.workflow
    .getHandle(aWorkflowId)
    .terminate('test over')
    .catch(() => undefined);
  await t.close();
  await temporal?.close();
});

function apiRoutes() {
  return t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/v1') && r.method !== 'HEAD' && !r.websocket);
}

function call(method: string, url: string, cookie: string, id: string | Record<string, string>, body?: unknown) {
  const params = typeof id === 'string' ? { id } : id;
  return t.app.inject({
    method: method as 'GET',
    url: url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`),
    headers: { cookie },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
}

describe('tenant isolation', () => {
  it('covers exactly the registered routes that take an id', () => {
    const registered = apiRoutes()
      .filter((r) => r.url.includes(':'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(
      [
        ...Object.keys(idRouteCases(a)),
        ...Object.keys(operatorRouteCases(a)),
        ...Object.keys(consoleRouteCases(aWorkflowId)),
        'GET /api/v1/operator-console/bulk/:jobId',
        // Public by design: the signed token is the credential; feeds.integration.test.ts proves a feed holds only
        // its owner's school's events and that a forged or revoked token is not found.
        'GET /api/v1/calendar-feed/:token',
        // Public by design: a school's questionnaire is reached by the school's slug and its custom URL;
        // questionnaires.integration.test.ts proves a closed or unknown link is refused and other schools see nothing.
        'GET /api/v1/public/questionnaires/:school/:customUrl',
        'GET /api/v1/public/questionnaires/:school/:customUrl/challenge',
        'POST /api/v1/public/questionnaires/:school/:customUrl/responses',
        // Public by design: a vendor's business card is reached by its custom URL (unique across schools);
        // partners/vendors.integration.test.ts proves a deactivated or unknown card answers 404.
        'GET /api/v1/vendors/cards/:customUrl',
      ].sort(),
    );
  });

  it('answers 404 to school B for school A’s processes and bulk jobs in the operator console, as for missing ones', async () => {
    for (const [key, { params, body }] of Object.entries(consoleRouteCases(aWorkflowId))) {
      const [method, url] = key.split(' ') as [string, string];
      const foreign = await call(method, url, b.adminCookie, params, body);
      expect(foreign.statusCode, `${key} as school B`).toBe(404);
      expect(foreign.json(), key).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      const missing = await call(method, url, b.adminCookie, { workflowId: `invitation:${randomUUID()}` }, body);
      expect(missing.statusCode, `${key} with a random id`).toBe(404);
    }
    // School A's admin and the provider's operators do see it (so the 404s above are about tenancy).
    for (const cookie of [a.adminCookie, operatorCookie]) {
      const own = await call('GET', '/api/v1/operator-console/workflows/:workflowId', cookie, {
        workflowId: aWorkflowId,
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().item.schoolId).toBe(a.schoolId);
    }
    expect((await temporal.client.workflow.getHandle(aWorkflowId).describe()).status.name).toBe('RUNNING');
    // A bulk job started in school A is not school B's to watch.
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator-console/bulk',
      headers: { cookie: a.adminCookie },
      payload: { action: 'cancel', reason: 'tenant isolation', filter: { entityId: `none-${a.tag}` } },
    });
    expect(job.statusCode).toBe(202);
    const jobUrl = '/api/v1/operator-console/bulk/:jobId';
    expect((await call('GET', jobUrl, b.adminCookie, { jobId: job.json().id })).statusCode).toBe(404);
    expect((await call('GET', jobUrl, b.adminCookie, { jobId: randomUUID() })).statusCode).toBe(404);
    expect((await call('GET', jobUrl, a.adminCookie, { jobId: job.json().id })).statusCode).toBe(200);
  });

  it('refuses the operator-only id routes to every school user with 403, whether or not the ids exist', async () => {
    for (const [key, { params, body }] of Object.entries(operatorRouteCases(a))) {
      const [method, url] = key.split(' ') as [string, string];
      for (const cookie of [b.adminCookie, a.adminCookie]) {
        const real = await call(method, url, cookie, params, body);
        const random = await call(method, url, cookie, randomParams(params), body);
        expect(real.statusCode, `${key} as a school admin`).toBe(403);
        expect(real.json().error.code, key).toBe('FORBIDDEN');
        expect(random.statusCode, `${key} with random ids`).toBe(403);
      }
    }
  });

  it('gives operators 404 for ids that do not exist and for a school-A person addressed through school B', async () => {
    for (const [key, { params, body }] of Object.entries(operatorRouteCases(a))) {
      const [method, url] = key.split(' ') as [string, string];
      const missing = await call(method, url, operatorCookie, randomParams(params), body);
      expect(missing.statusCode, `${key} with random ids`).toBe(404);
      expect(missing.json(), key).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      if (!params.userId) continue;
      const crossed = await call(method, url, operatorCookie, { id: b.schoolId, userId: a.coach.id }, body);
      expect(crossed.statusCode, `${key} for a school-A person via school B`).toBe(404);
    }
  });

  it('answers 404 NOT_FOUND to school B for every school-A id, exactly as for an id that does not exist', async () => {
    const cases = idRouteCases(a);
    for (const [key, { id, params, body, as }] of Object.entries(cases)) {
      const [method, url] = key.split(' ') as [string, string];
      const cookie = as === 'athlete' ? b.athleteCookie : b.adminCookie;
      const target = params ?? id;
      const random = params ? randomParams(params) : randomUUID();
      const foreign = await call(method, url, cookie, target, body);
      expect(foreign.statusCode, `${key} as school B`).toBe(404);
      expect(foreign.json(), key).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      const missing = await call(method, url, cookie, random, body);
      expect(missing.statusCode, `${key} with a random id`).toBe(404);
      // An operator of the provider organisation is no member of school A either.
      const operator = await call(method, url, operatorCookie, target, body);
      const operatorMissing = await call(method, url, operatorCookie, random, body);
      expect([403, 404], key).toContain(operator.statusCode);
      expect(operator.statusCode, `${key} as operator leaks existence`).toBe(operatorMissing.statusCode);
    }
  });

  it('left school A untouched', async () => {
    const db = t.database.db;
    const team = await db.selectFrom('sport_teams').select('name').where('id', '=', a.teamId).executeTakeFirstOrThrow();
    expect(team.name).toBe(`Team ${a.tag}`);
    const year = await db
      .selectFrom('academic_years')
      .select('is_current')
      .where('id', '=', a.yearId)
      .executeTakeFirstOrThrow();
    expect(year.is_current).toBe(true);
    expect(
      await db.selectFrom('academic_terms').select('id').where('academic_year_id', '=', a.yearId).execute(),
    ).toHaveLength(1);
    const athlete = await db
      .selectFrom('users')
      .select(['status', 'first_name'])
      .where('id', '=', a.athlete.id)
      .executeTakeFirstOrThrow();
    expect(athlete).toEqual({ status: 'ACTIVE', first_name: `Athlete${a.tag}` });
    const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', a.coach.id).execute();
    expect(roles).toEqual([{ role: 'COACH' }]);
    const staff = await db
      .selectFrom('staff_profiles')
      .select('title')
      .where('user_id', '=', a.coach.id)
      .executeTakeFirstOrThrow();
    expect(staff.title).toBe('HEAD_COACH');
    const note = await db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', a.notificationId)
      .executeTakeFirstOrThrow();
    expect(note.read_at).toBeNull();
    const form = await db
      .selectFrom('forms')
      .select(['name', 'archived_at'])
      .where('id', '=', a.formId)
      .executeTakeFirstOrThrow();
    expect(form).toEqual({ name: `Form ${a.tag}`, archived_at: null });
    const versions = await db.selectFrom('form_versions').select('status').where('form_id', '=', a.formId).execute();
    expect(versions).toEqual([{ status: 'DRAFT' }]);
    const template = await db
      .selectFrom('templates')
      .select(['title', 'archived_at'])
      .where('id', '=', a.templateId)
      .executeTakeFirstOrThrow();
    expect(template).toEqual({ title: `Template ${a.tag}`, archived_at: null });
    expect(await db.selectFrom('packets').select('id').where('name', '=', 'Taken over').execute()).toEqual([]);
    // No clone of school A's form was made in any school.
    expect(await db.selectFrom('forms').select('id').where('name', '=', 'Taken over').execute()).toEqual([]);
  });

  it('reaches school A’s own resources through the same routes (so the 404s above are about tenancy)', async () => {
    for (const [key, { id, params }] of Object.entries(idRouteCases(a))) {
      const [method, url] = key.split(' ') as [string, string];
      if (method !== 'GET') continue;
      const own = await call(method, url, a.adminCookie, params ?? id);
      expect(own.statusCode, key).toBe(200);
    }
    // Operators reach school A through the provider console's read routes (so their 404s above are about ids).
    for (const [key, { params }] of Object.entries(operatorRouteCases(a))) {
      const [method, url] = key.split(' ') as [string, string];
      if (method !== 'GET') continue;
      const seen = await call(method, url, operatorCookie, params);
      expect(seen.statusCode, key).toBe(200);
      // A file download names school A's file in its header (the fixtures' file names carry the tag).
      expect(`${String(seen.headers['content-disposition'] ?? '')} ${seen.body}`, key).toContain(a.tag);
    }
  });

  it('never lists school-A rows to school B, on any list route', async () => {
    const markers = [
      a.tag,
      a.teamId,
      a.yearId,
      a.athlete.id,
      a.athlete.email,
      a.coach.id,
      a.admin.email,
      a.notificationId,
      a.formId,
      a.disclosureId,
      a.flagId,
      a.schoolId,
      a.templateId,
    ];
    const lists = apiRoutes().filter(
      (r) => r.method === 'GET' && !r.url.includes(':') && r.access?.kind === 'permission',
    );
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const route of lists) {
      // Routes for student-athletes only (their own disclosures, their bank account) are tried by school B's athlete.
      const athleteOnly =
        route.access?.kind === 'permission' &&
        (route.access.permission === 'disclosures:submit' || route.access.permission === 'bank-accounts:own');
      const cookie = athleteOnly ? b.athleteCookie : b.adminCookie;
      // A list that needs a query term (the command palette's search) looks for school A's athlete by e-mail.
      // The calendar's range is the year school A's event falls in.
      const url = route.url.endsWith('/search')
        ? `${route.url}?q=${encodeURIComponent(a.athlete.email)}`
        : route.url.endsWith('/events')
          ? `${route.url}?${EVENT_RANGE}`
          : route.url.endsWith('/athletes/export')
            ? `${route.url}?format=csv&columns=athletName,studentEmail`
            : route.url;
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      if (
        route.access?.kind === 'permission' &&
        (route.access.permission === 'schools:operate' || route.access.permission === 'templates:operate')
      ) {
        // The provider's cross-school lists (schools, the platform's templates) are for operators only.
        expect(res.statusCode, route.url).toBe(403);
        continue;
      }
      expect(res.statusCode, route.url).toBe(200);
      for (const marker of markers) expect(res.body, `${route.url} leaks ${marker}`).not.toContain(marker);
    }
    // The same lists do show school A's rows to school A, so the check above can fail.
    for (const url of [
      '/api/v1/teams',
      '/api/v1/athletes',
      '/api/v1/staff',
      '/api/v1/users',
      '/api/v1/academic-years',
      '/api/v1/segments',
      `/api/v1/events?${EVENT_RANGE}`,
      '/api/v1/notifications',
      '/api/v1/audit-events',
      '/api/v1/forms',
      '/api/v1/template-library',
    ]) {
      const own = await t.app.inject({ method: 'GET', url, headers: { cookie: a.adminCookie } });
      expect(
        markers.some((m) => own.body.includes(m)),
        url,
      ).toBe(true);
    }
  });

  it('ignores school-A ids passed as filters or references', async () => {
    for (const url of [`/api/v1/athletes?teamId=${a.teamId}`, `/api/v1/staff?teamId=${a.teamId}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: b.adminCookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([]);
    }
    const refs: Array<[string, string, Record<string, unknown>]> = [
      [
        'POST',
        '/api/v1/athletes',
        { email: `ref-${randomUUID()}@x.example`, firstName: 'R', lastName: 'F', sportTeamId: a.teamId },
      ],
      [
        'POST',
        '/api/v1/users/invite',
        {
          email: `ref-${randomUUID()}@x.example`,
          firstName: 'R',
          lastName: 'F',
          roles: [{ role: 'COACH' }],
          sportTeamId: a.teamId,
        },
      ],
      ['PATCH', `/api/v1/athletes/${b.athlete.id}`, { sportTeamId: a.teamId }],
      ['PATCH', `/api/v1/staff/${b.coach.id}`, { sportTeamId: a.teamId }],
    ];
    for (const [method, url, payload] of refs) {
      const res = await t.app.inject({ method: method as 'POST', url, headers: { cookie: b.adminCookie }, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details[0].field).toBe('sportTeamId');
    }
    const athlete = await t.database.db
      .selectFrom('athlete_profiles')
      .select('sport_team_id')
      .where('user_id', '=', b.athlete.id)
      .executeTakeFirstOrThrow();
    expect(athlete.sport_team_id).toBe(b.teamId);
  });
});
