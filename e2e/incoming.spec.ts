import pg from 'pg';
import { saturdayShipment } from './board-data';
import { expect, sql, test } from './fixtures';

// Issue 26: what the state shipped and where it will likely land. The demo seed runs its last two weeks through
// the real forecasting code (demo/forecasts.ts), so Wake has shipments on their way, one-store and other
// boards have theirs, and a record exists; these tests read what to expect from the same database.

const usDate = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;
const LIKELIHOOD = /^(very likely|likely|possible|unlikely) · \d+ in 10$/;

async function noSideways(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
});

test("Incoming: Wake's shipments on their way, the likeliest stores with likelihood and day, the record a tap away @phone", async ({ page }) => {
  const open = await sql<{ id: string; name: string; units: number; ship_date: string }>(
    `SELECT i.id::text, p.name, i.units, to_char(i.ship_date, 'YYYY-MM-DD') AS ship_date FROM incoming i JOIN products p ON p.plu = i.plu
      WHERE i.board_id = 179 AND i.status = 'open' ORDER BY i.ship_date DESC, i.id DESC`,
  );
  expect(open.length).toBeGreaterThan(0);
  await page.goto('/incoming');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incoming');
  await expect(page.getByLabel('Board')).toHaveValue('179');
  await expect(page.getByRole('heading', { name: 'On its way to Wake County' })).toBeVisible();
  const cards = page.getByTestId('incoming-list').getByTestId('incoming-shipment');
  // A few screens on a phone (issue 37): the first shipments, the rest a tap away.
  await expect(cards).toHaveCount(Math.min(open.length, 6));

  const first = cards.first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(open[0].name);
  await expect(first).toContainText(`${open[0].units} bottles shipped ${usDate(open[0].ship_date)}`);
  await expect(first).toContainText(/Forecast \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M/);
  const places = first.getByTestId('forecast-place');
  await expect(places.first()).toBeVisible();
  await expect(places.first().getByTestId('likelihood')).toHaveText(LIKELIHOOD);
  await expect(places.first()).toContainText(/Expected|Between|Due since/);
  // The likeliest three stores in sight; the rest fold behind an accessible disclosure.
  expect(await first.locator('.forecast-places').first().getByTestId('forecast-place').count()).toBeLessThanOrEqual(3);
  await expect(first.getByTestId('shipment-precision')).toContainText("Wake County's stores, the likeliest first");
  const more = first.getByTestId('incoming-more');
  await expect(more.locator('summary')).toHaveText(/^(\d+ more stores?|When it was forecast)$/);
  await noSideways(page);
  // Issue 37: Wake's Incoming was about 27,000 px tall on a phone; now a few screens (3,800 px on the demo).
  if (test.info().project.name === 'phone') {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'Incoming at phone size').toBeLessThan(8 * 844);
  }
  if (open.length > 6) {
    await page.getByTestId('incoming-show-more').click();
    await expect(cards).toHaveCount(Math.min(open.length, 18));
  }

  // Every screen with a forecast links to the board's record.
  const note = page.getByTestId('record-note');
  await expect(note).toBeVisible();
  await note.getByRole('link', { name: 'How often forecasts were right' }).click();
  await expect(page).toHaveURL('/incoming/record#board-179');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forecast record');
  const wake = page.getByTestId('board-record').filter({ hasText: 'Wake County' });
  await expect(wake.getByRole('row')).toHaveCount(3);
  await expect(wake.getByRole('row').nth(2)).toContainText('90 days');
  await noSideways(page);
});

