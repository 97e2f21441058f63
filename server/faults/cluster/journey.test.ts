// `npm run test:cluster` (issue 28): a person's journey in Chromium against three instances behind
// HAProxy — each step on another instance (e2e/cluster/journey.spec.ts steers the browser's requests),
// then the same journey through the balancer again and again while the instances restart one by one.
// It needs the web build (`npm run build`), which `npm test` makes before CI gets here.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { rollingRestart, withCluster } from '../support/cluster.ts';
import { DEMO_PASSWORD, DEVELOPER, report } from '../support/portal.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const webDist = path.join(repo, 'web/dist');
const playwrightCli = path.join(repo, 'node_modules/@playwright/test/cli.js');

/** Runs the cluster journey spec in `mode`; resolves with its exit code and output. */
function playwright(mode: 'pinned' | 'roll', env: Record<string, string>) {
  const child = spawn(process.execPath, [playwrightCli, 'test', '-c', 'playwright.cluster.config.ts'], {
    cwd: path.join(repo, 'e2e'),
    env: { ...process.env, ...env, JOURNEY: mode },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

test('the Playwright journey against the balancer: one instance a step, then during a rolling restart', {
  skip: existsSync(path.join(webDist, 'index.html')) ? false : 'no web build (npm run build)',
}, async () => {
  await withCluster('cluster_journey', { env: { WEB_DIST: webDist } }, async (cluster) => {
    const env = {
      CLUSTER_ORIGIN: cluster.balancer.origin,
      CLUSTER_INSTANCES: cluster.portals.map((portal) => portal.origin).join(','),
      CLUSTER_EMAIL: DEVELOPER,
      CLUSTER_PASSWORD: DEMO_PASSWORD,
    };
    const pinned = await playwright('pinned', env);
    assert.equal(pinned.code, 0, pinned.output.slice(-4000));
    assert.match(pinned.output, /1 passed/, pinned.output.slice(-2000));

    const until = path.join(cluster.run.dataDir, 'roll-done');
    const rolling = playwright('roll', { ...env, JOURNEY_UNTIL: until });
    const steps = await rollingRestart(cluster);
    writeFileSync(until, '');
    const roll = await rolling;
    for (const step of steps) report('cluster-journey-roll-step', step);
    assert.equal(roll.code, 0, roll.output.slice(-4000));
    assert.match(roll.output, /1 passed/, roll.output.slice(-2000));
    const rounds = /journeys during the roll: (\d+)/.exec(roll.output)?.[1];
    report('cluster-journey', { roundsDuringRoll: Number(rounds) });
  });
});
