import type { Locator, Page } from '@playwright/test';
import { expect, sql, test } from './fixtures';

// Near me (issue 39): a hunter saves a place (a ZIP code, or the browser's location when asked) on the profile,
// and the store directory lists every store of the state by distance, across board lines; Where is it now, Today's
// Arrivals and Incoming say how far each store is, and Incoming lists what is on its way near the hunter.

const placeCard = (page: Page) => page.getByTestId('place-card');

/** "9.0 mi", "≈ 12 mi": what a screen shows of a distance. */
const MILES = /^(≈ )?\d+(\.\d)? mi$/;
const milesOf = (texts: string[]) => texts.map((t) => Number(t.replace(/[^\d.]/g, '')));

function nyToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** What GET /api/stores/nearby says of a store (lib/places/types.ts), as the screens show it. */
interface StoreAway {
  store_id: number;
  board_id: number;
  miles: number;
  approximate: boolean;
}
const milesWords = (s: StoreAway) => `${s.approximate ? '≈ ' : ''}${s.miles < 10 ? s.miles.toFixed(1) : Math.round(s.miles)} mi`;

async function storesAway(page: Page): Promise<StoreAway[]> {
  return ((await (await page.request.get('/api/stores/nearby')).json()) as { stores: StoreAway[] }).stores;
}

const storeIdOf = async (link: Locator) => Number(/\/stores\/(\d+)$/.exec((await link.getAttribute('href')) ?? '')?.[1]);

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Beside the map (below it on a phone) a list says the same facts: each store drawn, as a link to it, nearest to the
 * hunter first with its miles.
 */
async function sameFactsBeside(map: Locator, phone: boolean) {
  const list = map.getByTestId('map-list');
  await expect(list).toContainText('nearest to ZIP code 27513 first');
  const lines = list.getByTestId('map-list-store');
  const drawn = await map.getByTestId('map-point').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  const listed = await lines.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(listed.length).toBeGreaterThan(0);
  expect([...listed].sort()).toEqual([...drawn].sort());
  const miles = milesOf(await lines.getByTestId('miles').allTextContents());
  expect(miles.length).toBe(listed.length);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  const frame = (await map.locator('.nc-map-frame').boundingBox())!;
  const beside = (await list.boundingBox())!;
  if (phone) {
    expect(beside.y).toBeGreaterThanOrEqual(frame.y + frame.height);
  } else {
    expect(beside.x).toBeGreaterThanOrEqual(frame.x + frame.width);
    expect(beside.y).toBeLessThan(frame.y + frame.height);
  }
}

/**
 * Two fingers on the element, `from` pixels either side of a point `across` its width (its middle by default), moved
 * to `to` (real touch input, CDP).
 */
