// `npm run test:dev`: `npm run dev` on a non-default PORT serves the app and the API through Vite's port.
// Slow (a fresh embedded database, then Vite), so it runs in CI (`.ci/run`) rather than in `npm test`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

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

test('`npm run dev` serves the app and proxies the API on a non-default PORT', {
  timeout: 240_000,
}, async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-dev-test-'));
  // Its own process group, so the API, its watcher and Vite all stop with it.
  const dev = spawn('npm', ['run', 'dev'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A platform name of its own, so the proxied answer cannot come from another portal on this machine.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PUBLIC_URL: '',
      PLATFORM_NAME: `Dev ${port}`,
    },
  });
  let output = '';
  dev.stdout.on('data', (chunk) => {
    output += chunk;
  });
  dev.stderr.on('data', (chunk) => {
    output += chunk;
  });
  try {
    const pageUrl = await new Promise<string>((resolve, reject) => {
      dev.stdout.on('data', () => {
        const match = /open (http:\/\/localhost:\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      dev.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
    });
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
    assert.doesNotMatch(output, /ECONNREFUSED|proxy error/);
    // E-mailed links point at the page too.
    assert.match(output, new RegExp(`ready at ${pageUrl}`));
  } finally {
    await stopGroup(dev.pid!);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** SIGTERM to the whole group, then waits until every process in it is gone (SIGKILL after 20 s). */
async function stopGroup(pgid: number) {
  const alive = () => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-pgid, 'SIGTERM');
  for (const until = Date.now() + 20_000; alive() && Date.now() < until; )
    await new Promise((resolve) => setTimeout(resolve, 200));
  if (alive()) process.kill(-pgid, 'SIGKILL');
}
