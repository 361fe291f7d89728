import pg from 'pg';
import { HUNTED_SQL } from '../lib/catalog/hunted.ts';

// The demo history (demo/) is Wake's only. The board screens' tests need the other covered boards to
// have something: e2e/global-setup.ts writes it after the demo seed, relative to the run's now.
// - Durham (78): an Allocation product arrived at its first store 10 minutes ago (3 bottles, still on the
//   shelf), a Limited one at its second store 2 days ago (2 bottles) and at its first 9 days ago (1 bottle);
//   12 bottles of the Allocation product shipped to Durham 3 days ago; its source's last run was good, but
//   said nothing about the Limited product (last confirmed 5 hours ago): the screens say "Last seen".
// - Greensboro (58): the Allocation product arrived at its first store 2 days ago (2 bottles); its source had a
//   partial run then and its latest run, 30 minutes ago, failed: the screens say it is failing, and the
//   bottles, not confirmed for two days, are unknown rather than on the shelf.
// - New Hanover (135): never read: the screens say it has not been checked yet.

export interface BoardData {
  allocation: { plu: string; name: string };
  limited: { plu: string; name: string };
  durham: { id: number; nickname: string; store_number: number }[];
  greensboro: { id: number; nickname: string; store_number: number }[];
}

/** Returns the New York date the data is relative to (its transaction's now()): the tests count days back from it. */
export async function insertBoardData(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const data = await readBoardData(client);
    const [a, b] = data.durham;
    const [g] = data.greensboro;
    const { allocation, limited } = data;
    await client.query('BEGIN');
    const { rows } = await client.query<{ today: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS today`);
    await client.query(
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type) VALUES
         ($1, $3, now() - interval '10 minutes', 0, 3, 3, 'first'),
         ($2, $4, now() - interval '2 days', 0, 2, 2, 'first'),
         ($1, $4, now() - interval '9 days', 0, 1, 1, 'first'),
         ($5, $3, now() - interval '2 days', 0, 2, 2, 'first')`,
      [a.id, b.id, allocation.plu, limited.plu, g.id],
    );
    await client.query(
      `INSERT INTO store_inventory (store_id, plu, quantity, last_updated) VALUES
         ($1, $3, 3, now() - interval '10 minutes'), ($2, $4, 2, now() - interval '2 days'), ($1, $4, 1, now() - interval '9 days'),
         ($5, $3, 2, now() - interval '2 days')`,
      [a.id, b.id, allocation.plu, limited.plu, g.id],
    );
    // When each board was last asked about each product, and last answered it (lib/reports/stock-age.ts).
    await client.query(
      `INSERT INTO board_product_polls (board_id, plu, first_polled_at, asked_at, answered_at) VALUES
         (78, $1, now() - interval '20 days', now() - interval '10 minutes', now() - interval '10 minutes'),
         (78, $2, now() - interval '20 days', now() - interval '10 minutes', now() - interval '5 hours'),
         (58, $1, now() - interval '20 days', now() - interval '30 minutes', now() - interval '2 days')`,
      [allocation.plu, limited.plu],
    );
    await client.query(
      `INSERT INTO shipments (plu, board_id, ship_date, units)
       VALUES ($1, 78, ((now() AT TIME ZONE 'America/New_York')::date - 3), 12) ON CONFLICT DO NOTHING`,
      [allocation.plu],
    );
    // These two boards are this file's own: the demo spreads its generated shipments over every board, and on
    // some days it ships several products to Mecklenburg County the day before,
    // which the tests below count. Their last 30 days hold only what is written here.
    await client.query(
      `DELETE FROM shipments WHERE board_id IN (53, 43) AND ship_date >= ((now() AT TIME ZONE 'America/New_York')::date - 30)`,
    );
    // Boards whose shelves are not read (e2e/board-precision.spec.ts): the Allocation product shipped to
    // Mecklenburg County (53, 31 stores) yesterday (24 bottles) and 3 days ago (6), and to Boone (43, one store)
    // yesterday (12). The state's report: 4 days ago incomplete for 53, 3 days ago complete, 2 days ago never
    // read (missing), yesterday complete and counting the day before.
    await client.query(
      `INSERT INTO shipments (plu, board_id, ship_date, units) VALUES
         ($1, 53, ((now() AT TIME ZONE 'America/New_York')::date - 1), 24),
         ($1, 53, ((now() AT TIME ZONE 'America/New_York')::date - 3), 6),
         ($1, 43, ((now() AT TIME ZONE 'America/New_York')::date - 1), 12) ON CONFLICT DO NOTHING`,
      [allocation.plu],
    );
    await client.query(
      `WITH d AS (SELECT (now() AT TIME ZONE 'America/New_York')::date AS today)
       INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
       SELECT today - 4, today - 4, 'truncated'::"ShipmentDayStatus", true, now() - interval '4 days', now() - interval '4 days', 80000, '{53}'::int[] FROM d UNION ALL
       SELECT today - 3, today - 3, 'complete', true, now() - interval '3 days', now() - interval '3 days', 80000, '{}' FROM d UNION ALL
       SELECT today - 1, today - 2, 'complete', true, now() - interval '1 day', now() - interval '1 day', 80000, '{}' FROM d
       ON CONFLICT (ship_date) DO NOTHING`,
    );
    await client.query(
      `INSERT INTO scrape_runs (source, started_at, finished_at, status, items_seen, changes_written, error, details) VALUES
         ('durham_inventory', now() - interval '10 minutes', now() - interval '8 minutes', 'ok', 310, 1, NULL, NULL),
         ('greensboro_inventory', now() - interval '2 days', now() - interval '2 days' + interval '3 minutes', 'partial', 290, 1, NULL, NULL),
         ('greensboro_inventory', now() - interval '30 minutes', now() - interval '29 minutes', 'failed', 0, 0, 'storefront answered 503', $1::jsonb)`,
      // Its locator had been read: a store location the reference data does not know (staff see it on /admin).
      [JSON.stringify({ locationsUnmatched: [{ locationId: '125', reason: 'unknown', name: 'Store 19', address: '4400 Landmark Center Blvd', city: 'Greensboro', kind: 'store' }] })],
    );
    await client.query('COMMIT');
    return rows[0].today;
  } finally {
    await client.end();
  }
}

