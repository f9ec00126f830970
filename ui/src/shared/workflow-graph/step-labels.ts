/** Words the canvas shows for a step: who acts, and when a conditional step runs. */
import { COMPLIANCE_STAFF } from '../../../../domain/permissions';
import { ROLE_LABELS, type Role } from '../../../../domain/roles';
import { isConditionGroup, type ConditionGroup, type ConditionNode } from '../../../../form-engine';
import { OPERATOR_LABELS } from '../conditions/condition-values';
import type { StepActor } from './packet-workflow';
import { fullName } from '../person-name';

/** Groups a step may name besides a role, e.g. every student-athlete (spec: "users or groups"). */
export function roleLabel(role: string): string {
  if (role === COMPLIANCE_STAFF) return 'Compliance staff member';
  return ROLE_LABELS[role as Role] ?? role;
}

export function actorLabel(actor: StepActor, people: ReadonlyMap<string, string>): string {
  switch (actor.kind) {
    case 'RECIPIENT':
      return 'The recipient';
    case 'USER':
      return people.get(actor.userId) ?? actor.name ?? 'A user';
    case 'ROLE':
      return `Any ${roleLabel(actor.role).toLowerCase()}`;
    case 'EXTERNAL': {
      const name = fullName(actor);
      return name || actor.email || 'External signer (details missing)';
    }
  }
}

/** "The recipient", or "Phase: 3 people" when several people act at the same step. */
export function actorsSummary(actors: readonly StepActor[], people: ReadonlyMap<string, string>): string {
  if (actors.length === 0) return 'Nobody chosen yet';
  if (actors.length === 1) return actorLabel(actors[0]!, people);
  return actors.map((a) => actorLabel(a, people)).join(', ');
}

function describeNode(node: ConditionNode, questions: ReadonlyMap<string, string>): string {
  if (!isConditionGroup(node)) {
    const name = questions.get(node.element) ?? 'a deleted question';
    const value = node.value === undefined ? '' : ` ${String(node.value)}`;
    return `${name} ${OPERATOR_LABELS[node.operator]}${value}`;
  }
  const parts = node.conditions.map((c) =>
    isConditionGroup(c) ? `(${describeNode(c, questions)})` : describeNode(c, questions),
  );
  return parts.join(node.combinator === 'and' ? ' and ' : ' or ');
}

/** "if Minor equals Yes", shortened for an edge label; the side panel shows the whole condition. */
export function describeCondition(condition: ConditionGroup, questions: ReadonlyMap<string, string>, max = 60): string {
  const text = `if ${describeNode(condition, questions)}`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
