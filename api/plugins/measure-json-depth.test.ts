import { describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_DEPTH, exceedsJsonDepth } from './measure-json-depth';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays up to the limit, and refuses one level more', () => {
    expect(exceedsJsonDepth(nested(JSON_BODY_MAX_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(JSON_BODY_MAX_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
    expect(exceedsJsonDepth('[[],[],[]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: 'say "[[[[" \\ ok', more: ['\\'] }), 2)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: 'x"', inner: [[[]]] }), 3)).toBe(true);
  });

  it('leaves malformed text to the parser', () => {
    expect(exceedsJsonDepth('{"open": "never closed')).toBe(false);
    expect(exceedsJsonDepth(']]]]')).toBe(false);
  });

  it('scans a body thousands of levels deep without recursing', () => {
    expect(exceedsJsonDepth(nested(1_000_000))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${'{"b":'.repeat(20_000)}1${'}'.repeat(20_000)}}`)).toBe(true);
  });

  it('stays above the deepest legitimate body: a form with a condition nested as deep as allowed', () => {
    let group: unknown = { element: 'q', operator: 'isEmpty' };
    for (let i = 0; i < 8; i++) group = { combinator: 'and', conditions: [group] };
    const form = { definition: { conditions: [{ id: 'r', action: 'show', target: 't', when: group }] } };
    const packet = { workflow: { steps: [{ id: 's', condition: group }] } };
    for (const body of [form, packet]) {
      expect(exceedsJsonDepth(JSON.stringify(body), 21)).toBe(false);
      expect(exceedsJsonDepth(JSON.stringify(body), 20)).toBe(true);
    }
    expect(JSON_BODY_MAX_DEPTH).toBeGreaterThan(21);
  });
});
