import {
  ChangePasswordBody,
  ConfirmEmailBody,
  CurrentUser,
  ForgotPasswordBody,
  ResetPasswordBody,
  SignInBody,
  SignInLinkBody,
  SignInWithLinkBody,
  SignUpBody,
  UpdateSettingsBody,
} from '@portal/contracts';
import { forwardCookies, toWebHeaders } from '../../platform/auth/web-headers.ts';
import { Ok, ok } from '../../platform/http/ok.ts';
import { type App, currentUser } from '../../platform/http/route.ts';
import { issueDeviceCookie, trustedDevice } from './auth.device.ts';
import * as auth from './auth.service.ts';
import { requestSignInLink, signInWithLink } from './auth.sign-in-link.ts';

export async function authRoutes(app: App) {
  app.post(
    '/auth/sign_up',
    { config: { access: 'public' }, schema: { body: SignUpBody, response: { 201: Ok } } },
    async (request, reply) => {
      await auth.signUp(app.ctx, request.body);
      return reply.status(201).send(ok);
    },
  );

  app.post(
    '/auth/sign_in',
    { config: { access: 'public' }, schema: { body: SignInBody, response: { 200: Ok } } },
    async (request, reply) => {
      const { email } = request.body;
      const client = { ip: request.ip, device: trustedDevice(app.ctx.config, request, email) };
      forwardCookies(await auth.signIn(app.ctx, request.body, client, toWebHeaders(request)), reply);
      issueDeviceCookie(app.ctx.config, reply, email);
      return ok;
    },
  );

  app.post(
    '/auth/sign_in_link',
    {
      config: { access: 'public' },
      schema: {
        description:
          'E-mails a one-time sign-in link to a confirmed account (offered when sign-in answers 429). The same answer for every address.',
        body: SignInLinkBody,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await requestSignInLink(app.ctx, request.body, request.ip, toWebHeaders(request));
      return ok;
    },
  );

  app.post(
    '/auth/sign_in_with_link',
    { config: { access: 'public' }, schema: { body: SignInWithLinkBody, response: { 200: Ok } } },
    async (request, reply) => {
      const { headers, email } = await signInWithLink(app.ctx, request.body.token, toWebHeaders(request));
      forwardCookies(headers, reply);
      // The browser the owner proved the mailbox in gets its own sign-in budget from now on.
      issueDeviceCookie(app.ctx.config, reply, email);
      return ok;
    },
  );

  app.post(
    '/auth/sign_out',
    { config: { access: 'public' }, schema: { response: { 200: Ok } } },
    async (request, reply) => {
      if (request.user) forwardCookies(await auth.signOut(app.ctx, request), reply);
      return ok;
    },
  );

  app.post(
    '/auth/confirm',
    { config: { access: 'public' }, schema: { body: ConfirmEmailBody, response: { 200: Ok } } },
    async (request, reply) => {
      forwardCookies(await auth.confirmEmail(app.ctx, request.body.token), reply);
      return ok;
    },
  );

  app.post(
    '/auth/forgot_password',
    { config: { access: 'public' }, schema: { body: ForgotPasswordBody, response: { 200: Ok } } },
    async (request) => {
      await auth.requestPasswordReset(app.ctx, request.body.email);
      return ok;
    },
  );

  app.post(
    '/auth/reset_password',
    { config: { access: 'public' }, schema: { body: ResetPasswordBody, response: { 200: Ok } } },
    async (request) => {
      await auth.resetPassword(app.ctx, request.body);
      return ok;
    },
  );

  app.get(
    '/me',
    { config: { access: 'user' }, schema: { response: { 200: CurrentUser } } },
    async (request) => auth.toCurrentUser(currentUser(request)),
  );

  app.patch(
    '/me',
    { config: { access: 'user' }, schema: { body: UpdateSettingsBody, response: { 200: CurrentUser } } },
    async (request) => auth.updateSettings(app.ctx, currentUser(request), request.body),
  );

  app.post(
    '/me/password',
    { config: { access: 'user' }, schema: { body: ChangePasswordBody, response: { 200: Ok } } },
    async (request, reply) => {
      forwardCookies(
        await auth.changePassword(app.ctx, currentUser(request), request.body, toWebHeaders(request)),
        reply,
      );
      return ok;
    },
  );
}
