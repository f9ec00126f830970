import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export const MetaDto = Type.Object({
  maintenance: Type.Boolean(),
  devMailbox: Type.Boolean(),
  temporalUiUrl: Type.String(),
  version: Type.String(),
});

/** The package version, read once (shown in the UI footer and the API docs). */
export function readAppVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** GET /meta: what the UI needs before anyone signs in; answers during maintenance too. */
export const metaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.deps;
  const version = readAppVersion();
  app.get('/meta', { config: { public: true }, schema: { response: { 200: MetaDto } } }, async () => ({
    maintenance: config.maintenance,
    devMailbox: config.devMailbox,
    temporalUiUrl: config.temporalUiUrl,
    version,
  }));
};
