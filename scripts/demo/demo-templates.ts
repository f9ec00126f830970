import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { createDefaultPacketWorkflow } from '../../domain/packet-workflow';
import { remapWorkflowForms } from '../../domain/templates';
import type { FormVersion } from '../../form-engine/form-definition';
import type { Database } from '../../migrations/database';
import { demoPacketDefinitions } from './demo-packets';

/**
 * Two provider templates built from the demo packet's forms, both assigned to Demo State University, so its admins
 * find them in their template library and the operator sees a library with reach: "Pre-participation paperwork"
 * (both forms, athlete fills in → compliance signs) and "Emergency contact card" (one form, one step).
 */
export async function insertDemoTemplates(
  trx: Transaction<Database>,
  schoolId: string,
  operatorId: string,
): Promise<void> {
  const { ids, medical, contact, workflow } = demoPacketDefinitions();
  const templates: Array<{
    title: string;
    description: string;
    forms: Array<{ sourceId: string; definition: FormVersion }>;
    workflow: typeof workflow;
  }> = [
    {
      title: 'Pre-participation paperwork',
      description: 'Medical history and emergency contact, signed by the athlete and approved by compliance.',
      forms: [
        { sourceId: ids.medical, definition: medical },
        { sourceId: ids.contact, definition: contact },
      ],
      workflow,
    },
    {
      title: 'Emergency contact card',
      description: 'Who to call in an emergency, filled in by each athlete.',
      forms: [{ sourceId: ids.contact, definition: contact }],
      workflow: createDefaultPacketWorkflow([{ formId: ids.contact, version: contact }]),
    },
  ];
  for (const template of templates) {
    const formIds = new Map(template.forms.map((f) => [f.sourceId, randomUUID()]));
    const row = await trx
      .insertInto('templates')
      .values({
        title: template.title,
        description: template.description,
        workflow: JSON.stringify(remapWorkflowForms(template.workflow, formIds)),
        created_by: operatorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, form] of template.forms.entries()) {
      await trx
        .insertInto('template_forms')
        .values({
          id: formIds.get(form.sourceId)!,
          template_id: row.id,
          position,
          name: form.definition.name,
          category: 'Medical',
          kind: 'LONG',
          definition: JSON.stringify(form.definition),
        })
        .execute();
    }
    await trx
      .insertInto('template_assignments')
      .values({ template_id: row.id, school_id: schoolId, assigned_by: operatorId })
      .execute();
  }
}
