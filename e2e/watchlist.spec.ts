import type { Locator, Page } from '@playwright/test';
import { clientFirst, expect, test } from './fixtures';

// /watchlist: the default list (paging, type filters, switching products off and on), catalog search,
// custom items (validation, pause, remove), and what the screen says when a call fails. The e2e
// database holds the full seed catalog; PREMIUM_MIN_PRICE is the default 60.

const defaultList = (page: Page) => page.getByTestId('default-list');
const defaultRows = (page: Page) => defaultList(page).getByRole('listitem');
const range = (page: Page) => page.getByTestId('defaults-range');
const pageLabel = (page: Page) => page.getByTestId('defaults-page');
const filter = (page: Page, name: string) => page.getByRole('group', { name: 'Filter by type' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });
const myItems = (page: Page) => page.locator('#my-items');
const customForm = (page: Page) => page.getByRole('form', { name: 'Add a custom item' });
const customMessage = (page: Page) => page.getByTestId('custom-message');
const searchMessage = (page: Page) => page.getByTestId('search-message');

const isWatchlistWrite = (method: string) => (r: { url(): string; request(): { method(): string } }) =>
  /\/api\/watchlist(\/\d+)?$/.test(new URL(r.url()).pathname) && r.request().method() === method;

async function open(page: Page) {
  await page.goto('/watchlist');
  await expect(page.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible();
  await expect(defaultRows(page)).toHaveCount(20);
}

/** The first product on the shown page: its name and its switch. */
async function firstProduct(page: Page): Promise<{ name: string; toggle: Locator }> {
  const row = defaultRows(page).first();
  const name = (await row.locator('.wl-name').innerText()).trim();
  const plu = await row.getAttribute('data-plu');
  return { name, toggle: page.getByRole('switch', { name: `Watch ${name}, PLU ${plu}`, exact: true }) };
}

async function addCustom(page: Page, fields: { plu?: string; name?: string; price?: string; bottles?: string }) {
  const form = customForm(page);
  await form.getByLabel('PLU').fill(fields.plu ?? '');
  await form.getByLabel('Product Name').fill(fields.name ?? '');
  await form.getByLabel(/Retail price/).fill(fields.price ?? '');
  await form.getByLabel(/Bottles per case/).fill(fields.bottles ?? '');
  await form.getByRole('button', { name: 'Add Custom Item' }).click();
}

test('a signed-out visitor is sent to log in and comes back', async ({ page }) => {
  await page.goto('/watchlist');
  await expect(page).toHaveURL(/\/login\?next=(%2F|\/)watchlist$/);
});

test.describe('the default list', () => {
  test.beforeEach(async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser());
  });

  test('pages through the list 20 at a time and filters by type @phone', async ({ page }) => {
    await open(page);
    await expect(page.getByTestId('premium-rule')).toContainText('Listed products priced at $60.00 or more');
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    const total = Number((await filter(page, 'All').locator('.wl-filter-count').innerText()).trim());
    expect(total).toBeGreaterThan(40);
    const pages = Math.ceil(total / 20);
    await expect(range(page)).toHaveText(`Showing 1–20 of ${total} products`);
    await expect(pageLabel(page)).toHaveText(`Page 1 of ${pages}`);
    await expect(page.getByRole('button', { name: '← Previous' })).toBeDisabled();

    const first = (await firstProduct(page)).name;
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect(pageLabel(page)).toHaveText(`Page 2 of ${pages}`);
    await expect(range(page)).toHaveText(`Showing 21–40 of ${total} products`);
    await expect(defaultRows(page)).toHaveCount(20);
    expect((await firstProduct(page)).name).not.toBe(first);
    await page.getByRole('button', { name: '← Previous' }).click();
    await expect(pageLabel(page)).toHaveText(`Page 1 of ${pages}`);
    expect((await firstProduct(page)).name).toBe(first);

    for (const [type, label] of [['premium', 'Premium'], ['allocation', 'Allocation'], ['limited', 'Limited'], ['barrel', 'Barrel']] as const) {
      await page.getByRole('button', { name: 'Next →' }).click(); // a filter starts again at page 1
      await filter(page, label).click();
      await expect(filter(page, label)).toHaveAttribute('aria-pressed', 'true');
      await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'false');
      const count = Number((await filter(page, label).locator('.wl-filter-count').innerText()).trim());
      expect(count, type).toBeGreaterThan(0);
      await expect(range(page)).toHaveText(`Showing 1–${Math.min(20, count)} of ${count} ${label} products`);
      const badges = defaultList(page).locator('.wl-type');
      await expect(badges).toHaveCount(Math.min(20, count));
      for (const text of await badges.allInnerTexts()) expect(text).toBe(label);
    }
    await filter(page, 'All').click();
    await expect(range(page)).toHaveText(`Showing 1–20 of ${total} products`);
  });

  test('switching a product off and on is saved @phone', async ({ page }) => {
    await open(page);
    const { toggle } = await firstProduct(page);
    const watched = page.getByTestId('watching-count');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const before = await watched.innerText();

    const [off] = await Promise.all([page.waitForResponse(isWatchlistWrite('POST')), toggle.click()]);
    expect(off.status()).toBe(201);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeEnabled();
    await expect(watched).not.toHaveText(before);
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    const [on] = await Promise.all([page.waitForResponse(isWatchlistWrite('DELETE')), toggle.click()]);
    expect(on.status()).toBe(200);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(watched).toHaveText(before);
  });

  test('a switch whose call fails goes back and says so', async ({ page }) => {
    await open(page);
    const { toggle } = await firstProduct(page);

    await page.route('**/api/watchlist', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { success: false, error: 'Internal server error' } }) : route.continue(),
    );
    await toggle.click();
    await expect(page.getByTestId('defaults-notice')).toHaveText('Failed to update item');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.unroute('**/api/watchlist');

    // Switched off for real, then the switch back on fails on the network.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeEnabled();
    await expect(page.getByTestId('defaults-notice')).toHaveCount(0);
    await page.route('**/api/watchlist/*', (route) => (route.request().method() === 'DELETE' ? route.abort() : route.continue()));
    await toggle.click();
    await expect(page.getByTestId('defaults-notice')).toHaveText('Failed to update item');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  test('a late re-read after a refused switch does not undo a switch made since', async ({ page }) => {
    await open(page);
    const { toggle } = await firstProduct(page);
    // The refusal's re-read of the preferences answers only after the next switch has gone through.
    let releaseReread!: () => void;
    const rereadHeld = new Promise<void>((resolve) => (releaseReread = resolve));
    await page.route('**/api/watchlist/user-preferences', async (route) => {
      const answer = await route.fetch();
      await rereadHeld;
      await route.fulfill({ response: answer });
    });
    await page.route('**/api/watchlist', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 409, json: { success: false, error: 'Refused' } }) : route.continue(),
    );
    await toggle.click();
    await expect(page.getByTestId('defaults-notice')).toHaveText('Failed to update item: Refused');
    await page.unroute('**/api/watchlist');

    const [off] = await Promise.all([page.waitForResponse(isWatchlistWrite('POST')), toggle.click()]);
    expect(off.status()).toBe(201);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const reread = page.waitForResponse('**/api/watchlist/user-preferences');
    releaseReread();
    await reread;
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  test('a failed load says so and Try Again recovers', async ({ page }) => {
    await page.route('**/api/watchlist/default-products', (route) => route.fulfill({ status: 500, json: { error: 'x' } }));
    await page.route('**/api/watchlist', (route) => route.fulfill({ status: 500, json: { error: 'x' } }));
    await clientFirst(page); // the server renders the lists otherwise
    await page.goto('/watchlist');
    const alerts = page.getByRole('main').getByRole('alert');
    await expect(alerts.filter({ hasText: 'Failed to load default products' })).toBeVisible();
    await expect(alerts.filter({ hasText: 'Failed to load custom items' })).toBeVisible();
    await page.unrouteAll();
    for (const section of ['#default-products', '#my-items']) {
      await page.locator(section).getByRole('button', { name: 'Try Again' }).click();
    }
    await expect(defaultRows(page)).toHaveCount(20);
    await expect(myItems(page)).toContainText('Nothing here yet');
    await expect(alerts).toHaveCount(0);
  });

  test('an item added after the list failed to load shows, with the list loaded again', async ({ page }) => {
    let failLoads = true;
    await page.route('**/api/watchlist', (route) =>
      failLoads && route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { error: 'x' } }) : route.continue(),
    );
    await clientFirst(page);
    await page.goto('/watchlist');
    const alerts = page.getByRole('main').getByRole('alert');
    await expect(alerts.filter({ hasText: 'Failed to load custom items' })).toBeVisible();
    failLoads = false;
    await addCustom(page, { plu: '99-502', name: 'Secret Barrel Pick', price: '89.99', bottles: '6' });
    await expect(myItems(page)).toContainText('Secret Barrel Pick');
    await expect(alerts.filter({ hasText: 'Failed to load custom items' })).toHaveCount(0);
  });
});

