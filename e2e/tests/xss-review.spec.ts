import { expect, test } from '@playwright/test';
import { adminApi, confirmedDeveloper, createApp } from '../support/api.ts';
import { ADMIN_EMAIL } from '../support/env.ts';
import { signInTo } from '../support/session.ts';
import { armXssCanary, expectNothingExecuted } from '../support/xss-detect.ts';
import { packPayloads } from '../support/xss-payloads.ts';

// The XSS corpus through issue 22's review paths: app names in the review queue (its tags, buttons and
// toasts), and the e-mails the production credentials and marketplace access requests cause (to the
// reviewers, and the decision with a reason to the developer), rendered with no CSP to help.

const RUN = `xssr${Date.now().toString(36)}`;
const NAMES = packPayloads(120).slice(0, 4);
const REASON = packPayloads(1000)[0]!;

test('app names and a decline reason execute nothing in the review queue and in the request e-mails', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await confirmedDeveloper('Xr Owner', false, `${RUN}.owner@example.com`);
  const api = owner.api;
  const ids: string[] = [];
  for (const name of NAMES) {
    const id = await createApp(api, name);
    ids.push(id);
    for (const [path, data] of [
      ['production_access', { confidential: true }],
      ['marketplace_access', undefined],
    ] as const) {
      const res = await api.post(`/api/v1/developer_apps/${id}/${path}`, { headers: api.csrf, data });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
  const staff = await adminApi();
  const denied = await staff.post(`/api/v1/admin/developer_apps/${ids[0]}/marketplace_access/deny`, {
    headers: staff.csrf,
    data: { reason: REASON },
  });
  expect(denied.ok(), await denied.text()).toBe(true);

  // The queue: tags, dates, buttons named with each app, a toast naming the app.
  const context = await browser.newContext();
  const dialogs = await armXssCanary(context);
  const page = await context.newPage();
  await signInTo(page, ADMIN_EMAIL, '/admin/review_queue?sort=-in_review_at');
  await expect(page.getByRole('button', { name: /^Enable marketplace for/ }).first()).toBeVisible();
  await expectNothingExecuted(page, dialogs);
  await page
    .getByRole('button', { name: /^Enable marketplace for/ })
    .first()
    .click();
  await expect(page.getByText(/^Marketplace listing enabled for/)).toBeVisible();
  await expectNothingExecuted(page, dialogs);

  // Every e-mail the requests caused: to the reviewers, and the decisions to the developer.
  type Stored = { to: string; subject: string; html: string };
  const mailed = async (to: string) =>
    (
      (await (
        await staff.get(`/api/v1/admin/outbox?to=${encodeURIComponent(to)}&per_page=100`)
      ).json()) as Stored[]
    ).filter((m) => NAMES.some((name) => m.subject.endsWith(name)));
  let messages: Stored[] = [];
  await expect
    .poll(
      async () => {
        messages = [...(await mailed(ADMIN_EMAIL)), ...(await mailed(owner.email))];
        return messages.length;
      },
      { timeout: 60_000, message: 'the review e-mails' },
    )
    .toBeGreaterThanOrEqual(NAMES.length * 2 + 2);
  expect(messages.some((m) => m.subject.includes('<'))).toBe(true);
  const mailPage = await context.newPage();
  for (const message of messages) {
    await mailPage.setContent(message.html, { waitUntil: 'load' });
    await expectNothingExecuted(mailPage, dialogs, 'body');
  }
  await staff.dispose();
  await context.close();
});
