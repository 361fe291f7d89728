import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E tests run against the production build (`next build` first; scripts/test.sh does it) in Debian's
// Chromium. e2e/global-setup.ts creates the database, the SMTP server and the app server.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) ` +
      'or set CHROMIUM_PATH to a Chromium/Chrome binary. Playwright cannot download browsers on offline machines.',
  );
}

const launchOptions = {
  executablePath: chromium,
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The production build registers a service worker on every page. Tests of other features run without
    // it: page.route does not see what a worker fetches, and each new context would precache the build
    // (~1 MB) again. e2e/installable.spec.ts runs with it ('allow') and tests what it does.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
      grep: /@phone/,
    },
  ],
});
