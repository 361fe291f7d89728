import zlib from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { clientFirst, expect, test } from './fixtures';

// The report screens on the seeded demo data (e2e/global-setup.ts seeds eight weeks up to now). Nothing
// here assumes a weekday or a time of day: today may or may not have arrivals, so the tests navigate to
// dates the API says have them. A few failure paths are forced with page.route; as the server renders each
// screen's first data, a failed first load is reached with clientFirst (the screen then loads it itself).

const US_DATE = /\d{2}\/\d{2}\/\d{4}/;
// The hunted types' badges (lib/catalog/hunted.ts); Unknown reads "New release".
const HUNTED = ['Allocation', 'Limited', 'Barrel', 'New release'];

function nyToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
const usDate = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;

/** "Showing 12 of 40 products" → [12, 40] (once the line is there). */
async function shown(locator: Locator): Promise<[number, number]> {
  await expect(locator).toHaveText(/Showing [\d,]+ of [\d,]+/);
  return parseShown(locator);
}

async function parseShown(locator: Locator): Promise<[number, number]> {
  const m = /Showing ([\d,]+) of ([\d,]+)/.exec((await locator.textContent()) ?? '');
  return m ? [Number(m[1].replace(/,/g, '')), Number(m[2].replace(/,/g, ''))] : [Number.NaN, Number.NaN];
}

/** Waits until there are matching elements and every one's text passes (the list re-renders after a filter changes). */
async function expectEach(locator: Locator, ok: (text: string) => boolean, what: string) {
  await expect
    .poll(async () => {
      const texts = await locator.allTextContents();
      return texts.length ? texts.filter((t) => !ok(t)) : ['(none shown)'];
    }, { message: what })
    .toEqual([]);
}

/** Alerts inside the page (Next's route announcer is an alert too, outside <main>). */
const alert = (page: Page) => page.getByRole('main').getByRole('alert');

function countRequests(page: Page, test: (url: URL, method: string) => boolean) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (test(new URL(r.url()), r.method())) seen.push(r.url());
  });
  return seen;
}

/** A product that arrived at a Wake store on the latest date with arrivals (so it had deliveries lately). */
async function recentlyDeliveredProduct(page: Page): Promise<{ name: string; plu: string; date: string }> {
  const dates = await (await page.request.get(`/api/inventory/available-dates?currentDate=${nyToday()}`)).json();
  const date = dates.allAvailableDates[0] as string;
  const day = await (await page.request.get(`/api/inventory/todays-arrivals?date=${date}`)).json();
  return { name: day.arrivals[0].bourbon_name, plu: day.arrivals[0].plu, date };
}

test.beforeEach(async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
});

