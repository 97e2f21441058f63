import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sendMail } from '../../platform/mail/mail.ts';
import { testJobRun, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

test('admins read every e-mail, newest first, paginated and filtered by recipient', async () => {
  for (let i = 0; i < 3; i++) {
    await sendMail(t.ctx, {
      to: `reader${i}@example.com`,
      template: 'test.template',
      idempotencyKey: `outbox-test-${i}`,
      subject: `Subject ${i}`,
      text: `Body ${i}`,
      html: `<p>Body ${i}</p>`,
    });
  }
  await t.drainJobs();
  const { client } = await t.asNewUser({ role: 'admin' });
  const res = await client.get('/api/v1/admin/outbox?per_page=2');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers.total, '3');
  assert.equal(res.headers['per-page'], '2');
  assert.match(String(res.headers.link), /rel="next"/);
  const rows = res.json();
  assert.equal(rows.length, 2);
  assert.equal(rows[0].delivery, 'outbox');
  assert.equal(rows[0].status, 'sent');
  const filtered = (await client.get('/api/v1/admin/outbox?to=reader1@example.com')).json();
  assert.deepEqual(
    filtered.map((m: { subject: string }) => m.subject),
    ['Subject 1'],
  );
});

test('a retried mail job does not send twice', async () => {
  const message = {
    to: 'once@example.com',
    template: 't',
    idempotencyKey: 'once-1',
    subject: 'Once',
    text: 'x',
    html: 'x',
  };
  await sendMail(t.ctx, message);
  await sendMail(t.ctx, message);
  await t.drainJobs();
  const { client } = await t.asNewUser({ role: 'admin' });
  const rows = (await client.get('/api/v1/admin/outbox?to=once@example.com')).json();
  assert.equal(rows.length, 1);
});

test('bad paging is refused', async () => {
  const { client } = await t.asNewUser({ role: 'admin' });
  assert.equal((await client.get('/api/v1/admin/outbox?per_page=1000')).statusCode, 422);
  assert.equal((await client.get('/api/v1/admin/outbox?page=0')).statusCode, 422);
});

/** A send-mail job's payload to `<name>@example.com`, keyed `<name>-1`. */
const mailTo = (name: string) => ({
  to: `${name}@example.com`,
  template: 't',
  idempotencyKey: `${name}-1`,
  subject: 'S',
  text: 'x',
  html: 'x',
});

test('the mail handler itself is idempotent: run twice, delivered once over SMTP', async () => {
  const { sendMailJob } = await import('../../platform/mail/mail.ts');
  let delivered = 0;
  const smtp = { sendMail: async () => void delivered++ } as unknown as NonNullable<typeof t.ctx.smtp>;
  const ctx = { ...t.ctx, smtp };
  const payload = mailTo('twice');
  await sendMailJob.handler(payload, ctx, testJobRun('a'));
  await sendMailJob.handler(payload, ctx, testJobRun('b'));
  assert.equal(delivered, 1);
});

test('an SMTP failure is recorded as failed and retried to success, with the same Message-ID', async () => {
  const { sendMailJob } = await import('../../platform/mail/mail.ts');
  let attempts = 0;
  const messageIds: string[] = [];
  const smtp = {
    sendMail: async (mail: { messageId: string }) => {
      messageIds.push(mail.messageId);
      attempts++;
      if (attempts === 1) throw new Error('421 try again later');
    },
  } as unknown as NonNullable<typeof t.ctx.smtp>;
  const ctx = { ...t.ctx, smtp };
  const payload = mailTo('flaky');
  await assert.rejects(sendMailJob.handler(payload, ctx, testJobRun('a')));
  const { client } = await t.asNewUser({ role: 'admin' });
  let [row] = (await client.get('/api/v1/admin/outbox?to=flaky@example.com')).json();
  assert.equal(row.status, 'failed');
  assert.match(row.error, /421/);
  await sendMailJob.handler(payload, ctx, testJobRun('b'));
  [row] = (await client.get('/api/v1/admin/outbox?to=flaky@example.com')).json();
  assert.equal(row.status, 'sent');
  assert.equal(row.delivery, 'smtp');
  assert.equal(messageIds.length, 2);
  assert.equal(messageIds[0], messageIds[1]);
  assert.match(messageIds[0]!, /^<[0-9a-f]{40}@developers\.localhost>$/);
});
