import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { insertNotification } from '../notifications/notifications.repository';
import { insertStoredFile } from '../shared/stored-files.repository';
import { seedForm } from './forms';
import { seedPacketRows } from './packets';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from './seed-school';
import { academicStartYear, addDays, mondayOfWeek } from '../../scripts/test-harness/test-clock';
import { CONTRACT_FILE_PURPOSE } from '../contracts/contracts.service';
import { seedEducationRows } from '../education/education.fixtures';

type Db = Kysely<Database>;

/**
 * One school with a row behind every id route: a team with a year, segment, events and a CARA log, an athlete and a
 * coach, a draft form and packet rows, a disclosure with an attachment and a conflict flag, an assigned template, an
 * upload, a tag, a custom field, an athlete file, an expense with a receipt, a material, prospects with a sent
 * recruiting form, a questionnaire and an attachment. The tenant isolation test aims school B at these rows; the
 * deletes test deletes them.
 */

/** The day every tenant's rows are dated: a Tuesday eight weeks ago (its visit is that Saturday). */
export const seeded = addDays(mondayOfWeek(-8), 1);

export interface SchoolFixture {
  schoolId: string;
  tag: string;
  admin: SeededUser;
  adminCookie: string;
  teamId: string;
  yearId: string;
  segmentId: string;
  eventId: string;
  athlete: SeededUser;
  coach: SeededUser;
  notificationId: string;
  formId: string;
  athleteCookie: string;
  disclosureId: string;
  contractId: string;
  fileId: string;
  flagId: string;
  packets: Awaited<ReturnType<typeof seedPacketRows>>;
  templateId: string;
  templateJobId: string;
  uploadId: string;
  athleteTagId: string;
  customFieldId: string;
  psaId: string;
  recruitingEventId: string;
  athleteFileId: string;
  expense: Awaited<ReturnType<typeof seedExpenseRows>>;
  recruiting: Awaited<ReturnType<typeof seedRecruitingRows>>;
  caraLogId: string;
  education: Awaited<ReturnType<typeof seedEducationRows>>;
  /** An agent of the registry and a vendor with a card (issue 39). */
  agentId: string;
  vendorId: string;
}