test.describe("Today's Arrivals", () => {
  test('today, previous and next day, a product opened to its stores and a store link @phone', async ({ page }) => {
    const today = nyToday();
    await page.goto('/todays-arrivals');
    const date = page.getByTestId('arrivals-date');
    const label = page.getByTestId('arrivals-label');
    await expect(date).toHaveText(usDate(today));
    await expect(label).toHaveText('Today');
    await expect(page.getByRole('button', { name: /Next Day/ })).toHaveCount(0);
    const footer = page.getByTestId('arrivals-footer');
    await expect(footer).toContainText('every 15 minutes during business hours (7 AM to 9 PM)');
    await expect(footer).toContainText(new RegExp(`Last check: ${US_DATE.source}`));

    // Previous Day goes to the nearest earlier date with arrivals.
    await page.getByRole('button', { name: /Previous Day/ }).click();
    await expect(label).toHaveText('Historical');
    await expect(date).not.toHaveText(usDate(today));
    await expect(date).toHaveText(US_DATE);
    await expect(page).toHaveURL(/\?date=\d{4}-\d{2}-\d{2}$/);
    const products = page.getByTestId('arrival-product');
    await expect(products.first()).toBeVisible();

    // Next Day from the latest earlier date: today (its own arrivals, or the jump when there are none).
    await page.getByRole('button', { name: /Next Day/ }).click();
    await expect(label).toHaveText('Today');
    await expect(date).toHaveText(usDate(today));
    await expect(page.getByRole('button', { name: /Next Day/ })).toHaveCount(0);

    // Back one day, open a product and follow a store link.
    await page.getByRole('button', { name: /Previous Day/ }).click();
    await expect(label).toHaveText('Historical');
    const first = products.first();
    await first.locator('summary').click();
    const storeLink = first.getByRole('link').first();
    await expect(storeLink).toBeVisible();
    const nickname = ((await storeLink.textContent()) ?? '').replace(/\s*#\d+\s*$/, '').trim();
    await storeLink.click();
    await expect(page).toHaveURL(/\/stores\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nickname);
  });

  test('summary with Refresh, the empty state with recent dates, and no earlier dates', async ({ page }) => {
    const arrivalCalls = countRequests(page, (u) => u.pathname === '/api/inventory/todays-arrivals');
    await page.goto('/todays-arrivals?date=2001-01-02');
    await expect(page.getByTestId('arrivals-label')).toHaveText('Historical');
    const empty = page.getByTestId('arrivals-empty');
    await expect(empty).toContainText('No arrivals recorded for 01/02/2001');
    const recent = empty.getByRole('button');
    await expect(recent.first()).toHaveText(US_DATE);
    expect(await recent.count()).toBeLessThanOrEqual(5);

    await page.getByRole('button', { name: /Previous Day/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No earlier dates with arrivals found.' })).toBeVisible();

    // A suggested date opens with its arrivals and their summary.
    const suggested = (await recent.first().textContent())!;
    await recent.first().click();
    await expect(page.getByTestId('arrivals-date')).toHaveText(suggested);
    await expect(page.getByTestId('arrival-product').first()).toBeVisible();
    const summary = page.getByLabel('Arrivals summary');
    await expect(summary).toContainText('Products');
    await expect(summary).toContainText('Bottles');

    const before = arrivalCalls.length;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => arrivalCalls.length).toBe(before + 1);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByTestId('arrival-product').first()).toBeVisible();
  });

  test('load and navigation failures say so, and Try Again recovers', async ({ page }) => {
    await page.route('**/api/inventory/todays-arrivals**', (r) => r.abort());
    await clientFirst(page);
    await page.goto('/todays-arrivals?date=2001-01-02');
    await expect(alert(page)).toHaveText(/Failed to load arrivals for 01\/02\/2001\. Please try again\./);
    await page.unroute('**/api/inventory/todays-arrivals**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('arrivals-footer')).toBeVisible();

    await page.route('**/api/inventory/available-dates**', (r) => r.abort());
    await page.getByRole('button', { name: /Previous Day/ }).click();
    await expect(alert(page)).toHaveText('Failed to navigate to previous date.');
    await page.getByRole('button', { name: /Next Day/ }).click();
    await expect(alert(page)).toHaveText('Failed to navigate to next date.');
  });

  test('a date after today has nothing later', async ({ page }) => {
    await page.goto('/todays-arrivals?date=2099-01-01');
    await page.getByRole('button', { name: /Next Day/ }).click();
    await expect(page.getByRole('status').filter({ hasText: "No later dates with arrivals found. You're viewing the most recent data available." })).toBeVisible();
  });
});

test.describe('Current Inventory', () => {
  test('counts, type badges that toggle, search by name and PLU, stores loaded on first expansion @phone', async ({ page }) => {
    const storeCalls = countRequests(page, (u) => /^\/api\/inventory\/product\/\d{5}\/stores$/.test(u.pathname));
    await page.goto('/inventory');
    const summary = page.getByLabel('Inventory summary');
    for (const label of ['Products', 'Bottles', 'Stores']) await expect(summary).toContainText(label);
    const notes = page.getByRole('complementary', { name: 'Before you go' });
    await expect(notes).toContainText('may not be real-time');
    await expect(notes).toContainText('Mixed-beverage permit holders');
    await expect(notes).toContainText('Call the store before you drive');

    const count = page.getByTestId('inventory-count');
    let [, total] = await shown(count);
    if (total === 0) {
      // Hunted bottles sell within hours to days, so the shelves can be bare (say, early on a Monday): the
      // screen says so, and the rest of the test runs on two catalog products (their stores stay real).
      await expect(page.getByTestId('inventory-empty')).toBeVisible();
      const catalog = (await (await page.request.get('/api/state/products')).json()).products.slice(0, 2);
      const products = catalog.map((p: { nc_code: string; brand_name: string; Listing_Type: string }, i: number) => ({
        plu: p.nc_code, product_name: p.brand_name, Listing_Type: p.Listing_Type, retail_price: 49.95, size_ml: 750,
        total_bottles: 2 - i, stores_with_stock: 1,
      }));
      const byListingType: Record<string, { count: number; bottles: number }> = {};
      for (const p of products) {
        byListingType[p.Listing_Type] ??= { count: 0, bottles: 0 };
        byListingType[p.Listing_Type].count += 1;
        byListingType[p.Listing_Type].bottles += p.total_bottles;
      }
      await page.route('**/api/inventory/allocated-current', (r) =>
        r.fulfill({ json: { success: true, products, summary: { totalProducts: 2, totalBottles: 3, uniqueStores: 1, byListingType } } }),
      );
      await clientFirst(page);
      await page.reload();
      [, total] = await shown(count);
    }
    expect(total).toBeGreaterThan(0);
    const cards = page.getByTestId('inventory-product');

    // A type badge narrows the list to that type; pressing it again shows everything.
    const filters = page.getByRole('group', { name: 'Filter by listing type' });
    const badge = filters.getByRole('button').first();
    const type = ((await badge.textContent()) ?? '').replace(/\d/g, '').trim();
    const typeCount = Number(await badge.locator('.type-count').textContent());
    await badge.click();
    await expect(badge).toHaveAttribute('aria-pressed', 'true');
    await expectEach(cards.locator('.badge-type'), (t) => t === type, `only ${type} cards`);
    // The badge counts that type's products (summary.byListingType[type].count).
    expect(typeCount).toBeGreaterThan(0);
    await expect(count).toHaveText(new RegExp(`^Showing ${typeCount} of`));
    expect((await shown(count))[1]).toBeLessThanOrEqual(total);
    await badge.click();
    await expect(badge).toHaveAttribute('aria-pressed', 'false');
    await expect(filters.getByRole('button', { name: 'All types' })).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText(new RegExp(`of ${total.toLocaleString('en-US')} products`));

    // Search by name, then by PLU.
    const name = (await cards.first().locator('.product-name').textContent())!;
    const pluText = (await cards.first().getByText(/^PLU \d{5}$/).textContent())!;
    const search = page.getByLabel('Search by name or PLU');
    await search.fill(name.slice(0, 12));
    await expect(cards.first()).toContainText(name.slice(0, 12));
    // Words in any order (lib/text/search.ts): the name typed backwards still finds the product.
    await search.fill(name.split(/\s+/).reverse().join(' '));
    await expect(cards.filter({ hasText: pluText })).toHaveCount(1);
    await search.fill(pluText.slice(4));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(pluText);
    await search.fill('');
    await expect(count).toHaveText(new RegExp(`of ${total.toLocaleString('en-US')} products`));

    // Stores load the first time a card opens, and only then.
    expect(storeCalls).toHaveLength(0);
    const card = cards.first();
    await card.locator('summary').click();
    // The card's own links (Where is it now, On its way) show at once; a store's link only once its stores load.
    const storeLink = card.locator('.store-link').first();
    const loaded = storeLink.or(card.getByText('No store has this product right now.'));
    await expect(loaded).toBeVisible();
    expect(storeCalls).toHaveLength(1);
    await card.locator('summary').click();
    await card.locator('summary').click();
    await expect(loaded).toBeVisible();
    expect(storeCalls).toHaveLength(1);
    if (await storeLink.count()) {
      await storeLink.click();
      await expect(page).toHaveURL(/\/stores\/\d+$/);
    }
  });

  test('a failed load shows the server error or the fallback, with Try Again', async ({ page }) => {
    await page.route('**/api/inventory/allocated-current', (r) => r.fulfill({ status: 503, json: { success: false, error: 'Inventory is being updated' } }));
    await clientFirst(page);
    await page.goto('/inventory');
    await expect(alert(page)).toContainText('Inventory is being updated');
    await page.unroute('**/api/inventory/allocated-current');
    await page.route('**/api/inventory/allocated-current', (r) => r.abort());
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(alert(page)).toContainText('Failed to fetch inventory data');
    await page.unroute('**/api/inventory/allocated-current');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByLabel('Inventory summary')).toBeVisible();
  });
});

test('?search= pre-fills the inventory search (the link in arrival alert e-mails)', async ({ page }) => {
  await page.goto('/inventory?search=27090');
  await expect(page.getByLabel('Search by name or PLU')).toHaveValue('27090');
});

test.describe('Delivery Analysis', () => {
  test('search → suggestion → Generate Report → sections; a second Generate uses the cache, Refresh does not @phone', async ({ page }) => {
    const product = await recentlyDeliveredProduct(page);
    const searches = countRequests(page, (u) => u.pathname.startsWith('/api/inventory/search/'));
    const analyses = countRequests(page, (u, m) => u.pathname === '/api/inventory/delivery-analysis' && m === 'POST');
    await page.goto('/delivery-analysis');

    const period = page.getByLabel('Time period');
    await expect(period.locator('option')).toHaveText(['This week (Mon–today)', 'Last 2 weeks', 'Last 3 weeks', 'Last 4 weeks', 'Last 5 weeks']);

    // One character asks nothing; fast typing asks once, 300 ms after the last key.
    const input = page.getByRole('combobox', { name: 'Product' });
    await input.fill(product.name.slice(0, 1));
    await page.waitForTimeout(700);
    expect(searches).toHaveLength(0);
    await input.fill('');
    await input.pressSequentially(product.name.slice(0, 4), { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Matching products' });
    await expect(listbox.getByRole('option').first()).toBeVisible();
    expect(searches).toHaveLength(1);

    await input.fill(product.name);
    await listbox.getByRole('option').filter({ hasText: `PLU ${product.plu}` }).first().click();
    await expect(input).toHaveValue(product.name);
    await expect(listbox).toBeHidden();
    await period.selectOption('4');
    await page.getByRole('button', { name: 'Generate Report' }).click();

    const report = page.getByTestId('analysis-report');
    await expect(report.getByRole('heading', { level: 2, name: product.name })).toBeVisible();
    await expect(report).toContainText(`PLU ${product.plu}`);
    await expect(report).toContainText(new RegExp(`${US_DATE.source} – ${US_DATE.source}`));
    for (const label of ['Cases shipped to Wake', 'Cases delivered', 'Stores with deliveries', 'Stores without deliveries']) {
      await expect(page.getByLabel('Delivery summary')).toContainText(label);
    }
    const deliveries = page.getByTestId('section-deliveries');
    const rows = deliveries.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(deliveries.locator('.count-pill')).toHaveText(String(await rows.count()));
    await expect(rows.first().locator('td').first()).toHaveText(US_DATE);
    for (const cases of await rows.locator('td[data-label="Cases"]').allTextContents()) expect(parseInt(cases, 10)).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('section-without')).toBeVisible();
    await expect(page.getByTestId('section-other-drops')).toHaveCount(0);
    expect(analyses).toHaveLength(1);

    // Within 30 minutes the same product, period and flag come from the cache.
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(page.getByTestId('analysis-freshness')).toContainText('Saved report');
    expect(analyses).toHaveLength(1);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('analysis-freshness')).toContainText('Generated');
    expect(analyses).toHaveLength(2);

    // The other-drops flag is part of the key, and adds its section.
    await page.getByLabel('Include other drops').check();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(page.getByTestId('section-other-drops')).toBeVisible();
    expect(analyses).toHaveLength(3);
  });

  test('the days behind "Cases shipped" that had no whole extract are said in words, the whole ones not @phone', async ({ page }) => {
    const product = await recentlyDeliveredProduct(page);
    // The answer as the server gives it, with what the extract said about three of its days (lib/reports/shipment-days.ts).
    const days = [
      { date: '2026-03-11', status: 'late', note: "The shipment report for 3/11 is late — shipments that day will show up when it comes. The state's shipment report could not be read since 03/11/2026 11:30 AM." },
      { date: '2026-03-10', status: 'truncated', note: "The report for 3/10 was incomplete: this board's shipments will show up with the next complete report." },
      { date: '2026-03-09', status: 'complete', note: null },
    ];
    await page.route('**/api/inventory/delivery-analysis', async (route) => {
      const answer = await (await route.fetch()).json();
      expect(Array.isArray(answer.shipment_days)).toBe(true);
      await route.fulfill({ json: { ...answer, shipment_days: days } });
    });
    await page.goto('/delivery-analysis');
    const input = page.getByRole('combobox', { name: 'Product' });
    await input.fill(product.name);
    await page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').filter({ hasText: `PLU ${product.plu}` }).first().click();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const report = page.getByTestId('analysis-report');
    await expect(report.getByTestId('shipment-day-notes').locator('li')).toHaveText([days[0].note!, days[1].note!]);

    // Every day whole: no notes at all.
    await page.unroute('**/api/inventory/delivery-analysis');
    await page.route('**/api/inventory/delivery-analysis', async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({ json: { ...answer, shipment_days: [days[2]] } });
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('analysis-freshness')).toContainText('Generated');
    await expect(report.getByTestId('shipment-day-notes')).toHaveCount(0);
  });

  test('stores without deliveries falls back to the estimate; errors show the server text or the fallback', async ({ page }) => {
    const product = await recentlyDeliveredProduct(page);
    await page.route('**/api/inventory/stores-without-deliveries', (r) => r.fulfill({ status: 500, json: { success: false } }));
    await page.goto('/delivery-analysis');
    const input = page.getByRole('combobox', { name: 'Product' });
    await input.fill(product.name);
    await page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').filter({ hasText: `PLU ${product.plu}` }).first().click();
    await page.getByLabel('Time period').selectOption('4');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const without = page.getByTestId('section-without');
    await without.locator('summary').click();
    await expect(page.getByTestId('without-estimate')).toContainText(/About \d+ stores \(an estimate: 26 stores minus the stores already listed\)/);

    await page.route('**/api/inventory/delivery-analysis', (r) => r.fulfill({ status: 404, json: { success: false, error: 'Unknown product' } }));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(alert(page)).toHaveText('Unknown product');
    await page.unroute('**/api/inventory/delivery-analysis');
    await page.route('**/api/inventory/delivery-analysis', (r) => r.abort());
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(alert(page)).toHaveText('Failed to generate analysis');
  });
});

test.describe('Warehouse Inventory', () => {
  test('default filters, type and zero-activity filters, If-None-Match revalidation, card → shipments @phone', async ({ page }) => {
    await page.goto('/warehouse-inventory');
    await expect(page.getByLabel('Time period')).toHaveValue('last_30_days');
    const type = page.getByLabel('Product type');
    await expect(type).toHaveValue('hunted');
    await expect(type.locator('option')).toContainText(['Allocation + Limited + Barrel', 'Allocation only', 'Limited only', 'Barrel only', 'Listed only (search)', 'All types']);
    const hideZero = page.getByLabel('Hide zero activity');
    await expect(hideZero).toBeChecked();

    const cards = page.getByTestId('warehouse-card');
    await expect(cards.first()).toBeVisible();
    await expectEach(cards.locator('.badge-type'), (t) => HUNTED.includes(t), 'only hunted types by default');
    const count = page.getByTestId('warehouse-count');
    const [, hunted] = await shown(count);

    // Filters without Listed use the hunted answer. Listed comes only as the server's search matches: until
    // 2 characters are typed there is a hint and no call; then one call after the typing pause.
    await type.selectOption('barrel');
    await expectEach(cards.locator('.badge-type'), (t) => t === 'Barrel', 'only Barrel');
    const searches: URLSearchParams[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/reports/warehouse-inventory')) searches.push(new URL(r.url()).searchParams);
    });
    await type.selectOption('listed');
    await expect(page.getByTestId('listed-hint')).toContainText('type at least 2 characters of a name or PLU');
    await expect(cards).toHaveCount(0);
    const search = page.getByLabel('Search');
    // One character is not enough: the hint stays. The rest comes as one edit, so a loaded machine's slow
    // keystrokes cannot outlast the typing pause mid-word (that fired a search for "bour" once in CI).
    await search.pressSequentially('b');
    await expect(page.getByTestId('listed-hint')).toBeVisible();
    await search.fill('bourbon');
    await expect(page.getByTestId('listed-hint')).toBeHidden();
    await expectEach(cards.locator('.badge-type'), (t) => t === 'Listed', 'only Listed');
    await expectEach(cards.locator('h3'), (t) => /bourbon/i.test(t), 'only bourbon matches');
    expect(searches.map((q) => `${q.get('listingTypes')}|${q.get('search')}`)).toEqual(['Listed|bourbon']);
    await expect(page.getByTestId('listed-limit')).toBeHidden(); // fewer than 100 match
    // A broad search says that only the first 100 are shown.
    await search.fill('on');
    await expect(page.getByTestId('listed-limit')).toContainText(/\d+ Listed products match “on”: these are the first 100 by name/);
    await expectEach(cards.locator('h3'), (t) => /on/i.test(t), 'only "on" matches');
    // All types with a search: the hunted and the Listed matches; without one, the hunted set and the hint.
    await type.selectOption('all');
    await expect.poll(() => searches.at(-1)?.get('listingTypes')).toBe('all');
    await expect.poll(async () => new Set(await cards.locator('.badge-type').allTextContents()).size).toBeGreaterThan(1);
    await search.fill('');
    await expect(page.getByTestId('listed-hint')).toBeVisible();
    await expectEach(cards.locator('.badge-type'), (t) => HUNTED.includes(t), 'hunted types while there is no search');
    await type.selectOption('hunted');
    await hideZero.uncheck();
    await expect.poll(async () => (await parseShown(count))[1]).toBeGreaterThanOrEqual(hunted);
    await hideZero.check();
    await expect.poll(async () => (await parseShown(count))[1]).toBe(hunted);

    // The period's answer is cached; the next visit that loads it itself sends its version and a 304 keeps the cache.
    const tag = await page.evaluate(
      () => JSON.parse(localStorage.getItem('nbt:warehouse-inventory:v2:last_30_days:Allocation,Limited,Barrel,Unknown')!).value.meta.file_modified,
    );
    expect(tag).toBeTruthy();
    const request = page.waitForRequest((r) => r.url().includes('/api/reports/warehouse-inventory'));
    const response = page.waitForResponse((r) => r.url().includes('/api/reports/warehouse-inventory'));
    await clientFirst(page);
    await page.reload();
    expect(await (await request).headerValue('if-none-match')).toBe(tag);
    expect(new URL((await request).url()).searchParams.get('listingTypes')).toBe('Allocation,Limited,Barrel,Unknown');
    expect((await response).status()).toBe(304);
    await expect(cards.first()).toBeVisible();

    // A card opens statewide shipments searched for the product; Back returns here.
    const name = (await cards.first().locator('h3').textContent())!;
    await cards.first().click();
    await expect(page).toHaveURL(/\/statewide-shipments\?search=/);
    await expect(page.getByLabel('Search')).toHaveValue(name);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/warehouse-inventory$/);
  });

  test('another period is fetched and cached on its own', async ({ page }) => {
    await page.goto('/warehouse-inventory');
    await expect(page.getByTestId('warehouse-card').first()).toBeVisible();
    const request = page.waitForRequest((r) => r.url().includes('timePeriod=last_90_days'));
    await page.getByLabel('Time period').selectOption('last_90_days');
    expect(await (await request).headerValue('if-none-match')).toBeNull();
    await expect(page.getByTestId('warehouse-count')).toContainText(/Showing \d+ of \d+ products/);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('nbt:warehouse')).sort());
    expect(keys).toEqual([
      'nbt:warehouse-inventory:v2:last_30_days:Allocation,Limited,Barrel,Unknown',
      'nbt:warehouse-inventory:v2:last_90_days:Allocation,Limited,Barrel,Unknown',
    ]);
  });

  test('images fall back from image_url to image_path to the placeholder; errors are shown', async ({ page }) => {
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname);
    });
    const product = {
      product_name: 'Fallback Test Bourbon', plu: '99999', nc_code: '99999', listing_type: 'Allocation', retail_price: 49.95,
      bottles_per_case: 6, current_inventory: 12, peak_inventory: 24, peak_inventory_date: '2026-01-02', low_inventory: 6,
      low_inventory_date: '2026-01-03', image_url: '/no-such-image.jpg', image_path: 'alcohol_images\\missing\\99999.jpg',
    };
    await page.route('**/api/reports/warehouse-inventory**', (r) =>
      r.fulfill({ json: { success: true, products: [product], meta: { file_modified: 'x', timePeriod: 'last_30_days', startDate: '2026-01-01', endDate: '2026-01-30', count: 1 } } }),
    );
    await clientFirst(page);
    await page.goto('/warehouse-inventory');
    const img = page.getByTestId('warehouse-card').locator('img');
    await expect(img).toHaveAttribute('src', '/placeholder-bottle.svg');
    // The src changes before the browser reports the request for it: wait for the request itself.
    await expect.poll(() => images).toEqual(expect.arrayContaining(['/no-such-image.jpg', '/api/images/missing/99999.jpg', '/placeholder-bottle.svg']));
    await expect(page.getByTestId('warehouse-card')).toContainText('01/02/2026');

    await page.evaluate(() => localStorage.clear());
    await page.unroute('**/api/reports/warehouse-inventory**');
    await page.route('**/api/reports/warehouse-inventory**', (r) => r.fulfill({ status: 500, json: { success: false, error: 'Warehouse data is unavailable' } }));
    await page.reload();
    await expect(alert(page)).toContainText('Warehouse data is unavailable');
    await page.unroute('**/api/reports/warehouse-inventory**');
    await page.route('**/api/reports/warehouse-inventory**', (r) => r.fulfill({ json: { success: false } }));
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(alert(page)).toContainText('Unknown error occurred');
    await page.unroute('**/api/reports/warehouse-inventory**');
    await page.route('**/api/reports/warehouse-inventory**', (r) => r.abort());
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(alert(page)).toContainText('Failed to fetch warehouse inventory');
  });
});

