import type { Page } from '@playwright/test';
import { boardData, type BoardData } from './board-data';
import { expect, test } from './fixtures';

// The board choice of the store-level report screens (Today's Arrivals, Current Inventory, Delivery Analysis,
// Stores): Wake by default, another covered board from the Board select, kept in the address (?board=78)
// across reloads, the home board from the profile when the address names none, store pages of every covered
// board, and what each screen says about the board's source. e2e/board-data.ts gives Durham and Greensboro a
// little history on top of the Wake demo (Greensboro's latest run failed; New Hanover was never read).

const US_DATE = /\d{2}\/\d{2}\/\d{4}/;
const BOARDS = ['Wake County', 'Durham County', 'Greensboro', 'New Hanover County'];

/** The grouped Board select of a screen that shows any board: the shelf boards first, by name, then every other board. */
async function expectGroupedBoards(select: ReturnType<Page['getByLabel']>) {
  await expect(select.locator('optgroup')).toHaveCount(3);
  await expect(select.locator('optgroup[label="Store shelves read"] option')).toHaveText([...BOARDS].sort());
  await expect(select.locator('optgroup[label="One store"] option')).toHaveCount(100);
  await expect(select.locator('optgroup[label="Shipments to the board only"] option')).toHaveCount(69);
}

let data: BoardData;
test.beforeAll(async () => {
  data = await boardData();
});

test.beforeEach(async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
});