test('Incoming for a board whose stores the state does not tell apart, and for a one-store board @phone', async ({ page }) => {
  const [board] = await sql<{ board_id: number; name: string }>(
    `SELECT i.board_id, b.name_clean AS name FROM incoming i JOIN boards b ON b.id = i.board_id
      WHERE i.precision = 'board' AND i.status = 'open' ORDER BY i.board_id LIMIT 1`,
  );
  await page.goto(`/incoming?board=${board.board_id}`);
  await expect(page.getByRole('heading', { name: `On its way to ${board.name}` })).toBeVisible();
  // Board words, never a store-style likelihood (issue 37).
  const [{ stores }] = await sql<{ stores: number }>(`SELECT count(*)::int AS stores FROM stores WHERE board_id = $1 AND NOT mixed_beverage`, [board.board_id]);
  const boardWords = stores >= 2 ? `Somewhere in ${board.name}'s ${stores} stores; the state does not say which` : `Somewhere in ${board.name}; the state does not say which store`;
  const card = page.getByTestId('incoming-list').getByTestId('incoming-shipment').first();
  const place = card.getByTestId('forecast-place').first();
  await expect(place.getByTestId('board-words')).toHaveText(boardWords);
  // Its window, or (once it opened without news) how long it has been due: the words depend on the run's day.
  await expect(place).toContainText(/Between \w{3} \d+\/\d+ and \w{3} \d+\/\d+|Due since \w{3} \d+\/\d+, not seen yet; window ends \w{3} \d+\/\d+/);
  await expect(place.getByTestId('likelihood')).toHaveCount(0);
  await expect(place.getByTestId('board-place')).toHaveText('Store not named');
  await expect(card.getByTestId('board-words')).toHaveCount(1);
  await expect(page.getByLabel('Incoming summary')).not.toContainText('Stores named');
  await expect(page.getByLabel('Incoming summary')).toContainText(/Stores on the board\s*\d+/);
  await expect(page.getByTestId('record-note')).toContainText('cannot be checked');

  const [one] = await sql<{ board_id: number; nickname: string }>(
    `SELECT i.board_id, s.nickname FROM incoming i JOIN forecasts f ON f.incoming_id = i.id JOIN stores s ON s.id = f.store_id
      WHERE i.precision = 'store_by_shipment' AND i.status = 'open' ORDER BY i.board_id LIMIT 1`,
  );
  await page.goto(`/incoming?board=${one.board_id}`);
  const store = page.getByTestId('incoming-list').getByTestId('forecast-place').first();
  await expect(store.getByRole('link', { name: new RegExp(one.nickname) })).toBeVisible();
  await expect(store.getByTestId('likelihood')).toHaveText('very likely · 10 in 10');
  // The store named once, on the card itself: "this board's only store".
  await expect(store.getByTestId('only-store')).toHaveText("This board's only store");
  await expect(page.getByTestId('incoming-precision')).toContainText(`${one.nickname} #`);
  await expect(page.getByTestId('incoming-precision')).toContainText("this board's only store");
  await noSideways(page);
});

test("A one-store board's shipment on a Saturday's extract is expected on a weekday, never a Sunday @phone", async ({ page }) => {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL! });
  await client.connect();
  const ship = await saturdayShipment(client).finally(() => client.end());
  const [row] = await sql<{ ship_date: string; expected: string; dow: number }>(
    `SELECT to_char(i.ship_date, 'YYYY-MM-DD') AS ship_date, to_char(coalesce(f.expected_date, f.window_start), 'YYYY-MM-DD') AS expected,
            extract(dow FROM coalesce(f.expected_date, f.window_start))::int AS dow
       FROM incoming i JOIN forecasts f ON f.incoming_id = i.id
      WHERE i.board_id = $1 AND i.plu = $2 AND extract(dow FROM i.ship_date) = 6 ORDER BY i.ship_date DESC LIMIT 1`,
    [ship.board_id, ship.plu],
  );
  expect(row, 'the Saturday shipment was forecast (e2e/global-setup.ts)').toBeTruthy();
  await page.goto(`/incoming?board=${ship.board_id}`);
  const card = page.getByTestId('incoming-shipment').filter({ hasText: ship.name }).filter({ hasText: usDate(row.ship_date) });
  await expect(card).toHaveCount(1);
  const place = card.getByTestId('forecast-place').first();
  await expect(place.getByRole('link', { name: `${ship.store} #${ship.store_number}` })).toBeVisible();
  await expect(place.getByTestId('only-store')).toHaveText("This board's only store");
  await expect(place).toContainText(/(Expected|Due since|Between) (Mon|Tue|Wed|Thu|Fri|Sat) /);
  await expect(place).not.toContainText(/\bSun \d/);
  expect(row.dow, `expected ${row.expected}`).not.toBe(0);
  await noSideways(page);
});

