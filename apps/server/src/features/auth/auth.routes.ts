import {
  ActiveSessionSchema,
  AuthAnswerSchema,
  ChangePasswordInput,
  ForgotPasswordAnswerSchema,
  ForgotPasswordInput,
  IMAGE_MAX_BYTES,
  LoginInput,
  MessageAnswerSchema,
  ResetPasswordInput,
  VerifyEmailInput,
  SignupAnswerSchema,
  UserSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { readForm } from '../../platform/multipart';
import { NoContent } from '../../platform/responses';
import { createNotifier } from '../notifications/notifications.service';
import { toUserDto } from '../users/users.mapper';
import { accounts } from '../users/users.service';
import { assertOwnPage, clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './auth.cookies';
import { deleteExpiredSessions } from './auth.repo';
import { createAuthService } from './auth.service';
import { createDeviceMarks, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-marks';
import { LockedOut } from './login-failures';

export const authRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const auth = createAuthService(p, createNotifier(p.db, p.events), app.log);
  const secureCookies = p.config.publicUrl.startsWith('https:');
  const userAgent = (ua: string | undefined) => ua ?? '';
  const devices = createDeviceMarks(p.jwtSecret);

  // Expired refresh tokens are of no use: swept hourly in the background, off any request.
  const sweep = setInterval(
    () => p.background.defer('delete expired sessions', () => deleteExpiredSessions(p.db, new Date())),
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    '/api/signup',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (multipart: username, name, email, location, bio, password, confirmPassword, profile_pic)',
        response: { 201: SignupAnswerSchema },
      },
      preHandler: p.limits.signup,
      config: { policy: 'public' },
    },
    async (req, reply) => {
      const form = await readForm(req, 'profile_pic', { fileSize: IMAGE_MAX_BYTES });
      return reply.code(201).send(await auth.signup(form.fields, form.file));
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in; sets the refresh cookie',
        body: LoginInput,
        response: { 200: AuthAnswerSchema },
      },
      preHandler: p.limits.login,
      config: { policy: 'public' },
    },
    async (req, reply) => {
      const marks = req.cookies[DEVICE_COOKIE];
      const { session, user } = await auth
        .login(
          req.body,
          userAgent(req.headers['user-agent']),
          (name, work) => p.background.afterAnswer(reply, name, work),
          (userId) => devices.knows(marks, userId),
        )
        .catch((err: unknown) => {
          if (err instanceof LockedOut) reply.header('retry-after', err.retryAfterSeconds);
          throw err;
        });
      setRefreshCookie(reply, session, secureCookies);
      // This browser is now a known device of the member: their next login here is not toasted.
      reply.setCookie(DEVICE_COOKIE, devices.remember(marks, user.id), {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: '/api',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      return { token: session.token, user };
    },
  );

  app.post(
    '/api/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token',
        response: { 200: AuthAnswerSchema },
      },
      // Authenticated by the refresh cookie: assertOwnPage guards it against cross-site calls.
      config: { policy: 'public' },
    },
    async (req, reply) => {
      assertOwnPage(req, p.config.publicUrl);
      try {
        const { session, user } = await auth.refresh(
          readRefreshCookie(req, secureCookies),
          userAgent(req.headers['user-agent']),
        );
        setRefreshCookie(reply, session, secureCookies);
        return { token: session.token, user };
      } catch (err) {
        clearRefreshCookie(reply, secureCookies);
        throw err;
      }
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the refresh cookie',
        response: { 204: NoContent },
      },
      config: { policy: 'public' },
    },
    async (req, reply) => {
      assertOwnPage(req, p.config.publicUrl);
      await auth.logout(readRefreshCookie(req, secureCookies));
      clearRefreshCookie(reply, secureCookies);
      return reply.code(204).send();
    },
  );

  for (const path of ['/me', '/api/me']) {
    app.get(
      path,
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in member (401 otherwise)',
          response: { 200: UserSchema },
        },
        preHandler: p.guards.requireUser,
        config: { policy: 'member' },
      },
      async (req) => toUserDto((await accounts.findById(p.db, req.user.id))!, req.user.id),
    );
  }

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a reset link (the same answer whether or not the account exists)',
        body: ForgotPasswordInput,
        response: { 200: ForgotPasswordAnswerSchema },
      },
      preHandler: p.limits.forgotPassword,
      config: { policy: 'public' },
    },
    async (req) => auth.forgotPassword(req.body.email),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token; ends every session of the account',
        body: ResetPasswordInput,
        response: { 200: MessageAnswerSchema },
      },
      preHandler: p.limits.resetPassword,
      config: { policy: 'public' },
    },
    async (req) => auth.resetPassword(req.body.token, req.body.password),
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Change one’s password (current one required; 400 with a field error otherwise); optionally end the other sessions; a notice is emailed',
        body: ChangePasswordInput,
        response: { 200: MessageAnswerSchema },
      },
      preHandler: [p.guards.requireUser, ...p.limits.resetPassword],
      config: { policy: 'member' },
    },
    async (req) => auth.changePassword({ id: req.user.id, sessionId: req.tokenSessionId! }, req.body),
  );

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'My open sessions (logins): device, created, last used, and which is this one',
        response: { 200: z.array(ActiveSessionSchema) },
      },
      preHandler: p.guards.requireUser,
      config: { policy: 'member' },
    },
    async (req) => auth.listSessions({ id: req.user.id, sessionId: req.tokenSessionId! }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of my sessions and its sockets (another member’s or unknown: 404)',
        params: z.object({ id: z.string() }),
        response: { 204: NoContent },
      },
      preHandler: p.guards.requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await auth.revokeSession({ id: req.user.id }, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email with the emailed token (single use, 48 hours); 400 otherwise',
        body: VerifyEmailInput,
        response: { 200: MessageAnswerSchema },
      },
      preHandler: p.limits.resetPassword,
      config: { policy: 'public' },
    },
    async (req) => auth.verifyEmail(req.body.token),
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email the signed-in member a new confirmation link (rate-limited)',
        response: { 200: MessageAnswerSchema },
      },
      preHandler: [p.guards.requireUser, ...p.limits.forgotPassword],
      config: { policy: 'member' },
    },
    async (req) => auth.resendVerification(req.user.id),
  );
};
