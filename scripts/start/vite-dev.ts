import { existsSync } from 'node:fs';
import { UI_CONFIG } from './ui-build';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a handshake's Origin is a page of this dev server (this machine, the dev server's port). */
function isDevServerOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return LOCAL_HOSTS.has(url.hostname) && url.port === String(port);
  } catch {
    return false;
  }
}

/** `npm run dev`: Vite's dev server with hot reload; it proxies /api to the API started alongside. */
export async function runViteDevServer(
  port: number,
  apiPort: number,
  publicUrl: string,
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
      proxy: {
        '/api': {
          target: `http://localhost:${apiPort}`,
          ws: true,
          // The API takes realtime handshakes only from PUBLIC_URL's origin; the dev server vouches for its own pages.
          configure(proxy) {
            proxy.on('proxyReqWs', (proxyReq, request) => {
              if (isDevServerOrigin(request.headers.origin, port))
                proxyReq.setHeader('origin', new URL(publicUrl).origin);
            });
          },
        },
      },
    },
  });
  await server.listen();
  return { url: `http://localhost:${port}`, stop: () => server.close() };
}
