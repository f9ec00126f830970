/**
 * The Problems panel's list: the engine's checkDefinition on the draft (the same rules the server applies on
 * save), plus, for a frozen form, the structural changes assertEditable would refuse. Each problem points at the
 * element to open: a condition problem opens the rule's target, where the rule is edited.
 */
import { AppError } from '../../../../../domain/errors';
import { assertEditable, checkDefinition, type DefinitionProblem, type FormVersion } from '../../../../../form-engine';
import '../../../shared/form-engine-validation';
import { ELEMENT_LABELS } from './element-catalog';

export interface BuilderProblem {
  key: string;
  code: string;
  message: string;
  /** The element to select when the problem is clicked. */
  elementId?: string;
  /** For a cycle: the elements on it, in order. */
  cycle?: { ids: string[]; labels: string[] };
}

/** Shape problems come from Ajv ("/elements/3/label: must NOT have fewer than 1 characters"); say it in words. */
function describeShapeProblem(version: FormVersion, problem: DefinitionProblem): string {
  const match = /^\/elements\/(\d+)(\/.*)?$/.exec(problem.path ?? '');
  const element = match ? version.elements[Number(match[1])] : undefined;
  if (!match || !element) return problem.message;
  const title = `${ELEMENT_LABELS[element.type]} "${element.label.trim() || element.dataLabel}"`;
  const rest = match[2] ?? '';
  if (rest === '/label') return `${title} needs a label.`;
  if (rest === '/dataLabel') return `${title} needs a data label.`;
  const option = /^\/(options|rows|columns)\/(\d+)\/label$/.exec(rest);
  if (option) {
    const what = { options: 'Option', rows: 'Row', columns: 'Column' }[option[1] as 'options' | 'rows' | 'columns'];
    return `${title}: ${what} ${Number(option[2]) + 1} needs a label.`;
  }
  const detail = problem.message.slice(problem.message.indexOf(':') + 1).trim();
  return `${title}: ${rest.slice(1).replace(/\//g, ' › ')} ${detail}.`;
}

function toBuilderProblem(version: FormVersion, problem: DefinitionProblem, index: number): BuilderProblem {
  const rule = problem.ruleId ? version.conditions.find((r) => r.id === problem.ruleId) : undefined;
  const elementId = rule && version.elements.some((e) => e.id === rule.target) ? rule.target : problem.elementId;
  return {
    key: `${problem.code}-${index}`,
    code: problem.code,
    message: problem.path?.startsWith('/elements/') ? describeShapeProblem(version, problem) : problem.message,
    ...(elementId ? { elementId } : {}),
    ...(problem.cycle ? { cycle: problem.cycle } : {}),
  };
}

function frozenProblems(saved: FormVersion, draft: FormVersion): BuilderProblem[] {
  try {
    assertEditable(true, saved, draft);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [
      {
        key: 'FORM_FROZEN',
        code: error.code,
        message: `${error.message} ${(error.details ?? [])
          .slice(0, 3)
          .map((d) => d.message)
          .join('; ')}`.trim(),
      },
    ];
  }
}

/** Ajv may report one field twice (minLength and pattern); the panel lists it once. */
function dropRepeats(problems: BuilderProblem[]): BuilderProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.elementId ?? ''}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function findBuilderProblems(draft: FormVersion, saved: FormVersion | null, frozen: boolean): BuilderProblem[] {
  const problems = dropRepeats(checkDefinition(draft).map((problem, i) => toBuilderProblem(draft, problem, i)));
  return frozen && saved ? [...frozenProblems(saved, draft), ...problems] : problems;
}

/** Problems about one element, for the marker on its canvas card. */
export function problemsOf(problems: readonly BuilderProblem[], elementId: string): BuilderProblem[] {
  return problems.filter((p) => p.elementId === elementId || p.cycle?.ids.includes(elementId));
}
