import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  AthleteBankAccountAnswer,
  AthleteParams,
  BankAccountAnswer,
  REVEAL_ATHLETE_DESCRIPTION,
  REVEAL_OWN_DESCRIPTION,
  RevealAnswer,
  SAVE_BANK_ACCOUNT_DESCRIPTION,
  SaveBankAccountBody,
} from './bank-accounts.schemas';
import {
  bankAccountKey,
  getAthleteBankAccount,
  getOwnBankAccount,
  revealAthleteAccountNumber,
  revealOwnAccountNumber,
  saveOwnBankAccount,
} from './bank-accounts.service';

/**
 * Bank accounts: the athlete's own (`bank-accounts:own`: read masked, add or replace, reveal) and, for school admins,
 * an athlete's (`bank-accounts:read` masked; `bank-accounts:reveal`, compliance only, the full number). Reveals are
 * POSTs, never cached, and audited.
 */
export const bankAccountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Computed once at registration: a malformed BANK_ACCOUNTS_KEY stops the start instead of failing a request.
  const accountKey = bankAccountKey(app.deps.config.appSecret);
  const deps = (request: FastifyRequest) => ({ ...coreDepsOf(app.deps, request.log), accountKey });
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const own = requirePermission('bank-accounts:own');

  app.get(
    '/bank-account',
    { onRequest: own, schema: { response: { 200: BankAccountAnswer, ...errorResponses(401, 403) } } },
    async (request) => getOwnBankAccount(deps(request), actor(request)),
  );

  app.put(
    '/bank-account',
    {
      onRequest: own,
      schema: {
        body: SaveBankAccountBody,
        description: SAVE_BANK_ACCOUNT_DESCRIPTION,
        response: { 200: BankAccountAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveOwnBankAccount(deps(request), actor(request), request.body),
  );

  app.post(
    '/bank-account/reveal',
    {
      onRequest: own,
      schema: {
        description: REVEAL_OWN_DESCRIPTION,
        response: { 200: RevealAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return revealOwnAccountNumber(deps(request), actor(request));
    },
  );

  app.get(
    '/bank-accounts/:athleteId',
    {
      onRequest: requirePermission('bank-accounts:read'),
      schema: {
        params: AthleteParams,
        response: { 200: AthleteBankAccountAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAthleteBankAccount(deps(request), actor(request), request.params.athleteId),
  );

  app.post(
    '/bank-accounts/:athleteId/reveal',
    {
      onRequest: requirePermission('bank-accounts:reveal'),
      schema: {
        params: AthleteParams,
        description: REVEAL_ATHLETE_DESCRIPTION,
        response: { 200: RevealAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return revealAthleteAccountNumber(deps(request), actor(request), request.params.athleteId);
    },
  );
};
