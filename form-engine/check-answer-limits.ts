/**
 * Limits of one answer's nesting and size, measured without recursion before anything walks the answer (the
 * Temporal payload converter, Ajv's uniqueItems, the PDF). The deepest legitimate answer is two containers deep
 * (a matrix's rows and their cells, a list of attached files), and no list or object in one holds more than a
 * form allows (100 options, 10 matrix rows or columns, a few files).
 */
import type { Answers } from './form-definition';
import { FORM_LIMITS } from './limits';

export interface OversizedAnswer {
  elementId: string;
  code: 'ANSWER_TOO_DEEP' | 'ANSWER_TOO_LARGE';
}

function entriesOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return Object.values(value);
  return null;
}

/** The first element whose answer nests more than `maxAnswerDepth` containers or has one over `maxAnswerItems`. */
export function findOversizedAnswer(answers: Answers): OversizedAnswer | null {
  for (const [elementId, answer] of Object.entries(answers)) {
    const stack: Array<{ value: unknown; depth: number }> = [{ value: answer, depth: 0 }];
    while (stack.length > 0) {
      const { value, depth } = stack.pop()!;
      const entries = entriesOf(value);
      if (!entries) continue;
      if (depth + 1 > FORM_LIMITS.maxAnswerDepth) return { elementId, code: 'ANSWER_TOO_DEEP' };
      if (entries.length > FORM_LIMITS.maxAnswerItems) return { elementId, code: 'ANSWER_TOO_LARGE' };
      for (const entry of entries) stack.push({ value: entry, depth: depth + 1 });
    }
  }
  return null;
}
