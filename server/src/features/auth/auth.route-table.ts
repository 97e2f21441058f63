import { TEST_PASSWORD } from '../../test/helpers.ts';
import { everyone, type RouteRows, signedIn, V } from '../../test/route-spec.ts';

/**
 * The auth feature's rows in the route table (test/route-table.ts). Public calls work for anyone;
 * calls that start or end a session use their own.
 */
export const authRouteTable: RouteRows = {
  'POST /api/v1/auth/sign_up': {
    expect: everyone(201),
    call: (fx) => ({
      url: `${V}/auth/sign_up`,
      payload: { name: 'New Person', email: `${fx.unique('signup')}@example.com`, password: TEST_PASSWORD },
    }),
  },
  'POST /api/v1/auth/sign_in': {
    expect: everyone(200),
    call: async (fx, persona) => {
      const user = persona === 'anonymous' || persona === 'service' ? fx.spare : fx.users[persona];
      return { url: `${V}/auth/sign_in`, payload: { email: user.email, password: TEST_PASSWORD } };
    },
  },
  'POST /api/v1/auth/sign_in_link': {
    expect: everyone(200),
    call: (fx) => ({ url: `${V}/auth/sign_in_link`, payload: { email: fx.spare.email } }),
  },
  'POST /api/v1/auth/sign_in_with_link': {
    expect: everyone(200),
    call: async (fx) => {
      // An account of its own per call: one address gets only a few links a window.
      const user = await fx.t.createUser();
      await fx.t.client().post(`${V}/auth/sign_in_link`, { email: user.email });
      const token = await fx.mailedToken(user.email, 'sign_in_link');
      return { url: `${V}/auth/sign_in_with_link`, payload: { token } };
    },
  },
  'POST /api/v1/auth/sign_out': {
    expect: everyone(200),
    call: async (fx, persona) => ({ url: `${V}/auth/sign_out`, client: await fx.newSession(persona) }),
  },
  'POST /api/v1/auth/confirm': {
    expect: everyone(200),
    call: async (fx) => {
      const email = `${fx.unique('confirm')}@example.com`;
      await fx.t.client().post(`${V}/auth/sign_up`, { name: 'To Confirm', email, password: TEST_PASSWORD });
      return { url: `${V}/auth/confirm`, payload: { token: await fx.mailedToken(email, 'confirm') } };
    },
  },
  'POST /api/v1/auth/forgot_password': {
    expect: everyone(200),
    call: (fx) => ({ url: `${V}/auth/forgot_password`, payload: { email: fx.spare.email } }),
  },
  'POST /api/v1/auth/reset_password': {
    expect: everyone(200),
    call: async (fx) => {
      await fx.t.client().post(`${V}/auth/forgot_password`, { email: fx.spare.email });
      const token = await fx.mailedToken(fx.spare.email, 'reset_password');
      // The same password again, so the spare account still signs in with it.
      return { url: `${V}/auth/reset_password`, payload: { token, password: TEST_PASSWORD } };
    },
  },
  'GET /api/v1/me': { expect: signedIn(200) },
  'PATCH /api/v1/me': {
    expect: signedIn(200),
    call: () => ({ url: `${V}/me`, payload: { company_name: 'Route Matrix Inc' } }),
  },
  'POST /api/v1/me/password': {
    expect: signedIn(200),
    call: async (fx, persona) => ({
      url: `${V}/me/password`,
      payload: { current_password: TEST_PASSWORD, new_password: 'another good password' },
      client: (await fx.lookalike(persona)).client,
    }),
  },
};
