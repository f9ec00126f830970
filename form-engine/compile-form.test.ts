import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors';
import { clearCompiledForms, compileForm, getCompiledFormCacheSize } from './compile-form';
import { getElementValidatorCacheSize } from './element-validators';
import type { FormVersion } from './form-definition';
import { createAjv } from './create-ajv';
import { buildElementAnswerSchema } from './element-answer-schema';
import { everyElementAnswers, everyElementForm } from './testing/sample-forms';

// fixed-date fixture: validate is given its today.

describe('compileForm', () => {
  beforeEach(() => clearCompiledForms());

  it('compiles once per version: same object, or same id and content', () => {
    const version = everyElementForm();
    const first = compileForm(version);
    expect(compileForm(version)).toBe(first);
    expect(compileForm(structuredClone(version))).toBe(first);
    expect(getCompiledFormCacheSize()).toBe(1);
  });

  it('recompiles when the content of a version changes, even under the same id', () => {
    const version = everyElementForm();
    const changed: FormVersion = { ...version, name: 'Renamed' };
    const first = compileForm(version);
    const second = compileForm(changed);
    expect(second).not.toBe(first);
    expect(second.hash).not.toBe(first.hash);
    expect(getCompiledFormCacheSize()).toBe(2);
  });

  it('shares compiled element validators between versions', () => {
    compileForm(everyElementForm());
    const size = getElementValidatorCacheSize();
    compileForm(everyElementForm({ id: 'v2', version: 2 }));
    expect(getElementValidatorCacheSize()).toBe(size);
  });

  it('produces a JSON Schema 2020-12 keyed by element id, without display-only elements', () => {
    const { schema } = compileForm(everyElementForm());
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    const properties = schema.properties as Record<string, { title: string }>;
    expect(Object.keys(properties)).not.toContain('title');
    expect(Object.keys(properties)).not.toContain('logo');
    expect(properties.name!.title).toBe('Name');
    // Required whatever the answers: required and never shown / hidden by a rule. The grid is hidden by a rule.
    expect(schema.required).toEqual(['name', 'dob', 'sig', 'consents', 'transport', 'terms']);
  });

  it('generates answer schemas that a strict Ajv accepts, element by element and as a whole', () => {
    const strict = createAjv();
    const version = everyElementForm();
    for (const element of version.elements) {
      const schema = buildElementAnswerSchema(element);
      if (schema) expect(() => strict.compile(schema), element.type).not.toThrow();
    }
    const whole = strict.compile(compileForm(version).schema);
    expect(whole({ ...everyElementAnswers(), guardian: 'x' })).toBe(true);
    expect(whole({ ...everyElementAnswers(), logo: 'x' })).toBe(false);
  });

  it('refuses a malformed definition with FORM_DEFINITION_INVALID naming the place', () => {
    const broken = {
      ...everyElementForm(),
      elements: [{ id: 'x', type: 'rocket', dataLabel: 'x', label: 'x' }],
    } as unknown as FormVersion;
    expect(() => compileForm(broken)).toThrow(AppError);
    try {
      compileForm(broken);
    } catch (error) {
      expect((error as AppError).code).toBe('FORM_DEFINITION_INVALID');
      expect((error as AppError).details?.[0]?.field).toBe('x');
    }
  });

  it('refuses duplicate element ids (answers would be ambiguous)', () => {
    const version = everyElementForm();
    const duplicated = { ...version, elements: [...version.elements, { ...version.elements[1]!, dataLabel: 'Other' }] };
    expect(() => compileForm(duplicated)).toThrow(expect.objectContaining({ code: 'FORM_ELEMENT_ID_NOT_UNIQUE' }));
  });

  it('compiles a draft with a cycle (checkDefinition reports it) so the builder can still preview', () => {
    const version = everyElementForm({
      conditions: [
        {
          id: 'a',
          action: 'show',
          target: 'sid',
          when: { combinator: 'and', conditions: [{ element: 'psa', operator: 'isNotEmpty' }] },
        },
        {
          id: 'b',
          action: 'show',
          target: 'psa',
          when: { combinator: 'and', conditions: [{ element: 'sid', operator: 'isNotEmpty' }] },
        },
      ],
    });
    expect(() => compileForm(version).validate({}, { today: '2026-01-01' })).not.toThrow();
  });
});
