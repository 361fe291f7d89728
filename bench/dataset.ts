// The one-year dataset of every covered board (Wake, Durham, Greensboro, New Hanover: lib/reference/boards.ts)
// `npm run bench:api` measures the report calls against. Reference data (boards, the covered boards'
// stores, the real catalog) comes from the seed; every observation is generated here in a few big
// INSERT … SELECT statements over generate_series, with deterministic pseudo-random values (hashint8 of the
// series values), so a year of rows takes a couple of minutes instead of hours of client-side inserts.
//
// Shape (per year, `now` being the end):
// - Trucks: each of the covered boards' 60 retail stores (Wake's 27 and the other boards' 33) gets its deliveries
//   on the days the simulator's world delivers on (seed 42, simulator/shelves.ts isDeliveryDay): most
//   weekly, some every 14 days, twice a week, or on shifted days (holidays, some weeks a day off).
// - Listed stock: each of those stores carries `listedPerStore` Listed products, restocked to a par level with
//   one of the store's trucks every 2-4 weeks (none in a fortnightly store's week without one) and selling one
//   bottle on each of the following open days (Monday-Saturday) until the next restock or sold out: ~12 M
//   history rows (2.2 times Wake's 5.3 M alone), about 300 restocks per store and week (what a store's
//   "previous drops" show). Each store's delivery pattern is then what the scraper would learn from it
//   (lib/ingest/delivery-pattern.ts inferPattern over its last 120 days).
// - Hunted stock (Allocation, Limited, Barrel, Unknown): each product drops in ~20 % of weeks and reaches
//   1-6 of those stores (Barrel 1-3), whatever their board, with their truck the week after, 1-6 bottles each ("first" the first time a
//   store gets it), then sells down within hours (Allocation) or days (others); some bottles stay.
// - store_inventory: the last quantity of every (store, product) history.
// - Warehouse levels for every product: Listed receipts every 1-3 weeks, drawn down on weekdays; hunted
//   products received in their drop weeks and gone within the week.
// - Shipments to all 173 boards (buildShipmentsYear), modelled on the Commission's ~85,000-pair extract: ~6,000
//   dated (product, board) rows a day (~2.2 M a year), products drawn from the whole catalog (so the hunted share
//   is the catalog's), boards weighted by their retail stores (nc-boards.csv), plus each hunted drop's shipment
//   to Wake; shipment_days for every day (the first a baseline, 3 missing and 2 truncated, their shipments
//   counted on the next day) and shipment_totals, the last 16 days' totals (~85,000 pairs).
// Every history chain is consistent (previous = the prior row's new quantity) and every instant is a poll
// time (a quarter hour between 07:00 and 21:00 New York time), none after `now`.
//
// `huntedOnly`: observations of the catalog's hunted products only (lib/catalog/hunted.ts; what WakePour
// tracks, so its realistic size): no Listed stock or warehouse levels, the rest as above (the shipments are
// the state's, whatever the stores carry). The
// catalog itself stays whole (the searches look through it).
import type pg from 'pg';
import { addDays, dayNumberToYmd, nyDate, nyTimeToUtc, weekdayOfDayNumber, ymdToDayNumber } from '../lib/time.ts';
import { DELIVERY_MIN_PRODUCTS, inferPattern } from '../lib/ingest/delivery-pattern.ts';
import { loadSimDataset } from '../simulator/dataset.ts';
import { isDeliveryDay } from '../simulator/shelves.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { loadBoardSources } from '../lib/reference/board-sources.ts';
import { loadReferenceData } from '../lib/reference/reference.ts';

/** The boards whose shelves are read (prisma/seed-data/board-sources.json). */
const COVERED = loadBoardSources(new Set(loadReferenceData().boards.map((b) => b.id)));
const COVERED_IDS = COVERED.map((b) => b.boardId);