test.describe('search and custom items', () => {
  test.beforeEach(async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser());
  });

  test('searching the catalog and adding a product @phone', async ({ page }) => {
    await open(page);
    const box = page.getByRole('searchbox', { name: 'Product name or PLU' });
    const search = page.getByRole('button', { name: 'Search', exact: true });

    await box.fill(' a ');
    await search.click();
    await expect(searchMessage(page)).toHaveText('Please enter at least 2 characters to search');

    await box.fill('zzqqxx nothing');
    await search.click();
    await expect(searchMessage(page)).toHaveText('No products found matching your search');

    // Default products are watched already: no Add button.
    await box.fill("blanton's single");
    await search.click();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.locator('[data-plu="27090"]')).toContainText('On the default list');
    await expect(results.getByRole('button', { name: /^Add / })).toHaveCount(0);

    await page.route('**/api/watchlist/search/products*', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
    await search.click();
    await expect(searchMessage(page)).toHaveText('Failed to search products');
    await page.unrouteAll();

    await box.fill('grapefruit vodka seltzer');
    await search.click();
    const name = '-196 Grapefruit Vodka Seltzer 4Pk';
    const add = results.getByRole('button', { name: `Add ${name}, PLU 51984` });
    await add.click();
    await expect(searchMessage(page)).toHaveText(`Added "${name}" to your watchlist.`);
    await expect(results.locator('[data-plu="51984"]')).toContainText('On your watchlist');
    await expect(myItems(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();

    await page.reload();
    await expect(myItems(page).getByRole('listitem').filter({ hasText: name })).toContainText('PLU 51984');
    await expect(page.getByRole('switch', { name: `Active: ${name}, PLU 51984` })).toHaveAttribute('aria-checked', 'true');
  });

  test('a failed add from search says so', async ({ page }) => {
    await open(page);
    await page.getByRole('searchbox', { name: 'Product name or PLU' }).fill('lemon vodka seltzer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.route('**/api/watchlist', (route) => route.fulfill({ status: 500, json: { error: 'Internal server error' } }));
    await page.getByRole('button', { name: /^Add -196 Lemon Vodka Seltzer/ }).click();
    await expect(searchMessage(page)).toHaveText('Failed to add item');
    await page.route('**/api/watchlist', (route) => route.abort());
    await page.getByRole('button', { name: /^Add -196 Lemon Vodka Seltzer/ }).click();
    await expect(searchMessage(page)).toHaveText('Failed to add item to watchlist');
  });

  test('custom items: every validation message, adding, pausing and removing @phone', async ({ page }) => {
    await open(page);
    await expect(myItems(page)).toContainText('Nothing here yet');

    await addCustom(page, {});
    await expect(customMessage(page)).toHaveText('PLU and Product Name are required');
    await expect(customForm(page).getByLabel('PLU')).toBeFocused();

    await addCustom(page, { plu: '1234', name: 'Secret Barrel Pick' });
    await expect(customMessage(page)).toHaveText('PLU must be exactly 5 digits (e.g., 99999)');
    await expect(customForm(page).getByLabel('PLU')).toHaveAttribute('aria-invalid', 'true');

    await addCustom(page, { plu: '99-501', name: 'Secret Barrel Pick', price: 'cheap' });
    await expect(customMessage(page)).toHaveText('Retail price must be a valid number greater than or equal to 0');

    await addCustom(page, { plu: '99-501', name: 'Secret Barrel Pick', price: '-3' });
    await expect(customMessage(page)).toHaveText('Retail price must be a valid number greater than or equal to 0');

    await addCustom(page, { plu: '99-501', name: 'Secret Barrel Pick', price: '89.99', bottles: '30' });
    await expect(customMessage(page)).toHaveText('Bottles per case must be a number between 1 and 24');
    await expect(customForm(page).getByLabel(/Bottles per case/)).toBeFocused();

    // A PLU the catalog knows: the message names the product and points to search.
    await addCustom(page, { plu: '27090', name: 'My Blantons' });
    await expect(customMessage(page)).toContainText("Blanton's Single Barrel");
    await expect(customMessage(page)).toContainText('search');

    await page.route('**/api/watchlist', (route) => route.fulfill({ status: 500, json: { error: 'Internal server error' } }));
    await addCustom(page, { plu: '99-501', name: '  Secret Barrel Pick  ', price: '89.99', bottles: '6' });
    await expect(customMessage(page)).toHaveText('Failed to add custom item');
    await page.unrouteAll();

    await addCustom(page, { plu: '99-501', name: '  Secret Barrel Pick  ', price: '89.99', bottles: '6' });
    await expect(customMessage(page)).toHaveText('Added custom item "Secret Barrel Pick" to your watchlist.');
    await expect(customForm(page).getByLabel('PLU')).toHaveValue('');
    const item = myItems(page).getByRole('listitem').filter({ hasText: 'Secret Barrel Pick' });
    await expect(item).toContainText('Custom');
    await expect(item).toContainText('PLU 99501');
    await expect(item).toContainText('6 per case');
    await expect(item).toContainText('$89.99');

    // The same PLU twice is refused.
    await addCustom(page, { plu: '99501', name: 'Again' });
    await expect(customMessage(page)).toContainText('already on your watchlist');

    const active = page.getByRole('switch', { name: 'Active: Secret Barrel Pick, PLU 99501' });
    await expect(active).toHaveAttribute('aria-checked', 'true');
    await active.click();
    await expect(active).toHaveAttribute('aria-checked', 'false');
    await expect(active).toBeEnabled();
    await page.reload();
    await expect(active).toHaveAttribute('aria-checked', 'false');

    // A failed toggle goes back.
    await page.route('**/api/watchlist/*', (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: {} }) : route.continue()));
    await active.click();
    await expect(page.getByTestId('items-error')).toHaveText('Failed to update item');
    await expect(active).toHaveAttribute('aria-checked', 'false');
    await page.unrouteAll();
    await active.click();
    await expect(active).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('items-error')).toHaveCount(0);

    // A failed remove keeps the item; a good one removes it for good.
    await page.route('**/api/watchlist/*', (route) => (route.request().method() === 'DELETE' ? route.abort() : route.continue()));
    await page.getByRole('button', { name: 'Remove Secret Barrel Pick, PLU 99501' }).click();
    await expect(page.getByTestId('items-error')).toHaveText('Failed to remove item');
    await expect(item).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Remove Secret Barrel Pick, PLU 99501' }).click();
    await expect(item).toHaveCount(0);
    await page.reload();
    await expect(myItems(page)).toContainText('Nothing here yet');
  });

  test('screenshots of a used watchlist @phone', async ({ page }, testInfo) => {
    await open(page);
    await (await firstProduct(page)).toggle.click();
    await addCustom(page, { plu: '99777', name: 'Rumoured Store Pick', price: '74.99', bottles: '6' });
    await expect(customMessage(page)).toContainText('Added custom item');
    await page.getByRole('searchbox', { name: 'Product name or PLU' }).fill('weller');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`watchlist-${testInfo.project.name}.png`), fullPage: true });
    await page.screenshot({ path: testInfo.outputPath(`watchlist-${testInfo.project.name}-top.png`) });
  });
});
