/** fast-check arbitraries for form definitions and answers, used by the property tests. */
import fc from 'fast-check';
import {
  getAddressParts,
  getFileBounds,
  getSelectionBounds,
  getSignatureModes,
  getTextBounds,
} from '../element-settings';
import { CONDITION_OPERATORS, DATE_FORMATS, isAnswerableType, MATRIX_COLUMN_TYPES } from '../element-types';
import type {
  ChoiceOption,
  ConditionNode,
  ConditionRule,
  FormElement,
  FormVersion,
  MatrixElement,
} from '../form-definition';
import { ALLOWED_FILE_EXTENSIONS } from '../limits';

const optionsArb = (prefix: string, min = 1) =>
  fc
    .uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: min, maxLength: 5 })
    .map((ids) => ids.map((id): ChoiceOption => ({ id: `${prefix}${id}`, label: `Option ${id}` })));
const textLimits = fc.option(
  fc.record(
    { minLength: fc.integer({ min: 0, max: 5 }), maxLength: fc.integer({ min: 1, max: 20 }) },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);
const selectionLimits = fc.option(
  fc.record(
    { minSelections: fc.integer({ min: 0, max: 3 }), maxSelections: fc.integer({ min: 1, max: 4 }) },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);
const flag = fc.option(fc.boolean(), { nil: undefined });

/** Settings of one element type (without id, data label and label). */
const elementBodyArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ type: fc.constant('fullName'), showMiddleName: flag, showPrefix: flag, prepopulate: flag }),
  fc.record({
    type: fc.constant('sport'),
    multiple: flag,
    options: fc.option(optionsArb('s'), { nil: undefined }),
    limits: selectionLimits,
  }),
  fc.record({ type: fc.constant('studentId'), limits: textLimits }),
  fc.record({ type: fc.constant('academicStanding') }),
  fc.record({ type: fc.constant('dob'), dateFormat: fc.option(fc.constantFrom(...DATE_FORMATS), { nil: undefined }) }),
  fc.record({
    type: fc.constant('signature'),
    modes: fc.option(fc.uniqueArray(fc.constantFrom('drawn', 'typed'), { minLength: 1 }), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('date'),
    autofillToday: flag,
    limits: fc.option(fc.constant({ minDate: '2020-01-01', maxDate: '2030-12-31' }), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('address'),
    parts: fc.option(fc.record({ country: fc.boolean(), street2: fc.boolean() }), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('heading') }),
  fc.record({
    type: fc.constant('shortText'),
    limits: textLimits,
    placeholder: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('longText'), limits: textLimits }),
  fc.record({ type: fc.constant('statement'), text: fc.string({ maxLength: 20 }) }),
  fc.record({ type: fc.constant('dropdown'), options: optionsArb('d'), multiple: flag, limits: selectionLimits }),
  fc.record({
    type: fc.constant('multipleChoice'),
    options: optionsArb('m'),
    multiple: flag,
    atLeastOneSelection: flag,
  }),
  fc.record({
    type: fc.constant('checkbox'),
    options: optionsArb('c'),
    limits: selectionLimits,
    atLeastOneSelection: flag,
  }),
  fc.record({ type: fc.constant('radioButtons'), options: optionsArb('r') }),
  fc.record({
    type: fc.constant('attachment'),
    multiple: flag,
    allowedTypes: fc.option(
      fc.uniqueArray(fc.constantFrom(...ALLOWED_FILE_EXTENSIONS), { minLength: 1, maxLength: 3 }),
      { nil: undefined },
    ),
  }),
  fc.record({
    type: fc.constant('image'),
    image: fc.option(fc.constant({ fileId: 'i', name: 'i.png', size: 10 }), { nil: null }),
  }),
  fc.record({ type: fc.constant('scaleRating'), ratings: fc.integer({ min: 2, max: 10 }) }),
  fc.record({ type: fc.constant('psaName') }),
  fc.record({
    type: fc.constant('matrix'),
    rows: fc
      .uniqueArray(fc.constantFrom('r1', 'r2', 'r3'), { maxLength: 3 })
      .map((ids) => ids.map((id) => ({ id, label: id }))),
    columns: fc
      .uniqueArray(fc.tuple(fc.constantFrom('c1', 'c2', 'c3', 'c4'), fc.constantFrom(...MATRIX_COLUMN_TYPES)), {
        maxLength: 4,
        selector: ([id]) => id,
      })
      .map((cols) =>
        cols.map(([id, type]) => ({
          id,
          label: id,
          type,
          ...(type === 'dropdown' ? { options: [{ id: 'o1', label: 'One' }] } : {}),
        })),
      ),
    allCellsRequired: flag,
    hideHeaders: flag,
  }),
  fc.record({ type: fc.constant('websiteLink') }),
  fc.record({ type: fc.constant('legal'), text: fc.constant('Terms') }),
  fc.record({ type: fc.constant('divider') }),
  fc.record({ type: fc.constant('time') }),
);

function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const elementsArb = (maxElements: number) =>
  fc
    .array(
      fc.tuple(
        elementBodyArb,
        fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
        fc.integer({ min: 0, max: 30 }),
      ),
      { minLength: 1, maxLength: maxElements },
    )
    .map((bodies) =>
      bodies.map(([body, required, labelSeed], i) => {
        const answerable = !['heading', 'statement', 'divider', 'image'].includes(body.type as string);
        return stripUndefined({
          ...body,
          id: `e${i}`,
          // Occasionally a duplicate data label, so checks meet one.
          dataLabel: labelSeed === 0 ? 'Same' : `Field ${i}`,
          label: `Question ${i}`,
          ...(answerable ? { required } : {}),
        }) as unknown as FormElement;
      }),
    );

const comparisonArb = (count: number) =>
  fc.record({
    element: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 0, max: count - 1 }).map((i) => `e${i}`) },
      { weight: 1, arbitrary: fc.constant('ghost') },
    ),
    operator: fc.constantFrom(...CONDITION_OPERATORS),
    value: fc.option(
      fc.oneof(fc.string({ maxLength: 5 }), fc.integer({ min: 0, max: 30 }), fc.boolean(), fc.constant('2008-03-15')),
      { nil: undefined },
    ),
  });

