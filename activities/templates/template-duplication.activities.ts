import type { Kysely } from 'kysely';
import { copyTemplate } from '../../api/templates/templates.repository';
import type { Database } from '../../migrations/database';

/** The template duplication workflow's one step: the copy, in one transaction keyed by the copy's id. */
export function createTemplateDuplicationActivities(deps: { db: Kysely<Database> }) {
  return {
    async copyTemplate(input: { sourceTemplateId: string; copyId: string; requestedBy: string | null }) {
      return copyTemplate(deps.db, {
        sourceTemplateId: input.sourceTemplateId,
        copyId: input.copyId,
        createdBy: input.requestedBy,
      });
    },
  };
}

export type TemplateDuplicationActivities = ReturnType<typeof createTemplateDuplicationActivities>;