export interface DatasetOptions {
  now: Date;
  /** Days of history before today (default 365). */
  days?: number;
  /** Listed products each store carries (default 820: ~5.3 M history rows a year). */
  listedPerStore?: number;
  /** Observations of hunted products only (no Listed stock or levels). */
  huntedOnly?: boolean;
  log?: (line: string) => void;
}

export interface DatasetSummary {
  rows: Record<string, number>;
  seconds: number;
}

const NY = `'America/New_York'`;

/** A deterministic pseudo-random non-negative int4 of the given SQL integer expressions (hashint8 chained). */
function h(salt: number, ...parts: string[]): string {
  let expr = `hashint8(${salt}::bigint * 65537)`;
  for (const part of parts) expr = `hashint8(${expr}::bigint * 65537 + (${part}))`;
  return `(${expr} & 2147483647)`;
}

/** New York wall-clock `slot` (0 = 07:00, 15 minutes each) of a date expression, as timestamptz. */
const pollAt = (day: string, slot: string) => `(((${day}) + time '07:00' + (${slot}) * interval '15 minutes') AT TIME ZONE ${NY})`;

/** The `j`-th open day (Monday-Saturday) after `day`: skips the Sunday in between. */
const openDayAfter = (day: string, j: string) => `((${day}) + (${j}) + ((${j}) + extract(isodow FROM (${day}))::int - 1) / 6)`;

/** The `j`-th weekday (Monday-Friday) after `day`. */
const weekdayAfter = (day: string, j: string) => `((${day}) + (${j}) + 2 * (((${j}) + extract(isodow FROM (${day}))::int - 1) / 5))`;

const TABLES = ['inventory_history', 'store_inventory', 'warehouse_levels', 'shipments'] as const;

/** The seed of the trucks' schedule (the simulator's world with this seed delivers on the same days). */
const TRUCK_SEED = 42;

/**
 * Every truck of the covered boards' retail stores from the Monday of `firstDay`'s week, `weeks` weeks: the days
 * the simulator's world delivers on (simulator/shelves.ts isDeliveryDay: weekly, every 14 days, twice a
 * week, on shifted days), `w` the week and `n` the truck's rank in it (1, 2).
 */
function storeTrucks(stores: readonly { id: number; board_id: number; store_number: number; k: number }[], firstDay: string, weeks: number) {
  const sim = loadSimDataset();
  const byKey = new Map([...sim.retailStores, ...sim.otherBoards.flatMap((b) => b.retailStores)].map((s) => [`${s.boardId}|${s.storeNumber}`, s]));
  const first = ymdToDayNumber(firstDay);
  const monday0 = first - ((weekdayOfDayNumber(first) + 6) % 7);
  const out: { storeId: number; k: number; w: number; rank: number; day: string }[] = [];
  for (const store of stores) {
    const simStore = byKey.get(`${store.board_id}|${store.store_number}`);
    if (!simStore) throw new Error(`buildDataset: the simulator's world has no retail store ${store.store_number} of board ${store.board_id}`);
    for (let w = 0; w <= weeks; w++) {
      let n = 0;
      for (let d = monday0 + 7 * w; d < monday0 + 7 * w + 7; d++) {
        if (isDeliveryDay(TRUCK_SEED, simStore, d)) out.push({ storeId: store.id, k: store.k, w, rank: ++n, day: dayNumberToYmd(d) });
      }
    }
  }
  return out;
}

/**
 * Generates the dataset into a migrated database that holds the reference data only. `client` must be a
 * connection of its own: the session settings and temporary tables live on it.
 */