/**
 * A New York date `daysAgo` days before the day insertBoardData wrote its data (global-setup passes it on as
 * E2E_DATA_DAY), as YYYY-MM-DD: a run that crosses midnight still finds the data's days.
 */
export function dataDayAgo(daysAgo: number): string {
  const day = process.env.E2E_DATA_DAY;
  if (!day) throw new Error('E2E_DATA_DAY is not set: e2e/global-setup.ts sets it');
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - daysAgo)).toISOString().slice(0, 10);
}

/** The one-store board and product of the Saturday shipment (insertSaturdayOneStoreShipment): not Boone, whose shipments board-precision.spec counts. */
export async function saturdayShipment(client: pg.Client): Promise<{ board_id: number; board: string; plu: string; name: string; store: string; store_number: number }> {
  const { rows } = await client.query(
    `SELECT b.id AS board_id, b.name_clean AS board, s.nickname AS store, s.store_number,
            (SELECT p.plu FROM products p WHERE p.listing_type = 'Barrel' AND p.retail_price IS NOT NULL ORDER BY p.plu DESC LIMIT 1) AS plu,
            (SELECT p.name FROM products p WHERE p.listing_type = 'Barrel' AND p.retail_price IS NOT NULL ORDER BY p.plu DESC LIMIT 1) AS name
       FROM boards b JOIN stores s ON s.board_id = b.id AND NOT s.mixed_beverage
      WHERE b.id NOT IN (43, 53, 78, 58, 135, 179)
        AND EXISTS (SELECT 1 FROM incoming i WHERE i.board_id = b.id AND i.precision = 'store_by_shipment')
      ORDER BY b.id LIMIT 1`,
  );
  return rows[0];
}

/**
 * Issue 37: a one-store board's shipment dated the last Saturday before today (an extract the state publishes on a
 * Saturday), for e2e/incoming.spec.ts: NC stores get no Sunday truck, so its forecast must expect a weekday.
 * Returns that Saturday (YYYY-MM-DD); the caller forecasts it as the extract was read.
 */
