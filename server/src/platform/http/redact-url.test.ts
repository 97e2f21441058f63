import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { REDACTED, redactUrl } from './redact-url.ts';

const R = REDACTED;

describe('redactUrl', () => {
  test('a secret query parameter loses its value; the others stay byte for byte', () => {
    assert.equal(redactUrl('/confirm?token=abc.DEF-1&back=%2Fx'), `/confirm?token=${R}&back=%2Fx`);
    assert.equal(redactUrl('/reset_password?token=abc'), `/reset_password?token=${R}`);
    assert.equal(redactUrl('/notifications/opt_out?token=a%20b'), `/notifications/opt_out?token=${R}`);
    assert.equal(
      redactUrl('/x?page=2&reset_token=s&client_secret=t&password=p&TOKEN=u'),
      `/x?page=2&reset_token=${R}&client_secret=${R}&password=${R}&TOKEN=${R}`,
    );
  });

  test('names are read decoded, and a name without a value or a repeated one is still caught', () => {
    assert.equal(redactUrl('/x?%74oken=abc'), `/x?%74oken=${R}`);
    assert.equal(redactUrl('/x?token'), `/x?token=${R}`);
    assert.equal(redactUrl('/x?token=a&token=b'), `/x?token=${R}&token=${R}`);
    assert.equal(redactUrl('/x?%E0%A4%A=1'), '/x?%E0%A4%A=1', 'a malformed escape is left as it is');
  });

  test("a matched route's parameter named like a secret is redacted, other parameters are not", () => {
    assert.equal(
      redactUrl('/api/v1/invitations/tok123/accept', '/api/v1/invitations/:token/accept'),
      `/api/v1/invitations/${R}/accept`,
    );
    assert.equal(
      redactUrl('/api/v1/invitations/7f0c?developer_app_id=3', '/api/v1/invitations/:id'),
      '/api/v1/invitations/7f0c?developer_app_id=3',
    );
  });

  test('a page path (no route, or the catch-all) is redacted after its secret-bearing segment', () => {
    assert.equal(redactUrl('/invitations/tok123'), `/invitations/${R}`);
    assert.equal(redactUrl('/Invitations//tok123/'), `/Invitations//${R}/`);
    assert.equal(redactUrl('/api/v1/invitations/tok123/x', undefined), `/api/v1/invitations/${R}/x`);
    assert.equal(redactUrl('/assets/invitations/a.js', '/assets/*'), `/assets/invitations/${R}`);
    assert.equal(redactUrl('/developer_apps/12/invitations'), '/developer_apps/12/invitations');
  });
});