const conditionTreeArb = (count: number): fc.Arbitrary<ConditionNode> =>
  fc.letrec<{ node: ConditionNode }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 4, withCrossShrink: true },
      comparisonArb(count).map((c) => stripUndefined(c) as ConditionNode),
      fc.record({
        combinator: fc.constantFrom<'and' | 'or'>('and', 'or'),
        conditions: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
      }),
    ),
  })).node;

export const formVersionArb = (
  options: { maxElements?: number; withConditions?: boolean } = {},
): fc.Arbitrary<FormVersion> =>
  elementsArb(options.maxElements ?? 12).chain((elements) => {
    const rules: fc.Arbitrary<ConditionRule[]> =
      options.withConditions === false
        ? fc.constant([])
        : fc
            .array(
              fc.record({
                action: fc.constantFrom<'show' | 'hide' | 'require'>('show', 'hide', 'require'),
                target: fc.integer({ min: 0, max: elements.length - 1 }).map((i) => `e${i}`),
                when: fc.record({
                  combinator: fc.constantFrom<'and' | 'or'>('and', 'or'),
                  conditions: fc.array(conditionTreeArb(elements.length), { minLength: 1, maxLength: 3 }),
                }),
              }),
              { maxLength: 6 },
            )
            .map((list) => list.map((rule, i) => ({ id: `r${i}`, ...rule })));
    return fc
      .tuple(rules, fc.constantFrom<'long' | 'short'>('long', 'short'), fc.nat())
      .map(([conditions, kind, n]) => ({
        id: `prop-${n}`,
        formId: 'prop',
        version: 1,
        name: 'Property form',
        kind,
        elements,
        conditions,
      }));
  });