test('The record draws stated likelihood against what came true, with the diagonal and a table behind it @phone', async ({ page }) => {
  await page.goto('/incoming/record');
  const calibration = page.getByTestId('calibration');
  await expect(calibration.getByRole('heading', { name: 'Does “8 in 10” come true 8 times in 10?' })).toBeVisible();
  const shelf = calibration.locator('[data-testid="calibration-kind"][data-precision="shelf"]');
  const chart = shelf.getByRole('img', { name: /Store shelves read: stated likelihood against what came true/ });
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('calibration-diagonal')).toHaveCount(1);
  const table = shelf.getByRole('table', { name: /Store shelves read: stated likelihood against what came true, in 10 \([\d,]+ forecasts\)/ });
  await expect(table.getByRole('columnheader')).toHaveText(['Stated', 'Forecasts', 'Mean stated', 'Came true']);
  const [{ buckets }] = await sql<{ buckets: number }>(
    `SELECT count(DISTINCT LEAST(9, floor(f.first_likelihood * 10)))::int AS buckets FROM forecasts f JOIN incoming i ON i.id = f.incoming_id
      WHERE i.precision = 'shelf' AND f.outcome IN ('arrived', 'not_arrived') AND f.closed_at >= now() - interval '90 days'`,
  );
  expect(buckets).toBeGreaterThan(0);
  await expect(table.getByRole('rowheader')).toHaveCount(buckets);
  await expect(table.getByRole('rowheader').first()).toHaveText(/^\d+–\d+$/);
  await expect(calibration.getByTestId('calibration-unchecked')).toContainText('are not drawn');
  await noSideways(page);
});

