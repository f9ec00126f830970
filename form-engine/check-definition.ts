/**
 * Every problem of a form definition at once, with the catalogue's codes, in time linear in the size of the form
 * (maps for lookups, iterative Tarjan for cycles). The builder shows the whole list; saving or publishing calls
 * assertDefinitionValid, which throws the first problem's code with all problems as details.
 */
import { checkConditionRule } from './check-conditions';
import { checkElement } from './check-elements';
import { createProblem, toDefinitionError, type DefinitionProblem } from './definition-problem';
import { buildDependencyGraph, type DependencyEdge } from './dependency-graph';
import { isAnswerableType } from './element-types';
import { checkFileRef } from './file-rules';
import { findCycles } from './find-cycles';
import type { FormElement, FormVersion } from './form-definition';
import { FORM_LIMITS } from './limits';
import { countWords, normalizeDataLabel } from './text-rules';
import { validateDefinitionShape } from './validate-definition-shape';

export interface CheckOptions {
  /** Packet step-routing edges checked for cycles together with the form's own conditions. */
  extraEdges?: readonly DependencyEdge[];
}

function checkFormName(version: FormVersion): DefinitionProblem[] {
  if (version.name.trim() === '') return [createProblem('FORM_NAME_REQUIRED')];
  if (countWords(version.name) > FORM_LIMITS.formNameMaxWords) return [createProblem('FORM_NAME_TOO_LONG')];
  return [];
}

/** Duplicate ids and duplicate data labels: every element after the first one using the id or label is flagged. */
function checkUniqueness(version: FormVersion): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const ids = new Set<string>();
  const labels = new Map<string, string>();
  for (const element of version.elements) {
    if (ids.has(element.id)) problems.push(createProblem('FORM_ELEMENT_ID_NOT_UNIQUE', { elementId: element.id }));
    ids.add(element.id);
    const label = normalizeDataLabel(element.dataLabel);
    const first = labels.get(label);
    if (first !== undefined) {
      problems.push(
        createProblem(
          'FORM_LABEL_NOT_UNIQUE',
          { elementId: element.id },
          `Field label must be unique: "${element.dataLabel}" is used twice.`,
        ),
      );
    } else {
      labels.set(label, element.id);
    }
  }
  return problems;
}

function checkShortForm(version: FormVersion): DefinitionProblem[] {
  if (version.kind !== 'short') return [];
  const questions = version.elements.filter((element) => isAnswerableType(element.type)).length;
  return questions > FORM_LIMITS.shortFormMaxQuestions ? [createProblem('SHORT_FORM_TOO_MANY_QUESTIONS')] : [];
}

function checkPdfImport(version: FormVersion): DefinitionProblem[] {
  if (!version.pdfImport) return [];
  return checkFileRef(version.pdfImport, 'pdfImport').map((problem) =>
    createProblem(problem.code, { path: '/pdfImport' }),
  );
}

function checkConditions(version: FormVersion, elementsById: ReadonlyMap<string, FormElement>): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const ruleIds = new Set<string>();
  for (const rule of version.conditions) {
    if (ruleIds.has(rule.id)) {
      problems.push(createProblem('FORM_DEFINITION_INVALID', { ruleId: rule.id }, 'Condition ids must be unique.'));
    }
    ruleIds.add(rule.id);
    problems.push(...checkConditionRule(rule, elementsById));
  }
  return problems;
}

/** "Cyclic dependency found", naming the elements (or steps) on the cycle by their labels, in order. */
export function checkCycles(version: FormVersion, extraEdges: readonly DependencyEdge[] = []): DefinitionProblem[] {
  const graph = buildDependencyGraph(version, extraEdges);
  return findCycles(graph).map((ids) => {
    const labels = ids.map((id) => graph.labels[graph.indexOf.get(id)!]!);
    return createProblem(
      'CYCLIC_DEPENDENCY',
      { elementId: ids[0]!, cycle: { ids, labels } },
      `Cyclic dependency found: ${[...labels, labels[0]].join(' → ')}.`,
    );
  });
}

export function checkDefinition(version: FormVersion, options: CheckOptions = {}): DefinitionProblem[] {
  // Later checks assume a well-formed definition, so a shape problem stops here.
  const shapeProblems = validateDefinitionShape(version);
  if (shapeProblems.length > 0) return shapeProblems;
  const elementsById = new Map<string, FormElement>();
  for (const element of version.elements) if (!elementsById.has(element.id)) elementsById.set(element.id, element);
  return [
    ...checkFormName(version),
    ...checkUniqueness(version),
    ...checkShortForm(version),
    ...checkPdfImport(version),
    ...version.elements.flatMap(checkElement),
    ...checkConditions(version, elementsById),
    ...checkCycles(version, options.extraEdges),
  ];
}

/** Throws AppError with the first problem's code (e.g. CYCLIC_DEPENDENCY) and every problem as a detail. */
export function assertDefinitionValid(version: FormVersion, options: CheckOptions = {}): void {
  const problems = checkDefinition(version, options);
  if (problems.length > 0) throw toDefinitionError(problems);
}
