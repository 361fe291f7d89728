import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { boardData, dataDayAgo, type BoardData } from './board-data';

// Every board is a home board (issue 24): a hunter whose board's shelves are not read (Mecklenburg County, 31
// stores) chooses it in the profile's grouped select, and Today's Arrivals then says what the state shipped to
// the board — never a shelf reading — with the day's note when the state's report was missing, and the empty
// state with the recent dates that had shipments. Boone's only store shows its shipments; a Mecklenburg store
// says its board's shipments are not published per store. Data: e2e/board-data.ts.

let data: BoardData;

test.beforeAll(async () => {
  data = await boardData();
});

test.beforeEach(async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
});

/** The data's New York date `daysAgo` days back (e2e/board-data.ts), as YYYY-MM-DD. */
const ymdAgo = dataDayAgo;

/** The same date as the screens show it, MM/DD/YYYY. */
const nyDay = (daysAgo: number) => {
  const [y, m, d] = dataDayAgo(daysAgo).split('-');
  return `${m}/${d}/${y}`;
};

/** The profile's home board, chosen in its grouped select and saved. */
async function chooseHomeBoard(page: Page, name: string) {
  await page.goto('/profile');
  const home = page.getByLabel('Home board');
  await expect(home.locator('optgroup[label="Shipments to the board only"] option', { hasText: 'Mecklenburg County' })).toHaveCount(1);
  await home.selectOption({ label: name });
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Profile updated successfully.' })).toBeVisible();
}