async function pinch(page: Page, target: Locator, from: number, to: number, across = 0.5) {
  const box = (await target.boundingBox())!;
  const [x, y] = [box.x + box.width * across, box.y + box.height / 2];
  const fingers = (d: number) => [
    { x: x - d, y, id: 0 },
    { x: x + d, y, id: 1 },
  ];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * i) / 10) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
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
  test('Today’s Arrivals says how far each store is once the hunter saved a place @phone', async ({ page, createUser, signIn }, testInfo) => {
    await signIn(page, await createUser());
    // The latest day with arrivals (today may have none), opened by its address.
    const days = (await (await page.request.get(`/api/inventory/available-dates?currentDate=${nyToday()}`)).json()) as { allAvailableDates: string[] };
    const arrivals = `/todays-arrivals?date=${days.allAvailableDates[0]}`;
    await page.goto(arrivals);
    const product = page.getByTestId('arrival-product').first();
    await product.locator('summary').click();
    await expect(product.locator('.store-lines > li').first()).toBeVisible();
    await expect(product.getByTestId('miles')).toHaveCount(0); // no place: no miles

    expect((await page.request.put('/api/user/place', { data: { zip: '27513' } })).ok()).toBeTruthy(); // Cary
    await page.reload();
    await product.locator('summary').click();
    const line = product.locator('.store-lines > li').first();
    await expect(line.getByTestId('miles')).toHaveText(MILES);
    // The store's distance as the store list says it.
    const id = await storeIdOf(line.getByRole('link').first());
    const store = (await storesAway(page)).find((s) => s.store_id === id)!;
    await expect(line.getByTestId('miles')).toHaveText(milesWords(store));
    await expect(line).toContainText(/mi · (New to store|Restock) · seen/);
    await noOverflow(page);
    await product.screenshot({ path: testInfo.outputPath('arrivals-miles.png') });
  });

  test('Incoming: each forecast place says how far it is, and “Nearest to me” lists what is on its way near the hunter, nearest first @phone', async ({ page, createUser, signIn }, testInfo) => {
    await signIn(page, await createUser());
    await page.goto('/incoming');
    const cards = page.getByTestId('incoming-list').getByTestId('incoming-shipment');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('incoming-list').getByTestId('miles')).toHaveCount(0); // no place: no miles
    await page.getByRole('button', { name: 'Nearest to me' }).click();
    await expect(page.getByTestId('incoming-no-place')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set your place' })).toHaveAttribute('href', '/profile#place');

    expect((await page.request.put('/api/user/place', { data: { zip: '27513' } })).ok()).toBeTruthy(); // Cary
    const away = await storesAway(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'This board' })).toHaveAttribute('aria-pressed', 'true'); // the board stays the default
    // Wake's cards: each store a forecast names says how far it is, as the store list does.
    const place = cards.first().getByTestId('forecast-place').filter({ has: page.locator('a.store-link') }).first();
    await expect(place.getByTestId('miles')).toHaveText(MILES);
    const id = await storeIdOf(place.locator('a.store-link'));
    await expect(place.getByTestId('miles')).toHaveText(milesWords(away.find((s) => s.store_id === id)!));

    // What is on its way near Cary, whatever the board (the call the view makes).
    const near = (await (await page.request.get('/api/incoming/nearby')).json()) as {
      within: number;
      total: number;
      shipments: { name: string; board_id: number; precision: string; nearest: StoreAway & { nickname: string; kind: string } }[];
    };
    expect(near.within).toBe(50);
    expect(near.shipments.length).toBeGreaterThan(1);
    expect(new Set(near.shipments.map((s) => s.board_id)).size).toBeGreaterThan(1); // across board lines

    // A board whose stores the state does not tell apart: how far its nearest store is (the list is nearest first).
    const [board] = await sql<{ board_id: number }>(`SELECT board_id FROM incoming WHERE precision = 'board' AND status = 'open' ORDER BY board_id LIMIT 1`);
    await page.goto(`/incoming?board=${board.board_id}`);
    const boardPlace = page.getByTestId('incoming-list').getByTestId('forecast-place').first();
    await expect(boardPlace.getByTestId('board-words')).toBeVisible();
    await expect(boardPlace.getByTestId('board-nearest')).toHaveText(`Nearest store ${milesWords(away.find((s) => s.board_id === board.board_id)!)}`);

    await page.goto('/incoming');
    await page.getByRole('button', { name: 'Nearest to me' }).click();
    await expect(page.getByLabel('Board')).toHaveCount(0); // across boards: no one board to choose
    await expect(page.getByTestId('incoming-near-count')).toContainText('Within 50 mi of ZIP code 27513');
    await expect(page.getByTestId('incoming-near-count')).toContainText('nearest first');
    const nearCards = page.getByTestId('incoming-near-list').getByTestId('incoming-shipment');
    await expect(nearCards).toHaveCount(Math.min(near.shipments.length, 6));
    // Nearest first, each card saying how far and to which store, as the server listed them.
    const shown = near.shipments.slice(0, 6);
    await expect(nearCards.getByRole('heading', { level: 3 })).toHaveText(shown.map((s) => s.name));
    const miles = milesOf(await nearCards.getByTestId('incoming-nearest').getByTestId('miles').allTextContents());
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThan(10);
    await expect(nearCards.first().getByTestId('incoming-nearest')).toContainText(`${milesWords(shown[0].nearest)} to ${shown[0].nearest.nickname}`);
    await expect(nearCards.first().getByTestId('forecast-place').first().getByTestId('miles')).toHaveText(MILES);
    await noOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('incoming-nearest.png') });

    // Back to the board: its own list again.
    await page.getByRole('button', { name: 'This board' }).click();
    await expect(page.getByLabel('Board')).toHaveValue('179');
    await expect(cards.first()).toBeVisible();
  });

  test('the map: Where is it now and Incoming put the same stores on North Carolina’s counties with the same facts in a list beside them, zoom with buttons or a pinch, reach every point by keyboard, mark the hunter @phone', async ({ page, createUser, signIn }, testInfo) => {
    await signIn(page, await createUser());
    // The shapes are a static file, served compressed and small enough for a phone.
    const shapes = await page.request.get('/maps/nc-counties.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(shapes.ok()).toBeTruthy();
    expect(((await shapes.json()) as { counties: unknown[] }).counties).toHaveLength(100);

    const current = (await (await page.request.get('/api/inventory/allocated-current')).json()) as { products: { plu: string; name: string; stores_with_stock: number }[] };
    const product = [...current.products].sort((a, b) => b.stores_with_stock - a.stores_with_stock)[0];
    await page.goto(`/products/${product.plu}`);
    const map = page.getByTestId('where-map');
    await expect(map.locator('path.county')).toHaveCount(100);
    const points = map.getByTestId('map-point');
    await expect(points.first()).toBeVisible();
    // The same stores as the list beside it: every point on the shelf is a store the list names, linking to it.
    const listed = await page.getByTestId('where-board').locator('a[href^="/stores/"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    const shelfPoints = await points.evaluateAll((els) => els.filter((e) => e.getAttribute('data-kind') === 'stock').map((e) => e.getAttribute('href')));
    expect(shelfPoints.length).toBeGreaterThan(0);
    for (const href of shelfPoints) expect(listed).toContain(href);
    await expect(map.getByTestId('map-you')).toHaveCount(0); // no place saved yet

    // The hunter's place is marked; zoom goes there and back.
    expect((await page.request.put('/api/user/place', { data: { zip: '27513' } })).ok()).toBeTruthy();
    await page.reload();
    await expect(map.getByTestId('map-you')).toBeVisible();
    await sameFactsBeside(map, testInfo.project.name === 'phone');
    const svg = map.locator('svg.nc-map-svg');
    await expect(svg).toHaveAttribute('viewBox', /^\S+ \S+ 1000 400$/);
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await expect(svg).toHaveAttribute('viewBox', /^\S+ \S+ 500 200$/);
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await expect(svg).toHaveAttribute('viewBox', /^\S+ \S+ 250 100$/);
    await page.screenshot({ path: testInfo.outputPath('where-map-zoomed.png'), fullPage: false });
    await map.getByRole('button', { name: 'Whole state' }).click();
    await expect(svg).toHaveAttribute('viewBox', '0 0 1000 400');
    await noOverflow(page);
    if (testInfo.project.name === 'phone') {
      // Two fingers spread zoom in, a step per doubling, keeping the place between them where it was on screen, and
      // pinched together zoom back out; the page itself keeps its scale.
      await pinch(page, svg, 20, 90, 0.3);
      await expect(svg).toHaveAttribute('viewBox', /^\S+ \S+ 250 100$/);
      // The fingers were 30% across the whole state (x = 300 of 1000, y = 200 of 400): that point is still 30% across.
      const [viewX, viewY] = ((await svg.getAttribute('viewBox')) ?? '').split(' ').map(Number);
      expect((300 - viewX) / 250).toBeCloseTo(0.3, 1);
      expect((200 - viewY) / 100).toBeCloseTo(0.5, 1);
      await pinch(page, svg, 140, 35);
      await expect(svg).toHaveAttribute('viewBox', '0 0 1000 400');
      expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
    }

    // A store's line in the list and its point stand out together.
    const firstLine = map.getByTestId('map-list-store').first();
    await firstLine.getByRole('link').focus();
    await expect(map.locator(`[data-testid="map-point"][data-store="${await firstLine.getAttribute('data-store')}"] .nc-map-point`)).toHaveClass(/highlighted/);

    // Every point is a link the keyboard reaches, after the zoom buttons; Enter opens its store.
    await map.getByRole('button', { name: 'Zoom in' }).focus();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('data-testid', 'map-point');
    const href = await focused.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    // Incoming: the stores forecast to get Wake's shipments.
    await page.goto('/incoming');
    const incoming = page.getByTestId('incoming-map');
    await expect(incoming.locator('path.county')).toHaveCount(100);
    await expect(incoming.getByTestId('map-point').first()).toBeVisible();
    for (const kind of await incoming.getByTestId('map-point').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))) expect(kind).toBe('forecast');
    await expect(incoming.getByTestId('map-you')).toBeVisible();
    await sameFactsBeside(incoming, testInfo.project.name === 'phone');
    await incoming.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('incoming-map.png'), fullPage: false });
  });

  test('For you on the home page: a watched product that arrived today within the hunter’s radius, across the board line, nearest first; nothing when there is nothing @phone', async ({ page, createUser, signIn }, testInfo) => {
    await signIn(page, await createUser());
    // Nothing happens where this hunter looks (a board with no store and no shipment): no "For you" at all.
    const [quiet] = await sql<{ id: number }>(
      `SELECT b.id FROM boards b
        WHERE NOT EXISTS (SELECT 1 FROM shipments sh WHERE sh.board_id = b.id AND sh.ship_date >= current_date - 5)
          AND NOT EXISTS (SELECT 1 FROM board_sources bs WHERE bs.board_id = b.id AND bs.enabled)
          AND NOT EXISTS (SELECT 1 FROM incoming i WHERE i.board_id = b.id AND i.status = 'open')
        ORDER BY b.id LIMIT 1`,
    );
    const settings = { enabled: true, mode: 'instant', digest_hour: 17, listing_types: ['Allocation', 'Limited', 'Barrel'], min_quantity: 1, board_ids: [quiet.id], store_ids: [], radius_miles: null as number | null };
    expect((await page.request.put('/api/alerts/settings', { data: settings })).ok()).toBeTruthy();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await expect(page.getByTestId('for-you')).toHaveCount(0);

    // Follows Durham's board, plus every store within 10 miles of Cary: Wake's stores are across the board line.
    expect((await page.request.put('/api/user/place', { data: { zip: '27513' } })).ok()).toBeTruthy();
    expect((await page.request.put('/api/alerts/settings', { data: { ...settings, board_ids: [78], radius_miles: 10 } })).ok()).toBeTruthy();
    const [nearest] = (await storesAway(page)).filter((s) => s.board_id === 179);
    const [product] = await sql<{ plu: string; name: string }>(
      `SELECT plu, name FROM products WHERE listing_type = 'Allocation' AND plu NOT IN (
         SELECT plu FROM inventory_history WHERE store_id = $1 AND checked_at > now() - interval '1 day') ORDER BY plu LIMIT 1`,
      [nearest.store_id],
    );
    await sql(
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type) VALUES ($1, $2, now(), 0, 6, 6, 'first')`,
      [nearest.store_id, product.plu],
    );

    await page.goto('/');
    const forYou = page.getByTestId('for-you');
    await expect(forYou.getByRole('heading', { name: 'For you today' })).toBeVisible();
    const item = forYou.getByTestId('for-you-item').filter({ hasText: product.name });
    await expect(item).toContainText('6 bottles on the shelf at');
    await expect(item.getByTestId('miles')).toHaveText(milesWords(nearest));
    const miles = milesOf(await forYou.getByTestId('miles').allTextContents());
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    await noOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('home-for-you.png') });
    await item.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.plu}$`));
  });
});