export async function insertSaturdayOneStoreShipment(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { board_id, plu } = await saturdayShipment(client);
    const { rows } = await client.query<{ saturday: string }>(
      `WITH d AS (SELECT (now() AT TIME ZONE 'America/New_York')::date AS today)
       SELECT to_char(today - (CASE WHEN extract(dow FROM today)::int = 6 THEN 7 ELSE extract(dow FROM today)::int + 1 END), 'YYYY-MM-DD') AS saturday FROM d`,
    );
    const saturday = rows[0].saturday;
    await client.query(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, $2, $3::date, 6) ON CONFLICT DO NOTHING`, [plu, board_id, saturday]);
    return saturday;
  } finally {
    await client.end();
  }
}

/**
 * Issue 37: Wake's hunted shipments of a day its shelves showed no arrival (the demo's Wake has arrivals every
 * weekday, so a Sunday at least 35 days back, out of the ranges the shipment screens' tests count), for
 * e2e/incoming.spec.ts: Today's Arrivals keeps them in sight under "No arrivals recorded".
 */
export async function insertWakeShipmentsWithoutArrival(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { allocation, limited } = await readBoardData(client);
    await client.query(
      `WITH d AS (
         SELECT day FROM generate_series((now() AT TIME ZONE 'America/New_York')::date - 70, (now() AT TIME ZONE 'America/New_York')::date - 35, interval '1 day') AS g(day)
          WHERE extract(dow FROM day) = 0
            AND NOT EXISTS (SELECT 1 FROM inventory_history h JOIN stores s ON s.id = h.store_id
                             WHERE s.board_id = 179 AND h.delta > 0 AND (h.checked_at AT TIME ZONE 'America/New_York')::date = g.day::date)
          ORDER BY day DESC LIMIT 1)
       INSERT INTO shipments (plu, board_id, ship_date, units) SELECT p.plu, 179, d.day::date, p.units FROM d, (VALUES ($1, 12), ($2, 6)) AS p(plu, units)
       ON CONFLICT DO NOTHING`,
      [allocation.plu, limited.plu],
    );
  } finally {
    await client.end();
  }
}

/**
 * A hunted product on a Wake shelf now, shipped to Wake again yesterday: Current Inventory's card and Where is it
 * now say where more of it is on its way (e2e/incoming.spec.ts). The demo's own such products come and go with the
 * day of the week (none on a Monday morning), so the run writes one; global-setup forecasts it with the real code.
 */
export async function insertWakeShipmentOfShelvedProduct(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `WITH d AS (SELECT (now() AT TIME ZONE 'America/New_York')::date - 1 AS yesterday)
       INSERT INTO shipments (plu, board_id, ship_date, units)
       SELECT p.plu, 179, d.yesterday, 6 FROM d, products p
        WHERE p.listing_type IN ${HUNTED_SQL}
          AND EXISTS (SELECT 1 FROM store_inventory si JOIN stores s ON s.id = si.store_id WHERE si.plu = p.plu AND s.board_id = 179 AND si.quantity > 0)
          AND NOT EXISTS (SELECT 1 FROM shipments sh WHERE sh.plu = p.plu AND sh.board_id = 179 AND sh.ship_date >= d.yesterday - 7)
        ORDER BY p.plu LIMIT 1`,
    );
    if (rowCount !== 1) throw new Error('the demo has no hunted product on a Wake shelf to ship again');
  } finally {
    await client.end();
  }
}

/** The products and stores insertBoardData uses (the tests read them the same way). */
export async function readBoardData(client: pg.Client): Promise<BoardData> {
  const product = async (type: string) =>
    (await client.query<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE listing_type = $1 AND retail_price IS NOT NULL ORDER BY plu LIMIT 1`, [type])).rows[0];
  const stores = async (board: number) =>
    (
      await client.query<{ id: number; nickname: string; store_number: number }>(
        `SELECT id, nickname, store_number FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY store_number`,
        [board],
      )
    ).rows;
  return { allocation: await product('Allocation'), limited: await product('Limited'), durham: await stores(78), greensboro: await stores(58) };
}

/** readBoardData on the e2e database. */
export async function boardData(): Promise<BoardData> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL! });
  await client.connect();
  try {
    return await readBoardData(client);
  } finally {
    await client.end();
  }
}
