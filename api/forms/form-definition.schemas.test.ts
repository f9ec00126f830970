import { describe, expect, it } from 'vitest';
import { createAjv as createEngineAjv } from '../../form-engine/create-ajv';
import { FORM_DEFINITION_SCHEMA } from '../../form-engine/definition-schema';
import type { FormVersion } from '../../form-engine/form-definition';
import { denseConditionForm, everyElementForm, largeForm, variedForm } from '../../form-engine/testing/sample-forms';
import { demoPacketDefinitions } from '../../scripts/demo/demo-packets';
import { createAjv } from '../plugins/install-validator-compiler';
import { FormDefinitionInput, FormDefinitionSchema } from './form-definition.schemas';

const engine = createEngineAjv({}).compile(FORM_DEFINITION_SCHEMA);
const contract = createAjv(false).compile(FormDefinitionSchema);
const input = createAjv(false).compile(FormDefinitionInput);

function nested(depth: number): FormVersion['conditions'][number]['when'] {
  const comparison = { element: 'a', operator: 'equals' as const, value: 'x' };
  return depth <= 1
    ? { combinator: 'and', conditions: [comparison] }
    : { combinator: 'or', conditions: [comparison, nested(depth - 1)] };
}

const { medical, contact } = demoPacketDefinitions();
const samples: Array<[string, FormVersion]> = [
  ['every element with conditions', everyElementForm()],
  ['a large form', largeForm(200)],
  ['a varied form', variedForm(120)],
  ['dense conditions', denseConditionForm(60, 200)],
  ['demo medical history (also a library template)', medical],
  ['demo emergency contact (also a library template)', contact],
  [
    'conditions nested as deep as allowed',
    {
      ...everyElementForm(),
      conditions: [{ id: 'deep', action: 'show', target: 'a', when: nested(8) }],
    },
  ],
];

describe('the API schema of a form definition', () => {
  it.each(samples)('accepts what the engine accepts, unchanged: %s', (_name, definition) => {
    expect(engine(definition), JSON.stringify(engine.errors?.slice(0, 2))).toBe(true);
    const copy = structuredClone(definition);
    expect(contract(copy), JSON.stringify(contract.errors?.slice(0, 2))).toBe(true);
    expect(input(copy)).toBe(true);
    // The body validator drops unknown properties; a union tried branch by branch would drop known ones too.
    expect(copy).toEqual(definition);
  });

  it('refuses what the engine refuses for its shape', () => {
    const base = everyElementForm();
    const bad: unknown[] = [
      { ...base, elements: 'nope' },
      { ...base, elements: [{ id: 'x', type: 'hologram', dataLabel: 'X', label: 'X' }] },
      { ...base, elements: [{ id: 'x', type: 'dropdown', dataLabel: 'X', label: 'X' }] },
      { ...base, elements: [{ id: '__proto__', type: 'time', dataLabel: 'X', label: 'X' }] },
      { ...base, conditions: [{ id: 'r', action: 'show', target: 'a', when: { combinator: 'xor', conditions: [] } }] },
      { ...base, conditions: [{ id: 'deep', action: 'show', target: 'a', when: nested(9) }] },
    ];
    for (const definition of bad) {
      expect(contract(structuredClone(definition)), JSON.stringify(definition).slice(0, 120)).toBe(false);
    }
    expect(engine(bad[5])).toBe(true); // depth is the engine's CONDITION_TOO_DEEP rule, not its schema's
  });

  it('leaves the server-owned identity out of what a builder must send', () => {
    expect(input({ elements: [], conditions: [] })).toBe(true);
    expect(contract({ elements: [], conditions: [] })).toBe(false);
  });
});
