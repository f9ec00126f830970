import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { allowedMethodsOf, methodNotAllowed } from './answer-unsupported-methods';
import { matchUiRoute } from './match-ui-route';

export const DEFAULT_UI_DIR = resolve(import.meta.dirname, '../../dist/ui');

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Shown instead of the app when the UI has not been built yet (the API works regardless). */
export function missingUiPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>UI not built</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}code{background:#f1f3f5;padding:.1rem .3rem;border-radius:4px}</style>
</head><body><h1>The web app has not been built yet</h1>
<p>The API is running. To serve the user interface, run <code>npm run build</code> (or start everything with <code>npm start</code>) and reload this page.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p></body></html>`;
}

/**
 * Serves the built React app from dist/ui. Any GET that is not an API call and not a file gets index.html (the
 * client-side router takes over) with status 200 when the path is in the spec's route table and 404 when it is
 * not, so unknown pages are real 404s for crawlers and monitors while the UI shows its not-found page.
 */
export async function registerUi(app: FastifyInstance, uiDir: string = DEFAULT_UI_DIR): Promise<void> {
  const hasUi = existsSync(join(uiDir, 'index.html'));
  if (hasUi) {
    await app.register(fastifyStatic, {
      root: uiDir,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so those files never change under the same name.
        if (filePath.includes(`${join('/', 'assets', '/')}`))
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // The site root is a directory to the static plugin (which refuses to list it); it is the app's home page.
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    if (hasUi) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(missingUiPage());
  });
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A path that exists with other methods: 405 with the ones it has (Fastify's router would say 404).
    const allowed = allowedMethodsOf(request.server, path);
    if (allowed.length > 0 && !allowed.includes(request.method)) throw methodNotAllowed(allowed);
    if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) throw new AppError('NOT_FOUND');
    const route = matchUiRoute(path);
    if (!route && /\.[A-Za-z0-9]{1,8}$/.test(path)) throw new AppError('NOT_FOUND');
    void reply.code(route ? 200 : 404).header('cache-control', 'no-cache');
    if (hasUi) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(missingUiPage());
  });
}