const isoDateArb = fc.oneof(
  fc
    .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2001-02-29', '2024-02-29', '12/31/2000'),
);
const fileArb = fc.record({
  fileId: fc.constantFrom('f1', 'f2'),
  name: fc.constantFrom('a.pdf', 'b.PNG', 'c.exe', 'd.docx'),
  size: fc.constantFrom(10, 21 * 1024 * 1024),
});

/** Mostly plausible answers for one element, with enough noise to hit every error path. */
export function plausibleValue(element: FormElement): fc.Arbitrary<unknown> {
  const options = 'options' in element && element.options ? element.options.map((o) => o.id) : ['x'];
  const choice = fc.constantFrom(...options, 'zz');
  switch (element.type) {
    case 'fullName':
      return fc.record(
        {
          first: fc.string({ maxLength: 4 }),
          last: fc.string({ maxLength: 4 }),
          middle: fc.string({ maxLength: 2 }),
          prefix: fc.constantFrom('Dr.', 'Sir'),
        },
        { requiredKeys: ['first'] },
      );
    case 'sport':
    case 'dropdown':
    case 'multipleChoice':
    case 'checkbox':
      return fc.oneof(choice, fc.array(choice, { maxLength: 4 }));
    case 'radioButtons':
      return choice;
    case 'academicStanding':
      return fc.constantFrom('FIRST_YEAR', 'TEN_PLUS_YEARS', 'Senior');
    case 'dob':
    case 'date':
      return isoDateArb;
    case 'signature':
      return fc.oneof(
        fc.record({ kind: fc.constant('typed'), text: fc.string({ maxLength: 5 }) }),
        fc.record({ kind: fc.constant('drawn'), image: fc.constantFrom('data:image/png;base64,AAAA', 'nope') }),
      );
    case 'address':
      return fc.record(
        {
          street: fc.string({ maxLength: 3 }),
          city: fc.constant('Austin'),
          state: fc.constant('TX'),
          postal: fc.constantFrom('78701', '7'),
          country: fc.constant('US'),
        },
        { requiredKeys: [] },
      );
    case 'attachment':
      return fc.oneof(fileArb, fc.array(fileArb, { maxLength: 6 }));
    case 'scaleRating':
      return fc.integer({ min: -1, max: 11 });
    case 'matrix': {
      const matrix = element as MatrixElement;
      const cell = fc.oneof(fc.constant(true), fc.boolean(), fc.constantFrom('o1', 'x', ''));
      const row = fc.dictionary(fc.constantFrom(...matrix.columns.map((c) => c.id), 'zz'), cell, { maxKeys: 4 });
      return fc.dictionary(fc.constantFrom(...matrix.rows.map((r) => r.id), 'r9'), row, { maxKeys: 3 });
    }
    case 'websiteLink':
      return fc.constantFrom('https://example.com', 'ftp://x', 'x');
    case 'legal':
      return fc.constantFrom(true, false, 'yes');
    case 'time':
      return fc.constantFrom('08:30', '23:59', '24:00', '8:30');
    default:
      return fc.string({ maxLength: 25 });
  }
}