test.describe('Stores', () => {
  test('directory filters, a store, the store selector and the history period @phone', async ({ page }) => {
    await page.goto('/stores');
    const count = page.getByTestId('stores-count');
    const [, total] = await shown(count);
    expect(total).toBeGreaterThan(20);
    const cards = page.getByTestId('store-card');

    const region = page.getByLabel('Region');
    const regionName = (await region.locator('option').nth(1).textContent())!;
    await region.selectOption({ index: 1 });
    await expect.poll(async () => (await parseShown(count))[0]).toBeLessThan(total);
    await expectEach(cards, (t) => t.includes(regionName), `only ${regionName}`);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByLabel('Delivery day').selectOption('Monday');
    await expect.poll(async () => (await parseShown(count))[0]).toBeLessThan(total);
    await expectEach(cards, (t) => t.includes('Monday'), 'only Monday stores');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByLabel('Mixed beverage').selectOption('yes');
    await expect.poll(async () => (await parseShown(count))[0]).toBeLessThan(total);
    await expectEach(cards, (t) => t.includes('MXB only'), 'only mixed-beverage outlets');
    await page.getByLabel('Mixed beverage').selectOption('');

    await page.getByLabel('Search').fill('cary');
    await expect.poll(async () => (await parseShown(count))[0]).toBeLessThan(total);
    expect((await parseShown(count))[0]).toBeGreaterThan(0);
    await expectEach(cards, (t) => t.toLowerCase().includes('cary'), 'only stores matching "cary"');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(count).toHaveText(`Showing ${total} of ${total} stores`);

    // A store's page.
    const heading = ((await cards.first().locator('h3').textContent()) ?? '').replace(/\s*#\d+\s*$/, '').trim();
    // The store page asks for its history itself (the server renders it otherwise).
    await clientFirst(page);
    const history = page.waitForRequest((r) => r.url().includes('/api/inventory/store-history/') && r.url().includes('days=30'));
    await cards.first().click();
    await expect(page).toHaveURL(/\/stores\/\d+$/);
    await history;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId('delivery-day')).toHaveText(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Random \(no fixed day\)|Not known yet)$/);
    await expect(page.getByTestId('delivery-interval')).toHaveText(/^(Every week|Every \d+ weeks|Not known yet)$/);
    await expect(page.getByTestId('last-delivery')).toHaveText(new RegExp(`^(${US_DATE.source}|—)$`));
    await expect(page.getByRole('heading', { name: 'Current inventory' })).toBeVisible();

    // Previous drops: 30 days by default, 60 and 90 on request.
    const days = page.getByLabel('History');
    await expect(days).toHaveValue('30');
    await expect(days.locator('option')).toHaveText(['Last 30 days', 'Last 60 days', 'Last 90 days']);
    const ninety = page.waitForRequest((r) => r.url().includes('days=90'));
    await days.selectOption('90');
    await ninety;
    await expect(page.getByTestId('history-days-list').or(page.getByTestId('history-empty'))).toBeVisible();

    // The selector switches store.
    const selector = page.getByLabel('Switch store');
    await expect(selector.locator('option').nth(1)).toBeAttached();
    const current = new URL(page.url()).pathname.split('/').pop()!;
    const options = await selector.locator('option').evaluateAll((els) => els.map((e) => [(e as HTMLOptionElement).value, e.textContent ?? '']));
    const [otherId, otherText] = options.find(([v]) => v !== current)!;
    await selector.selectOption(otherId);
    await expect(page).toHaveURL(new RegExp(`/stores/${otherId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(otherText.replace(/^#\d+\s+/, ''));
  });

  test('unknown store, failed store data, failed history and failed directory', async ({ page }) => {
    await page.goto('/stores/999999');
    await expect(alert(page)).toHaveText('Store not found');

    await page.route('**/api/stores/*/inventory', (r) => r.abort());
    await clientFirst(page);
    await page.goto('/stores/1');
    await expect(alert(page)).toContainText('Failed to fetch store data');
    await page.unroute('**/api/stores/*/inventory');

    await page.route('**/api/inventory/store-history/**', (r) => r.abort());
    await page.goto('/stores/1');
    await expect(page.getByTestId('history-empty')).toContainText('No drops recorded in the last 30 days.');
    await expect(page.getByRole('heading', { name: 'Current inventory' })).toBeVisible();

    await page.route('**/api/stores', (r) => r.abort());
    await page.goto('/stores');
    await expect(alert(page)).toContainText('Failed to fetch stores data');
  });
});

test.describe('Statewide Shipments', () => {
  test('three views, the Wake shortcut, filters and Back @phone', async ({ page }) => {
    await page.goto('/inventory');
    await page.goto('/statewide-shipments');
    const groups = page.getByTestId('shipment-group');
    await expect(page.getByRole('button', { name: 'By product' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('shipments-view-product')).toBeVisible();
    await expect(groups.first()).toBeVisible();
    await expect(page.getByLabel('Product type').locator('option')).toHaveCount(4);
    await expect(page.getByLabel('Dates')).toHaveValue('last-16-days');
    await expect(page.getByLabel('Dates').locator('option')).toHaveText(['This month', 'Last 16 days', 'Last 24 days']);

    await page.getByRole('button', { name: 'By date' }).click();
    await expect(page.getByTestId('shipments-view-date')).toBeVisible();
    await expect(groups.first().locator('summary')).toContainText(US_DATE);
    await page.getByRole('button', { name: 'By board' }).click();
    await expect(page.getByTestId('shipments-view-board')).toBeVisible();
    await groups.first().locator('summary').click();
    await expect(groups.first().locator('.ship-lines li').first()).toContainText(/\d+ cases?/);

    // The Wake shortcut picks the board whose name contains "wake".
    const request = page.waitForRequest((r) => r.url().includes('/api/state/shipments') && !r.url().includes('boardId=all'));
    await page.getByRole('button', { name: /Wake County/ }).click();
    await request;
    const board = page.getByLabel('Board');
    await expect(board).not.toHaveValue('all');
    await expect(board.locator('option:checked')).toContainText(/wake/i);
    await expect(groups.first().or(page.getByTestId('shipments-empty'))).toBeVisible();
    for (const name of await groups.locator('.product-name').allTextContents()) expect(name.toLowerCase()).toContain('wake');
    await page.getByLabel('Product type').selectOption('allocation');
    await page.getByLabel('Dates').selectOption('last-24-days');
    await expect(groups.first().or(page.getByTestId('shipments-empty'))).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
  });

  test('days without a whole extract are said in words, never left as "nothing shipped" @phone', async ({ page }) => {
    // The answer as the server gives it, with what the extract said about two of its days (lib/reports/shipment-days.ts).
    const days = [
      { date: '2026-03-11', status: 'late', note: 'The shipment report for 3/11 is late — shipments that day will show up when it comes.' },
      { date: '2026-03-10', status: 'missing', note: 'No shipment report for 3/10 — shipments that day will show up with the next report.' },
      { date: '2026-03-09', status: 'complete', note: null },
    ];
    await page.route('**/api/state/shipments**', async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({ json: { ...answer, days } });
    });
    await page.goto('/statewide-shipments');
    await expect(page.getByTestId('shipment-group').first()).toBeVisible();
    await page.getByLabel('Dates').selectOption('last-24-days'); // loaded by the screen, through the route above
    const notes = page.getByTestId('shipment-day-notes');
    await expect(notes.locator('li')).toHaveText([days[0].note!, days[1].note!]);
    await page.getByLabel('Search').fill('zzzz-no-such-product');
    await expect(page.getByTestId('shipments-empty')).toBeVisible();
    await expect(notes).toBeVisible(); // an empty list under a missing day is not a quiet day
  });

  test('?search= pre-fills the search; a failed load says so', async ({ page }) => {
    const products = await (await page.request.get('/api/state/shipments')).json();
    const name: string = products.shipments[0].brand_name;
    await page.goto(`/statewide-shipments?search=${encodeURIComponent(name)}`);
    await expect(page.getByLabel('Search')).toHaveValue(name);
    const groups = page.getByTestId('shipment-group');
    await expect(groups.first()).toBeVisible();
    for (const n of await groups.locator('.product-name').allTextContents()) expect(n.toLowerCase()).toContain(name.toLowerCase());

    await page.route('**/api/state/shipments**', (r) => r.abort());
    await page.getByLabel('Search').fill('zzz');
    await expect(alert(page)).toContainText('Failed to fetch shipments data');
  });

  test('a large answer arrives gzipped (once) and decodes to the same shipments', async ({ page }) => {
    const url = '/api/state/shipments?dateRange=last-24-days';
    const plain = await page.request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
    const gzipped = await page.request.get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(gzipped.headers()['content-encoding']).toBe('gzip');
    const body = await plain.json();
    expect(body.shipments.length).toBeGreaterThan(100);
    expect(await gzipped.json()).toEqual(body);
  });
});

test('first-load JavaScript of each report screen stays within 150 KB gzipped', async ({ browser, createUser }) => {
  // Eight screens loaded one after another in fresh contexts: a size check, so it may take its time on a busy machine.
  test.setTimeout(150_000);
  const user = await createUser();
  for (const path of ['/todays-arrivals', '/inventory', '/delivery-analysis', '/warehouse-inventory', '/stores', '/stores/1', '/statewide-shipments', '/incoming', '/coming']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') bodies.set(r.url(), r.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('load');
    // First load: the scripts whose fetch began before the page's load event. Code a screen loads after it (the county
    // map's) is not, however soon a fast or slow machine's response arrives before this test looks.
    const beforeLoad = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance.getEntriesByType('resource').filter((e) => e.startTime < nav.loadEventStart).map((e) => e.name);
    });
    const firstLoad = [...bodies].filter(([url]) => beforeLoad.includes(url)).map(([, body]) => body);
    expect(firstLoad.length, `${path}: scripts before the load event`).toBeGreaterThan(0);
    const gzipped = (await Promise.all(firstLoad)).reduce((n, b) => n + zlib.gzipSync(b).length, 0);
    expect(gzipped / 1024, `${path}: ${(gzipped / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(150);
    await context.close();
  }
});
