import { FORM_LIMITS } from '../../form-engine/limits';

/**
 * How deeply a JSON request body may nest objects and arrays. The deepest legitimate input is a condition nested
 * `maxConditionDepth` groups deep inside a form definition or a packet workflow: five levels down to its first
 * group (body, definition or workflow, rules or steps, rule or step, group), two per further group (the group and
 * its list) and the comparison, 21 in all. The limit leaves room above that, so a condition or an answer only a
 * little too deep still gets its own catalogue error from the route, while a body thousands of levels deep is
 * refused before anything recursive (JSON.parse's reviver, Ajv, JSON.stringify) walks it.
 */
export const JSON_BODY_MAX_DEPTH = 2 * FORM_LIMITS.maxConditionDepth + 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** The index of the quote that closes the string opened at `open`, or -1 when it never closes. */
function endOfString(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at !== -1) {
    let backslashes = 0;
    for (let i = at - 1; text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

/**
 * Whether JSON text nests objects and arrays more than `max` levels deep. One pass over the text without
 * recursion or parsing (brackets inside strings do not count), so it is safe on any input; malformed JSON is left
 * to the parser.
 */
export function exceedsJsonDepth(text: string, max: number = JSON_BODY_MAX_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = endOfString(text, i);
      if (end === -1) return false;
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
