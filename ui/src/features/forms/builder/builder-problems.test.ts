import { describe, expect, it } from 'vitest';
import type { FormElement, FormVersion } from '../../../../../form-engine';
import { findBuilderProblems, problemsOf } from './builder-problems';
import { createElement } from './create-element';
import { emptyDraft, sequentialIds } from './test-helpers';

function twoQuestions(): FormVersion {
  const makeId = sequentialIds();
  const elements: FormElement[] = [];
  elements.push({ ...createElement('shortText', elements, makeId), label: 'A', dataLabel: 'A' } as FormElement);
  elements.push({ ...createElement('shortText', elements, makeId), label: 'B', dataLabel: 'B' } as FormElement);
  return { ...emptyDraft(), elements };
}

const ruleOn = (id: string, target: string, source: string) => ({
  id,
  action: 'show' as const,
  target,
  when: { combinator: 'and' as const, conditions: [{ element: source, operator: 'isNotEmpty' as const }] },
});

describe('findBuilderProblems', () => {
  it('reports a cycle naming its elements and pointing at them', () => {
    const draft = twoQuestions();
    const [a, b] = draft.elements;
    const cyclic = { ...draft, conditions: [ruleOn('r1', b!.id, a!.id), ruleOn('r2', a!.id, b!.id)] };
    const problems = findBuilderProblems(cyclic, null, false);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/^Cyclic dependency found: (A → B → A|B → A → B)\.$/);
    expect(problemsOf(problems, a!.id)).toHaveLength(1);
    expect(problemsOf(problems, b!.id)).toHaveLength(1);
  });

  it('points a condition problem at the rule target', () => {
    const draft = twoQuestions();
    const [a, b] = draft.elements;
    const broken = {
      ...draft,
      conditions: [
        {
          ...ruleOn('r1', b!.id, a!.id),
          when: {
            combinator: 'and' as const,
            conditions: [{ element: a!.id, operator: 'greaterThan' as const, value: 3 }],
          },
        },
      ],
    };
    const [problem] = findBuilderProblems(broken, null, false);
    expect(problem).toMatchObject({ code: 'CONDITION_INVALID', elementId: b!.id });
  });

  it('reports the name rules of the catalogue', () => {
    expect(findBuilderProblems({ ...emptyDraft(), name: ' ' }, null, false)[0]!.message).toBe(
      'Form name is mandatory.',
    );
    const long = Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ');
    expect(findBuilderProblems({ ...emptyDraft(), name: long }, null, false)[0]!.message).toBe(
      'Form name max 20 words.',
    );
  });

  it('refuses structural edits of a frozen form but accepts rewording', () => {
    const saved = twoQuestions();
    const reworded = { ...saved, elements: saved.elements.map((e) => ({ ...e, label: `${e.label}?` })) };
    expect(findBuilderProblems(reworded, saved, true)).toEqual([]);
    const removed = { ...saved, elements: saved.elements.slice(1) };
    const [problem] = findBuilderProblems(removed, saved, true);
    expect(problem!.code).toBe('FORM_FROZEN');
    expect(problem!.message).toMatch(/Clone it/);
    // The same edit on a draft is fine.
    expect(findBuilderProblems(removed, saved, false)).toEqual([]);
  });

  it('says shape problems in words, once per field', () => {
    const draft = twoQuestions();
    const blank = { ...draft, elements: [{ ...draft.elements[0]!, label: '' }, draft.elements[1]!] };
    expect(findBuilderProblems(blank, null, false)).toEqual([
      expect.objectContaining({ message: 'Short text "A" needs a label.', elementId: draft.elements[0]!.id }),
    ]);
  });
});
