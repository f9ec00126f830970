/**
 * Ajv's standalone code for the form definition schema: the same validator Ajv compiles at run time on the server
 * (same schema, same options, see validate-definition-shape.ts), generated as an ES module when the UI is built
 * (ui/vite.config.ts), so the browser validates definitions without `new Function`. Node only.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import { fileURLToPath } from 'node:url';
import { createAjv } from './create-ajv';
import { FORM_DEFINITION_SCHEMA } from './definition-schema';
import { STANDALONE_RUNTIME } from './standalone-runtime';
import { DEFINITION_AJV_SETTINGS } from './validate-definition-shape';

const RUNTIME_MODULE = fileURLToPath(new URL('./standalone-runtime.ts', import.meta.url));

/** The module's source; its default export is the definition validator (an Ajv ValidateFunction). */
export function generateDefinitionValidatorModule(runtimeModule: string = RUNTIME_MODULE): string {
  const ajv = createAjv({ ...DEFINITION_AJV_SETTINGS, standalone: true });
  const validate = ajv.compile(FORM_DEFINITION_SCHEMA);
  const code = standaloneCode(ajv, validate);
  // Ajv's ES module output still loads its run-time helpers with require(): they come from one module of ours.
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, id: string) => {
    if (!(id in STANDALONE_RUNTIME))
      throw new Error(`The standalone validator needs "${id}": add it to standalone-runtime.ts`);
    return `__runtime[${JSON.stringify(id)}]`;
  });
  return `import { STANDALONE_RUNTIME as __runtime } from ${JSON.stringify(runtimeModule)};\n${body}`;
}
