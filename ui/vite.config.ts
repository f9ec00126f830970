import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { generateDefinitionValidatorModule } from '../form-engine/standalone-definition-validator';

const uiRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The API listens on PORT (default 3000); the dev server forwards /api, WebSocket included, to it.
const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

/**
 * `virtual:form-definition-validator`: Ajv's standalone code for the form definition schema, generated at build time
 * so the browser validates definitions without eval (the CSP has no 'unsafe-eval').
 */
function formDefinitionValidator(): Plugin {
  const id = 'virtual:form-definition-validator';
  const resolved = `\0${id}`;
  return {
    name: 'form-definition-validator',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (loaded) => (loaded === resolved ? generateDefinitionValidatorModule() : undefined),
  };
}

// The UI imports domain/ straight from the repository root, so the dev server must be allowed to read it.
export default defineConfig({
  root: uiRoot,
  plugins: [react(), formDefinitionValidator()],
  build: {
    outDir: '../dist/ui',
    emptyOutDir: true,
    // The entry chunk carries React, the router and Mantine (~580 kB, ~180 kB gzipped); screens load lazily.
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: apiTarget, ws: true },
    },
  },
});
