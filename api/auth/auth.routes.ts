import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/password';
import { EmailChangeConfirmBody, EmailChanged } from '../users/email-change.schemas';
import { confirmEmailChange, emailChangeDeps } from '../users/email-change.service';
import { requestMeta } from '../shared/request-meta';
import { authOf } from '../plugins/authenticate';
import { credentialRateLimit } from '../plugins/register-rate-limits';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
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
import { LOGIN_FAILURE_LIMIT, logIn, logOut, switchPortal } from './auth.service';
import { acceptInvitation, findUsableInvitation } from './invitation-acceptance.service';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from './password-reset.service';
import { SESSION_COOKIE, sessionCookieOptions } from './session-cookie';
import { authDepsOf, type StartedSession } from './start-session';
import { toMe } from './to-me';

/** What a new password is refused for (api/auth/passwords.ts), in the order the checks run. */
const PASSWORD_REFUSALS = {
  PASSWORD_INVALID_CHARACTERS: 'when the password contains a control character (a line break, a tab)',
  PASSWORD_POLICY: `when the password, without its leading and trailing spaces, is not ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long or lacks a special character, a number, an uppercase or a lowercase letter`,
  PASSWORD_TOO_COMMON: 'when the password is on the common or breached password lists',
  PASSWORD_PERSONAL: "when the password contains the person's e-mail or name",
  PASSWORDS_DO_NOT_MATCH: 'when `confirmPassword` differs from `password`',
};

/** Why an invitation link is not usable (findUsableInvitation). */
const INVITATION_REFUSALS = {
  INVITATION_INVALID:
    'when the link is not one the server signed, the invitation was withdrawn or has expired, or the account is inactive',
  INVITATION_REDEEMED: 'when the invitation has already been accepted',
};

/** Sign-in, sign-out, the current user, the portal switch, password reset and invitation acceptance. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const core = (request: FastifyRequest) => authDepsOf(app.deps, request.log);

  /** The session a use case opened becomes this request's: its cookie is set and the request is signed in. */
  function signIn(request: FastifyRequest, reply: FastifyReply, started: StartedSession) {
    void reply.setCookie(SESSION_COOKIE, started.token, sessionCookieOptions(app.deps.config));
    request.auth = started.auth;
    return toMe(started.auth);
  }

  app.post(
    '/auth/login',
    {
      // A coarse backstop per address and e-mail; failed attempts have their own, stricter limit in logIn.
      config: { public: true, rateLimit: credentialRateLimit(100, '15 minutes') },
      schema: {
        description: refusals({
          WRONG_CREDENTIALS:
            'when no account has this e-mail, the password is wrong, or the account has not accepted its invitation yet',
          ACCOUNT_INACTIVE: 'when the account is inactive or none of its roles opens a portal',
          RATE_LIMITED: `after ${LOGIN_FAILURE_LIMIT.max} failed attempts for this e-mail or address within ${LOGIN_FAILURE_LIMIT.windowMinutes} minutes`,
        }),
        body: LoginBody,
        response: { 200: MeDto, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      try {
        return signIn(
          request,
          reply,
          await logIn(core(request), requestMeta(request), request.body.email, request.body.password),
        );
      } catch (err) {
        if (err instanceof AppError && err.code === 'RATE_LIMITED') {
          void reply.header('retry-after', String(LOGIN_FAILURE_LIMIT.windowMinutes * 60));
        }
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    { config: { public: true }, schema: { response: { 204: NoContent } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      await logOut(core(request), requestMeta(request), token);
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
      schema: {
        description: refusals({ FORBIDDEN: "when the user's roles do not open that portal" }),
        body: PortalBody,
        response: { 200: MeDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      request.auth = await switchPortal(core(request), authOf(request), request.body.portal);
      return toMe(request.auth);
    },
  );

  app.post(
    '/auth/email-change/confirm',
    {
      config: { public: true, rateLimit: credentialRateLimit(20, '15 minutes') },
      schema: {
        description: `Confirms a new login e-mail from the signed link mailed to it. ${refusals({
          EMAIL_CHANGE_LINK_INVALID: 'when the link is not one the server signed, has expired or was already used',
          EMAIL_EXISTS: 'when another account took the new e-mail meanwhile',
        })}`,
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
      await requestPasswordReset(core(request), requestMeta(request), request.body.email);
      return reply.code(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true, rateLimit: credentialRateLimit(20, '15 minutes') },
      schema: {
        description: refusals({
          RESET_LINK_INVALID: 'when the link is not one the server signed, has expired or was already used',
          ...PASSWORD_REFUSALS,
        }),
        body: NewPasswordBody,
        response: { 204: NoContent, ...errorResponses(400, 410, 429) },
      },
    },
    async (request, reply) => {
      const { token, password, confirmPassword } = request.body;
      await resetPassword(core(request), requestMeta(request), token, password, confirmPassword);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/invitation',
    {
      config: { public: true, rateLimit: credentialRateLimit(60, '15 minutes') },
      schema: {
        description: refusals(INVITATION_REFUSALS),
        querystring: InvitationQuery,
        response: { 200: InvitationDto, ...errorResponses(400, 409, 410, 429) },
      },
    },
    async (request) => {
      const invitation = await findUsableInvitation(core(request), request.query.token);
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
      schema: {
        description: refusals({ ...INVITATION_REFUSALS, ...PASSWORD_REFUSALS }),
        body: NewPasswordBody,
        response: { 200: MeDto, ...errorResponses(400, 409, 410, 429, 503) },
      },
    },
    async (request, reply) =>
      signIn(request, reply, await acceptInvitation(core(request), requestMeta(request), request.body)),
  );
};
