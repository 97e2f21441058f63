import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { browserUse } from './support/browser.ts';
import {
  DEMO_PASSWORD,
  MAIL_SINK_HTTP,
  MAIL_SINK_SMTP,
  PORTAL_NO_SMTP_URL,
  PORTAL_URL,
  SERVICE_TOKEN,
} from './support/env.ts';

const portalEntry = path.resolve(import.meta.dirname, 'support/portal.ts');

/**
 * A portal process on a fresh embedded database with the demo seed. Its data directory is made and
 * removed by support/portal.ts, which is why the portal is stopped gracefully (SIGTERM, then a kill).
 */
function portal(url: string, extraEnv: Record<string, string>) {
  const port = new URL(url).port;
  return {
    command: `node ${portalEntry}`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      REFERENCE_EXTERNAL_URL: 'https://developers.example.com',
      SERVICE_TOKENS: SERVICE_TOKEN,
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: PORTAL_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...browserUse,
  },
  webServer: [
    {
      command: `node ${path.resolve(import.meta.dirname, 'support/mail-sink.ts')}`,
      url: `${MAIL_SINK_HTTP}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    portal(PORTAL_URL, { SMTP_URL: MAIL_SINK_SMTP }),
    portal(PORTAL_NO_SMTP_URL, {}),
  ],
});
