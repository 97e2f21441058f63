import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { authorize, basic, REDIRECT, sandboxClient, tokenRequest } from './testing.ts';

let t: TestApp;
let developer: TestClient;
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0, productionAccessAutoApprove: true });
  ({ client: developer } = await t.asNewUser());
});
after(() => t.close());

describe('authorization code', () => {
  test('code, token, me, refresh', async () => {
    const c = await sandboxClient(t, developer);
    const { code, location } = await authorize(developer, c);
    assert.equal(location.origin + location.pathname, REDIRECT);
    assert.equal(location.searchParams.get('state'), 'state-123');
    const res = await tokenRequest(
      t,
      { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT },
      '',
      basic(c),
    );
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.expires_in, 5400);
    assert.ok(body.refresh_token);
    const me = await t.app.inject({
      url: '/rest/v1.0/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    assert.equal(me.statusCode, 200, me.body);
  });
});
