import { defineConfig } from '@playwright/test';
import { browserUse } from './support/browser.ts';

/**
 * The issue-28 journey against a cluster that `npm run test:cluster` starts (three portals behind
 * HAProxy): no web servers of its own; CLUSTER_ORIGIN is the balancer, CLUSTER_INSTANCES the portals.
 */
export default defineConfig({
  testDir: './cluster',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: { ...browserUse, baseURL: process.env.CLUSTER_ORIGIN, trace: 'off', screenshot: 'only-on-failure' },
});
