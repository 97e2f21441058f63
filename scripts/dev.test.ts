// `npm run test:dev`: the development scripts end to end. `npm run dev` on a non-default PORT serves
// the app and the API through Vite's port, stops whole on a signal to the script alone, and exits
// non-zero when another portal holds its port or data directory; the first `npm start` builds the web
// app with one summary line. Slow (fresh embedded databases, Vite, a web build), so it runs in CI
// (`.ci/run`) rather than in `npm test`.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

/** What to stop and remove once every test has run (processes first, then their directories). */
const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A port the system says is free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Node running `script` in a process group of its own (so the test can see every process it left),
 * with its output collected. A platform name of its own, so an answer cannot come from another
 * portal on this machine.
 */
function start(script: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SEED_DEMO: 'false', PUBLIC_URL: '', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => stopGroup(child.pid!));
  return { child, output: () => output, exited };
}

/** Resolves with the first match of `pattern` in the output; fails if the process exits first. */
function waitForOutput(started: Started, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(started.output());
      if (match) resolve(match);
    };
    started.child.stdout!.on('data', check);
    started.child.stderr!.on('data', check);
    check();
    void started.exited.then((code) =>
      reject(new Error(`exited (${code}) before ${pattern}:\n${started.output()}`)),
    );
  });
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits until no process of the group is left; false after `ms`. */
async function groupGone(pgid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; groupAlive(pgid); ) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

/** SIGTERM to the whole group, then waits until every process in it is gone (SIGKILL after 20 s). */
async function stopGroup(pgid: number) {
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  if (!(await groupGone(pgid, 20_000))) process.kill(-pgid, 'SIGKILL');
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe: Server = createServer()
      .once('error', () => resolve(true))
      .listen(port, () => probe.close(() => resolve(false)));
  });

describe('`npm run dev` on a non-default PORT', { timeout: 240_000 }, () => {
  let port: number;
  let dev: Started;
  let pageUrl: string;

  before(async () => {
    port = await freePort();
    dev = start('scripts/dev.ts', {
      PORT: String(port),
      DATA_DIR: tempDir('dev'),
      PLATFORM_NAME: `Dev ${port}`,
    });
    pageUrl = (await waitForOutput(dev, /open (http:\/\/localhost:\d+)/))[1]!;
  });

  test('serves the app and proxies the API', async () => {
    assert.notEqual(new URL(pageUrl).port, String(port), 'the page to open is Vite, not the API');

    const page = await fetch(`${pageUrl}/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<div id="root">/);
    assert.match(html, /\/@vite\/client/, 'served by Vite, not a build');

    const config = await fetch(`${pageUrl}/api/v1/config`);
    assert.equal(config.status, 200);
    assert.equal(((await config.json()) as { platform_name?: string }).platform_name, `Dev ${port}`);
    // Vite started after the API answered, so no request met a closed port.
    assert.doesNotMatch(dev.output(), /ECONNREFUSED|proxy error/);
    // E-mailed links point at the page too.
    assert.match(dev.output(), new RegExp(`ready at ${pageUrl}`));
  });

  test("another spelling of an account page is the server's redirect, through Vite too", async () => {
    const res = await fetch(`${pageUrl}/sign-up?next=%2Fmarketplace`, { redirect: 'manual' });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/sign_up?next=%2Fmarketplace');
  });

  test('a signal to the dev script alone stops the API and Vite with it', async () => {
    const vitePort = Number(new URL(pageUrl).port);
    assert.equal(await listening(vitePort), true);
    process.kill(dev.child.pid!, 'SIGTERM'); // the script only, not its process group
    assert.equal(await dev.exited, 0);
    assert.equal(await groupGone(dev.child.pid!, 20_000), true, 'a process of npm run dev is still running');
    assert.equal(await listening(vitePort), false, 'Vite still listens');
    assert.equal(await listening(port), false, 'the API still listens');
  });
});

describe('`npm run dev` beside a running portal', { timeout: 240_000 }, () => {
  test('on the port another process holds, it says so and exits non-zero at once', async () => {
    const port = await freePort();
    const holder = createServer().listen(port);
    cleanups.push(() => holder.close());
    const dev = start('scripts/dev.ts', { PORT: String(port), DATA_DIR: tempDir('dev-port') });
    assert.equal(await dev.exited, 1);
    assert.match(dev.output(), new RegExp(`port ${port} is in use by another process`));
    assert.doesNotMatch(dev.output(), /VITE/, 'Vite never started');
  });

  test("on a running portal's data directory, the API's message, then exit non-zero (not watch mode)", async () => {
    const dataDir = tempDir('dev-shared');
    const portal = start('server/src/main.ts', { PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitForOutput(portal, /ready at/);
    const dev = start('scripts/dev.ts', { PORT: String(await freePort()), DATA_DIR: dataDir });
    assert.equal(await dev.exited, 1);
    assert.match(dev.output(), /The data directory .* is in use by another portal process/);
    assert.match(dev.output(), /npm run dev: the API stopped \(exit code 1\); stopping/);
    assert.equal(await groupGone(dev.child.pid!, 20_000), true, 'the watcher or Vite is still running');
  });
});

test('the first `npm start` builds the web app with one summary line, then serves it', {
  timeout: 300_000,
}, async () => {
  const port = await freePort();
  const webDist = path.join(tempDir('web-dist'), 'dist');
  const portal = start('scripts/start.ts', {
    PORT: String(port),
    DATA_DIR: tempDir('start'),
    WEB_DIST: webDist,
  });
  await waitForOutput(portal, /ready at/);
  const beforeReady = portal.output().slice(0, portal.output().indexOf('ready at')).split('\n');
  assert.ok(
    beforeReady.length < 12,
    `${beforeReady.length} lines before the ready line:\n${portal.output()}`,
  );
  assert.ok(
    beforeReady.some((line) =>
      /^Built the web app in \d+ s: \d+ files, [\d.]+ MB gzipped \(.+\)$/.test(line),
    ),
    portal.output(),
  );
  assert.doesNotMatch(portal.output(), /dist\/assets\//, "Vite's list of assets");
  const page = await fetch(`http://localhost:${port}/login`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<script type="module"[^>]+\/assets\/index-/, 'the built app');
});
