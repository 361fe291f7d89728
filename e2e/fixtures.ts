import { test as base, expect, type Page } from '@playwright/test';
import { waitForMail } from '../testing/mail-server.ts';
import { sql as sqlOn } from '../testing/sql.ts';
import { insertTestUser, type TestUser } from '../testing/users.ts';

// Fixtures: users created straight in the database and signed in through the API (only the login
// test uses the login form), and the shared mailbox of the in-process SMTP server.

type Role = TestUser['role'];

interface Fixtures {
  createUser: (options?: Parameters<typeof insertTestUser>[1]) => Promise<TestUser>;
  signIn: (page: Page, user: TestUser) => Promise<void>;
  mailbox: { waitFor: (to: string, options?: Parameters<typeof waitForMail>[2]) => ReturnType<typeof waitForMail> };
}

export const test = base.extend<Fixtures>({
  createUser: async ({}, use) => {
    await use((options) => insertTestUser(process.env.E2E_DATABASE_URL!, options));
  },
  signIn: async ({}, use) => {
    await use(async (page, user) => {
      const res = await page.request.post('/api/auth/login', {
        data: { email: user.email, password: user.password },
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    });
  },
  mailbox: async ({}, use) => {
    await use({ waitFor: (to, options) => waitForMail(process.env.E2E_MAIL_DIR!, to, options) });
  },
});

/**
 * The screens in this page load their first data themselves (lib/api/handler.ts CLIENT_FIRST_COOKIE): a first
 * load then goes through the browser's calls, which page.route can fail. Without it the server renders it.
 */
export async function clientFirst(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'nbt-client-first', value: '1', url: process.env.E2E_BASE_URL! }]);
}

/** A query on the e2e database (testing/sql.ts there): its rows. */
export function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return sqlOn<T>(text, params, process.env.E2E_DATABASE_URL!);
}

export { expect };
export type { Role };
