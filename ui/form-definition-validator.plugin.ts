import type { Plugin } from 'vite';
import { generateDefinitionValidatorModule } from '../form-engine/standalone-definition-validator';

/**
 * `virtual:form-definition-validator`: Ajv's standalone code for the form definition schema, generated at build time
 * so the browser validates definitions without eval (the CSP has no 'unsafe-eval').
 */
export function formDefinitionValidator(): Plugin {
  const id = 'virtual:form-definition-validator';
  const resolved = `\0${id}`;
  return {
    name: 'form-definition-validator',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (loaded) => (loaded === resolved ? generateDefinitionValidatorModule() : undefined),
  };
}
