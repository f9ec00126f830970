import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { academicYearsRoutes } from './academic-years/academic-years.routes';
import { athleteUploadsRoutes } from './athletes/athlete-uploads.routes';
import { eventsRoutes } from './calendar/events.routes';
import { segmentsRoutes } from './calendar/segments.routes';
import { feedsRoutes } from './calendar/feeds.routes';
import { eventUploadRoutes } from './calendar/event-upload.routes';
import { athletesRoutes } from './athletes/athletes.routes';
import { athleteFilesRoutes } from './athletes/athlete-files.routes';
import { athleteTagsRoutes } from './athletes/athlete-tags.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { compTicketsRoutes } from './comp-tickets/comp-tickets.routes';
import { devMailboxRoutes } from './dev-mailbox/dev-mailbox.routes';
import { conflictFlagsRoutes } from './disclosures/conflict-flags.routes';
import { disclosuresRoutes } from './disclosures/disclosures.routes';
import { formsRoutes } from './forms/forms.routes';
import { healthRoutes } from './health/health.routes';
import { metaRoutes, readAppVersion } from './meta/meta.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { packetsRoutes } from './packets/packets.routes';
import { operatorConsoleRoutes } from './operator-console/operator-console.routes';
import { answerClientError, answerFrameworkError } from './plugins/answer-transport-errors';
import { installMethodGuard } from './plugins/answer-unsupported-methods';
import { installErrorHandler } from './plugins/install-error-handler';
import { installJsonBodyParser } from './plugins/install-json-body-parser';
import { installMaintenanceMode } from './plugins/install-maintenance-mode';
import { registerOpenApiDocs } from './plugins/register-openapi-docs';
import { registerRateLimits } from './plugins/register-rate-limits';
import { API_PREFIX, installRouteRegistry } from './plugins/install-route-registry';
import { installSameOriginGuard } from './plugins/install-same-origin-guard';
import { registerSecurityHeaders } from './plugins/register-security-headers';
import { registerUi } from './plugins/serve-ui';
import { installValidatorCompiler } from './plugins/install-validator-compiler';
import { realtimeRoutes } from './realtime/realtime.routes';
import { rostersRoutes } from './rosters/rosters.routes';
import { schoolAthletesRoutes } from './schools/school-athletes.routes';
import { caraRoutes } from './cara/cara.routes';
import { psasRoutes } from './recruiting/psas.routes';
import { psaAttachmentsRoutes } from './recruiting/psa-attachments.routes';
import { recruitingFormsRoutes } from './recruiting/recruiting-forms.routes';
import { operatorPsasRoutes } from './recruiting/operator-psas.routes';
import { operatorEventsRoutes } from './calendar/operator-events.routes';
import { recruitingEventsRoutes } from './recruiting/recruiting-events.routes';
import { questionnairesRoutes } from './questionnaires/questionnaires.routes';
import { publicQuestionnairesRoutes } from './questionnaires/public-questionnaires.routes';
import { expensesRoutes } from './expenses/expenses.routes';
import { bankAccountsRoutes } from './bank-accounts/bank-accounts.routes';
import { taxRoutes } from './tax/tax.routes';
import { contractsRoutes } from './contracts/contracts.routes';
import { educationRoutes } from './education/education.routes';
import { agentsRoutes } from './partners/agents.routes';
import { fmvRoutes } from './partners/fmv.routes';
import { vendorsRoutes } from './partners/vendors.routes';
import { materialsRoutes } from './materials/materials.routes';
import { schoolRoutes } from './school/school.routes';
import { schoolsRoutes } from './schools/schools.routes';
import { searchRoutes } from './search/search.routes';
import { staffRoutes } from './staff/staff.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { teamsRoutes } from './teams/teams.routes';
import { templatesRoutes } from './templates/templates.routes';
import type { AppConfig } from './config';
import type { ServerDeps } from './types';
import { usersRoutes } from './users/users.routes';
import { installContentTypeGuard } from './plugins/refuse-unread-content-types';
import { ROUTER_MAX_PARAM_LENGTH } from './shared/schemas';

export type { ServerDeps } from './types';

/**
 * Fastify's `trustProxy` from TRUST_PROXY. A hop count trusts that many proxies nearest the server (Fastify itself
 * no longer honours a number), which is right only when clients can reach the API through those proxies alone.
 */
export function toTrustProxyOption(
  trust: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Builds the API (does not listen). Load order: infrastructure (registry, validation, errors, security headers,
 * cookies, rate limits, maintenance, docs), then the /api/v1 feature routes, health probes, and last the UI.
 */
export async function buildServer(deps: ServerDeps & { uiDir?: string }): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    // Client addresses come from X-Forwarded-For only when TRUST_PROXY names the proxies allowed to set it.
    trustProxy: toTrustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    // Long enough for any path parameter its schema allows, percent-encoded: a longer one is refused by the schema.
    maxParamLength: ROUTER_MAX_PARAM_LENGTH,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  installRouteRegistry(app);
  installValidatorCompiler(app);
  installJsonBodyParser(app);
  installContentTypeGuard(app);
  installErrorHandler(app);

  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await registerRateLimits(app);
  installSameOriginGuard(app, config.publicUrl);
  installMethodGuard(app);
  installMaintenanceMode(app, config.maintenance);
  await registerOpenApiDocs(app, readAppVersion());
  // Clients only listen on the realtime socket, so their messages stay tiny.
  await app.register(websocket, { options: { maxPayload: 4096 } });

  await app.register(
    async (api) => {
      await api.register(metaRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(teamsRoutes);
      await api.register(academicYearsRoutes);
      await api.register(segmentsRoutes);
      await api.register(eventsRoutes);
      await api.register(feedsRoutes);
      await api.register(eventUploadRoutes);
      await api.register(athletesRoutes);
      await api.register(athleteUploadsRoutes);
      await api.register(rostersRoutes);
      await api.register(athleteTagsRoutes);
      await api.register(athleteFilesRoutes);
      await api.register(staffRoutes);
      await api.register(formsRoutes);
      await api.register(notificationsRoutes);
      await api.register(auditRoutes);
      await api.register(schoolRoutes);
      await api.register(schoolsRoutes);
      await api.register(realtimeRoutes);
      await api.register(packetsRoutes);
      await api.register(compTicketsRoutes);
      await api.register(operatorConsoleRoutes);
      await api.register(disclosuresRoutes);
      await api.register(conflictFlagsRoutes);
      await api.register(templatesRoutes);
      await api.register(tasksRoutes);
      await api.register(searchRoutes);
      await api.register(schoolAthletesRoutes);
      await api.register(caraRoutes);
      if (config.devMailbox) await api.register(devMailboxRoutes);
      await api.register(psasRoutes);
      await api.register(psaAttachmentsRoutes);
      await api.register(operatorPsasRoutes);
      await api.register(operatorEventsRoutes);
      await api.register(recruitingEventsRoutes);
      await api.register(questionnairesRoutes);
      await api.register(publicQuestionnairesRoutes);
      await api.register(recruitingFormsRoutes);
      await api.register(expensesRoutes);
      await api.register(bankAccountsRoutes);
      await api.register(taxRoutes);
      await api.register(materialsRoutes);
      await api.register(contractsRoutes);
      await api.register(educationRoutes);
      await api.register(agentsRoutes);
      await api.register(fmvRoutes);
      await api.register(vendorsRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(healthRoutes);
  await registerUi(app, deps.uiDir);
  return app;
}
