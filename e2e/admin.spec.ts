import type { Page } from '@playwright/test';
import { sql } from '../testing/sql.ts';
import { expect, test } from './fixtures';

// /admin: who gets in, the users table, role and status changes, the password-reset e-mail, and what a
// disabled user's open session does next.

const rowOf = (page: Page, email: string) => page.locator('tr', { hasText: email });
const result = (page: Page) => page.getByTestId('admin-result');

test.describe('admin access', () => {
  test('a signed-out visitor is sent to log in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?next=(%2F|\/)admin$/);
  });

  test('a plain user is sent home', async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser({ role: 'user' }));
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
  });

  test('admins and power users get the users table', async ({ page, createUser, signIn }) => {
    for (const role of ['admin', 'power_user'] as const) {
      await page.context().clearCookies();
      const staff = await createUser({ role });
      await signIn(page, staff);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Users' }).getByRole('columnheader')).toHaveText(['ID', 'Name', 'Email', 'Status', 'Role', 'Actions']);
      const own = rowOf(page, staff.email);
      await expect(own).toContainText('(you)');
      await expect(own.getByRole('cell').first()).toHaveText(String(staff.id));
    }
  });
});

test.describe('managing users', () => {
  test.beforeEach(async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser({ role: 'admin' }));
  });

  test('activating a pending user, sending a reset e-mail, and disabling', async ({ page, createUser, mailbox }) => {
    const target = await createUser({ status: 'pending', firstName: 'Parker' });
    await page.goto('/admin');
    const row = rowOf(page, target.email);
    const reset = row.getByRole('button', { name: /^Reset Password/ });

    await expect(row.getByText('pending', { exact: true })).toBeVisible();
    await expect(reset).toBeDisabled();
    await expect(reset).toHaveAttribute('title', 'User must be active to reset password');

    await row.getByRole('button', { name: /^Activate/ }).click();
    await expect(result(page)).toHaveText(/^✅/);
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Disable/ })).toBeVisible();
    await expect(reset).toBeEnabled();

    // Declining the confirmation sends nothing.
    let resetCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith(`/api/admin/users/${target.id}/reset-password`)) resetCalls++;
    });
    page.once('dialog', (dialog) => void dialog.dismiss());
    await reset.click();
    await expect(reset).toHaveText('Reset Password');
    expect(resetCalls).toBe(0);

    // Accepting it sends the e-mail; the button reads 'Sending...' meanwhile.
    await page.route(`**/api/admin/users/${target.id}/reset-password`, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      void dialog.accept();
    });
    await reset.click();
    await expect(row.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(result(page)).toHaveText(/^✅/);
    expect(resetCalls).toBe(1);
    const mail = await mailbox.waitFor(target.email, { subject: /reset/i });
    expect(mail.text || mail.html).toContain('/reset-password?token=');

    await row.getByRole('button', { name: /^Disable/ }).click();
    await expect(result(page)).toHaveText(/^✅/);
    await expect(row.getByText('disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Activate/ })).toBeVisible();
    await expect(reset).toBeDisabled();
  });

  test('changing a role sticks', async ({ page, createUser }) => {
    const target = await createUser();
    await page.goto('/admin');
    await rowOf(page, target.email).getByLabel(/^Role for/).selectOption('power_user');
    await expect(result(page)).toHaveText(/^✅/);
    await page.reload();
    await expect(rowOf(page, target.email).getByLabel(/^Role for/)).toHaveValue('power_user');
  });

  test('a failed action is reported with ❌', async ({ page, createUser }) => {
    const target = await createUser({ status: 'pending' });
    await page.route(`**/api/admin/users/${target.id}/status`, (route) => route.fulfill({ status: 500, json: {} }));
    await page.route(`**/api/admin/users/${target.id}/role`, (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/admin');
    const row = rowOf(page, target.email);
    await row.getByRole('button', { name: /^Activate/ }).click();
    await expect(result(page)).toHaveText(/^❌ Failed to update status/);
    await expect(row.getByText('pending', { exact: true })).toBeVisible();
    await row.getByLabel(/^Role for/).selectOption('admin');
    await expect(result(page)).toHaveText(/^❌ Failed to update role/);
    await expect(row.getByLabel(/^Role for/)).toHaveValue('user');
  });

  test('the users list failing to load says so', async ({ page }) => {
    await page.route('**/api/admin/users', (route) => route.fulfill({ status: 503, json: {} }));
    await page.goto('/admin');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Error fetching users: 503');
  });

  test('on a phone the users table stays usable @phone', async ({ page, createUser }) => {
    const target = await createUser({ status: 'pending' });
    await page.goto('/admin');
    const row = rowOf(page, target.email);
    const activate = row.getByRole('button', { name: /^Activate/ });
    await activate.scrollIntoViewIfNeeded();
    await expect(activate).toBeInViewport();
    await activate.click();
    await expect(result(page)).toHaveText(/^✅/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('staff see each data source’s freshness and error text on /admin, a stalled scraper first; anyone else gets health without error text @phone', async ({ page, request, createUser, signIn }) => {
  const failure = `E2E locator failure ${Date.now()}: connect ECONNREFUSED 10.9.8.7:443`;
  await sql(
    `INSERT INTO scrape_runs (source, started_at, finished_at, status, error) VALUES ('wake_locator', now() + interval '1 minute', now() + interval '1 minute', 'failed', $1)`,
    [failure],
    process.env.E2E_DATABASE_URL,
  );
  const anonymous = await request.get('/api/health');
  expect(anonymous.status()).toBe(200);
  const text = await anonymous.text();
  expect(JSON.parse(text).view).toBe('public');
  expect(text).not.toContain('ECONNREFUSED');

  // The scraper's last finished cycle was three days ago: every polling day since had cycles that never finished.
  await sql(
    `INSERT INTO scraper_cycles (started_at, finished_at, status) VALUES (now() - interval '3 days 5 minutes', now() - interval '3 days', 'finished')`,
    [],
    process.env.E2E_DATABASE_URL,
  );
  expect((await (await request.get('/api/health')).json()).scraper).toMatchObject({ state: 'stalled', message: expect.stringMatching(/^scraper stalled since /) });

  await signIn(page, await createUser({ role: 'power_user' }));
  await page.goto('/admin');
  const card = page.getByTestId('source-health');
  await expect(card.getByRole('heading', { name: 'Data sources' })).toBeVisible();
  // The stall first, where an operator looks.
  await expect(card.getByTestId('scraper-stalled')).toContainText(/^Scraper stalled since \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M: no cycle has finished since /);
  for (const source of ['wake_inventory', 'wake_locator', 'warehouse', 'shipments', 'price_list', 'allocated_list']) await expect(card.getByTestId(`source-${source}`)).toBeVisible();
  const locator = card.getByTestId('source-wake_locator');
  await expect(locator).toContainText('failed');
  // (The phone run of this test may have written a later failure: any of them will do.)
  await expect(locator).toContainText(/E2E locator failure \d+: connect ECONNREFUSED 10\.9\.8\.7:443/);
  await expect(card.getByTestId('source-wake_inventory')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  // Today's shipments extract, in dayStatus's words (lib/reports/shipment-days.ts).
  await expect(card.getByTestId('source-shipments').getByTestId('shipments-extract-today')).toContainText(
    /^Today's extract: (pending|late|complete|spans|truncated|baseline|not tracked)/,
  );
  // A store location Greensboro lists that no known store is (e2e/board-data.ts), with the way to add it
  // (the call itself: app/api/admin/stores/route.db.test.ts, which adds one and polls it).
  const location = card.getByTestId('source-greensboro_inventory').getByTestId('new-location-125');
  await expect(location).toContainText('Store 19 — 4400 Landmark Center Blvd, Greensboro (location 125)');
  await expect(location.getByRole('button', { name: 'Add as a store' })).toBeEnabled();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a disabled user's open session stops working at its next request", async ({ page, browser, createUser, signIn }) => {
  const user = await createUser({ firstName: 'Dana' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, await createUser({ role: 'admin' }));
    await adminPage.goto('/admin');
    await rowOf(adminPage, user.email).getByRole('button', { name: /^Disable/ }).click();
    await expect(result(adminPage)).toHaveText(/^✅/);
  } finally {
    await adminContext.close();
  }

  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=(%2F|\/)profile$/);
});
