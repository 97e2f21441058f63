// The SMTP server goes down under a running portal and comes back: mail queued meanwhile is retried
// and every e-mail arrives exactly once, with none lost and none sent twice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSession, json, type Session } from './support/http.ts';
import { ADMIN, freePort, report, waitUntil } from './support/portal.ts';
import { withFaultRun } from './support/run.ts';
import { countByMessageId, createSmtpSink } from './support/smtp-sink.ts';

const PER_PHASE = 10;

type OutboxRow = { to: string; status: 'sent' | 'failed'; error: string | null };

test('SMTP down then up: every e-mail delivered exactly once', async () => {
  const sink = createSmtpSink(await freePort());
  await sink.start();
  await withFaultRun(
    'smtp',
    async (run) => {
      run.onClose(() => sink.stop());
      const portal = await run.start();
      const admin = await run.signIn(portal, { email: ADMIN });
      const visitor = createSession(portal.origin);
      run.onClose(() => visitor.close());
      const signUp = async (address: string) => {
        const res = await visitor.post('/api/v1/auth/sign_up', {
          name: 'Mail Fault',
          email: address,
          password: 'a long enough password',
        });
        assert.equal(res.status, 201, res.body.toString());
      };
      const addresses = (phase: string) =>
        Array.from({ length: PER_PHASE }, (_, n) => `smtp-${phase}-${n}@example.com`);
      const arrived = (to: string[]) => sink.messages.filter((m) => m.to.some((a) => to.includes(a))).length;

      // Up: delivered as they are queued.
      const before = addresses('before');
      for (const address of before) await signUp(address);
      await waitUntil('mail sent while the sink is up', () => arrived(before) >= PER_PHASE);

      // Down: every attempt fails and is recorded as failed; nothing arrives.
      await sink.stop();
      const during = addresses('during');
      for (const address of during) await signUp(address);
      await waitUntil(
        'every attempt made while the sink is down to fail',
        async () => {
          const rows = await outboxFor(admin, 'smtp-during-');
          return rows.length === PER_PHASE && rows.every((row) => row.status === 'failed');
        },
        { timeoutMs: 60_000 },
      );
      const failedRows = await outboxFor(admin, 'smtp-during-');
      assert.equal(arrived(during), 0);

      // Up again: the retries deliver, and mail queued now goes straight through.
      await sink.start();
      const upAt = Date.now();
      const after = addresses('after');
      for (const address of after) await signUp(address);
      const all = [...before, ...during, ...after];
      await waitUntil('every e-mail to arrive', () => arrived(all) >= all.length, { timeoutMs: 90_000 });
      const deliveredMs = Date.now() - upAt;
      await waitUntil('the outbox to record every e-mail as sent', async () =>
        (await outboxFor(admin, 'smtp-')).every((row) => row.status === 'sent'),
      );

      const ours = sink.messages.filter((m) => m.to.some((a) => all.includes(a)));
      const perAddress = new Map(all.map((address) => [address, 0]));
      for (const message of ours) for (const to of message.to) perAddress.set(to, perAddress.get(to)! + 1);
      assert.deepEqual(
        [...perAddress].filter(([, n]) => n !== 1),
        [],
        'each address got its confirmation exactly once',
      );
      const ids = countByMessageId(ours);
      assert.equal(ids.size, all.length, 'one Message-ID per e-mail');
      assert.ok(
        ours.every((m) => /^<[0-9a-f]{40}@[^>]+>$/.test(m.messageId)),
        'the portal sets the Message-ID',
      );
      assert.ok(
        failedRows.every((row) => row.error),
        'the failure is recorded with its reason',
      );
      report('smtp-down-up', {
        emails: all.length,
        failedWhileDown: failedRows.length,
        deliveredMsAfterUp: deliveredMs,
        duplicates: ours.length - ids.size,
      });
    },
    { SMTP_URL: sink.url },
  );
});

async function outboxFor(admin: Session, to: string): Promise<OutboxRow[]> {
  const res = await admin.get(`/api/v1/admin/outbox?per_page=100&to=${encodeURIComponent(to)}`);
  assert.equal(res.status, 200, res.body.toString());
  return json<OutboxRow[]>(res);
}
