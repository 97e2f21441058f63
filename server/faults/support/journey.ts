// A person's journey in Chromium against a cluster (e2e/cluster/journey.spec.ts, run by Playwright
// as its own process): `pinned` walks it once with each step on another instance; `roll` walks it
// through the balancer again and again while the instances restart, and once more after `stop()`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Cluster } from './cluster.ts';
import { DEMO_PASSWORD, DEVELOPER, waitUntil } from './portal.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
/** The web build the portals serve to the browser; the journey is skipped without it. */
export const WEB_DIST = path.join(repo, 'web/dist');
export const hasWebBuild = () => existsSync(path.join(WEB_DIST, 'index.html'));
const playwrightCli = path.join(repo, 'node_modules/@playwright/test/cli.js');

/** Starts the journey in `mode`; `finished()` resolves when Playwright exits and asserts it passed. */
export function startJourney(cluster: Cluster, mode: 'pinned' | 'roll') {
  const until = path.join(cluster.run.dataDir, `journey-${mode}-done`);
  const child = spawn(process.execPath, [playwrightCli, 'test', '-c', 'playwright.cluster.config.ts'], {
    cwd: path.join(repo, 'e2e'),
    env: {
      ...process.env,
      JOURNEY: mode,
      JOURNEY_UNTIL: until,
      CLUSTER_ORIGIN: cluster.balancer.origin,
      CLUSTER_INSTANCES: cluster.portals.map((portal) => portal.origin).join(','),
      CLUSTER_EMAIL: DEVELOPER,
      CLUSTER_PASSWORD: DEMO_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  cluster.run.onClose(() => void child.kill('SIGKILL'));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    /** Resolves once a `roll` journey has signed in for the first time (so before a roll that waits for it). */
    signedIn: () =>
      waitUntil('the journey to sign in', () => existsSync(`${until}.signed-in`) || child.exitCode !== null, {
        timeoutMs: 120_000,
      }),
    /** A `roll` journey finishes the round it is in, walks one more, then stops. */
    stop: () => writeFileSync(until, ''),
    async finished(): Promise<{ rounds: number; getsSentAgain: number }> {
      const code = await exited;
      assert.equal(code, 0, output.slice(-4000));
      assert.match(output, /1 passed/, output.slice(-2000));
      return {
        rounds: Number(/journeys during the roll: (\d+)/.exec(output)?.[1] ?? 1),
        getsSentAgain: Number(/GETs sent again: (\d+)/.exec(output)?.[1] ?? 0),
      };
    },
  };
}