test("Today's Arrivals keeps Wake's shipments of a day in sight when its shelves showed no arrival, each with its precision @phone", async ({ page }) => {
  // A day the state shipped hunted bottles to Wake and no Wake shelf rose.
  const [day] = await sql<{ d: string; shipped: number }>(
    `SELECT to_char(sh.ship_date, 'YYYY-MM-DD') AS d, count(*)::int AS shipped FROM shipments sh JOIN products p ON p.plu = sh.plu
      WHERE sh.board_id = 179 AND p.listing_type IN ('Allocation', 'Limited', 'Barrel')
        AND NOT EXISTS (SELECT 1 FROM inventory_history h JOIN stores s ON s.id = h.store_id
                         WHERE s.board_id = 179 AND h.delta > 0 AND (h.checked_at AT TIME ZONE 'America/New_York')::date = sh.ship_date)
      GROUP BY sh.ship_date ORDER BY sh.ship_date DESC LIMIT 1`,
  );
  expect(day, 'a Wake shipment day without a shelf arrival').toBeTruthy();
  await page.goto(`/todays-arrivals?date=${day.d}`);
  await expect(page.getByTestId('arrivals-empty')).toContainText('No arrivals recorded');
  const section = page.getByTestId('shelf-board-shipments');
  await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
  const cards = section.getByTestId('shipment-product');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  // Closed cards, each saying where the bottles are, without a tap.
  await expect(cards.first()).not.toHaveAttribute('open');
  await expect(cards.first().getByTestId('shipment-precision')).toBeVisible();
  await expect(cards.first().getByTestId('shipment-precision')).toHaveText(/^Somewhere in Wake County's \d+ stores; the state does not say which$/);
  await noSideways(page);
});

test("Store detail's Expected this week lists what is forecast to reach the store @phone", async ({ page }) => {
  const [store] = await sql<{ store_id: number; name: string }>(
    `SELECT f.store_id, p.name FROM forecasts f JOIN incoming i ON i.id = f.incoming_id JOIN products p ON p.plu = i.plu
      WHERE i.board_id = 179 AND i.status = 'open' AND f.outcome = 'open' AND f.named
        AND f.window_start <= (now() AT TIME ZONE 'America/New_York')::date + 7
      ORDER BY f.likelihood DESC, f.id LIMIT 1`,
  );
  await page.goto(`/stores/${store.store_id}`);
  const expected = page.getByTestId('store-expected');
  await expect(expected.getByRole('heading', { name: 'Expected this week' })).toBeVisible();
  const line = expected.getByTestId('expected-product').filter({ hasText: store.name }).first();
  await expect(line.getByTestId('likelihood')).toHaveText(LIKELIHOOD);
  await expect(line).toContainText(/bottles? shipped to the board \d{2}\/\d{2}\/\d{4}/);
  await expect(expected.getByTestId('record-note')).toBeVisible();
  await noSideways(page);
  await expected.getByRole('link', { name: 'All incoming →' }).click();
  await expect(page).toHaveURL('/incoming?board=179');
  await expect(page.getByTestId('incoming-list')).toBeVisible();
});

test("Current Inventory's card and Where is it now say where more of a product is on its way @phone", async ({ page }) => {
  // A hunted product on a Wake shelf now with more shipped to Wake: its bottles on the way, and its likeliest store.
  const [product] = await sql<{ plu: string; name: string; bottles: number }>(
    `SELECT i.plu, p.name, sum(i.units)::int AS bottles FROM incoming i JOIN products p ON p.plu = i.plu
      WHERE i.board_id = 179 AND i.status = 'open'
        AND EXISTS (SELECT 1 FROM store_inventory si JOIN stores s ON s.id = si.store_id WHERE si.plu = i.plu AND s.board_id = 179 AND si.quantity > 0)
        AND EXISTS (SELECT 1 FROM incoming n JOIN forecasts f ON f.incoming_id = n.id
                     WHERE n.plu = i.plu AND n.board_id = 179 AND n.status = 'open' AND f.named AND f.outcome = 'open' AND f.store_id IS NOT NULL)
      GROUP BY i.plu, p.name ORDER BY i.plu LIMIT 1`,
  );
  const [top] = await sql<{ nickname: string; likelihood: number }>(
    `SELECT s.nickname, f.likelihood FROM forecasts f JOIN incoming i ON i.id = f.incoming_id JOIN stores s ON s.id = f.store_id
      WHERE i.plu = $1 AND i.board_id = 179 AND i.status = 'open' AND f.named AND f.outcome = 'open' ORDER BY f.likelihood DESC, f.id LIMIT 1`,
    [product.plu],
  );

  await page.goto('/inventory');
  const card = page.getByTestId('inventory-product').filter({ hasText: product.name });
  const line = card.getByTestId('card-on-its-way');
  await expect(line).toContainText(`On its way: ${product.bottles} bottles, to `);
  await expect(line).toContainText(top.nickname);
  await noSideways(page);

  const [{ boards }] = await sql<{ boards: number }>(
    `SELECT count(DISTINCT i.id)::int AS boards FROM incoming i JOIN forecasts f ON f.incoming_id = i.id
      WHERE i.plu = $1 AND i.status = 'open' AND (f.named OR f.outcome = 'arrived') AND f.outcome IN ('open', 'arrived')`,
    [product.plu],
  );
  await page.goto(`/products/${product.plu}`);
  // A few shipments first, those naming stores before the boards as a whole; the rest on request.
  const articles = page.getByTestId('where-on-its-way').getByRole('article');
  await expect(articles).toHaveCount(Math.min(boards, 3));
  if (boards > 3) await page.getByRole('button', { name: `Show all ${boards} boards it is on its way to` }).click();
  await expect(articles).toHaveCount(boards);
  const wake = page.getByTestId('where-on-its-way').getByRole('article').filter({ has: page.getByRole('heading', { name: 'On its way to Wake County' }) });
  await expect(wake.getByTestId('forecast-place').filter({ hasText: top.nickname }).first().getByTestId('likelihood')).toHaveText(LIKELIHOOD);
  await expect(wake.first().getByRole('link', { name: 'How often forecasts were right' })).toHaveAttribute('href', '/incoming/record#board-179');
});

test('/admin shows the forecast record of every board', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser({ role: 'admin' }));
  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Forecast record' });
  await expect(section.getByTestId('board-record')).toHaveCount(4);
  await expect(section.getByTestId('board-record').first()).toContainText(/Named stores that got it/);
});
