import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { REDACTED } from '../../platform/http/redact-url.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';

/**
 * The whole journey a person's one-time links take, through the real app with its log captured:
 * sign up (and try to sign in before confirming), confirm, be invited and accept, reset the password,
 * opt out of critical e-mails — each link opened as a page and then used through the API, as the
 * browser does. No delivered token may appear in the log, in JSON or in the terminal's pretty lines.
 */
const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
after(() => rmSync(webDist, { recursive: true, force: true }));

const LINK =
  /\/(?:confirm|reset_password|notifications\/opt_out)\?token=([^\s&"]+)|\/invitations\/([^\s"/]+)/g;

for (const pretty of [false, true]) {
  describe(`one-time tokens in the ${pretty ? 'terminal (pretty)' : 'JSON'} log`, () => {
    let t: TestApp;
    let log = '';
    const delivered: string[] = [];
    const used = new Set<string>();

    /** The token of the newest delivered link to `pathname`. */
    function linkToken(pathname: string): string {
      for (const text of delivered.toReversed()) {
        for (const match of text.matchAll(LINK)) {
          if (match[0].startsWith(pathname)) {
            const token = decodeURIComponent(match[1] ?? match[2]!);
            used.add(token);
            return token;
          }
        }
      }
      throw new Error(`no ${pathname} link delivered`);
    }

    async function expectStatus(res: Promise<{ statusCode: number; body: string }>, status: number) {
      const answer = await res;
      assert.equal(answer.statusCode, status, answer.body);
    }

    before(async () => {
      const destination = new PassThrough();
      destination.on('data', (chunk) => {
        log += chunk;
      });
      t = await createTestApp({ webDist }, { logTo: { destination, pretty } });
      t.ctx.smtp = {
        sendMail: async (message: { text: string; html: string }) => {
          delivered.push(message.text, message.html);
        },
        close: () => {},
      } as never;

      const email = 'newcomer@example.com';
      const person = t.client();
      await expectStatus(
        person.post('/api/v1/auth/sign_up', { name: 'Newcomer', email, password: TEST_PASSWORD }),
        201,
      );
      await expectStatus(person.post('/api/v1/auth/sign_in', { email, password: TEST_PASSWORD }), 403);
      await t.drainJobs();
      const confirm = linkToken('/confirm');
      await expectStatus(person.get(`/confirm?token=${encodeURIComponent(confirm)}`), 200);
      await expectStatus(person.post('/api/v1/auth/confirm', { token: confirm }), 200);

      const { client: owner } = await t.asNewUser();
      const app = await createAppAs(owner);
      await expectStatus(
        owner.post('/api/v1/invitations', { developer_app_id: app.id, email, role: 'developer' }),
        201,
      );
      await t.drainJobs();
      const invitation = encodeURIComponent(linkToken('/invitations/'));
      await expectStatus(person.get(`/invitations/${invitation}`), 200);
      await expectStatus(person.get(`/api/v1/invitations/${invitation}`), 200);
      await expectStatus(person.post(`/api/v1/invitations/${invitation}/accept`), 200);

      await expectStatus(person.post('/api/v1/auth/forgot_password', { email }), 200);
      await t.drainJobs();
      const reset = linkToken('/reset_password');
      await expectStatus(t.client().get(`/reset_password?token=${encodeURIComponent(reset)}`), 200);
      await expectStatus(
        t.client().post('/api/v1/auth/reset_password', { token: reset, password: 'a brand new password' }),
        200,
      );

      const { client: admin } = await t.asNewUser({ role: 'admin' });
      await expectStatus(
        admin.post('/api/v1/admin/notifications', {
          title: 'Outage',
          summary: 'S',
          body: 'B',
          critical: true,
        }),
        201,
      );
      await t.drainJobs();
      const optOut = linkToken('/notifications/opt_out');
      await expectStatus(t.client().get(`/notifications/opt_out?token=${encodeURIComponent(optOut)}`), 200);
      await expectStatus(t.client().post('/api/v1/notifications/opt_out', { token: optOut }), 200);
    });
    after(() => t.close());

    test('the log has a line for each link opened and each token used, with the token redacted', () => {
      for (const line of [
        `GET /confirm?token=${REDACTED} 200`,
        `GET /invitations/${REDACTED} 200`,
        `GET /api/v1/invitations/${REDACTED} 200`,
        `POST /api/v1/invitations/${REDACTED}/accept 200`,
        `GET /reset_password?token=${REDACTED} 200`,
        `GET /notifications/opt_out?token=${REDACTED} 200`,
      ]) {
        assert.ok(log.includes(line), `no "${line}" in the log:\n${log}`);
      }
      assert.equal(log.trimStart().startsWith('{'), !pretty);
    });

    test('no delivered token is in the log, as sent or URL-encoded', () => {
      assert.equal(used.size, 4, 'confirmation, invitation, reset and opt-out tokens');
      for (const token of used) {
        for (const form of [token, encodeURIComponent(token)]) {
          assert.ok(!log.includes(form), `token ${form} is in the log`);
        }
      }
    });
  });
}
