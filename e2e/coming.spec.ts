import type { Page } from '@playwright/test';
import { expect, sql, test } from './fixtures';

// Issue 40: a product's journey from the Commission's price list to the shelf. A new code announced in the price list
// shows on "Coming to NC"; received at the state warehouse it says so, with its bottles; once the state ships it to a
// board it leaves the list, and its page's Journey tells every step in order: announced → received → shipped → where
// it was forecast to land and how that came out → on the shelf. The rows are written here as the scraper and the
// forecaster write them (lib/ingest: product_events, warehouse_levels, shipments, inventory_history; lib/forecast:
// incoming, forecasts), each step dated a few days after the one before, none today (today's screens are other tests').

const usDate = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every product on Coming to NC, its folded cards unfolded (the demo's own announcements may come before this test's). */
async function unfoldAll(page: Page) {
  await expect(page.getByTestId('coming-list').or(page.getByTestId('coming-empty'))).toBeVisible();
  const more = page.getByTestId('coming-show-more');
  while ((await more.count()) > 0) await more.click();
}

/** A new NC code the catalog does not hold, this test's own (the desktop and phone projects run it at once on one database). */
async function announceProduct(name: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const plu = String(93000 + Math.floor(Math.random() * 6000));
    // As the price list's first reading of a new code writes it: a new release (Unknown) until a list or the warehouse
    // gives it a type, its list price, size and case, and its place on the allocated list.
    const rows = await sql<{ plu: string }>(
      `INSERT INTO products (plu, name, listing_type, list_price, size_ml, bottles_per_case, state_list, updated_at)
       VALUES ($1, $2, 'Unknown', 129.99, 750, 6, 'Allocation', now()) ON CONFLICT (plu) DO NOTHING RETURNING plu`,
      [plu, `${name} ${plu}`],
    );
    if (rows.length === 1) return plu;
  }
  throw new Error('no free PLU for the test product');
}

/** Writes a product_events row `daysAgo` days back and answers its New York day (YYYY-MM-DD). */
async function event(plu: string, kind: 'announced' | 'received', daysAgo: number, values: { source: string; to?: string; bottles?: number }): Promise<string> {
  const [row] = await sql<{ day: string }>(
    `INSERT INTO product_events (plu, kind, day, seen_at, source, to_value, bottles)
     VALUES ($1, $2::"ProductEventKind", ((now() - make_interval(days => $3::int)) AT TIME ZONE 'America/New_York')::date, now() - make_interval(days => $3::int), $4, $5, $6)
     RETURNING to_char(day, 'YYYY-MM-DD') AS day`,
    [plu, kind, daysAgo, values.source, values.to ?? null, values.bottles ?? null],
  );
  return row.day;
}

test.beforeEach(async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
});

