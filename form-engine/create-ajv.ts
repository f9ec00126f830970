/**
 * One place that configures Ajv for the engine. Ajv generates code with `new Function`, which works in Node and
 * Temporal's workflow sandbox (it does not disable code generation) but not under the UI's Content-Security-Policy:
 * the browser uses eval-free validators instead (eval-free.ts).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type AjvInstance = InstanceType<typeof Ajv2020>;

export interface AjvSettings {
  /** Ajv's English messages; answer errors get the engine's own wording, so only definition checks need them. */
  messages?: boolean;
  /** Every problem at once (definition checks) or the first one only (answers: one message per element). */
  allErrors?: boolean;
  /**
   * Skip the meta-schema validation and strict-mode checks of each schema compiled. Used for answer schemas, which
   * the engine generates itself and compiles by the hundred: it makes compiling about three times faster. The unit
   * tests compile every generated schema with a strict, validating instance, so a malformed one still fails CI.
   */
  trusted?: boolean;
  /** Keep the generated source, as ES module code, for Ajv's standalone output (built ahead of time for the UI). */
  standalone?: boolean;
}

export function createAjv(settings: AjvSettings = {}): AjvInstance {
  const trusted = settings.trusted ?? false;
  const ajv = new Ajv2020({
    messages: settings.messages ?? true,
    allErrors: settings.allErrors ?? true,
    // Ajv's optimisation passes cost more compile time than they save on schemas compiled once per version.
    code: { optimize: false, ...(settings.standalone ? { source: true, esm: true } : {}) },
    discriminator: true,
    allowUnionTypes: true,
    strict: !trusted,
    validateSchema: !trusted,
    // Subschemas such as { required: ['col'] } inside anyOf name properties defined by their parent.
    strictRequired: false,
    // Compiled schemas are cached by the engine itself; Ajv's own cache would only grow.
    addUsedSchema: false,
  });
  // formatMinimum/formatMaximum bound date answers (a date element's min/max date limits).
  addFormats(ajv, { formats: ['date'], keywords: true });
  return ajv;
}
