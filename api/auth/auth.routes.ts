import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmailChangeConfirmBody, EmailChanged } from '../users/email-change.schemas';
import { confirmEmailChange, emailChangeDeps } from '../users/email-change.service';
import { requestMeta } from '../shared/request-meta';
import { authOf } from '../plugins/authenticate';
import { credentialRateLimit } from '../plugins/register-rate-limits';
import { requirePermission } from '../plugins/require-permission';
import { MessageBody, NoContent, errorResponses } from '../shared/schemas';
import {
  ForgotPasswordBody,
  InvitationDto,
  InvitationQuery,
  LoginBody,
  MeDto,
  NewPasswordBody,
  PortalBody,
} from './auth.schemas';
import { logIn, logOut, switchPortal } from './auth.service';
import { acceptInvitation, findUsableInvitation } from './invitation-acceptance.service';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from './password-reset.service';
import { toMe } from './to-me';

/** Sign-in, sign-out, the current user, the portal switch, password reset and invitation acceptance. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/login',
    {
      // A coarse backstop per address and e-mail; failed attempts have their own, stricter limit in logIn.
      config: { public: true, rateLimit: credentialRateLimit(100, '15 minutes') },
      schema: { body: LoginBody, response: { 200: MeDto, ...errorResponses(400, 401, 403, 429) } },
    },
    async (request, reply) => toMe(await logIn(request, reply, request.body.email, request.body.password)),
  );

  app.post(
    '/auth/logout',
    { config: { public: true }, schema: { response: { 204: NoContent } } },
    async (request, reply) => {
      await logOut(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    { onRequest: requirePermission('profile:read'), schema: { response: { 200: MeDto, ...errorResponses(401, 403) } } },
    async (request) => toMe(authOf(request)),
  );

  app.post(
    '/auth/portal',
    {
      onRequest: requirePermission('profile:read'),
      schema: { body: PortalBody, response: { 200: MeDto, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => toMe(await switchPortal(request, reply, request.body.portal)),
  );

  app.post(
    '/auth/email-change/confirm',
    {
      config: { public: true, rateLimit: credentialRateLimit(20, '15 minutes') },
      schema: {
        description: 'Confirms a new login e-mail from the signed link mailed to it.',
        body: EmailChangeConfirmBody,
        response: { 200: EmailChanged, ...errorResponses(400, 409, 410, 429) },
      },
    },
    async (request) => confirmEmailChange(emailChangeDeps(app.deps), request.body.token, requestMeta(request)),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true, rateLimit: credentialRateLimit(5, '15 minutes') },
      schema: { body: ForgotPasswordBody, response: { 202: MessageBody, ...errorResponses(400, 429, 503) } },
    },
    async (request, reply) => {
      await requestPasswordReset(request, request.body.email);
      return reply.code(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true, rateLimit: credentialRateLimit(20, '15 minutes') },
      schema: { body: NewPasswordBody, response: { 204: NoContent, ...errorResponses(400, 410, 429) } },
    },
    async (request, reply) => {
      const { token, password, confirmPassword } = request.body;
      await resetPassword(request, token, password, confirmPassword);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/invitation',
    {
      config: { public: true, rateLimit: credentialRateLimit(60, '15 minutes') },
      schema: { querystring: InvitationQuery, response: { 200: InvitationDto, ...errorResponses(400, 409, 410, 429) } },
    },
    async (request) => {
      const invitation = await findUsableInvitation(request, request.query.token);
      return {
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        schoolName: invitation.schoolName,
      };
    },
  );

  app.post(
    '/auth/create-password',
    {
      config: { public: true, rateLimit: credentialRateLimit(20, '15 minutes') },
      schema: { body: NewPasswordBody, response: { 200: MeDto, ...errorResponses(400, 409, 410, 429, 503) } },
    },
    async (request, reply) => toMe(await acceptInvitation(request, reply, request.body)),
  );
};
