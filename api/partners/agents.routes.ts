import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { requestMeta } from '../shared/request-meta';
import { errorResponses, IdParams } from '../shared/schemas';
import { actorOf } from '../shared/use-case';
import {
  AgentDecisionBody,
  AgentDetailDto,
  AgentLinkDto,
  AgentListDto,
  AgentListQuery,
  AgentTokenBody,
  CREATE_AGENT_DESCRIPTION,
  CreateAgentBody,
  DECIDE_AGENT_DESCRIPTION,
  INVITE_AGENT_DESCRIPTION,
  InviteAgentBody,
  MyAgentsDto,
  NAME_AGENT_DESCRIPTION,
  OkDto,
  OPEN_AGENT_LINK_DESCRIPTION,
  PROVIDE_AGENT_INFO_DESCRIPTION,
  ProvideAgentInfoBody,
  UNNAME_AGENT_DESCRIPTION,
} from './agents.schemas';
import {
  createAgent,
  decideAgent,
  getAgent,
  inviteAgent,
  listAgentsFor,
  myAgents,
  nameAgent,
  openAgentLink,
  provideAgentInfo,
  unnameAgent,
} from './agents.service';
import { partnerDepsOf } from './partner-deps';

/**
 * The agent registry (issue 39). Compliance admins keep it (`disclosures:review`): add agents, confirm or reject
 * invited ones. Athletes see active agents, name theirs or invite a new one (agent:<id> mails a signed link). The
 * invited agent's two routes are public and rate limited; the token travels in the body. Another school's agent
 * answers 404.
 */
export const agentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (request: FastifyRequest) => partnerDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const canRead = [requirePermission('disclosures:read')];
  const canManage = [requirePermission('disclosures:review')];

  app.get(
    '/agents',
    {
      onRequest: canRead,
      schema: { querystring: AgentListQuery, response: { 200: AgentListDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listAgentsFor(deps(request), actor(request), request.query),
  );

  app.get(
    '/agents/mine',
    { onRequest: canRead, schema: { response: { 200: MyAgentsDto, ...errorResponses(401, 403) } } },
    async (request) => myAgents(deps(request), actor(request)),
  );

  app.get(
    '/agents/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: AgentDetailDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getAgent(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/agents',
    {
      onRequest: canManage,
      schema: {
        body: CreateAgentBody,
        description: CREATE_AGENT_DESCRIPTION,
        response: { 201: AgentDetailDto, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await createAgent(deps(request), actor(request), request.body)),
  );

  app.post(
    '/agents/invitations',
    {
      onRequest: canRead,
      schema: {
        body: InviteAgentBody,
        description: INVITE_AGENT_DESCRIPTION,
        response: { 201: MyAgentsDto, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteAgent(deps(request), actor(request), request.body)),
  );

  app.post(
    '/agents/:id/named',
    {
      onRequest: canRead,
      schema: {
        params: IdParams,
        description: NAME_AGENT_DESCRIPTION,
        response: { 200: MyAgentsDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => nameAgent(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/agents/:id/unnamed',
    {
      onRequest: canRead,
      schema: {
        params: IdParams,
        description: UNNAME_AGENT_DESCRIPTION,
        response: { 200: MyAgentsDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => unnameAgent(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/agents/:id/decision',
    {
      onRequest: canManage,
      schema: {
        params: IdParams,
        body: AgentDecisionBody,
        description: DECIDE_AGENT_DESCRIPTION,
        response: { 200: AgentDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      decideAgent(deps(request), actor(request), {
        agentId: request.params.id,
        decision: request.body.decision,
        reason: request.body.reason ?? null,
      }),
  );

  // ---- the invited agent's link (public; POSTs keep the token out of URLs and access logs) ----
  app.post(
    '/agents/public/open',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: AgentTokenBody,
        description: OPEN_AGENT_LINK_DESCRIPTION,
        response: { 200: AgentLinkDto, ...errorResponses(400, 409, 410, 429) },
      },
    },
    async (request) => openAgentLink(deps(request), request.body.token),
  );

  app.post(
    '/agents/public/submit',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        body: ProvideAgentInfoBody,
        description: PROVIDE_AGENT_INFO_DESCRIPTION,
        response: { 200: OkDto, ...errorResponses(400, 409, 410, 429) },
      },
    },
    async (request) => {
      const { token, ...info } = request.body;
      return provideAgentInfo(deps(request), requestMeta(request), token, info);
    },
  );
};
