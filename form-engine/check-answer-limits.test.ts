import { describe, expect, it } from 'vitest';
import { findOversizedAnswer } from './check-answer-limits';
import { FORM_LIMITS } from './limits';

describe('findOversizedAnswer', () => {
  it('accepts every legitimate answer shape: scalars, selections, names, matrices, lists of files', () => {
    const matrix = Object.fromEntries(
      Array.from({ length: 10 }, (_, r) => [
        `r${r}`,
        Object.fromEntries(Array.from({ length: 10 }, (_, c) => [`c${c}`, true])),
      ]),
    );
    const answers = {
      text: 'hello',
      count: 3,
      picks: ['a', 'b'],
      name: { first: 'Ada', last: 'Lovelace' },
      matrix,
      files: [{ fileId: 'f1', name: 'a.pdf', size: 1 }],
      signature: { kind: 'typed', text: 'Ada' },
    };
    expect(findOversizedAnswer(answers)).toBeNull();
  });

  it('names the element whose answer nests deeper than the limit, however deep', () => {
    expect(findOversizedAnswer({ ok: 'x', deep: [[['too deep']]] })).toEqual({
      elementId: 'deep',
      code: 'ANSWER_TOO_DEEP',
    });
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findOversizedAnswer({ bomb: value })).toEqual({ elementId: 'bomb', code: 'ANSWER_TOO_DEEP' });
  });

  it('names the element with a list or object larger than the limit', () => {
    const many = Array.from({ length: FORM_LIMITS.maxAnswerItems + 1 }, (_, i) => i);
    expect(findOversizedAnswer({ picks: many })).toEqual({ elementId: 'picks', code: 'ANSWER_TOO_LARGE' });
    expect(findOversizedAnswer({ picks: many.slice(1) })).toBeNull();
  });
});
