import { existsSync } from 'node:fs';
import { UI_CONFIG } from './ui-build';

/** `npm run dev`: Vite's dev server with hot reload; it proxies /api to the API started alongside. */
export async function runViteDevServer(
  port: number,
  apiPort: number,
): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  if (!existsSync(UI_CONFIG)) return undefined;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: UI_CONFIG,
    clearScreen: false,
    server: {
      port,
      strictPort: true,
      // Follows PORT, whatever ui/vite.config.ts assumes.
      proxy: { '/api': { target: `http://localhost:${apiPort}`, ws: true } },
    },
  });
  await server.listen();
  return { url: `http://localhost:${port}`, stop: () => server.close() };
}
