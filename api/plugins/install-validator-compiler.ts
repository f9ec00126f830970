import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

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
  return ajv;
}

export function installValidatorCompiler(app: FastifyInstance): void {
  const bodyAjv = createAjv(false);
  const textAjv = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
}
