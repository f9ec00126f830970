/**
 * Precomputed evaluation order of a form's conditions. Rules are evaluated in dependency order so that an element
 * hidden by one rule reads as unanswered in every rule after it (hiding cascades). Elements on a cycle (a definition
 * check error) are evaluated last in form order rather than failing, so a draft being edited still renders.
 */
import { buildDependencyGraph } from './dependency-graph';
import type { ConditionRule, FormElement, FormVersion } from './form-definition';

export interface ElementRules {
  show: ConditionRule[];
  hide: ConditionRule[];
  require: ConditionRule[];
}

export interface ConditionPlan {
  /** One element per distinct id (a duplicate id, a definition error, keeps its first element). */
  elements: readonly FormElement[];
  /** Element indices in evaluation order. */
  order: Int32Array;
  rulesOf: Array<ElementRules | undefined>;
  indexOf: Map<string, number>;
}

function orderTopologically(successors: number[][], elementCount: number): Int32Array {
  const inDegree = new Int32Array(elementCount);
  for (let node = 0; node < elementCount; node++) for (const next of successors[node]!) inDegree[next]!++;
  const order = new Int32Array(elementCount);
  const placed = new Uint8Array(elementCount);
  let length = 0;
  for (let node = 0; node < elementCount; node++) if (inDegree[node] === 0) order[length++] = node;
  for (let head = 0; head < length; head++) {
    const node = order[head]!;
    placed[node] = 1;
    for (const next of successors[node]!) if (--inDegree[next]! === 0) order[length++] = next;
  }
  for (let node = 0; node < elementCount; node++) if (!placed[node] && inDegree[node]! > 0) order[length++] = node;
  return order;
}

export function buildConditionPlan(version: FormVersion): ConditionPlan {
  const graph = buildDependencyGraph(version);
  const elements: FormElement[] = new Array(graph.ids.length);
  for (const element of version.elements) {
    const index = graph.indexOf.get(element.id)!;
    elements[index] ??= element;
  }
  const rulesOf: Array<ElementRules | undefined> = new Array(elements.length);
  for (const rule of version.conditions) {
    const target = graph.indexOf.get(rule.target);
    if (target === undefined) continue;
    const rules = (rulesOf[target] ??= { show: [], hide: [], require: [] });
    rules[rule.action].push(rule);
  }
  return {
    elements,
    order: orderTopologically(graph.successors, elements.length),
    rulesOf,
    indexOf: graph.indexOf,
  };
}

const plans = new WeakMap<FormVersion, ConditionPlan>();

/** Plans are cached per version object: definitions are treated as immutable once handed to the engine. */
export function getConditionPlan(version: FormVersion): ConditionPlan {
  let plan = plans.get(version);
  if (!plan) {
    plan = buildConditionPlan(version);
    plans.set(version, plan);
  }
  return plan;
}
