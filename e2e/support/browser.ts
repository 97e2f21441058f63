import { devices } from '@playwright/test';

/** Debian's Chromium as every suite here launches it (CHROMIUM_PATH, default /usr/bin/chromium). */
export const browserUse = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};