export async function buildDataset(client: pg.Client, options: DatasetOptions): Promise<DatasetSummary> {
  const log = options.log ?? (() => {});
  const days = options.days ?? 365;
  const huntedOnly = options.huntedOnly ?? false;
  const perStore = huntedOnly ? 0 : (options.listedPerStore ?? 820);
  const started = performance.now();
  const today = nyDate(options.now);
  const firstDay = addDays(today, -days);
  const windowStart = nyTimeToUtc(firstDay, 7); // the baseline poll: stock recorded, no history
  const now = options.now.toISOString();

  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(sql, params);
    log(`  ${label}${result.rowCount ? `: ${result.rowCount.toLocaleString('en-US')} rows` : ''} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    return result;
  };

  await client.query(`SET work_mem = '512MB'; SET maintenance_work_mem = '512MB'; SET synchronous_commit = off`);
  for (const table of TABLES) {
    const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows;
    if (n > 0) throw new Error(`buildDataset: ${table} already has rows; it needs a database with reference data only`);
  }

  // Secondary indexes are dropped for the bulk load and rebuilt afterwards (much faster than maintaining
  // them row by row); the definitions are read back from pg_indexes so they come back exactly as migrated.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [TABLES.filter((t) => t !== 'shipments')],
  );
  for (const i of indexes) await client.query(`DROP INDEX "${i.indexname}"`);

  await step(
    'stores',
    `CREATE TEMP TABLE b_stores AS
     SELECT id, board_id, store_number, (row_number() OVER (ORDER BY board_id, store_number) - 1)::int AS k
     FROM stores WHERE board_id = ANY($1::int[]) AND NOT mixed_beverage`,
    [COVERED_IDS],
  );
  const { rows: storeRows } = await client.query<{ id: number; board_id: number; store_number: number; k: number }>('SELECT * FROM b_stores ORDER BY k');
  const storeCount = storeRows.length;
  if (storeCount === 0) throw new Error('buildDataset: no retail stores of the covered boards (load the reference data first)');

  const weeks = Math.ceil(days / 7) + 2;
  await client.query(
    `CREATE TEMP TABLE b_weeks AS
     SELECT w, (date_trunc('week', $1::date)::date + 7 * w) AS monday FROM generate_series(0, $2::int) w`,
    [firstDay, weeks],
  );
  // Every truck of every store: the days the simulator's world delivers on (truckDays).
  const trucks = storeTrucks(storeRows, firstDay, weeks);
  await step(
    'trucks',
    `CREATE TEMP TABLE b_truck AS
     SELECT t.*, count(*) OVER (PARTITION BY t.store_id, t.w)::int AS trucks, 12 + ${h(2, 't.k', 't.w * 2 + t.rank')} % 17 AS slot
     FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::date[]) AS t(store_id, k, w, rank, day)`,
    [trucks.map((t) => t.storeId), trucks.map((t) => t.k), trucks.map((t) => t.w), trucks.map((t) => t.rank), trucks.map((t) => t.day)],
  );
  await client.query('CREATE INDEX ON b_truck (store_id, w)');
  await client.query(
    `CREATE TEMP TABLE b_listed AS
     SELECT plu, (row_number() OVER (ORDER BY plu) - 1)::int AS i, COALESCE(NULLIF(bottles_per_case, 0), 6) AS bpc
     FROM products WHERE listing_type = 'Listed' AND NOT $1::boolean`,
    [huntedOnly],
  );
  await client.query(
    `CREATE TEMP TABLE b_hunted AS
     SELECT plu, listing_type::text AS type, (row_number() OVER (ORDER BY plu) - 1)::int AS i,
            COALESCE(NULLIF(bottles_per_case, 0), 6) AS bpc
     FROM products WHERE listing_type IN ('Allocation', 'Limited', 'Barrel', 'Unknown')`,
  );
  const [{ n: listedCount }] = (await client.query('SELECT count(*)::int AS n FROM b_listed')).rows;
  if (listedCount < perStore) throw new Error(`buildDataset: the catalog has ${listedCount} Listed products, fewer than ${perStore}`);
  // A store's products are every `stride`-th of the Listed ones: a stride sharing a factor with their count
  // would come round to the same product twice (two histories of one product at one store).
  const stride = [5, 7, 11, 13, 17, 19].find((p) => listedCount % p !== 0) ?? 1; // (none Listed: unused)

  // ── Listed restocks and sales ───────────────────────────────────────────────────────────────────────
  // Per (store, product): cycle c weeks (2-4) with a phase, par level, one sale per open day after the
  // restock (at most par, so the last may sell out, and none on or after the next restock's day: a store's trucks
  // do not keep one weekday), the product's daily poll slot. The restock comes with one of the store's trucks that
  // week (10:00-14:00, the same poll for every product of that truck; a fortnightly store's week without a truck
  // has none).
  // (Hunted-only: the same table, empty; the hunted history is added to it below.)
  await step(
    'listed restocks',
    `CREATE TEMP TABLE b_restocks AS
     SELECT r.*, COALESCE(lag(r.sales) OVER (PARTITION BY r.store_id, r.n ORDER BY r.day), r.sales) AS prev_sales
     FROM (
       SELECT q.*, CASE WHEN q.next_day IS NULL THEN q.most
                        ELSE LEAST(q.most, (q.next_day - q.day - 1) - (q.next_day - q.day - 1 + extract(isodow FROM q.day)::int) / 7) END AS sales
       FROM (
         SELECT s.id AS store_id, n, l.plu, p.par, LEAST(p.par, 6 * p.c - 2) AS most, p.slot, t.day, t.slot AS truck_slot,
                lead(t.day) OVER (PARTITION BY s.id, n ORDER BY t.day) AS next_day
         FROM b_stores s
         CROSS JOIN generate_series(0, $1::int - 1) n
         CROSS JOIN LATERAL (
           SELECT c, ${h(4, 's.k', 'n')} % c AS phase, par, 12 + ${h(5, 's.k', 'n')} % 45 AS slot
           FROM (SELECT 2 + ${h(3, 's.k', 'n')} % 3 AS c, 6 + ${h(6, 's.k', 'n')} % 19 AS par) q
         ) p
         JOIN b_listed l ON l.i = (s.k * 211 + n * $3::int) % $2::int
         JOIN b_weeks w ON (w.w + p.phase) % p.c = 0
         JOIN b_truck t ON t.store_id = s.id AND t.w = w.w AND t.rank = 1 + ${h(7, 's.k', 'n', 'w.w')} % t.trucks
       ) q
     ) r`,
    [perStore, Math.max(listedCount, 1), stride],
  );
  await step(
    'listed history (generated)',
    `CREATE TEMP TABLE b_events AS
     SELECT r.store_id, r.plu,
            CASE WHEN e.j = 0 THEN ${pollAt('r.day', 'r.truck_slot')}
                 ELSE ${pollAt(openDayAfter('r.day', 'e.j'), 'r.slot')} END AS at,
            CASE WHEN e.j = 0 THEN r.par - r.prev_sales ELSE r.par - e.j + 1 END AS prev,
            CASE WHEN e.j = 0 THEN r.par ELSE r.par - e.j END AS next,
            false AS first
     FROM b_restocks r
     CROSS JOIN LATERAL generate_series(0, r.sales) e(j)`,
  );
  await client.query('DROP TABLE b_restocks');

  // ── Hunted drops ────────────────────────────────────────────────────────────────────────────────────
  await step(
    'hunted drops',
    `CREATE TEMP TABLE b_drops AS
     SELECT hp.plu, hp.type, hp.i, hp.bpc, w.w, w.monday,
            1 + ${h(11, 'hp.i', 'w.w')} % (CASE WHEN hp.type = 'Barrel' THEN 3 ELSE 6 END) AS nstores,
            ${h(12, 'hp.i', 'w.w')} % $1::int AS base,
            (ARRAY[1, 2, 4, 5, 7, 8, 10, 11, 13])[1 + ${h(13, 'hp.i', 'w.w')} % 9] AS step
     FROM b_hunted hp CROSS JOIN b_weeks w
     WHERE ${h(10, 'hp.i', 'w.w')} % 100 < 20`,
    [storeCount],
  );
  // Each reached store: the arrival with its first truck of the next week (a fortnightly store without one that
  // week is not reached), then the sell-down (amounts as deltas; the chain is computed below with a running sum).
  await step(
    'hunted history (generated)',
    `CREATE TEMP TABLE b_hunted_events AS
     WITH arrivals AS (
       SELECT d.*, s.id AS store_id, s.k, nt.day, nt.slot,
              1 + ${h(14, 'd.i', 'd.w', 's.k')} % (CASE WHEN d.type = 'Barrel' THEN 4 ELSE 6 END) AS qty
       FROM b_drops d
       CROSS JOIN generate_series(0, 5) t
       JOIN b_stores s ON s.k = (d.base + t * d.step) % $1::int
       JOIN b_truck nt ON nt.store_id = s.id AND nt.w = d.w + 1 AND nt.rank = 1
       WHERE t < d.nstores
     ), plan AS (
       SELECT a.*, 1 + ${h(15, 'a.i', 'a.w', 'a.k')} % LEAST(a.qty, 3) AS steps,
              a.type <> 'Allocation' AND ${h(16, 'a.i', 'a.w', 'a.k')} % 5 = 0 AS lingers
       FROM arrivals a
     )
     SELECT store_id, plu, ${pollAt('day', 'slot')} AS at, qty AS delta FROM plan
     UNION ALL
     SELECT p.store_id, p.plu,
            CASE WHEN p.type = 'Allocation'
                 THEN ${pollAt('p.day', `p.slot + u * (1 + ${h(17, 'p.i', 'p.w', 'p.k')} % 6)`)}
                 ELSE ${pollAt(openDayAfter('p.day', 'u'), `12 + ${h(18, 'p.i', 'p.w', 'p.k', 'u')} % 45`)} END,
            -(CASE WHEN u < p.steps THEN 1 ELSE p.qty - (p.steps - 1) END)
     FROM plan p CROSS JOIN LATERAL generate_series(1, p.steps) u
     WHERE NOT (p.lingers AND u = p.steps)`,
    [storeCount],
  );
  await step(
    'hunted history (chained)',
    `INSERT INTO b_events (store_id, plu, at, prev, next, first)
     SELECT store_id, plu, at, run - delta, run, delta > 0 AND run = delta AND positives = 1
     FROM (
       SELECT *, sum(delta) OVER w AS run, count(*) FILTER (WHERE delta > 0) OVER w AS positives
       FROM b_hunted_events WINDOW w AS (PARTITION BY store_id, plu ORDER BY at)
     ) z`,
  );
  await step(
    'inventory_history',
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     SELECT store_id, plu, at, prev, next, next - prev,
            (CASE WHEN first THEN 'first' WHEN next > prev THEN 'increase' WHEN next = 0 THEN 'sold_out' ELSE 'decrease' END)::"ChangeType"
     FROM b_events WHERE at > $1::timestamptz AND at <= $2::timestamptz
     ORDER BY at, store_id, plu`,
    [windowStart, now],
  );
  await step(
    'store_inventory',
    `INSERT INTO store_inventory (store_id, plu, quantity, last_updated)
     SELECT DISTINCT ON (store_id, plu) store_id, plu, next, at
     FROM b_events WHERE at > $1::timestamptz AND at <= $2::timestamptz
     ORDER BY store_id, plu, at DESC`,
    [windowStart, now],
  );
  await client.query('DROP TABLE b_events, b_hunted_events');

  // ── Warehouse levels ────────────────────────────────────────────────────────────────────────────────
  // Listed: a receipt every r weeks (Monday or Tuesday morning) up to top, drawn down on weekdays towards
  // top × (1 - frac); a day's drain is recorded on ~20-90 % of weekdays (else it shows the next day).
  await step(
    'warehouse_levels',
    `INSERT INTO warehouse_levels (plu, checked_at, total_available)
     WITH listed AS (
       SELECT l.plu, l.i, r, ${h(21, 'l.i')} % r AS phase, l.bpc * (10 + ${h(22, 'l.i')} % 150) AS top,
              (30 + ${h(23, 'l.i')} % 66) / 100.0 AS frac, 20 + ${h(24, 'l.i')} % 71 AS speed
       FROM b_listed l CROSS JOIN LATERAL (SELECT 1 + ${h(20, 'l.i')} % 3 AS r) q
     ), listed_rows AS (
       SELECT p.plu,
              CASE WHEN j = 0 THEN ${pollAt('w.monday + ' + h(25, 'p.i', 'w.w') + ' % 2', `1 + ${h(26, 'p.i', 'w.w')} % 12`)}
                   ELSE ${pollAt(weekdayAfter('w.monday + ' + h(25, 'p.i', 'w.w') + ' % 2', 'j'), `4 + ${h(27, 'p.i', 'w.w', 'j')} % 53`)} END AS at,
              (p.top - floor(p.top * p.frac * j / (5 * p.r - 1)))::int AS total
       FROM listed p
       JOIN b_weeks w ON (w.w + p.phase) % p.r = 0
       CROSS JOIN LATERAL generate_series(0, 5 * p.r - 2) j -- the last drain is on the Friday before the next receipt
       WHERE j = 0 OR ${h(28, 'p.i', 'w.w', 'j')} % 100 < p.speed
     ), hunted_rows AS (
       SELECT d.plu,
              CASE WHEN j = 0 THEN ${pollAt('d.monday', '1')} ELSE ${pollAt(weekdayAfter('d.monday', 'j'), `4 + ${h(29, 'd.i', 'd.w', 'j')} % 53`)} END AS at,
              (d.bpc * (6 + ${h(30, 'd.i', 'd.w')} % 60) * (3 - j) / 3)::int AS total
       FROM b_drops d CROSS JOIN generate_series(0, 3) j
     ), baseline AS (
       SELECT plu, $1::timestamptz AS at, (top * (1 - frac))::int AS total FROM listed
       UNION ALL SELECT plu, $1::timestamptz, 0 FROM b_hunted
     )
     SELECT plu, at, total FROM (
       SELECT * FROM baseline UNION ALL SELECT * FROM listed_rows UNION ALL SELECT * FROM hunted_rows
     ) x
     WHERE at >= $1::timestamptz AND at <= $2::timestamptz
     ORDER BY at, plu`,
    [windowStart, now],
  );

  // ── Shipments ───────────────────────────────────────────────────────────────────────────────────────
  await buildShipmentsYear(client, { now: options.now, days, log, drops: true });

  // ── Indexes back, store and product state, scrape runs ──────────────────────────────────────────────
  for (const i of indexes) await step(`index ${i.indexname}`, i.indexdef);
  await step(
    'stores',
    `UPDATE stores s SET first_polled_at = $1::timestamptz,
            last_delivery_date = (SELECT max((h.checked_at AT TIME ZONE ${NY})::date) FROM inventory_history h
                                  WHERE h.store_id = s.id AND h.change_type IN ('first', 'increase'))
     WHERE s.id IN (SELECT id FROM b_stores)`,
    [windowStart],
  );
  // The delivery patterns the scraper would have learned from this history (lib/ingest/delivery-pattern.ts: its
  // delivery days, 5 products or more rising, in the last 120 days): none is reference data (decision 030).
  const { rows: deliveryDays } = await client.query<{ store_id: number; days: string[] }>(
    `SELECT store_id, array_agg(day ORDER BY day) AS days FROM (
       SELECT store_id, to_char((checked_at AT TIME ZONE ${NY})::date, 'YYYY-MM-DD') AS day FROM inventory_history
        WHERE change_type IN ('first', 'increase') AND checked_at >= $1::date
        GROUP BY 1, 2 HAVING count(DISTINCT plu) >= ${DELIVERY_MIN_PRODUCTS}) d
     GROUP BY store_id`,
    [addDays(today, -120)],
  );
  const learned = deliveryDays.map((r) => ({ storeId: r.store_id, ...inferPattern(r.days) }));
  await step(
    'delivery patterns',
    `UPDATE stores s SET delivery_day = v.day, delivery_interval_days = v.interval
     FROM unnest($1::int[], $2::text[], $3::int[]) AS v(id, day, interval) WHERE s.id = v.id`,
    [learned.map((p) => p.storeId), learned.map((p) => p.deliveryDay), learned.map((p) => p.deliveryIntervalDays)],
  );
  // Every product asked about and answered at the last poll (its stock current, as on a scraper that runs:
  // lib/reports/stock-age.ts; with no next ask recorded, it ages a day after).
  await step(
    'products',
    `INSERT INTO board_product_polls (board_id, plu, first_polled_at, asked_at, answered_at)
     SELECT b, plu, $1::timestamptz, last.at, last.at
     FROM products, unnest($2::int[]) b, (SELECT max(checked_at) AS at FROM inventory_history) last
     ON CONFLICT DO NOTHING`,
    [windowStart, COVERED_IDS],
  );
  // The last poll at or before now (07:00-21:00 every 15 minutes, New York time).
  await step(
    'scrape_runs',
    `INSERT INTO scrape_runs (source, board_id, started_at, finished_at, status, items_seen, changes_written)
     SELECT src, board, at, at + interval '40 seconds', 'ok', 300, 0
     FROM (SELECT max(checked_at) AS at FROM inventory_history) last
     CROSS JOIN unnest($1::text[], $2::int[]) AS s(src, board)`,
    [
      [...COVERED.map((b) => b.key), 'warehouse'],
      [...COVERED_IDS, null],
    ],
  );

  const rows: Record<string, number> = {};
  for (const table of TABLES) {
    rows[table] = (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  }
  const t0 = performance.now();
  await client.query(`VACUUM ANALYZE ${TABLES.join(', ')}, stores, products, boards`);
  log(`  vacuum analyze (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/** The shipments extract's shape the year is modelled on (issue 24: ~85,000 pairs, ~6,000 new a day). */
export const SHIPMENT_ROWS_PER_DAY = 6_500;
/** Days before the last extract day that had no extract, and that were truncated for TRUNCATED_BOARDS. */
export const MISSING_DAYS_BACK = [10, 150, 300];
export const TRUNCATED_DAYS_BACK = [20, 200];
/** Boards left out of the truncated days: Mecklenburg County and Triad Municipal, two with many stores. */
const TRUNCATED_BOARDS = [53, 57];

/**
 * A year of the state's shipments to every board, its shipment_days and the totals of the last extract, into a
 * database with reference data (and no shipments). The last extract day is today once the extract is out
 * (11:15 New York time), else yesterday. With `drops`, each hunted drop of buildDataset (b_drops) also ships to
 * Wake, so Wake's shipments and its stores' arrivals go together. Returns the last extract day.
 */
export async function buildShipmentsYear(
  client: pg.Client,
  options: { now: Date; days?: number; log?: (line: string) => void; drops?: boolean },
): Promise<{ lastDay: string }> {
  const log = options.log ?? (() => {});
  const days = options.days ?? 365;
  const today = nyDate(options.now);
  const lastDay = options.now >= nyTimeToUtc(today, 11, 15) ? today : addDays(today, -1);
  const firstDay = addDays(lastDay, -(days - 1));
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(sql, params);
    log(`  ${label}${result.rowCount ? `: ${result.rowCount.toLocaleString('en-US')} rows` : ''} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    return result;
  };
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = 'shipments'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const i of indexes) await client.query(`DROP INDEX "${i.indexname}"`);

  // One slot per retail store of the state: a board is drawn as often as it has stores.
  const boards = loadReferenceData().boards.filter((b) => b.retailStores > 0);
  await client.query(
    `CREATE TEMP TABLE b_store_slots AS
     SELECT (row_number() OVER (ORDER BY b.id, g) - 1)::int AS slot, b.id AS board_id
     FROM unnest($1::int[], $2::int[]) AS b(id, n) CROSS JOIN LATERAL generate_series(1, b.n) g`,
    [boards.map((b) => b.id), boards.map((b) => b.retailStores)],
  );
  const [{ n: slots }] = (await client.query('SELECT count(*)::int AS n FROM b_store_slots')).rows;
  await client.query(
    `CREATE TEMP TABLE b_catalog AS
     SELECT plu, (row_number() OVER (ORDER BY plu) - 1)::int AS i, COALESCE(NULLIF(bottles_per_case, 0), 6) AS bpc FROM products`,
  );
  const [{ n: products }] = (await client.query('SELECT count(*)::int AS n FROM b_catalog')).rows;
  const missing = MISSING_DAYS_BACK.map((d) => addDays(lastDay, -d));
  const truncated = TRUNCATED_DAYS_BACK.map((d) => addDays(lastDay, -d));
  // A day without an extract, or a truncated day's left-out boards: those shipments are dated the next day.
  const dated = (day: string, board: string) =>
    `CASE WHEN ${day} = ANY($4::date[]) OR (${day} = ANY($5::date[]) AND ${board} = ANY($6::int[])) THEN ${day} + 1 ELSE ${day} END`;
  await step(
    'shipments',
    `INSERT INTO shipments (plu, board_id, ship_date, units)
     SELECT plu, board_id, ${dated('day', 'board_id')} AS ship_date, sum(units)::int FROM (
       SELECT c.plu, s.board_id, d.day, c.bpc * (1 + ${h(53, 'd.k', 'n')} % 4) AS units
       FROM (SELECT k, ($1::date + k) AS day FROM generate_series(1, $2::int - 1) k) d
       CROSS JOIN generate_series(0, $3::int - 1) n
       JOIN b_catalog c ON c.i = ${h(51, 'd.k', 'n')} % $7::int
       JOIN b_store_slots s ON s.slot = ${h(52, 'd.k', 'n')} % $8::int
       ${
         options.drops
           ? `UNION ALL
       SELECT d.plu, ${WAKE_BOARD_ID}, d.monday + ${h(31, 'd.i', 'd.w')} % 3, d.bpc * (1 + ${h(32, 'd.i', 'd.w')} % 4) FROM b_drops d`
           : ''
       }
     ) x
     WHERE day > $1::date AND day <= $9::date
     GROUP BY 1, 2, 3
     ORDER BY 3, 1, 2`,
    [firstDay, days, SHIPMENT_ROWS_PER_DAY, missing, truncated, TRUNCATED_BOARDS, products, slots, lastDay],
  );
  for (const i of indexes) await step(`index ${i.indexname}`, i.indexdef);
  // The days: the first a baseline, then complete (spanning a missing day before it) or truncated.
  await step(
    'shipment_days',
    `INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
     SELECT day, CASE WHEN day - 1 = ANY($3::date[]) THEN day - 1 ELSE day END,
            (CASE WHEN day = $1::date THEN 'baseline' WHEN day = ANY($4::date[]) THEN 'truncated' ELSE 'complete' END)::"ShipmentDayStatus",
            true, t, t, 85000, CASE WHEN day = ANY($4::date[]) THEN $5::int[] ELSE '{}' END
     FROM generate_series($1::date, $2::date, interval '1 day') g, LATERAL (SELECT g::date AS day) d,
          LATERAL (SELECT (d.day + time '11:05') AT TIME ZONE ${NY} AS t) x
     WHERE NOT day = ANY($3::date[])`,
    [firstDay, lastDay, missing, truncated, TRUNCATED_BOARDS],
  );
  await step(
    'shipment_totals',
    `INSERT INTO shipment_totals (plu, board_id, units, extracted_at)
     SELECT plu, board_id, sum(units)::int, ($1::date + time '11:05') AT TIME ZONE ${NY}
     FROM shipments WHERE ship_date > $1::date - 16 GROUP BY plu, board_id`,
    [lastDay],
  );
  await client.query('DROP TABLE b_store_slots, b_catalog');
  await client.query('ANALYZE shipments, shipment_days, shipment_totals');
  return { lastDay };
}
