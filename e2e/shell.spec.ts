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
    // The report cards (For you, above them, may link to a report too).
    const reports = page.getByRole('region', { name: 'Reports' });
    for (const title of ["Today's Arrivals", 'Current Inventory', 'Delivery Analysis', 'Warehouse Inventory', 'Stores', 'Statewide Shipments']) {
      await expect(reports.getByRole('link', { name: new RegExp(title) })).toBeVisible();
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

  test('logging out clears what the report screens cached in this browser, even when the call fails', async ({ page, createUser, signIn }) => {
    const reportKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('nbt:')).sort());
    for (const logoutFails of [false, true]) {
      await signIn(page, await createUser());
      await page.goto('/warehouse-inventory');
      await expect.poll(reportKeys).toContainEqual(expect.stringMatching(/^nbt:warehouse-inventory:/));
      // A delivery analysis kept from earlier (the screen writes the same kind of entry).
      await page.evaluate(() => localStorage.setItem('nbt:delivery-analysis:v1:27090:1:deliveries-only', JSON.stringify({ savedAt: Date.now(), value: {} })));
      await page.evaluate(() => localStorage.setItem('unrelated', 'kept'));
      if (logoutFails) await page.route('**/api/auth/logout', (r) => r.abort());
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await reportKeys()).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('unrelated'))).toBe('kept');
      await page.unroute('**/api/auth/logout');
      // Signed out for good, even though the server never heard of it (spec: "Logout clears the user even if the call fails").
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
      await page.context().clearCookies();
    }
  });

  test('wrong credentials show the credentials help panel', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid email or password');
    await expect(page.getByTestId('help-credentials')).toContainText('Caps Lock');
  });

  test('a rate-limited login says so, with its own help instead of the credentials tips', async ({ page, request, createUser }) => {
    // The e2e server allows 50 logins per e-mail a minute (fixed windows): use them up well inside one.
    const windowLeft = 60_000 - (Date.now() % 60_000);
    if (windowLeft < 15_000) await page.waitForTimeout(windowLeft + 100);
    const user = await createUser();
    let status = 0;
    for (let i = 0; i < 60 && status !== 429; i++) {
      const res = await request.post('/api/auth/login', { data: { email: user.email, password: `Wrong-${i}!` } });
      status = res.status();
    }
    expect(status).toBe(429);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(/Too many attempts\. Please try again in \d+ seconds/);
    await expect(page.getByTestId('help-rate-limited')).toContainText('Too many sign-in attempts');
    await expect(page.getByTestId('help-credentials')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('health reports the database and the last scrape runs', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.database.reachable).toBe(true);
    expect(body.scrapers.map((s: { source: string }) => s.source).sort()).toEqual(
      ['allocated_list', 'durham_inventory', 'greensboro_inventory', 'new_hanover_inventory', 'price_list', 'shipments', 'wake_inventory', 'wake_locator', 'warehouse'],
    );
  });
});
