import { expect, test } from './fixtures';
import { boardData, type BoardData } from './board-data';

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

/** A New York date `daysAgo` days back, as YYYY-MM-DD. */
const ymdAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

const nyDay = (daysAgo: number) => {
  // MM/DD/YYYY, as the screens show a date.
  return new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
};

test("a home board whose shelves are not read: Today's Arrivals shows its shipments, its day notes and the empty state @phone", async ({ page }) => {
  await page.goto('/profile');
  const home = page.getByLabel('Home board');
  await expect(home.locator('optgroup[label="Shipments to the board only"] option', { hasText: 'Mecklenburg County' })).toHaveCount(1);
  await home.selectOption({ label: 'Mecklenburg County' });
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Profile updated successfully.' })).toBeVisible();

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