export async function seedTenant(db: Db): Promise<SchoolFixture> {
  const school = await seedSchool(db, { name: `Tenant ${randomUUID().slice(0, 8)}` });
  const admin = await seedUser(db, school.id, { firstName: `Admin${school.tag}` });
  const team = await db
    .insertInto('sport_teams')
    .values({ school_id: school.id, name: `Team ${school.tag}`, sport: 'Soccer' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const year = await db
    .insertInto('academic_years')
    .values({
      school_id: school.id,
      start_year: academicStartYear(seeded),
      end_year: academicStartYear(seeded) + 1,
      is_current: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('academic_terms')
    .values({
      school_id: school.id,
      academic_year_id: year.id,
      term: 'FALL',
      start_date: addDays(seeded, -12),
      end_date: addDays(seeded, 105),
    })
    .execute();
  const segment = await db
    .insertInto('sport_segments')
    .values({
      school_id: school.id,
      sport_team_id: team.id,
      academic_year_id: year.id,
      season_type: 'IN_SEASON',
      segment_type: 'CHAMPIONSHIP',
      start_date: addDays(seeded, -12),
      end_date: addDays(seeded, 90),
      start_day_of_week: 'MONDAY',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('calendar_events')
    .values({
      school_id: school.id,
      sport_team_id: team.id,
      name: `Event ${school.tag}`,
      category: 'CARA',
      attendee_team_ids: [team.id],
      time_zone: 'America/Chicago',
      starts_at: `${seeded}T15:00:00Z`,
      ends_at: `${seeded}T17:00:00Z`,
      exdates: '[]',
      status: 'APPROVED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recruitingEvent = await db
    .insertInto('calendar_events')
    .values({
      school_id: school.id,
      sport_team_id: team.id,
      name: `Visit ${school.tag}`,
      category: 'RECRUITING',
      time_zone: 'America/Chicago',
      starts_at: `${addDays(seeded, 4)}T15:00:00Z`,
      ends_at: `${addDays(seeded, 4)}T17:00:00Z`,
      exdates: '[]',
      status: 'PENDING',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('recruiting_events')
    .values({ id: recruitingEvent.id, school_id: school.id, kind: 'UNOFFICIAL_VISIT' })
    .execute();
  const athlete = await seedUser(db, school.id, {
    roles: [{ role: 'STUDENT_ATHLETE' }],
    firstName: `Athlete${school.tag}`,
    sportTeamId: team.id,
  });
  const coach = await seedUser(db, school.id, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    firstName: `Coach${school.tag}`,
    sportTeamId: team.id,
  });
  const notificationId = (await insertNotification(db, {
    schoolId: school.id,
    userId: admin.id,
    payload: { module: 'roster', status: 'init', title: `Note ${school.tag}` },
  }))!;
  await db
    .insertInto('audit_events')
    .values({ school_id: school.id, action: 'test.marker', details: JSON.stringify({ tag: school.tag }) })
    .execute();
  // A draft form with an imported PDF, so every forms route (the document ones too) has something to aim at.
  const form = await seedForm(db, school.id, admin.id, { name: `Form ${school.tag}`, kind: 'PDF', pdf: true });
  // An approved CARA log of the team (issue 17), so the log routes (its PDF too) have something to aim at.
  const caraLog = await db
    .insertInto('cara_logs')
    .values({
      school_id: school.id,
      sport_team_id: team.id,
      period_start: '2030-09-02',
      period_end: '2030-09-08',
      due_at: new Date('2030-09-11T00:00:00Z'),
      status: 'APPROVED',
      workflow_id: `cara-log:${team.id}:2030-09-02`,
      snapshot: JSON.stringify({ tag: school.tag }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    caraLogId: caraLog.id,
    education: await seedEducationRows(db, school.id, admin.id, school.tag),
    schoolId: school.id,
    tag: school.tag,
    admin,
    adminCookie: await sessionCookie(db, admin),
    teamId: team.id,
    yearId: year.id,
    segmentId: segment.id,
    eventId: event.id,
    recruitingEventId: recruitingEvent.id,
    athlete,
    coach,
    notificationId,
    formId: form.formId,
    packets: await seedPacketRows(db, school.id, admin.id, form.formId, athlete.id),
    athleteCookie: await sessionCookie(db, athlete),
    ...(await seedDisclosureRows(db, school.id, athlete.id, school.tag)),
    ...(await seedAssignedTemplate(db, school.id, school.tag)),
    uploadId: (
      await db
        .insertInto('athlete_uploads')
        .values({
          school_id: school.id,
          created_by: admin.id,
          file_name: `roster-${school.tag}.csv`,
          headers: JSON.stringify(['First name', 'Last name', 'Email']),
          rows: JSON.stringify([{ row: 2, cells: ['Ann', 'Lee', `ann-${school.tag}@x.example`] }]),
          mapping: JSON.stringify(['firstName', 'lastName', 'email']),
          row_count: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    agentId: (
      await db
        .insertInto('agents')
        .values({
          school_id: school.id,
          type: 'LAWYER',
          first_name: 'Agent',
          last_name: school.tag,
          email: `agent-${school.tag}@x.example`,
          status: 'ACTIVE',
          workflow_id: `agent:seeded-${school.tag}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    vendorId: (
      await db
        .insertInto('vendors')
        .values({ school_id: school.id, name: `Vendor ${school.tag}`, custom_url: `vendor-${randomUUID()}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    athleteTagId: (
      await db
        .insertInto('athlete_tags')
        .values({ school_id: school.id, name: `Tag ${school.tag}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    athleteFileId: await seedAthleteFile(db, school.id, athlete.id, school.tag),
    expense: await seedExpenseRows(db, school.id, coach.id, school.tag),
    recruiting: await seedRecruitingRows(db, school.id, admin.id, school.tag),
    psaId: (
      await db
        .insertInto('psas')
        .values({
          school_id: school.id,
          first_name: 'Prospect',
          last_name: school.tag,
          email: `psa-${school.tag}@x.example`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    customFieldId: (
      await db
        .insertInto('athlete_custom_fields')
        .values({ school_id: school.id, name: `Field ${school.tag}`, scope: 'INSTITUTION' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  };
}

/**
 * A recruiting form template (a published form marked RECRUITING) sent to a prospect, and a questionnaire publishing
 * it, so the recruiting-form and questionnaire id routes aim at real school-A rows.
 */
async function seedRecruitingRows(db: Db, schoolId: string, adminId: string, tag: string) {
  const form = await seedForm(db, schoolId, adminId, { name: `Recruiting ${tag}`, published: true });
  await db.updateTable('forms').set({ purpose: 'RECRUITING' }).where('id', '=', form.formId).execute();
  const psa = await db
    .insertInto('psas')
    .values({ school_id: schoolId, first_name: 'Sent', last_name: tag, email: `sent-${tag}@x.example` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const send = await db
    .insertInto('recruiting_form_sends')
    .values({
      school_id: schoolId,
      form_id: form.formId,
      form_version_id: form.versionId,
      psa_id: psa.id,
      email: `sent-${tag}@x.example`,
      token_hash: `hash-${tag}`,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questionnaire = await db
    .insertInto('questionnaires')
    .values({
      school_id: schoolId,
      form_id: form.formId,
      name: `Questionnaire ${tag}`,
      custom_url: `q-${tag}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      confirmation_message: 'Thank you.',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // One answer with a stored attachment, so the attachment download aims at a real school-A file.
  const attachment = await insertStoredFile(db, schoolId, {
    uploadedBy: null,
    purpose: 'questionnaire-attachment',
    filename: `still-${tag}.png`,
    contentType: 'image/png',
    bytes: Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  await db
    .insertInto('questionnaire_responses')
    .values({
      school_id: schoolId,
      questionnaire_id: questionnaire.id,
      psa_id: psa.id,
      form_version_id: form.versionId,
      contact: JSON.stringify({ email: `sent-${tag}@x.example` }),
      answers: JSON.stringify({ film: [{ fileId: attachment.id, name: attachment.filename, size: 8 }] }),
      created_psa: false,
    })
    .execute();
  // A file on the prospect's profile, so the prospect attachment routes aim at a real school-A attachment.
  const psaFile = await insertStoredFile(db, schoolId, {
    uploadedBy: adminId,
    purpose: 'psa-attachment',
    filename: `transcript-${tag}.pdf`,
    contentType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4 tenant isolation'),
  });
  const psaAttachment = await db
    .insertInto('psa_attachments')
    .values({
      school_id: schoolId,
      psa_id: psa.id,
      file_id: psaFile.id,
      filename: psaFile.filename,
      content_type: psaFile.contentType,
      size_bytes: psaFile.sizeBytes,
      sha256: psaFile.sha256,
      uploaded_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    templateId: form.formId,
    sendId: send.id,
    questionnaireId: questionnaire.id,
    attachmentId: attachment.id,
    psaWithAttachmentId: psa.id,
    psaAttachmentId: psaAttachment.id,
  };
}

/** A pending expense with one receipt, and a recruiting material, so their id routes aim at real school-A rows. */
async function seedExpenseRows(db: Db, schoolId: string, coachId: string, tag: string) {
  const expense = await db
    .insertInto('expenses')
    .values({
      school_id: schoolId,
      submitted_by: coachId,
      name: `Dinner ${tag}`,
      category: 'MEAL',
      amount_cents: 4200,
      transaction_date: seeded,
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      workflow_id: `expense-approval:none-${tag}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stored = (purpose: string) =>
    insertStoredFile(db, schoolId, {
      uploadedBy: coachId,
      purpose,
      filename: `${purpose}-${tag}.pdf`,
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 tenant isolation'),
    });
  const receiptFile = await stored('expense-receipt');
  const receipt = await db
    .insertInto('expense_receipts')
    .values({
      school_id: schoolId,
      expense_id: expense.id,
      file_id: receiptFile.id,
      filename: receiptFile.filename,
      content_type: receiptFile.contentType,
      size_bytes: receiptFile.sizeBytes,
      sha256: receiptFile.sha256,
      uploaded_by: coachId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const materialFile = await stored('recruiting-material');
  const material = await db
    .insertInto('recruiting_materials')
    .values({
      school_id: schoolId,
      file_id: materialFile.id,
      filename: materialFile.filename,
      content_type: materialFile.contentType,
      size_bytes: materialFile.sizeBytes,
      sha256: materialFile.sha256,
      uploaded_by: coachId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { expenseId: expense.id, receiptId: receipt.id, materialId: material.id };
}

/** A file kept on the athlete's profile. */
async function seedAthleteFile(db: Db, schoolId: string, athleteId: string, tag: string) {
  const file = await insertStoredFile(db, schoolId, {
    uploadedBy: athleteId,
    purpose: 'athlete-file',
    filename: `physical-${tag}.pdf`,
    contentType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await db
    .insertInto('athlete_files')
    .values({ file_id: file.id, school_id: schoolId, athlete_user_id: athleteId })
    .execute();
  return file.id;
}

/** A platform template assigned to the school, so the school's template library routes have an id to aim at. */
async function seedAssignedTemplate(db: Db, schoolId: string, tag: string) {
  const template = await db
    .insertInto('templates')
    .values({
      title: `Template ${tag}`,
      description: 'Tenant isolation',
      workflow: JSON.stringify({ steps: [], edges: [] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('template_assignment_jobs')
    .values({
      template_id: template.id,
      action: 'ASSIGN',
      selection: JSON.stringify({ schoolIds: [schoolId] }),
      workflow_id: `template-assignment:seeded-${tag}`,
      status: 'COMPLETED',
      total: 1,
      done: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('template_assignments')
    .values({ template_id: template.id, school_id: schoolId, job_id: job.id })
    .execute();
  return { templateId: template.id, templateJobId: job.id };
}

/** A draft disclosure of the athlete and a conflict flag, so every disclosures route has a school-A id to aim at. */
async function seedDisclosureRows(db: Db, schoolId: string, athleteId: string, tag: string) {
  const disclosure = await db
    .insertInto('disclosures')
    .values({
      school_id: schoolId,
      athlete_user_id: athleteId,
      type: 'SPONSORSHIP',
      company_name: `Company ${tag}`,
      status: 'PENDING',
      submitted_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const flag = await db
    .insertInto('conflict_flags')
    .values({ school_id: schoolId, name: `Flag ${tag}`, type: 'UNIVERSITY', category: 'Sponsor competitor' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // One stored attachment on it, so the download and removal routes have a real school-A file to aim at.
  const bytes = Buffer.from('%PDF-1.4 tenant isolation');
  const file = await insertStoredFile(db, schoolId, {
    uploadedBy: athleteId,
    purpose: 'disclosure-attachment',
    filename: `contract-${tag}.pdf`,
    contentType: 'application/pdf',
    bytes,
  });
  await db
    .updateTable('disclosures')
    .set({
      attachments: JSON.stringify([
        { fileId: file.id, name: file.filename, size: file.sizeBytes, contentType: 'application/pdf' },
      ]),
    })
    .where('id', '=', disclosure.id)
    .execute();
  // A contract carrying out the disclosure, with its signed PDF, so the contract routes have a school-A id to aim at.
  const signed = await insertStoredFile(db, schoolId, {
    uploadedBy: athleteId,
    purpose: CONTRACT_FILE_PURPOSE,
    filename: `signed-contract-${tag}.pdf`,
    contentType: 'application/pdf',
    bytes,
  });
  const contract = await db
    .insertInto('contracts')
    .values({
      school_id: schoolId,
      disclosure_id: disclosure.id,
      athlete_user_id: athleteId,
      payor_name: `Payor ${tag}`,
      total_cents: 120000,
      size: 'MEDIUM',
      type: 'SPONSORSHIP',
      start_date: seeded,
      end_date: seeded,
      workflow_id: `contract-review:seeded-${tag}`,
      document_file_id: signed.id,
      document_filename: signed.filename,
      document_size_bytes: signed.sizeBytes,
      document_uploaded_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { disclosureId: disclosure.id, contractId: contract.id, flagId: flag.id, fileId: file.id };
}
