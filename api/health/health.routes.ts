import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkDatabase, checkTemporal } from './health.service';

const Check = Type.Enum(['ok', 'error', 'not configured']);
const Readiness = Type.Object(
  { status: Type.Enum(['ok', 'error']), database: Check, temporal: Check },
  { additionalProperties: false },
);

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database and Temporal answer). */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, temporal } = app.deps;

  app.get(
    '/healthz',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['health'],
        response: { 200: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { public: true, rateLimit: false },
      schema: { tags: ['health'], response: { 200: Readiness, 503: Readiness } },
    },
    async (_request, reply) => {
      const [db, wf] = await Promise.all([checkDatabase(database.db), checkTemporal(temporal)]);
      const ok = db === 'ok' && wf === 'ok';
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database: db, temporal: wf });
    },
  );
};
