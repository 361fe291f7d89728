// Demo seed (npm run db:seed; npm start runs it on every start). Two parts:
// 1. Reference data (boards, Wake's stores, the product catalog) from prisma/seed-data: rows that are
//    missing are inserted and empty (NULL) columns filled; existing values are never overwritten, so a
//    re-run neither changes anything nor undoes what the scraper has learned since.
// 2. Eight weeks of observations up to `now` (store inventory and its history, warehouse levels,
//    shipments, scrape runs), generated deterministically, only while the database has none.
// Both run in one transaction under an advisory lock, so concurrent seeds cannot double up. The demo
// users (DEMO_MODE) are created afterwards, only when missing.
import { db } from '../db/index.ts';
import { insertColumns, iso, type SqlClient } from './bulk.ts';
import { demoLogins, ensureDemoUsers, type DemoLogin } from './demo-users.ts';
import { generateObservations } from './generate.ts';
import { loadReferenceData, WAKE_BOARD_ID, type ReferenceData } from './reference.ts';

export { normalizeAddress } from './address.ts';
export type { DemoLogin } from './demo-users.ts';

export interface SeedOptions {
  log?: (line: string) => void;
  /** The end of the generated history (default: the current time). */
  now?: Date;
  /** Create the demo admin and user (DEMO_MODE). */
  demoUsers?: boolean;
  /** Generate the 8 weeks of observations (default true); false loads reference data only. */
  history?: boolean;
}

export interface SeedResult {
  /** True when this run generated the observation history (false: the database already had data). */
  seeded: boolean;
  /** Rows per table after the run. */
  counts: Record<string, number>;
  demoLogins: DemoLogin[];
}

const SEED_LOCK = 72707370; // pg advisory lock key (the migration runner uses 72707369)

export const COUNTED_TABLES = [
  'boards',
  'stores',
  'products',
  'store_inventory',
  'inventory_history',
  'warehouse_levels',
  'shipments',
  'shipment_totals',
  'scrape_runs',
  'users',
] as const;

async function upsertReference(tx: SqlClient, ref: ReferenceData): Promise<void> {
  await insertColumns(
    tx,
    'boards',
    [
      { name: 'id', type: 'int', values: ref.boards.map((b) => b.id) },
      { name: 'name', type: 'text', values: ref.boards.map((b) => b.name) },
      { name: 'name_clean', type: 'text', values: ref.boards.map((b) => b.nameClean) },
    ],
    { suffix: 'ON CONFLICT DO NOTHING' },
  );

  const s = ref.stores;
  // Inserted in store_number order, so a fresh database numbers store ids like the stores.
  await tx.$executeRawUnsafe(
    `INSERT INTO stores (board_id, store_number, nickname, address, address_key, city, zip, region, phone, hours,
                         mixed_beverage, delivery_day, delivery_interval_days)
     SELECT $1::int, v.* FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                                     $9::text[], $10::text[], $11::boolean[], $12::text[], $13::int[])
       AS v(store_number, nickname, address, address_key, city, zip, region, phone, hours, mixed_beverage,
            delivery_day, delivery_interval_days)
     WHERE NOT EXISTS (SELECT 1 FROM stores x WHERE x.address_key = v.address_key)
     ORDER BY v.store_number
     ON CONFLICT DO NOTHING`,
    WAKE_BOARD_ID,
    s.map((x) => x.store_number),
    s.map((x) => x.nickname),
    s.map((x) => x.address),
    s.map((x) => x.address_key),
    s.map((x) => x.city),
    s.map((x) => x.zip),
    s.map((x) => x.region),
    s.map((x) => x.phone),
    s.map((x) => x.hours),
    s.map((x) => x.mixed_beverage),
    s.map((x) => x.delivery_day),
    s.map((x) => x.delivery_interval_days),
  );
  await tx.$executeRawUnsafe(
    `UPDATE stores x SET zip = COALESCE(x.zip, v.zip), phone = COALESCE(x.phone, v.phone), hours = COALESCE(x.hours, v.hours),
            delivery_day = COALESCE(x.delivery_day, v.delivery_day),
            delivery_interval_days = COALESCE(x.delivery_interval_days, v.delivery_interval_days)
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
       AS v(address_key, zip, phone, hours, delivery_day, delivery_interval_days)
     WHERE x.address_key = v.address_key
       AND ((x.zip IS NULL AND v.zip IS NOT NULL) OR (x.phone IS NULL AND v.phone IS NOT NULL)
         OR (x.hours IS NULL AND v.hours IS NOT NULL) OR (x.delivery_day IS NULL AND v.delivery_day IS NOT NULL)
         OR (x.delivery_interval_days IS NULL AND v.delivery_interval_days IS NOT NULL))`,
    s.map((x) => x.address_key),
    s.map((x) => x.zip),
    s.map((x) => x.phone),
    s.map((x) => x.hours),
    s.map((x) => x.delivery_day),
    s.map((x) => x.delivery_interval_days),
  );

  const p = ref.products;
  await tx.$executeRawUnsafe(
    `INSERT INTO products (plu, name, listing_type, retail_price, size_ml, bottles_per_case, supplier, broker, updated_at)
     SELECT v.*, now() FROM unnest($1::text[], $2::text[], $3::"ListingType"[], $4::numeric[], $5::int[], $6::int[],
                                   $7::text[], $8::text[])
       AS v(plu, name, listing_type, retail_price, size_ml, bottles_per_case, supplier, broker)
     ON CONFLICT (plu) DO NOTHING`,
    p.map((x) => x.plu),
    p.map((x) => x.name),
    p.map((x) => x.listingType),
    p.map((x) => x.retailPrice),
    p.map((x) => x.sizeMl),
    p.map((x) => x.bottlesPerCase),
    p.map((x) => x.supplier),
    p.map((x) => x.broker),
  );
  await tx.$executeRawUnsafe(
    `UPDATE products x SET size_ml = COALESCE(x.size_ml, v.size_ml), bottles_per_case = COALESCE(x.bottles_per_case, v.bottles_per_case),
            supplier = COALESCE(x.supplier, v.supplier), broker = COALESCE(x.broker, v.broker), updated_at = now()
     FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[]) AS v(plu, size_ml, bottles_per_case, supplier, broker)
     WHERE x.plu = v.plu
       AND ((x.size_ml IS NULL AND v.size_ml IS NOT NULL) OR (x.bottles_per_case IS NULL AND v.bottles_per_case IS NOT NULL)
         OR (x.supplier IS NULL AND v.supplier IS NOT NULL) OR (x.broker IS NULL AND v.broker IS NOT NULL))`,
    p.map((x) => x.plu),
    p.map((x) => x.sizeMl),
    p.map((x) => x.bottlesPerCase),
    p.map((x) => x.supplier),
    p.map((x) => x.broker),
  );
}

