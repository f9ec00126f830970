import { describe, expect, it } from 'vitest';
import { findDropIndex } from './drop-position';

describe('findDropIndex', () => {
  const ids = ['a', 'b', 'c'];
  const rect = { top: 100, height: 40 };

  it('lands before the element when the pointer is in its upper half', () => {
    expect(findDropIndex(ids, { overId: 'b', pointerY: 110, overRect: rect })).toBe(1);
  });

  it('lands after the element when the pointer is in its lower half', () => {
    expect(findDropIndex(ids, { overId: 'c', pointerY: 135, overRect: rect })).toBe(3);
  });

  it('lands at the end over the empty canvas', () => {
    expect(findDropIndex(ids, { overId: 'canvas', pointerY: 500, overRect: null })).toBe(3);
    expect(findDropIndex([], { overId: null, pointerY: null, overRect: null })).toBe(0);
  });
});
