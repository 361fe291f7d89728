import { expect, test } from './fixtures';

test.describe('app shell', () => {
  test('a visitor sees the welcome heading, get-started and the coming-soon buttons @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /welcome/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    for (const name of [/Regional Analysis/, /Watchlist & Alerts/]) {
      const button = page.getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toContainText('Coming soon');
    }
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveCount(0);
  });

  test('unknown paths go to /login when signed out and to / when signed in', async ({ page, createUser, signIn }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
    const user = await createUser();
    await signIn(page, user);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in user gets the greeting, report links and the header @phone', async ({ page, createUser, signIn, isMobile }) => {
    const user = await createUser({ firstName: 'Morgan' });
    await signIn(page, user);
    await page.goto('/');
    await expect(page.getByText('Hi Morgan')).toBeVisible();
    for (const title of ["Today's Arrivals", 'Current Inventory', 'Delivery Analysis', 'Warehouse Inventory', 'Stores', 'Statewide Shipments']) {
      await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    }
    if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Welcome, Morgan')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Watchlist' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('admins and power users see the Admin link', async ({ page, createUser, signIn }) => {
    for (const role of ['admin', 'power_user'] as const) {
      await page.context().clearCookies();
      await signIn(page, await createUser({ role }));
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
    }
  });

  test('logging in through the form and logging out', async ({ page, createUser }) => {
    const user = await createUser({ firstName: 'Riley' });
    await page.goto('/login');
    await page.getByLabel('Email').fill(`  ${user.email.toUpperCase()}  `);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Hi Riley')).toBeVisible();
    // A signed-in user who opens /login is sent on.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  });

  test('wrong credentials show the credentials help panel', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid email or password');
    await expect(page.getByTestId('help-credentials')).toContainText('Caps Lock');
  });

  test('health reports the database and the last scrape runs', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.database.reachable).toBe(true);
    expect(body.scrapers.map((s: { source: string }) => s.source).sort()).toEqual(
      ['shipments', 'wake_inventory', 'wake_locator', 'warehouse'],
    );
  });
});
