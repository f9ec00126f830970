import type { Transaction } from 'kysely';
import { COMPLIANCE_STAFF } from '../../domain/permissions';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import type { FormVersion } from '../../form-engine/form-definition';
import type { Database } from '../../migrations/database';
import { insertDemoPacketDrafts } from './demo-packet-history';
import { DEMO_LEAVER } from './demo-people';

/**
 * The demo packet (issue 4): two published forms (medical history and emergency contact) in one published packet,
 * "Pre-participation paperwork", whose workflow is athlete fills in → compliance approves with a signature. Sent by
 * school admins and coaches. A year of past sends (demo-processes.ts, by the real workflows, then backdated) fills
 * the Sent and Reports screens.
 */
function form(id: string, formId: string, name: string, elements: FormVersion['elements']): FormVersion {
  return { id, formId, version: 1, name, kind: 'long', elements, conditions: [] };
}

/** The demo forms and workflow as data (checked by demo-packets.test.ts with the form engine and the workflow rules). */
export function demoPacketDefinitions() {
  const ids = {
    medical: '6f1e2c3a-0b4d-4e5f-8a9b-0c1d2e3f4a01',
    medicalV1: '6f1e2c3a-0b4d-4e5f-8a9b-0c1d2e3f4a02',
    contact: '6f1e2c3a-0b4d-4e5f-8a9b-0c1d2e3f4a03',
    contactV1: '6f1e2c3a-0b4d-4e5f-8a9b-0c1d2e3f4a04',
  };
  const medical = form(ids.medicalV1, ids.medical, 'Medical history', [
    { id: 'name', type: 'fullName', dataLabel: 'Athlete name', label: 'Full name', required: true, prepopulate: true },
    { id: 'dob', type: 'dob', dataLabel: 'Date of birth', label: 'Date of birth', required: true, prepopulate: true },
    {
      id: 'allergies',
      type: 'longText',
      dataLabel: 'Allergies',
      label: 'List any allergies (medicines, food, insects)',
    },
    {
      id: 'concussion',
      type: 'radioButtons',
      dataLabel: 'Previous concussion',
      label: 'Have you ever had a concussion?',
      required: true,
      options: [
        { id: 'yes', label: 'Yes' },
        { id: 'no', label: 'No' },
      ],
    },
    { id: 'sign', type: 'signature', dataLabel: 'Athlete signature', label: 'Signature', required: true },
  ]);
  const contact = form(ids.contactV1, ids.contact, 'Emergency contact', [
    { id: 'contact', type: 'shortText', dataLabel: 'Contact name', label: 'Emergency contact name', required: true },
    {
      id: 'phone',
      type: 'shortText',
      dataLabel: 'Contact phone',
      label: 'Phone number',
      required: true,
      inputFormat: 'phone',
    },
    { id: 'relation', type: 'shortText', dataLabel: 'Relationship', label: 'Relationship to you' },
  ]);
  const questions = [
    ...medical.elements.map((e) => `${ids.medical}:${e.id}`),
    ...contact.elements.map((e) => `${ids.contact}:${e.id}`),
  ];
  const workflow: PacketWorkflowDefinition = {
    steps: [
      {
        id: 'athlete',
        kind: 'SUBMITTER',
        name: 'Athlete fills in and signs',
        actors: [{ kind: 'RECIPIENT' }],
        questionIds: questions,
        position: { x: 0, y: 0 },
      },
      {
        id: 'compliance',
        kind: 'APPROVER_WITH_SIGNATURE',
        name: 'Compliance approves and signs',
        actors: [{ kind: 'ROLE', role: COMPLIANCE_STAFF }],
        questionIds: [],
        position: { x: 0, y: 160 },
      },
    ],
    edges: [{ id: 'athlete-compliance', from: 'athlete', to: 'compliance' }],
  };
  return { ids, medical, contact, workflow };
}

/** The demo school's published packets, by name: the demo processes send them (demo-processes.ts). */
export const DEMO_PACKET_NAMES = {
  preParticipation: 'Pre-participation paperwork',
  awayTrip: 'Away trip consent',
  conditioning: 'Summer conditioning waiver',
} as const;

/**
 * The two packets behind the demo's stuck processes, both asking the emergency contact form: an away trip approved
 * by one named person (who then leaves), and a conditioning waiver that starts by mailing the athlete a welcome
 * letter (to an address that bounces). Checked by demo-packets.test.ts like the main packet.
 */