async function hasObservations(tx: SqlClient): Promise<boolean> {
  const [row] = await tx.$queryRawUnsafe<{ any: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM inventory_history) OR EXISTS (SELECT 1 FROM store_inventory)
         OR EXISTS (SELECT 1 FROM warehouse_levels) OR EXISTS (SELECT 1 FROM shipments) AS "any"`,
  );
  return row.any;
}

async function writeObservations(tx: SqlClient, ref: ReferenceData, now: Date, log: (line: string) => void): Promise<void> {
  const storeRows = await tx.$queryRawUnsafe<{ id: number; address_key: string }[]>(
    'SELECT id, address_key FROM stores WHERE board_id = $1',
    WAKE_BOARD_ID,
  );
  const idByKey = new Map(storeRows.map((r) => [r.address_key, r.id]));
  // The mixed-beverage-only outlet is not in Wake's inventory search, so it is never polled.
  const polled = ref.stores
    .filter((s) => !s.mixed_beverage && idByKey.has(s.address_key))
    .map((s) => ({
      storeId: idByKey.get(s.address_key)!,
      storeNumber: s.store_number,
      deliveryDay: s.delivery_day,
      intervalDays: s.delivery_interval_days,
      region: s.region,
    }));

  let t0 = performance.now();
  const g = generateObservations({ now, stores: polled, products: ref.products, boards: ref.boards });
  log(
    `generated ${g.history.length} history rows, ${g.inventory.length} inventory rows, ${g.levels.length} warehouse levels, ` +
      `${g.shipments.length} shipments (${Math.round(performance.now() - t0)} ms)`,
  );
  const t = g.timeline;
  const timed = async (label: string, work: () => Promise<number>) => {
    const started = performance.now();
    const rows = await work();
    log(`  ${label}: ${rows} rows (${Math.round(performance.now() - started)} ms)`);
  };

  t0 = performance.now();
  await timed('store_inventory', () =>
    insertColumns(tx, 'store_inventory', [
      { name: 'store_id', type: 'int', values: g.inventory.map((r) => r.storeId) },
      { name: 'plu', type: 'text', values: g.inventory.map((r) => r.plu) },
      { name: 'quantity', type: 'int', values: g.inventory.map((r) => r.quantity) },
      { name: 'last_updated', type: 'timestamptz', values: g.inventory.map((r) => iso(t.time(r.lastPoll))) },
    ]),
  );
  await timed('inventory_history', () =>
    insertColumns(tx, 'inventory_history', [
      { name: 'store_id', type: 'int', values: g.history.map((r) => r.storeId) },
      { name: 'plu', type: 'text', values: g.history.map((r) => r.plu) },
      { name: 'checked_at', type: 'timestamptz', values: g.history.map((r) => iso(t.time(r.poll))) },
      { name: 'previous_quantity', type: 'int', values: g.history.map((r) => r.previous) },
      { name: 'new_quantity', type: 'int', values: g.history.map((r) => r.next) },
      { name: 'delta', type: 'int', values: g.history.map((r) => r.next - r.previous) },
      { name: 'change_type', type: '"ChangeType"', values: g.history.map((r) => r.type) },
    ]),
  );
  await timed('warehouse_levels', () =>
    insertColumns(tx, 'warehouse_levels', [
      { name: 'plu', type: 'text', values: g.levels.map((r) => r.plu) },
      { name: 'checked_at', type: 'timestamptz', values: g.levels.map((r) => iso(t.time(r.poll))) },
      { name: 'total_available', type: 'int', values: g.levels.map((r) => r.total) },
    ]),
  );
  await timed('shipments', () =>
    insertColumns(tx, 'shipments', [
      { name: 'plu', type: 'text', values: g.shipments.map((r) => r.plu) },
      { name: 'board_id', type: 'int', values: g.shipments.map((r) => r.boardId) },
      { name: 'ship_date', type: 'date', values: g.shipments.map((r) => t.isoDate(r.dayIndex)) },
      { name: 'units', type: 'int', values: g.shipments.map((r) => r.units) },
    ]),
  );
  // shipment_totals stays empty: it is the scraper's diff baseline, and synthetic totals would turn the
  // first real (or simulated) extract into a burst of shipments that never happened.
  await timed('scrape_runs', () =>
    insertColumns(tx, 'scrape_runs', [
      { name: 'source', type: '"ScrapeSource"', values: g.runs.map((r) => r.source) },
      { name: 'started_at', type: 'timestamptz', values: g.runs.map((r) => iso(r.startedAt)) },
      { name: 'finished_at', type: 'timestamptz', values: g.runs.map((r) => iso(r.finishedAt)) },
      { name: 'status', type: '"RunStatus"', values: g.runs.map(() => 'ok') },
      { name: 'items_seen', type: 'int', values: g.runs.map((r) => r.itemsSeen) },
      { name: 'changes_written', type: 'int', values: g.runs.map((r) => r.changesWritten) },
    ]),
  );
  await tx.$executeRawUnsafe(
    `UPDATE stores s SET first_polled_at = $1::timestamptz, last_delivery_date = v.last_delivery_date::date
     FROM unnest($2::int[], $3::text[]) AS v(id, last_delivery_date) WHERE s.id = v.id`,
    iso(g.baselineAt),
    g.storeUpdates.map((u) => u.storeId),
    g.storeUpdates.map((u) => u.lastDeliveryDate),
  );
  log(`inserted observations (${Math.round(performance.now() - t0)} ms)`);
}

async function tableCounts(): Promise<Record<string, number>> {
  const sql = COUNTED_TABLES.map((t) => `(SELECT count(*)::int FROM "${t}") AS "${t}"`).join(', ');
  const [row] = await db.$queryRawUnsafe<Record<string, number>[]>(`SELECT ${sql}`);
  return { ...row };
}

/**
 * Seeds reference data, then (on a database without observations) 8 weeks of demo history, and the
 * demo users when asked. Idempotent: a second run changes nothing. Points at whatever database `db`
 * uses (call setDatabaseUrl first in scripts).
 */
export async function seedDatabase(options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();

  const ref = loadReferenceData();
  log(`reference data: ${ref.boards.length} boards, ${ref.stores.length} Wake stores, ${ref.products.length} products`);

  const seeded = await db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', SEED_LOCK);
      const t0 = performance.now();
      await upsertReference(tx, ref);
      log(`reference data up to date (${Math.round(performance.now() - t0)} ms)`);
      if (options.history === false) return false;
      if (await hasObservations(tx)) {
        log('observations already present: history not generated');
        return false;
      }
      await writeObservations(tx, ref, now, log);
      return true;
    },
    { maxWait: 60_000, timeout: 300_000 },
  );

  let logins: DemoLogin[] = [];
  if (options.demoUsers) {
    const t0 = performance.now();
    const created = await ensureDemoUsers(now);
    log(created ? `created ${created} demo user(s) (${Math.round(performance.now() - t0)} ms)` : 'demo users already exist');
    logins = demoLogins();
  }

  const counts = await tableCounts();
  log(`seed finished in ${Math.round(performance.now() - started)} ms`);
  return { seeded, counts, demoLogins: logins };
}
