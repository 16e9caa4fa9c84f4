import {
  ActiveSessionSchema,
  AuthAnswerSchema,
  ChangePasswordInput,
  ForgotPasswordAnswerSchema,
  ForgotPasswordInput,
  IMAGE_MAX_BYTES,
  LoginInput,
  MessageAnswerSchema,
  PhoneStartAnswerSchema,
  PhoneStartInput,
  PhoneVerifyAnswerSchema,
  PhoneVerifyInput,
  ResetPasswordInput,
  VerifyEmailInput,
  SignupAnswerSchema,
  UserSchema,
} from '@jamii/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { NoContent } from '../../platform/responses';
import { createNotifier } from '../notifications/notifications.service';
import { toUserDto } from '../users/users.mapper';
import { accounts } from '../users/users.service';
import { assertOwnPage, clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './auth.cookies';
import { deleteExpiredSessions } from './auth.repo';
import { createAuthService } from './auth.service';
import { createDeviceMarks, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-marks';
import { LockedOut } from './login-failures';
import { PhoneRateLimited } from './phone.service';

export const authRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const auth = createAuthService(p, createNotifier(p.db, p.events), app.log);
  const route = routeKit(app, p.guards, 'auth');
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

  /** Sets the refresh cookie of a new login, and marks this browser a known device of the member. */
  function signedIn(
    reply: FastifyReply,
    marks: string | undefined,
    session: Parameters<typeof setRefreshCookie>[1],
    userId: number,
  ) {
    setRefreshCookie(reply, session, secureCookies);
    // This browser is now a known device of the member: their next login here is not toasted.
    reply.setCookie(DEVICE_COOKIE, devices.remember(marks, userId), {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: '/api',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }

  route.post(
    '/api/signup',
    {
      policy: 'public',
      summary:
        'Create an account (multipart: username, name, email or signup_token from POST /api/auth/phone/verify, location, bio, password, confirmPassword, profile_pic)',
      response: { 201: SignupAnswerSchema },
      limits: p.limits.signup,
    },
    async (req, reply) => {
      const form = await p.uploads.readForm(req, 'profile_pic', { fileSize: IMAGE_MAX_BYTES });
      return reply.code(201).send(await auth.signup(form.fields, form.file));
    },
  );

  route.post(
    '/api/login',
    {
      policy: 'public',
      summary: 'Log in; sets the refresh cookie',
      body: LoginInput,
      response: { 200: AuthAnswerSchema },
      limits: p.limits.login,
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
      signedIn(reply, marks, session, user.id);
      return { token: session.token, user };
    },
  );

  route.post(
    '/api/refresh',
    {
      // Authenticated by the refresh cookie: assertOwnPage guards it against cross-site calls.
      policy: 'public',
      summary: 'Exchange the refresh cookie for a new access token',
      response: { 200: AuthAnswerSchema },
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

  route.post(
    '/api/logout',
    { policy: 'public', summary: 'End the session of the refresh cookie', response: { 204: NoContent } },
    async (req, reply) => {
      assertOwnPage(req, p.config.publicUrl);
      await auth.logout(readRefreshCookie(req, secureCookies));
      clearRefreshCookie(reply, secureCookies);
      return reply.code(204).send();
    },
  );

  for (const path of ['/me', '/api/me']) {
    route.get(
      path,
      {
        policy: 'member',
        summary: 'The signed-in member (401 otherwise)',
        // Both paths make getMe: the one outside /api is named for where it is.
        operationId: path === '/me' ? 'getMeAtSiteRoot' : 'getMe',
        response: { 200: UserSchema },
      },
      async (req) => toUserDto((await accounts.findById(p.db, req.user.id))!, req.user.id),
    );
  }

  route.post(
    '/api/auth/forgot-password',
    {
      policy: 'public',
      summary: 'Email a reset link (the same answer whether or not the account exists)',
      body: ForgotPasswordInput,
      response: { 200: ForgotPasswordAnswerSchema },
      limits: p.limits.forgotPassword,
    },
    async (req) => auth.forgotPassword(req.body.email),
  );

  route.post(
    '/api/auth/reset-password',
    {
      policy: 'public',
      summary: 'Set a new password with a reset token; ends every session of the account',
      body: ResetPasswordInput,
      response: { 200: MessageAnswerSchema },
      limits: p.limits.resetPassword,
    },
    async (req) => auth.resetPassword(req.body.token, req.body.password),
  );

  route.post(
    '/api/auth/change-password',
    {
      policy: 'member',
      summary:
        'Change one’s password (current one required; 400 with a field error otherwise); optionally end the other sessions; a notice is emailed',
      body: ChangePasswordInput,
      response: { 200: MessageAnswerSchema },
      limits: p.limits.resetPassword,
    },
    async (req) => auth.changePassword({ id: req.user.id, sessionId: req.tokenSessionId! }, req.body),
  );

  route.get(
    '/api/auth/sessions',
    {
      policy: 'member',
      summary: 'My open sessions (logins): device, created, last used, and which is this one',
      response: { 200: z.array(ActiveSessionSchema) },
    },
    async (req) => auth.listSessions({ id: req.user.id, sessionId: req.tokenSessionId! }),
  );

  route.removed(
    '/api/auth/sessions/:id',
    {
      policy: 'owner',
      summary: 'End one of my sessions and its sockets (another member’s or unknown: 404)',
      params: z.object({ id: z.string() }),
    },
    async (req) => auth.revokeSession({ id: req.user.id }, req.params.id),
  );

  route.post(
    '/api/auth/verify-email',
    {
      policy: 'public',
      summary: 'Confirm an email with the emailed token (single use, 48 hours); 400 otherwise',
      body: VerifyEmailInput,
      response: { 200: MessageAnswerSchema },
      limits: p.limits.resetPassword,
    },
    async (req) => auth.verifyEmail(req.body.token),
  );

  route.post(
    '/api/auth/verify-email/resend',
    {
      policy: 'member',
      summary: 'Email the signed-in member a new confirmation link (rate-limited)',
      response: { 200: MessageAnswerSchema },
      limits: p.limits.forgotPassword,
    },
    async (req) => auth.resendVerification(req.user.id),
  );

  const withRetryAfter = (reply: FastifyReply) => (err: unknown) => {
    if (err instanceof PhoneRateLimited) reply.header('retry-after', err.retryAfterSeconds);
    throw err;
  };

  route.post(
    '/api/auth/phone/start',
    {
      policy: 'public',
      viewer: true,
      summary:
        'Send a six-digit code by SMS to a Kenyan mobile number (10 minutes, 5 tries, 3 codes an hour per number); signed in, a number another account verified answers 409',
      body: PhoneStartInput,
      response: { 200: PhoneStartAnswerSchema },
      limits: p.limits.phoneStart,
    },
    async (req, reply) => {
      const me = req.user ? await accounts.findById(p.db, req.user.id) : undefined;
      return auth.phones
        .start(req.body.phone, {
          userId: me?.id ?? null,
          language: me?.language ?? req.body.language ?? 'en',
        })
        .catch(withRetryAfter(reply));
    },
  );

  route.post(
    '/api/auth/phone/verify',
    {
      policy: 'public',
      viewer: true,
      summary:
        "Prove a number with its code: signed in, it becomes the member's verified phone; signed out, its verified owner is signed in (refresh cookie set), or a newcomer gets a signup_token for POST /api/signup",
      body: PhoneVerifyInput,
      response: { 200: PhoneVerifyAnswerSchema },
      limits: p.limits.phoneVerify,
    },
    async (req, reply) => {
      const proof = await auth.phones.verify(req.body.phone, req.body.code, req.user?.id ?? null);
      if (proof.kind === 'verified')
        return { phone_verified: true as const, user: toUserDto(proof.user, proof.user.id) };
      if (proof.kind === 'newcomer')
        return { signup_token: proof.signupToken, phone: proof.phone, expires_in: proof.expiresIn };
      const marks = req.cookies[DEVICE_COOKIE];
      const { session, user } = await auth.signInProvedOwner(
        proof.user,
        { rememberMe: req.body.rememberMe },
        userAgent(req.headers['user-agent']),
        (userId) => devices.knows(marks, userId),
      );
      signedIn(reply, marks, session, user.id);
      return { token: session.token, user };
    },
  );
};
