import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { hasControlCharacters, stripInvisibleCharacters } from '../../domain/people-names';
import { SINGLE_LINE_KEYWORD } from '../shared/schemas';

interface KeywordContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}
type KeywordValidate = ((enabled: unknown, data: unknown, parentSchema: unknown, cxt?: KeywordContext) => boolean) & {
  errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }>;
};

/**
 * `x-single-line` (shared/schemas SingleLine): the one name rule of issue 36 at the API. A CR, LF, NUL or other C0/C1
 * control character is refused (NAME_INVALID_CHARACTERS); zero-width and bidirectional characters are stripped from
 * the value the handler reads. The keyword runs before the string's length checks, so a name of invisible characters
 * only is then as empty as it looks (minLength refuses it).
 */
const singleLine: KeywordValidate = (enabled, data, _parentSchema, cxt) => {
  if (enabled !== true || typeof data !== 'string') return true;
  if (hasControlCharacters(data)) {
    singleLine.errors = [{ keyword: SINGLE_LINE_KEYWORD, message: 'has a control character', params: {} }];
    return false;
  }
  const clean = stripInvisibleCharacters(data);
  if (clean !== data && cxt?.parentData && cxt.parentDataProperty !== undefined) {
    cxt.parentData[cxt.parentDataProperty] = clean;
  }
  return true;
};

/**
 * Two validators: JSON bodies are checked as sent (no type coercion, so `null` stays null and "5" is not a
 * number), while query strings, params and headers are coerced because they only ever arrive as text.
 * allErrors gives every bad field at once; verbose keeps the failing schema so `x-error-code` can pick the wording.
 */
export function createAjv(coerce: boolean): Ajv {
  const options: Options = {
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    verbose: true,
    strict: false,
    // A `oneOf` with a discriminator (form elements) tries only the branch its tag names, so removeAdditional cannot
    // strip the properties of one branch while another is tried.
    discriminator: true,
  };
  const ajv = new Ajv(options);
  addFormats(ajv);
  ajv.addVocabulary(['x-error-code', 'x-error-message']);
  ajv.addKeyword({ keyword: SINGLE_LINE_KEYWORD, modifying: true, errors: true, validate: singleLine });
  return ajv;
}

export function installValidatorCompiler(app: FastifyInstance): void {
  const bodyAjv = createAjv(false);
  const textAjv = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
}