test("a home board whose shelves are not read: Today's Arrivals shows its shipments, its day notes and the empty state @phone", async ({ page }) => {
  await chooseHomeBoard(page, 'Mecklenburg County');

  // Yesterday: 24 bottles (4 cases) shipped to the board, counted with the day before, which had no report.
  await page.goto(`/todays-arrivals?date=${ymdAgo(1)}`);
  await expect(page.getByLabel('Board', { exact: true })).toHaveValue('53');
  await expect(
    page.getByText('Hunted products the state shipped to Mecklenburg County on this day. Mecklenburg County does not publish its shelves, so this is what left the state warehouse, not what is on a shelf.'),
  ).toBeVisible();
  const stats = page.getByRole('region', { name: 'Shipments' });
  await expect(stats).toContainText(/Products shipped\s*1/);
  await expect(stats).toContainText(/Cases\s*4/);
  await expect(stats).toContainText(/Bottles\s*24/);
  await expect(page.getByTestId('shipment-product')).toHaveCount(1);
  await expect(page.getByTestId('shipment-product')).toContainText(data.allocation.name);
  await expect(page.getByTestId('shipment-product')).toContainText('Shipped to the board: the state does not say which store.');
  // Its precision on the closed card, in board words (issue 37).
  await expect(page.getByTestId('shipment-product').getByTestId('shipment-precision')).toHaveText(/^Somewhere in Mecklenburg County's \d+ stores; the state does not say which$/);
  await expect(page.getByTestId('shipment-day-note')).toContainText('also include');
  await expect(page.getByTestId('arrivals-footer')).toContainText("Shipments come from the state's daily report, published about 11 AM. Report read:");
  await expect(page.getByTestId('arrival-product')).toHaveCount(0);

  // Previous Day goes to the latest earlier day with shipments to the board, Next Day back.
  await page.getByRole('button', { name: 'Previous Day' }).click();
  await expect(page.getByTestId('arrivals-date')).not.toHaveText(nyDay(1));
  await page.getByRole('button', { name: 'Next Day' }).click();
  await expect(page.getByTestId('arrivals-date')).toHaveText(nyDay(1));

  // Two days ago the state's report was never read: said so, never "nothing shipped".
  await page.goto(`/todays-arrivals?date=${ymdAgo(2)}`);
  await expect(page.getByTestId('shipment-day-note')).toContainText(/^No shipment report for/);

  // A day with nothing shipped to the board: the empty state offers the recent days that had shipments.
  const { allAvailableDates } = await page.evaluate(async (d) => (await (await fetch(`/api/inventory/available-dates?boardId=53&currentDate=${d}`)).json()) as { allAvailableDates: string[] }, ymdAgo(0));
  const quiet = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map(ymdAgo).find((d) => !allAvailableDates.includes(d))!;
  await page.goto(`/todays-arrivals?date=${quiet}`);
  const empty = page.getByTestId('arrivals-empty');
  await expect(empty).toContainText(/No (hunted products were shipped to Mecklenburg County on|shipments known for)/);
  await expect(empty.getByRole('button', { name: nyDay(1) })).toBeVisible();
});

test("Boone's only store shows its shipments; a Mecklenburg store points to its board's @phone", async ({ page }) => {
  await page.goto('/stores');
  const booneStore = await page.evaluate(async () => (await (await fetch('/api/stores?boardId=43')).json()).stores[0].store_id as number);
  await page.goto(`/stores/${booneStore}`);
  await expect(page.getByTestId('store-unread')).toContainText('Boone does not publish its shelves.');
  await expect(page.getByRole('heading', { name: 'Shipments to this store' })).toBeVisible();
  await expect(page.getByTestId('store-shipments')).toContainText(`${data.allocation.name} (PLU ${data.allocation.plu}): 2 cases (12 bottles)`);
  await expect(page.getByTestId('store-inventory')).toHaveCount(0);

  const mecklenburg = await page.evaluate(async () => (await (await fetch('/api/stores?boardId=53')).json()).stores[0].store_id as number);
  await page.goto(`/stores/${mecklenburg}`);
  const unread = page.getByTestId('store-unread');
  await expect(unread).toContainText('Shipments to Mecklenburg County are not published per store');
  await unread.getByRole('link', { name: 'see what was shipped to the board' }).click();
  await expect(page).toHaveURL(/\/todays-arrivals\?board=53$/);
});

test('the Mecklenburg home board on Current Inventory, Delivery Analysis and Stores: no shelf shown, none asked for @phone', async ({ page }) => {
  await chooseHomeBoard(page, 'Mecklenburg County');
  const shelfCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/inventory\/(allocated-current|delivery-analysis|stores-without-deliveries)/.test(r.url())) shelfCalls.push(r.url());
  });
  const notRead = "We can't read Mecklenburg County's store shelves: it publishes no store inventory. What the state shipped to it is on Today's Arrivals.";

  // Current Inventory opens the home board and says what it cannot show, pointing to the board's shipments.
  await page.goto('/inventory');
  await expect(page.getByLabel('Board', { exact: true })).toHaveValue('53');
  const panel = page.getByTestId('shelves-not-read');
  await expect(panel).toContainText(notRead);
  // The page's sentence never speaks of the board's shelves.
  await expect(page.getByText('Allocated, limited and barrel bottles on store shelves right now, for the boards that publish them.')).toBeVisible();
  await expect(page.getByText('Mecklenburg County ABC shelves')).toHaveCount(0);
  await expect(page.getByTestId('inventory-count')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Inventory summary' })).toHaveCount(0);
  await panel.getByRole('link', { name: 'What the state shipped to Mecklenburg County' }).click();
  await expect(page).toHaveURL(/\/todays-arrivals\?board=53$/);
  await expect(page.getByLabel('Board', { exact: true })).toHaveValue('53');

  // Delivery Analysis: the same panel, no form; Wake chosen in the select brings the report's form back.
  await page.goto('/delivery-analysis');
  await expect(page.getByTestId('shelves-not-read')).toContainText(notRead);
  await expect(page.getByText("How one product was spread across a board's stores, and which stores went without, for the boards that publish their shelves.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Report' })).toHaveCount(0);
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Wake County' });
  await expect(page.getByRole('button', { name: 'Generate Report' })).toBeVisible();
  await expect(page.getByTestId('shelves-not-read')).toHaveCount(0);
  expect(shelfCalls).toEqual([]);

  // Stores: Mecklenburg's stores, said once to be without shelves, with no delivery days or drops.
  const meck = await page.evaluate(async () => (await (await fetch('/api/stores?boardId=53')).json()) as { stores: { store_id: number; nickname: string }[] });
  await page.goto('/stores');
  await expect(page.getByLabel('Board', { exact: true })).toHaveValue('53');
  await expect(page.getByText('Mecklenburg County ABC stores: where they are and how to reach them.')).toBeVisible();
  const unread = page.getByTestId('stores-unread');
  await expect(unread).toHaveCount(1);
  await expect(unread).toContainText(
    "Mecklenburg County does not publish its shelves, and the state's report names only the board, not which of its stores: what was shipped to it is on Today's Arrivals.",
  );
  await expect(page.getByTestId('stores-count')).toHaveText(`Showing ${meck.stores.length} of ${meck.stores.length} stores`);
  const cards = page.getByTestId('store-card');
  await expect(cards).toHaveCount(meck.stores.length);
  await expect(page.getByRole('list', { name: 'Stores' })).not.toContainText(/Delivery|Last delivery/);
  await expect(page.getByLabel('Delivery day')).toHaveCount(0);
  await expect(cards.first()).toContainText('Phone');
  await cards.filter({ hasText: meck.stores[0].nickname }).first().click();
  await expect(page).toHaveURL(new RegExp(`/stores/${meck.stores[0].store_id}$`));
  await expect(page.getByTestId('store-unread')).toContainText('Shipments to Mecklenburg County are not published per store');

  // Boone, chosen in the Board select: its one store, whose shipments are the board's.
  await page.goto('/stores');
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Boone' });
  await expect(page).toHaveURL(/\/stores\?board=43$/);
  await expect(page.getByTestId('stores-unread')).toHaveText(
    "Boone does not publish its shelves. It has one store, so what the state ships to Boone is that store's: its page lists those shipments.",
  );
  await expect(page.getByTestId('stores-count')).toHaveText('Showing 1 of 1 stores');
  await page.getByTestId('store-card').click();
  await expect(page.getByRole('heading', { name: 'Shipments to this store' })).toBeVisible();
  await expect(page.getByTestId('store-unread')).toContainText('Boone does not publish its shelves.');
  expect(shelfCalls).toEqual([]);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("Where is it now in sections by precision: shelves, a one-store board's store, a board's stores, the warehouse @phone", async ({ page }) => {
  await page.goto(`/products/${data.allocation.plu}`);
  const boone = await page.evaluate(async () => (await (await fetch('/api/stores?boardId=43')).json()).stores[0] as { store_id: number; nickname: string });
  await expect(page.getByRole('heading', { level: 2 })).toContainText(['On the shelf', 'Shipped to a board with one store', 'Shipped to a board', 'At the state warehouse']);
  // Durham's shelf holds it: under "On the shelf", never among the shipments' words.
  const shelf = page.getByRole('region', { name: 'On the shelf' });
  await expect(shelf.getByTestId('where-board').filter({ hasText: 'Durham County' })).toContainText('3 bottles');

  const oneStore = page.getByTestId('where-shipped-store_by_shipment').getByTestId('where-shipment').filter({ hasText: 'Boone' });
  await expect(oneStore).toContainText(
    new RegExp(
      `^Shipped to this store's board in the last 30 days \\(latest ${escape(nyDay(1))}\\): \\d+ cases? \\(\\d+ bottles\\) for ${escape(boone.nickname)}, Boone's only store\\. Its shelves are not published\\.`,
    ),
  );
  const board = page.getByTestId('where-shipped-board').getByTestId('where-shipment').filter({ hasText: 'Mecklenburg County' });
  await expect(board).toContainText(
    new RegExp(`^Shipped to Mecklenburg County in the last 30 days \\(latest ${escape(nyDay(1))}\\): \\d+ cases? \\(\\d+ bottles\\) for one of its \\d+ stores — the state does not say which\\.`),
  );
  // The 30 days' notes: the day whose report was never read.
  await expect(page.getByTestId('shipment-day-notes')).toContainText(/No shipment report for/);
  await expect(page.getByRole('region', { name: 'At the state warehouse' })).toContainText(/bottles? at the state warehouse \(checked \d{2}\/\d{2}\/\d{4}|Not on the warehouse report\./);

  // A one-store board's line goes to its store; a board's to its day on Today's Arrivals.
  await oneStore.getByRole('link', { name: boone.nickname }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${boone.store_id}$`));
  await page.goBack();
  await page.getByTestId('where-shipped-board').getByRole('link', { name: `Mecklenburg County on ${nyDay(1)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/todays-arrivals\\?board=53&date=${ymdAgo(1)}$`));
  await expect(page.getByTestId('shipment-product')).toContainText(data.allocation.name);
});

test("Statewide Shipments' board view says what is known of each board @phone", async ({ page }) => {
  await page.goto('/statewide-shipments');
  await page.getByRole('button', { name: 'By board' }).click();
  for (const [board, words] of [['Mecklenburg County', 'Shipments to the board only'], ['Boone', 'One store'], ['Durham County', 'Store shelves read']]) {
    await page.getByLabel('Board', { exact: true }).selectOption({ label: board });
    const group = page.getByTestId('shipment-group');
    await expect(group).toHaveCount(1);
    await expect(group.locator('.product-name')).toHaveText(board);
    await expect(group.getByTestId('precision-badge')).toHaveText(words);
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