/** A value that satisfies the element's settings when they are consistent (so valid submissions are common). */
export function validValue(element: FormElement): fc.Arbitrary<unknown> {
  const text = getTextBounds(element);
  if (text)
    return fc.integer({ min: text.minLength, max: Math.max(text.minLength, text.maxLength) }).map((n) => 'a'.repeat(n));
  const options = 'options' in element && element.options ? element.options.map((o) => o.id) : null;
  const selection = getSelectionBounds(element);
  if (selection && options) {
    const max = Math.min(options.length, selection.maxItems ?? options.length);
    return fc.integer({ min: Math.min(selection.minItems, max), max }).map((n) => options.slice(0, n));
  }
  if (options) return fc.constantFrom(...options);
  switch (element.type) {
    case 'fullName':
      return fc.constant({
        first: 'Ana',
        last: 'Cruz',
        ...(element.showMiddleName ? { middle: 'B' } : {}),
        ...(element.showPrefix ? { prefix: 'Dr.' } : {}),
      });
    case 'sport':
      return fc.constant(element.multiple ? ['Golf'] : 'Golf');
    case 'academicStanding':
      return fc.constantFrom('FIRST_YEAR', 'TEN_PLUS_YEARS');
    case 'dob':
      return fc.constantFrom('2000-01-01', '2008-03-15', '2008-03-16');
    case 'date':
      return fc.constantFrom('2025-06-15', '2026-03-15');
    case 'signature':
      return fc.constant(
        getSignatureModes(element)[0] === 'typed'
          ? { kind: 'typed', text: 'Ana' }
          : { kind: 'drawn', image: 'data:image/png;base64,AAAA' },
      );
    case 'address':
      return fc.constant(
        Object.fromEntries(getAddressParts(element).map(({ part }) => [part, part === 'postal' ? '78701' : 'Main'])),
      );
    case 'attachment': {
      const bounds = getFileBounds(element)!;
      const file = { fileId: 'f', name: `a.${bounds.accept[0]}`, size: 10 };
      return fc.constant(element.multiple ? [file] : file);
    }
    case 'scaleRating':
      return fc.integer({ min: 1, max: element.ratings });
    case 'matrix': {
      const radio = element.columns.find((c) => c.type === 'radio');
      const row = Object.fromEntries(
        element.columns
          .filter((c) => c.type !== 'radio' || c === radio)
          .map((c) => [
            c.id,
            c.type === 'radio' ? true : c.type === 'multichoice' ? false : c.type === 'dropdown' ? 'o1' : 'x',
          ]),
      );
      return fc.constant(Object.fromEntries(element.rows.map((r) => [r.id, row])));
    }
    case 'websiteLink':
      return fc.constant('https://example.com');
    case 'legal':
      return fc.constant(true);
    case 'time':
      return fc.constant('08:30');
    default:
      return fc.constant(undefined);
  }
}

/**
 * Answers for a form. Half the sets are "clean" (each question answered validly or left out) so valid submissions
 * are common; the other half mix in wrong values, junk, display-only answers and unknown keys.
 */
export function answersArb(version: FormVersion): fc.Arbitrary<Record<string, unknown>> {
  return fc.boolean().chain((clean) => (clean ? cleanAnswersArb(version) : noisyAnswersArb(version)));
}

function cleanAnswersArb(version: FormVersion): fc.Arbitrary<Record<string, unknown>> {
  const entries = version.elements.map((element) =>
    isAnswerableType(element.type)
      ? fc.option(validValue(element), { nil: undefined, freq: 8 })
      : fc.constant(undefined),
  );
  return fc.tuple(...entries).map((values) => {
    const answers: Record<string, unknown> = {};
    values.forEach((value, i) => {
      if (value !== undefined) answers[version.elements[i]!.id] = value;
    });
    return answers;
  });
}

function noisyAnswersArb(version: FormVersion): fc.Arbitrary<Record<string, unknown>> {
  const entries = version.elements.map((element) =>
    isAnswerableType(element.type)
      ? fc.option(
          fc.oneof(
            { weight: 6, arbitrary: validValue(element) },
            { weight: 3, arbitrary: plausibleValue(element) },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
          ),
          { nil: undefined, freq: 6 },
        )
      : fc.option(fc.string({ maxLength: 3 }), { nil: undefined, freq: 20 }),
  );
  return fc
    .tuple(fc.tuple(...entries), fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined, freq: 20 }))
    .map(([values, junk]) => {
      const answers: Record<string, unknown> = {};
      values.forEach((value, i) => {
        if (value !== undefined) answers[version.elements[i]!.id] = value;
      });
      if (junk !== undefined) answers.unknownKey = junk;
      return answers;
    });
}
