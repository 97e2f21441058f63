import { existsSync, writeFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { pngBytes } from '../support/png.ts';
import { createAppOnPage, signIn, signOut } from '../support/session.ts';

// Started by `npm run test:cluster` (server/faults/cluster/journey.test.ts) against three portals
// behind HAProxy. JOURNEY=pinned walks one journey with each step on a chosen instance (A, B, C);
// JOURNEY=roll walks it through the balancer again and again while the instances restart one by one,
// until a round begun after the file JOURNEY_UNTIL appeared has finished.
const balancer = new URL(process.env.CLUSTER_ORIGIN ?? 'http://127.0.0.1:1');
const instances = (process.env.CLUSTER_INSTANCES ?? '').split(',').filter(Boolean);
const password = process.env.CLUSTER_PASSWORD ?? '';
const email = process.env.CLUSTER_EMAIL ?? 'developer@example.com';
const INSTANCE_HEADER = 'x-portal-instance';

type Answer = { step: string; sentTo: string | null; answeredBy: string };

/**
 * Sends every request but a page load that the context makes to the balancer to the step's instance
 * instead (or lets it through to the balancer when the step names none); the page never sees the
 * difference. Records which instance answered each API call, and where it was sent.
 */
async function steer(context: BrowserContext) {
  let step = '';
  let target: string | null = null;
  const answers: Answer[] = [];
  let retried = 0;
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    // Documents stay on the balancer: a page's origin must stay the balancer's (its CSP allows 'self').
    if (url.host !== balancer.host || route.request().isNavigationRequest()) return route.fallback();
    const sentTo = target;
    const at = step;
    if (sentTo) url.host = new URL(sentTo).host;
    // Fetched from here and handed to the page as the balancer's answer: the browser itself would mark a
    // request rewritten to another port as same-site (not same-origin), which the portal refuses.
    const response = await fetchLikeABrowser(route, url.toString(), () => retried++);
    const answeredBy = response.headers()[INSTANCE_HEADER];
    if (answeredBy && url.pathname.startsWith('/api/')) answers.push({ step: at, sentTo, answeredBy });
    await route.fulfill({ response });
  });
  return {
    /** The requests from now on belong to `name` and go to `instance` (null: the balancer). */
    to(name: string, instance: string | null) {
      step = name;
      target = instance;
    },
    answers,
    /** GETs sent again after their kept-alive connection was reset (see fetchLikeABrowser). */
    retried: () => retried,
  };
}

/**
 * `route.fetch`, sending a GET or HEAD once more when the kept-alive connection it went out on was reset,
 * as Chromium's own network stack does: the balancer closes a client's connection after 10 s idle
 * (deploy/haproxy.cfg, `timeout http-keep-alive`), and a request written at that moment meets the
 * close. Playwright's fetch reports that instead of retrying. Nothing else is retried: the portal's
 * own resets (which the load beside the journey counts) would still fail the journey.
 */
async function fetchLikeABrowser(route: Route, url: string, onRetry: () => void) {
  const fetch = () => route.fetch({ url, maxRedirects: 0 });
  try {
    return await fetch();
  } catch (error) {
    const idempotent = ['GET', 'HEAD'].includes(route.request().method());
    if (!idempotent || !/ECONNRESET|socket hang up/i.test(String(error))) throw error;
    onRetry();
    return fetch();
  }
}

async function instanceName(page: Page, origin: string): Promise<string> {
  const res = await page.request.get(`${origin}/healthz`);
  expect(res.ok()).toBe(true);
  return res.headers()[INSTANCE_HEADER]!;
}

/** Sign in, create an app, upload its logo, see it, sign out, and the old cookie refused. */
async function journey(page: Page, context: BrowserContext, on: (step: string) => Promise<void> | void) {
  await on('A');
  await signIn(page, email, password);

  await on('B');
  const name = `Cluster journey ${Date.now()}`;
  await page.goto('/developer_apps');
  await createAppOnPage(page, name);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await on('C');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngBytes(256, 256),
  });
  await expect(page.getByText('Uploaded Logo!')).toBeVisible();

  await on('A');
  await page.reload();
  const logo = page.getByRole('img', { name: 'App avatar' });
  await expect(logo).toHaveAttribute('src', /\/thumbnail/);
  // Drawn, not a broken image: the bytes uploaded through C came back through A.
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);

  const cookies = await context.cookies();
  await on('B');
  await signOut(page);

  await on('C');
  await context.clearCookies();
  await context.addCookies(cookies);
  await page.goto('/developer_apps');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

test('each step of the journey on another instance: sign in (A), create (B), upload (C), see (A), sign out (B), refused (C)', async ({
  page,
  context,
}) => {
  test.skip(process.env.JOURNEY !== 'pinned', 'JOURNEY=pinned');
  expect(instances).toHaveLength(3);
  const names = await Promise.all(instances.map((origin) => instanceName(page, origin)));
  expect(new Set(names).size).toBe(3);
  const steering = await steer(context);
  const steps: string[] = [];
  await journey(page, context, (step) => {
    steps.push(step);
    steering.to(`${steps.length}:${step}`, instances['ABC'.indexOf(step)]!);
  });
  // Each step's API calls were answered by the instance they were sent to, and every step made some.
  for (const answer of steering.answers)
    expect(answer.answeredBy, answer.step).toBe(names[instances.indexOf(answer.sentTo!)]);
  expect(new Set(steering.answers.map((answer) => answer.step)).size).toBe(steps.length);
  expect(steps.join('')).toBe('ABCABC');
});

test('the same journey through the balancer while the instances restart one by one', async ({
  page,
  context,
}) => {
  test.skip(process.env.JOURNEY !== 'roll', 'JOURNEY=roll');
  test.setTimeout(300_000);
  const until = process.env.JOURNEY_UNTIL!;
  const steering = await steer(context);
  const answerers = (from: number) =>
    new Set(steering.answers.slice(from).map((answer) => answer.answeredBy));
  // The processes that answered the first sign-in, before the roll begins: the test starts the roll
  // when the file `${until}.signed-in` appears.
  let first: Set<string> | undefined;
  let rounds = 0;
  let last = 0;
  let afterRoll = false;
  do {
    // A round begun after the roll (and its 1.5 s tail) is answered by new processes only.
    afterRoll = existsSync(until);
    last = steering.answers.length;
    await journey(page, context, (step) => {
      if (first || step !== 'B') return;
      first = answerers(0);
      writeFileSync(`${until}.signed-in`, '');
    });
    rounds++;
  } while (!afterRoll);
  const seen = answerers(0);
  const after = answerers(last);
  console.log(
    `journeys during the roll: ${rounds}; instances that answered: ${seen.size}; GETs sent again: ${steering.retried()}`,
  );
  // The roll replaced every process the journey signed in on, and the journey went on working on the
  // new ones: none of those answered the round after it.
  expect(first?.size).toBeGreaterThan(0);
  expect(after.size).toBeGreaterThan(0);
  expect([...after].filter((name) => first!.has(name))).toEqual([]);
});