export function demoProcessPacketDefinitions(approver: { userId: string; name: string }) {
  const { ids, contact } = demoPacketDefinitions();
  const questions = contact.elements.map((e) => `${ids.contact}:${e.id}`);
  const fill = {
    id: 'athlete',
    kind: 'SUBMITTER',
    name: 'Athlete fills in',
    actors: [{ kind: 'RECIPIENT' }],
    questionIds: questions,
  } as const;
  const awayTrip: PacketWorkflowDefinition = {
    steps: [
      { ...fill, actors: [...fill.actors], questionIds: [...questions], position: { x: 0, y: 0 } },
      {
        id: 'approval',
        kind: 'APPROVER',
        name: 'Trip approval',
        actors: [{ kind: 'USER', userId: approver.userId, name: approver.name }],
        questionIds: [],
        position: { x: 0, y: 160 },
      },
    ],
    edges: [{ id: 'athlete-approval', from: 'athlete', to: 'approval' }],
  };
  const conditioning: PacketWorkflowDefinition = {
    steps: [
      {
        id: 'welcome',
        kind: 'EMAIL_NOTIFICATION',
        name: 'Welcome letter to the athlete',
        actors: [{ kind: 'RECIPIENT' }],
        questionIds: [],
        position: { x: 0, y: 0 },
      },
      { ...fill, actors: [...fill.actors], questionIds: [...questions], position: { x: 0, y: 160 } },
    ],
    edges: [{ id: 'welcome-athlete', from: 'welcome', to: 'athlete' }],
  };
  return { awayTrip, conditioning };
}

interface PublishedPacket {
  name: string;
  description: string;
  folderId: string;
  forms: Array<{ formId: string; formVersionId: string }>;
  workflow: PacketWorkflowDefinition;
}

async function insertPublishedPacket(
  trx: Transaction<Database>,
  schoolId: string,
  adminId: string,
  packet: PublishedPacket,
): Promise<{ packetId: string; versionId: string }> {
  const row = await trx
    .insertInto('packets')
    .values({
      school_id: schoolId,
      name: packet.name,
      description: packet.description,
      owner_id: adminId,
      folder_id: packet.folderId,
      form_ids: JSON.stringify(packet.forms.map((f) => f.formId)),
      workflow: JSON.stringify(packet.workflow),
      senders: JSON.stringify({ userIds: [], groups: ['SCHOOL_ADMINS', 'COACHES'] }),
      status: 'PUBLISHED',
      current_version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await trx
    .insertInto('packet_versions')
    .values({
      school_id: schoolId,
      packet_id: row.id,
      version: 1,
      name: packet.name,
      description: packet.description,
      hipaa: false,
      forms: JSON.stringify(packet.forms),
      workflow: JSON.stringify(packet.workflow),
      created_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { packetId: row.id, versionId: version.id };
}

/**
 * The demo forms and published packets (definitions only: no process runs here). Their sends and submissions are
 * made by the real workflows once the worker is up (demo-processes.ts).
 */
export async function insertDemoPackets(
  trx: Transaction<Database>,
  schoolId: string,
  userIdOf: (email: string) => string,
): Promise<void> {
  const adminId = userIdOf('admin@demo.edu');
  const { ids, medical, contact, workflow } = demoPacketDefinitions();
  for (const [formId, versionId, definition] of [
    [ids.medical, ids.medicalV1, medical],
    [ids.contact, ids.contactV1, contact],
  ] as const) {
    await trx
      .insertInto('forms')
      .values({
        id: formId,
        school_id: schoolId,
        name: definition.name,
        category: 'Medical',
        kind: 'LONG',
        created_by: adminId,
      })
      .execute();
    await trx
      .insertInto('form_versions')
      .values({
        id: versionId,
        school_id: schoolId,
        form_id: formId,
        version: 1,
        definition: JSON.stringify(definition),
        status: 'PUBLISHED',
        published_at: new Date(),
      })
      .execute();
  }
  const folder = await trx
    .insertInto('packet_folders')
    .values({ school_id: schoolId, name: 'Pre-season', owner_id: adminId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contactForm = { formId: ids.contact, formVersionId: ids.contactV1 };
  await insertPublishedPacket(trx, schoolId, adminId, {
    name: DEMO_PACKET_NAMES.preParticipation,
    description: 'Medical history and emergency contact for every athlete before the first practice.',
    folderId: folder.id,
    forms: [{ formId: ids.medical, formVersionId: ids.medicalV1 }, contactForm],
    workflow,
  });
  const approver = { userId: userIdOf(DEMO_LEAVER.email), name: `${DEMO_LEAVER.firstName} ${DEMO_LEAVER.lastName}` };
  const { awayTrip, conditioning } = demoProcessPacketDefinitions(approver);
  await insertPublishedPacket(trx, schoolId, adminId, {
    name: DEMO_PACKET_NAMES.awayTrip,
    description: 'Emergency contact and approval by football operations before an away trip.',
    folderId: folder.id,
    forms: [contactForm],
    workflow: awayTrip,
  });
  await insertPublishedPacket(trx, schoolId, adminId, {
    name: DEMO_PACKET_NAMES.conditioning,
    description: 'Welcome letter and emergency contact for summer conditioning.',
    folderId: folder.id,
    forms: [contactForm],
    workflow: conditioning,
  });
  await insertDemoPacketDrafts(trx, { schoolId, adminId, formIds: [ids.medical, ids.contact], workflow });
}
