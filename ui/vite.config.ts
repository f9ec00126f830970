import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { formDefinitionValidator } from './form-definition-validator.plugin';

const uiRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The API listens on PORT (default 3000); the dev server forwards /api, WebSocket included, to it.
const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

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