const boardSelect = (page: Page) => page.getByLabel('Board', { exact: true });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("Today's Arrivals: Durham's arrivals and stores, days within the board, a failing and an unread source @phone", async ({ page }) => {
  await page.goto('/todays-arrivals');
  const board = boardSelect(page);
  await expect(board).toHaveValue('179');
  await expectGroupedBoards(board);
  await expect(page.getByText('New bottles of allocated, limited and barrel products at Wake County ABC stores.')).toBeVisible();
  await expect(page.getByTestId('board-freshness')).toHaveCount(0);

  const request = page.waitForRequest((r) => r.url().includes('/api/inventory/todays-arrivals') && r.url().includes('boardId=78'));
  await board.selectOption('78');
  await request;
  await expect(page).toHaveURL(/\/todays-arrivals\?board=78$/);
  await expect(page.getByText('New bottles of allocated, limited and barrel products at Durham County ABC stores.')).toBeVisible();
  await expect(page.getByTestId('arrivals-footer')).toContainText(new RegExp(`Last check: ${US_DATE.source}`));

  // Durham's latest date with arrivals shows its own product only, and survives a reload with the board.
  const dates = await (await page.request.get('/api/inventory/available-dates?boardId=78')).json();
  const [latest, earlier] = dates.allAvailableDates as string[];
  await page.goto(`/todays-arrivals?date=${latest}&board=78`);
  await expect(board).toHaveValue('78');
  const products = page.getByTestId('arrival-product');
  await expect(products).toHaveCount(1);
  await expect(products.first()).toContainText(new RegExp(`${escape(data.allocation.name)}|${escape(data.limited.name)}`));

  // Previous Day stays on Durham's dates, and the address keeps the board.
  await page.getByRole('button', { name: /Previous Day/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?date=${earlier}&board=78$`));
  await expect(page.getByTestId('arrivals-label')).toHaveText('Historical');
  await expect(products).toHaveCount(1);

  // A Durham store's page, and its selector lists Durham's stores.
  await products.first().locator('summary').click();
  const storeLink = products.first().getByRole('link').first();
  const nickname = ((await storeLink.textContent()) ?? '').replace(/\s*#\d+\s*$/, '').trim();
  expect(data.durham.map((s) => s.nickname)).toContain(nickname);
  await storeLink.click();
  await expect(page).toHaveURL(/\/stores\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nickname);
  await expect(page.getByLabel('Switch store').locator('option')).toHaveCount(data.durham.length);
  await expect(page.getByTestId('board-check')).toContainText(new RegExp(`Durham County ABC · Last check: ${US_DATE.source}`));

  // Greensboro's source is failing; New Hanover's was never read; Wake's says nothing.
  await page.goto('/todays-arrivals?board=58');
  await expect(page.getByTestId('board-freshness')).toHaveText(
    new RegExp(`^Greensboro's inventory source is failing: last good check ${US_DATE.source} \\d{1,2}:\\d{2} [AP]M\\. What you see may be out of date\\.$`),
  );
  await boardSelect(page).selectOption('135');
  await expect(page.getByTestId('board-freshness')).toHaveText("New Hanover's store shelves have not been checked yet.");
  await expect(page.getByTestId('arrivals-footer')).toContainText('Last check: not yet');
  await boardSelect(page).selectOption('179');
  await expect(page).toHaveURL(/\?board=179$/);
  await expect(page.getByTestId('board-freshness')).toHaveCount(0);
});

test('Current Inventory: a board from the address, its shelves and stores, and switching back to Wake @phone', async ({ page }) => {
  await page.goto('/inventory?board=78');
  const board = boardSelect(page);
  await expect(board).toHaveValue('78');
  await expect(page.getByRole('complementary', { name: 'Before you go' })).toContainText('Counts come from public Durham County ABC pages');
  await expect(page.getByTestId('board-check')).toContainText(new RegExp(`Last check: ${US_DATE.source}`));
  const count = page.getByTestId('inventory-count');
  await expect(count).toHaveText('Showing 2 of 2 products');
  const summary = page.getByLabel('Inventory summary');
  await expect(summary.locator('dd')).toHaveText(['2', '6', '2']);

  const card = page.getByTestId('inventory-product').filter({ hasText: `PLU ${data.allocation.plu}` });
  const stores = page.waitForRequest((r) => r.url().includes(`/api/inventory/product/${data.allocation.plu}/stores?boardId=78`));
  await card.locator('summary').click();
  await stores;
  await expect(card.getByRole('list').getByRole('link')).toHaveText([`${data.durham[0].nickname} #${data.durham[0].store_number}`]);

  await board.selectOption('179');
  await expect(page).toHaveURL(/\/inventory\?board=179$/);
  await expect(page.getByRole('complementary', { name: 'Before you go' })).toContainText('Counts come from public Wake County ABC pages');
  await expect(count).not.toHaveText('Showing 2 of 2 products');
  await expect(count).toHaveText(/Showing [\d,]+ of [\d,]+ products/);
});

test('stock a board did not confirm: "Last seen" on Durham\'s Limited product, Greensboro\'s unconfirmed bottles unknown and out of the totals @phone', async ({ page }) => {
  await page.goto('/inventory?board=78');
  const limited = page.getByTestId('inventory-product').filter({ hasText: `PLU ${data.limited.plu}` });
  const allocation = page.getByTestId('inventory-product').filter({ hasText: `PLU ${data.allocation.plu}` });
  // Durham's latest poll confirmed the Allocation product, not the Limited one (last confirmed 5 hours ago).
  await expect(limited.locator('summary').getByTestId('last-seen')).toHaveText(/^Last seen \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
  await expect(allocation.getByTestId('last-seen')).toHaveCount(0);
  await limited.locator('summary').click();
  await expect(limited.locator('.store-lines li')).toHaveCount(2);
  await expect(limited.locator('.store-lines li').getByTestId('last-seen')).toHaveCount(2);
  // Last seen is still counted: it is the best there is, said plainly.
  await expect(page.getByLabel('Inventory summary').locator('dd')).toHaveText(['2', '6', '2']);
  await expect(page.getByTestId('inventory-unknown')).toHaveCount(0);

  // Greensboro's source has failed since: its bottles, not confirmed for two days, are unknown, not on shelves.
  await boardSelect(page).selectOption('58');
  await expect(page.getByTestId('inventory-count')).toHaveText('Showing 0 of 0 products');
  await expect(page.getByLabel('Inventory summary').locator('dd')).toHaveText(['0', '0', '0']);
  const unknown = page.getByTestId('inventory-unknown');
  await expect(unknown.getByRole('heading', { name: 'Stock unknown' })).toBeVisible();
  await expect(unknown).toContainText(data.allocation.name);
  await expect(unknown).toContainText(/Unknown\s*2 bottles last seen \d{2}\/\d{2}\/\d{4}/);
  await unknown.getByRole('link', { name: data.allocation.name }).click();
  await expect(page).toHaveURL(`/products/${data.allocation.plu}`);
  const greensboro = page.getByTestId('where-board').filter({ has: page.getByRole('heading', { name: 'Greensboro' }) });
  await expect(greensboro.getByTestId('where-unknown')).toContainText(data.greensboro[0].nickname);
  await expect(greensboro).toContainText('Unknown');

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('stock a board did not confirm on a store page and on Where is it now: "Last seen" on Durham\'s Limited product, Greensboro\'s bottles unknown @phone', async ({ page }) => {
  const LAST_SEEN = /^Last seen \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/;
  // Durham's first store: the Allocation product confirmed by the latest poll, the Limited one last confirmed 5 hours ago.
  await page.goto(`/stores/${data.durham[0].id}`);
  const shelf = page.getByTestId('store-inventory');
  const limited = shelf.getByRole('listitem').filter({ hasText: `PLU ${data.limited.plu}` });
  const allocation = shelf.getByRole('listitem').filter({ hasText: `PLU ${data.allocation.plu}` });
  await expect(limited.getByTestId('last-seen')).toHaveText(LAST_SEEN);
  await expect(limited).toContainText(/1\s*bottle/);
  await expect(allocation.getByTestId('last-seen')).toHaveCount(0);
  await expect(page.getByTestId('store-unknown')).toHaveCount(0);

  // Where is it now: both Durham stores holding the Limited product say when they were last seen, and count.
  await page.goto(`/products/${data.limited.plu}`);
  const durham = page.getByTestId('where-board').filter({ has: page.getByRole('heading', { name: 'Durham County' }) });
  await expect(durham.getByRole('listitem')).toHaveCount(2);
  await expect(durham.getByRole('listitem').getByTestId('last-seen')).toHaveText([LAST_SEEN, LAST_SEEN]);
  await expect(durham).toContainText('3 bottles');

  // The Allocation product: Durham's store confirmed, Greensboro's bottles (not confirmed for two days) unknown,
  // listed apart with what was last seen and out of Greensboro's count.
  await page.goto(`/products/${data.allocation.plu}`);
  const confirmed = page.getByTestId('where-board').filter({ has: page.getByRole('heading', { name: 'Durham County' }) });
  await expect(confirmed.getByRole('link', { name: data.durham[0].nickname })).toBeVisible();
  await expect(confirmed.getByTestId('last-seen')).toHaveCount(0);
  await expect(confirmed).toContainText(/since \d{2}\/\d{2}\/\d{4}/);
  const greensboro = page.getByTestId('where-board').filter({ has: page.getByRole('heading', { name: 'Greensboro' }) });
  const unknown = greensboro.getByTestId('where-unknown');
  await expect(unknown.getByRole('heading', { name: 'Stock unknown' })).toBeVisible();
  await expect(unknown.getByRole('link', { name: data.greensboro[0].nickname })).toBeVisible();
  await expect(unknown).toContainText(/Unknown\s*2 bottles last seen \d{2}\/\d{2}\/\d{4}/);
  await expect(greensboro.getByTestId('last-seen')).toHaveCount(0);
  await expect(greensboro.locator('.row.spread')).toContainText('Unknown');

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('Delivery Analysis: a Durham report, shipments to Durham, its stores without deliveries, and the cache per board @phone', async ({ page }) => {
  const analyses: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/inventory/delivery-analysis') && r.method() === 'POST') analyses.push(r.postDataJSON().boardId);
  });
  await page.goto('/delivery-analysis');
  await boardSelect(page).selectOption('78');
  await expect(page).toHaveURL(/\/delivery-analysis\?board=78$/);
  await expect(page.getByText('How one product was spread across the Durham County stores, and which stores went without.')).toBeVisible();

  const input = page.getByRole('combobox', { name: 'Product' });
  await input.fill(data.allocation.name);
  await page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').filter({ hasText: `PLU ${data.allocation.plu}` }).first().click();
  await page.getByLabel('Time period').selectOption('4');
  await page.getByRole('button', { name: 'Generate Report' }).click();

  const report = page.getByTestId('analysis-report');
  await expect(report.getByRole('heading', { level: 2, name: data.allocation.name })).toBeVisible();
  await expect(page.getByLabel('Delivery summary')).toContainText('Cases shipped to Durham');
  const rows = page.getByTestId('section-deliveries').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(data.durham[0].nickname);
  const without = page.getByTestId('section-without');
  await without.locator('summary').click();
  await expect(without.locator('.store-lines li')).toHaveCount(data.durham.length - 1);
  expect(analyses).toEqual([78]);

  // Another board is another report (and another cache entry); coming back to Durham uses its cache.
  await boardSelect(page).selectOption('179');
  await expect(page.getByLabel('Delivery summary')).toContainText('Cases shipped to Wake');
  await expect(page).toHaveURL(/\?board=179$/);
  expect(analyses).toEqual([78, 179]);
  await boardSelect(page).selectOption('78');
  await expect(page.getByLabel('Delivery summary')).toContainText('Cases shipped to Durham');
  await expect(page.getByTestId('analysis-freshness')).toContainText('Saved report');
  expect(analyses).toEqual([78, 179]);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('nbt:delivery-analysis')).sort());
  expect(keys).toEqual([
    `nbt:delivery-analysis:v2:179:${data.allocation.plu}:4:deliveries-only`,
    `nbt:delivery-analysis:v2:78:${data.allocation.plu}:4:deliveries-only`,
  ]);
});

test("Delivery Analysis: the estimate of stores without deliveries counts the board's retail stores", async ({ page }) => {
  await page.route('**/api/inventory/stores-without-deliveries', (r) => r.fulfill({ status: 500, json: { success: false } }));
  await page.goto('/delivery-analysis?board=78');
  await page.getByRole('combobox', { name: 'Product' }).fill(data.allocation.name);
  await page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').filter({ hasText: `PLU ${data.allocation.plu}` }).first().click();
  await page.getByLabel('Time period').selectOption('4');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await page.getByTestId('section-without').locator('summary').click();
  await expect(page.getByTestId('without-estimate')).toContainText(
    `About ${data.durham.length - 1} stores (an estimate: ${data.durham.length} stores minus the stores already listed)`,
  );
});

test("Stores: Greensboro's directory after a reload, a Greensboro store with its drops, and the failing source @phone", async ({ page }) => {
  await page.goto('/stores');
  const count = page.getByTestId('stores-count');
  await expect(count).toHaveText('Showing 28 of 28 stores');
  await boardSelect(page).selectOption('58');
  await expect(page).toHaveURL(/\/stores\?board=58$/);
  await expect(count).toHaveText('Showing 16 of 16 stores');
  await expect(page.getByText('Greensboro ABC stores: where they are, when their trucks come and what they got.')).toBeVisible();
  await expect(page.getByTestId('board-freshness')).toContainText("Greensboro's inventory source is failing");
  await page.reload();
  await expect(boardSelect(page)).toHaveValue('58');
  await expect(count).toHaveText('Showing 16 of 16 stores');

  const store = data.greensboro[0];
  await page.getByTestId('store-card').filter({ hasText: `#${store.store_number}` }).filter({ hasText: store.nickname }).first().click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.nickname);
  await expect(page.getByLabel('Switch store').locator('option')).toHaveCount(16);
  // Its bottles were not confirmed for two days (the source is failing): unknown, never on the shelf list.
  await expect(page.getByTestId('store-unknown')).toContainText(data.allocation.name);
  await expect(page.getByTestId('store-unknown')).toContainText(/Unknown\s*2 bottles last seen \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByTestId('store-inventory')).toHaveCount(0);
  await expect(page.getByTestId('history-days-list')).toContainText(data.allocation.name);
  await expect(page.getByTestId('board-freshness')).toContainText("Greensboro's inventory source is failing");
});

test('the home board from the profile is every report screen’s default; the address still wins @phone', async ({ page }) => {
  await page.goto('/profile');
  const home = page.getByLabel('Home board');
  await expect(home).toHaveValue('179');
  await expectGroupedBoards(home);
  await home.selectOption('78');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Profile updated successfully.' })).toBeVisible();

  for (const path of ['/todays-arrivals', '/inventory', '/delivery-analysis', '/stores']) {
    await page.goto(path);
    await expect(boardSelect(page), path).toHaveValue('78');
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(page.getByTestId('stores-count')).toHaveText('Showing 10 of 10 stores');
  await page.goto('/stores?board=179');
  await expect(boardSelect(page)).toHaveValue('179');
  await expect(page.getByTestId('stores-count')).toHaveText('Showing 28 of 28 stores');

  await page.goto('/profile');
  await expect(page.getByLabel('Home board')).toHaveValue('78');
  expect((await (await page.request.get('/api/user/me')).json()).home_board_id).toBe(78);
});
