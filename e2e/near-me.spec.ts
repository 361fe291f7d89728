import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Near me (issue 39): a hunter saves a place (a ZIP code, or the browser's location when asked) on the profile,
// and the store directory lists every store of the state by distance, across board lines.

const placeCard = (page: Page) => page.getByTestId('place-card');

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('Near me', () => {
  test('a place by ZIP code or by the browser’s location, kept coarse, removable; a wrong ZIP code says so @phone', async ({ page, context, createUser, signIn }, testInfo) => {
    await signIn(page, await createUser());
    await page.goto('/profile#place');
    const card = placeCard(page);
    await expect(card.getByTestId('place-now')).toHaveText('No place saved: stores are listed by board.');

    await card.getByLabel('ZIP code').fill('99999');
    await card.getByRole('button', { name: 'Save ZIP code' }).click();
    await expect(card.getByTestId('place-message')).toContainText('That ZIP code is not one we know');

    await card.getByLabel('ZIP code').fill('27513');
    await card.getByRole('button', { name: 'Save ZIP code' }).click();
    await expect(card.getByTestId('place-now')).toContainText('Near ZIP code 27513');
    await expect(card.getByTestId('place-message')).toContainText('Stores are now listed by distance from here.');

    // The browser is asked only on the tap.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 35.787654, longitude: -78.812345 });
    await card.getByRole('button', { name: 'Use my location' }).click();
    await expect(card.getByTestId('place-now')).toContainText('Near the location your browser shared, to about a kilometre');
    const kept = await page.request.get('/api/user/place');
    expect((await kept.json()).place).toMatchObject({ source: 'device', latitude: 35.79, longitude: -78.81 });
    await noOverflow(page);
    await card.screenshot({ path: testInfo.outputPath('place-card.png') });

    await card.getByRole('button', { name: 'Remove my place' }).click();
    await expect(card.getByTestId('place-now')).toHaveText('No place saved: stores are listed by board.');
  });

  test('the store directory lists every board’s stores nearest first, from the hunter’s place @phone', async ({ page, createUser, signIn }, testInfo) => {
    await signIn(page, await createUser());
    await page.goto('/stores');
    await page.getByRole('button', { name: 'Nearest to me' }).click();
    await expect(page.getByTestId('nearby-no-place')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set your place' })).toHaveAttribute('href', '/profile#place');

    const saved = await page.request.put('/api/user/place', { data: { zip: '27513' } }); // Cary
    expect(saved.ok(), await saved.text()).toBeTruthy();
    await page.reload();
    await expect(page.getByRole('button', { name: 'This board' })).toHaveAttribute('aria-pressed', 'true'); // the board stays the default
    await page.getByRole('button', { name: 'Nearest to me' }).click();
    // Across boards: no one board to choose.
    await expect(page.getByLabel('Board')).toHaveCount(0);
    const cards = page.getByTestId('nearby-store');
    await expect(cards).toHaveCount(24);
    await expect(page.getByTestId('nearby-count')).toContainText('nearest to ZIP code 27513 first');
    const miles = (await page.getByTestId('nearby-miles').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThan(5);
    await expect(cards.first()).toContainText('Wake County');
    // Across board lines: Durham's stores are within reach of Cary, under their own board.
    await page.getByLabel('Search').fill('durham');
    await expect(cards.first()).toContainText('Durham County');
    await expect(page.getByTestId('nearby-miles').first()).toHaveText(/^≈ \d+(\.\d)? mi$/);
    await noOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('stores-nearest.png'), fullPage: false });
  });

  test('staff pin a store’s exact point on its place page; hunters then read its distance without ≈ @phone', async ({ page, browser, createUser, signIn }, testInfo) => {
    const admin = await createUser({ role: 'admin' });
    await signIn(page, admin);
    const res = await page.request.get('/api/stores?boardId=78'); // Durham County
    const store = ((await res.json()) as { stores: { store_id: number; nickname: string; mixed_beverage: number }[] }).stores.find((s) => !s.mixed_beverage)!;
    await page.goto(`/stores/${store.store_id}`);
    await page.getByTestId('store-place-link').click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.store_id}/place$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Where ${store.nickname} is`);
    const card = page.getByTestId('store-place');
    await expect(card.getByTestId('store-place-now')).toContainText('approximate: its ZIP code’s centre');
    await card.getByLabel('Exact point (latitude, longitude)').fill('35.9871, -78.8990');
    await card.getByRole('button', { name: 'Pin' }).click();
    await expect(card.getByTestId('store-place-now')).toHaveText('35.9871, -78.899 · exact, pinned by staff');
    await noOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('store-place.png') });

    const hunterContext = await browser.newContext();
    const hunterPage = await hunterContext.newPage();
    await signIn(hunterPage, await createUser());
    await hunterPage.goto(`/stores/${store.store_id}`);
    await expect(hunterPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hunterPage.getByTestId('store-place-link')).toHaveCount(0); // staff only
    await hunterPage.goto(`/stores/${store.store_id}/place`);
    await expect(hunterPage).toHaveURL(new RegExp(`/stores/${store.store_id}$`));
    const saved = await hunterPage.request.put('/api/user/place', { data: { zip: '27701' } }); // downtown Durham
    expect(saved.ok()).toBeTruthy();
    const nearby = (await (await hunterPage.request.get('/api/stores/nearby')).json()) as { stores: { store_id: number; approximate: boolean }[] };
    expect(nearby.stores.find((s) => s.store_id === store.store_id)?.approximate).toBe(false);
    await hunterContext.close();

    await card.getByRole('button', { name: 'Unpin' }).click();
    await expect(card.getByTestId('store-place-now')).toContainText('approximate: its ZIP code’s centre');
  });

  test('Where is it now: each store’s distance, and every store holding it nearest first across boards @phone', async ({ page, createUser, signIn }, testInfo) => {
    await signIn(page, await createUser());
    const current = (await (await page.request.get('/api/inventory/allocated-current')).json()) as { products: { plu: string; stores_with_stock: number }[] };
    const plu = [...current.products].sort((a, b) => b.stores_with_stock - a.stores_with_stock)[0].plu;
    await page.goto(`/products/${plu}`);
    await expect(page.getByTestId('where-board').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nearest first' })).toHaveCount(0); // no place: boards only

    expect((await page.request.put('/api/user/place', { data: { zip: '27513' } })).ok()).toBeTruthy();
    await page.reload();
    await expect(page.getByTestId('where-board').first().getByTestId('miles').first()).toHaveText(/^(≈ )?\d+(\.\d)? mi$/);
    await page.getByRole('button', { name: 'Nearest first' }).click();
    const nearest = page.getByTestId('where-nearest');
    await expect(nearest).toContainText('Nearest to ZIP code 27513 first');
    const miles = (await nearest.getByTestId('miles').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(miles.length).toBeGreaterThan(0);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    await noOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('where-nearest.png') });
  });
});
