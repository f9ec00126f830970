import { describe, expect, it } from 'vitest';
import { ELEMENT_TYPES, isAnswerableType } from '../../../../../form-engine';
import { ELEMENT_LABELS, PALETTE_GROUPS, selectPaletteGroups } from './element-catalog';

describe('the palette', () => {
  it('offers every element type of the engine exactly once', () => {
    const offered = PALETTE_GROUPS.flatMap((group) => group.types);
    expect([...offered].sort()).toEqual([...ELEMENT_TYPES].sort());
  });

  it('names every type', () => {
    for (const type of ELEMENT_TYPES) expect(ELEMENT_LABELS[type]).toMatch(/\S/);
  });

  it('offers only questions to a short form', () => {
    const offered = selectPaletteGroups('short').flatMap((group) => group.types);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every(isAnswerableType)).toBe(true);
    expect(offered).toHaveLength(ELEMENT_TYPES.filter(isAnswerableType).length);
  });
});
