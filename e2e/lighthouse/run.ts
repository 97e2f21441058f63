// `npm run lighthouse`: Lighthouse (desktop preset) in Debian's Chromium against the built portal in
// production mode — /login, the developer's apps and an admin list — printing performance,
// accessibility and best-practices per page and failing under the targets. See docs/benchmarks.md.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { tail } from '../../scripts/harness/portal-process.ts';
import { type Cookie, cookieHeader, signIn } from '../../scripts/harness/sign-in.ts';
import { ADMIN_EMAIL, DEVELOPER_EMAIL } from '../support/env.ts';
import { startPortal } from './portal.ts';
import {
  ATTEMPTS,
  CATEGORIES,
  findings,
  isTransient,
  markdownTable,
  medianScores,
  type PageResult,
  type Scores,
  scoresOf,
} from './report.ts';

const env = process.env;
const chromePath = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(env.LIGHTHOUSE_RUNS ?? 1);
const strictPerf = env.LIGHTHOUSE_STRICT_PERF === '1';
const resultsDir = env.LIGHTHOUSE_OUT ?? path.join(import.meta.dirname, 'results');
const webDist = path.resolve(import.meta.dirname, '../../web/dist/index.html');
const DEMO_PASSWORD = 'lighthouse-demo-password';

/** A page's path, or how to find it on the seeded portal (an app's id, an endpoint's slug). */
type Page = { name: string; path: string | ((url: string, cookie: string) => Promise<string>); as?: string };
const pages: Page[] = [
  { name: 'login', path: '/login' },
  { name: 'developer apps', path: '/developer_apps', as: DEVELOPER_EMAIL },
  { name: 'admin notifications', path: '/admin/notifications', as: ADMIN_EMAIL },
  {
    name: 'engagement report (365 days)',
    as: DEVELOPER_EMAIL,
    path: async (url, cookie) => {
      const apps = (await getJson(`${url}/api/v1/developer_apps`, cookie)) as Array<{ id: string }>;
      return `/developer_apps/${apps[0]!.id}/metrics?range=365`;
    },
  },
  { name: 'changelog', path: '/reference/rest/changelog' },
  {
    name: 'endpoint page',
    path: async (url) => {
      const entries = (await getJson(`${url}/api/v1/resource_groups/rest?per_page=1`)) as Array<{
        link: string;
      }>;
      return `/reference/rest/${entries[0]!.link}`;
    },
  },
];

async function getJson(url: string, cookie?: string): Promise<unknown> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

if (!Number.isInteger(runs) || runs < 1) throw new Error('LIGHTHOUSE_RUNS must be a positive integer');
if (!existsSync(webDist)) {
  console.error('No web build: run `npm run build` first (npm run lighthouse measures the build as it is).');
  process.exit(1);
}
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: apt-get install chromium, or set CHROMIUM_PATH.`);
  process.exit(1);
}

/** One Lighthouse run in a fresh Chromium (its own profile) holding the given cookies. */
class LighthouseError extends Error {
  readonly runtimeError: { code: string; message: string };

  constructor(url: string, runtimeError: { code: string; message: string }) {
    super(`Lighthouse on ${url}: ${runtimeError.message}`);
    this.runtimeError = runtimeError;
  }
}

/** One measurement, tried again (up to ATTEMPTS in all) when Lighthouse lost the recording. */
async function auditWithRetries(url: string, cookies: Cookie[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, cookies);
    } catch (error) {
      if (!(error instanceof LighthouseError) || !isTransient(error.runtimeError) || attempt >= ATTEMPTS) {
        throw error;
      }
      console.log(
        `  ${error.runtimeError.code}: Lighthouse asks to be run again (attempt ${attempt + 1} of ${ATTEMPTS})`,
      );
    }
  }
}

async function audit(url: string, cookies: Cookie[]) {
  const chrome = await launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    logLevel: 'error',
  });
  try {
    if (cookies.length) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const { hostname } = new URL(url);
      await browser.setCookie(
        ...cookies.map((c) => ({
          ...c,
          domain: hostname,
          path: '/',
          httpOnly: true,
          sameSite: 'Lax' as const,
        })),
      );
      await browser.disconnect();
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseError(url, lhr.runtimeError);
    // A signed-in page that bounced to /login would be measuring the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
    }
    return { lhr, json: result.report as string };
  } finally {
    chrome.kill();
  }
}

const started = new Date();
const loadAtStart = os.loadavg().map((n) => n.toFixed(2));
const stamp = started.toISOString().replace(/[:.]/g, '-');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
mkdirSync(resultsDir, { recursive: true });
let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
let exitCode = 0;
try {
  console.log('Starting the portal (demo seed, then production mode)…');
  portal = await startPortal(workDir, DEMO_PASSWORD);
  const results: PageResult[] = [];
  let version = '';
  for (const page of pages) {
    const cookies = page.as ? await signIn(portal.url, page.as, DEMO_PASSWORD) : [];
    const pagePath =
      typeof page.path === 'string' ? page.path : await page.path(portal.url, cookieHeader(cookies));
    const scores: Scores[] = [];
    for (let run = 1; run <= runs; run++) {
      console.log(`Lighthouse ${pagePath}${runs > 1 ? ` (run ${run} of ${runs})` : ''}…`);
      const { lhr, json } = await auditWithRetries(`${portal.url}${pagePath}`, cookies);
      const file = `${stamp}-${page.name.replace(/\W+/g, '-')}${runs > 1 ? `-${run}` : ''}.json`;
      writeFileSync(path.join(resultsDir, file), json);
      version = lhr.lighthouseVersion;
      scores.push(scoresOf(lhr));
      for (const category of CATEGORIES) {
        for (const line of failingAudits(lhr, category)) console.log(`  ${category}: ${line}`);
      }
    }
    results.push({ name: page.name, path: pagePath, scores: medianScores(scores), runs });
  }

  console.log(`\nLighthouse ${version} desktop, ${started.toISOString()}`);
  console.log(
    `load average at start ${loadAtStart.join(' ')}, at end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\n${markdownTable(results)}\n`);
  console.log(`JSON reports: ${resultsDir}/${stamp}-*.json`);
  const failed = findings(results, strictPerf);
  for (const f of failed) console.error(`${f.page}: ${f.category} ${f.score ?? 'n/a'} is under ${f.target}`);
  if (!strictPerf)
    console.log('Performance is reported, not enforced (LIGHTHOUSE_STRICT_PERF=1 enforces it).');
  if (failed.length) exitCode = 1;
} catch (error) {
  console.error(error);
  if (portal) console.error(`The portal's log:\n${tail(portal.logFile)}`);
  exitCode = 1;
} finally {
  await portal?.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);

type Lhr = Awaited<ReturnType<typeof audit>>['lhr'];

/** The category's audits scoring under 0.9 (metrics, insights, checks), each with its figure. */
function failingAudits(lhr: Lhr, category: string): string[] {
  const unscored = ['informative', 'manual', 'notApplicable'];
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && !unscored.includes(a.scoreDisplayMode))
    .map((a) => `${a!.id} (${a!.score}${a!.displayValue ? `, ${a!.displayValue}` : ''})`);
}