test('Coming to NC: announced in the price list, then at the state warehouse, gone once shipped; the journey tells each step in order @phone', async ({ page }, testInfo) => {
  const plu = await announceProduct(`Journey Test Bourbon (${testInfo.project.name})`);
  const name = `Journey Test Bourbon (${testInfo.project.name}) ${plu}`;
  const announced = await event(plu, 'announced', 12, { source: 'price_list', to: '129.99' });

  // 1. Announced: on the list, with its words, linked to its page.
  await page.goto('/coming');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming to NC');
  await expect(page.getByText(/not yet shipped to any board/)).toBeVisible();
  await expect(page.getByTestId('coming-ages')).toContainText(/Price list (read|not read yet)/);
  await expect(page.getByTestId('coming-ages')).toContainText('List prices take effect about a month after the price list publishes them.');
  await unfoldAll(page);
  const card = page.getByTestId('coming-product').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-stage', 'announced');
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
  await expect(card.getByRole('link', { name })).toHaveAttribute('href', `/products/${plu}`);
  await expect(card.locator('.badge-type')).toHaveText('New release');
  await expect(card.getByTestId('coming-state-list')).toHaveText('On the allocated list (Allocation)');
  await expect(card).toContainText('750 ml');
  await expect(card.getByTestId('coming-price')).toHaveText('$129.99 in the price list');
  await expect(card.getByTestId('coming-step')).toHaveText([`Announced in the price list ${usDate(announced)}`]);
  await noSideways(page);

  // 2. Received at the state warehouse: 240 bottles, on the warehouse report since.
  const received = await event(plu, 'received', 6, { source: 'warehouse', bottles: 240 });
  await sql(`INSERT INTO warehouse_levels (plu, checked_at, total_available) VALUES ($1, now() - interval '6 days', 240)`, [plu]);
  await page.reload();
  await unfoldAll(page);
  await expect(card).toHaveAttribute('data-stage', 'at_warehouse');
  await expect(card.getByTestId('coming-step')).toHaveText([
    `Announced in the price list ${usDate(announced)}`,
    `At the state warehouse since ${usDate(received)}: 240 bottles`,
  ]);
  await noSideways(page);

  // Its page: nothing on a shelf or shipped yet, so its journey comes first, its stage on top.
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/products/${plu}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const journey = page.getByTestId('journey');
  await expect(journey.getByRole('heading', { level: 2, name: 'Journey' })).toBeVisible();
  await expect(journey.getByTestId('journey-stage')).toHaveText('At the state warehouse: 240 bottles');
  await expect(journey.getByTestId('journey-list-price')).toContainText('$129.99 in the price list.');
  await expect(journey.getByTestId('journey-step')).toHaveCount(2);
  await noSideways(page);

  // 3. Shipped to Wake County 3 days ago, on a Wake shelf 2 days ago: gone from Coming to NC.
  const [store] = await sql<{ id: number; nickname: string }>(
    `SELECT id, nickname FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY store_number LIMIT 1`,
  );
  const [shipped] = await sql<{ day: string }>(
    `INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, 179, ((now() AT TIME ZONE 'America/New_York')::date - 3), 48)
     RETURNING to_char(ship_date, 'YYYY-MM-DD') AS day`,
    [plu],
  );
  const [arrived] = await sql<{ day: string }>(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     VALUES ($1, $2, now() - interval '2 days', 0, 6, 6, 'first')
     RETURNING to_char((checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS day`,
    [store.id, plu],
  );
  // Its forecast, as the forecaster writes it that evening: the first store named got it, the second did not by its window's end.
  const [other] = await sql<{ id: number; nickname: string; store_number: number }>(
    `SELECT id, nickname, store_number FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY store_number OFFSET 1 LIMIT 1`,
  );
  const [incoming] = await sql<{ id: string }>(
    `INSERT INTO incoming (shipment_id, plu, board_id, ship_date, units, precision, status, created_at)
     SELECT id, plu, board_id, ship_date, units, 'shelf', 'closed', (ship_date + time '22:00') AT TIME ZONE 'America/New_York' FROM shipments
      WHERE plu = $1 AND board_id = 179 RETURNING id::text`,
    [plu],
  );
  await sql(
    `INSERT INTO forecasts (incoming_id, store_id, likelihood, first_likelihood, named, basis, window_start, window_end, outcome, arrived_at, updated_at)
     VALUES ($1::bigint, $2, 1, 0.8, true, 'type', $4::date + 1, $4::date + 2, 'arrived', now() - interval '2 days', now()),
            ($1::bigint, $3, 0.2, 0.6, true, 'type', $4::date + 1, $4::date + 2, 'not_arrived', NULL, now())`,
    [incoming.id, store.id, other.id, shipped.day],
  );
  await page.goto('/coming');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming to NC');
  await unfoldAll(page);
  await expect(page.getByTestId('coming-product').filter({ hasText: name })).toHaveCount(0);

  // The journey, oldest first: announced → received → shipped → forecast → on the shelf, each with its day.
  await page.goto(`/products/${plu}`);
  const steps = page.getByTestId('journey').getByTestId('journey-step');
  await expect(steps).toHaveCount(5);
  expect(await steps.evaluateAll((items) => items.map((li) => li.getAttribute('data-kind')))).toEqual(['announced', 'received', 'shipped', 'forecast', 'arrived']);
  await expect(steps.locator('time')).toHaveText([usDate(announced), usDate(received), usDate(shipped.day), usDate(shipped.day), usDate(arrived.day)]);
  await expect(steps.nth(0)).toContainText('Announced in the Commission’s price list at $129.99');
  await expect(steps.nth(1)).toContainText(/Received at the state warehouse: 240 bottles( \(40 cases\))?$/);
  await expect(steps.nth(2)).toContainText(/Shipped to Wake County[^:]*: 48 bottles/);
  // How the forecast came out: what it said of each store named, and what became of it.
  await expect(steps.nth(3).locator('.timeline-words')).toHaveText(/^Forecast for Wake County[^:]*: 2 stores named, 1 got it$/);
  const places = steps.nth(3).getByTestId('journey-forecast-place');
  await expect(places).toHaveCount(2);
  await expect(places.nth(0)).toHaveAttribute('data-outcome', 'arrived');
  await expect(places.nth(0)).toContainText(new RegExp(`^${escape(store.nickname)} #\\d+: said very likely · 8 in 10 · Arrived ${escape(usDate(arrived.day))} `));
  await expect(places.nth(0).getByRole('link', { name: new RegExp(`^${escape(store.nickname)} #`) })).toHaveAttribute('href', `/stores/${store.id}`);
  await expect(places.nth(1)).toHaveAttribute('data-outcome', 'not_arrived');
  await expect(places.nth(1)).toContainText(`${other.nickname} #${other.store_number}: said likely · 6 in 10 · Not seen by `);
  await expect(steps.nth(4)).toContainText(new RegExp(`On the shelf at ${escape(store.nickname)} \\(Wake County[^)]*\\): 6 bottles`));
  await expect(page.getByTestId('journey').getByRole('list', { name: 'Its steps, oldest first' })).toBeVisible();
  await expect(page.getByTestId('journey-stage')).toHaveText('Shipped to boards, on no shelf we read now'); // no store holds it now (no store_inventory row)
  await expect(page.getByTestId('journey-ages')).toContainText(/Warehouse report (read|not read yet)/);
  await noSideways(page);
});

test('Coming to NC is in the reports on the home page @phone', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: /Coming to NC/ });
  await expect(link).toHaveAttribute('href', '/coming');
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming to NC');
});
