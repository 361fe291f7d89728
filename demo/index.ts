// The demo seed (npm start in demo mode, npm run db:seed): the reference data (lib/reference/refresh.ts), then
// eight weeks of observations up to `now` (store inventory and its history, warehouse levels, shipments,
// scrape runs) with the demo's own delivery patterns (delivery-patterns.ts; never reference data), generated
// deterministically, only while the database has none, and the demo users when asked. Generated data goes only
// into a database demo mode set up (lib/reference/origin.ts): a fresh one is claimed for the demo, a
// deployment's is refused with DemoRefusedError. Everything but the demo users runs in one transaction under the
// seed lock, so concurrent seeds cannot double up.
import { db, Prisma } from '../lib/db/index.ts';
import { identifier, insertColumns, iso, type SqlClient } from '../lib/reference/bulk.ts';
import { demoLogins, ensureDemoUsers, type DemoLogin } from './demo-users.ts';
import { replayForecasts } from './forecasts.ts';
import { generateObservations } from './generate.ts';
import { WAKE_DEMO_DELIVERIES } from '../simulator/delivery-patterns.ts';
import { claimForDemo } from '../lib/reference/origin.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { loadReferenceData, type ReferenceData } from '../lib/reference/reference.ts';
import { describeChanges, SEED_LOCK, upsertReference } from '../lib/reference/refresh.ts';

export { normalizeAddress } from '../lib/text/address.ts';
export type { DemoLogin } from './demo-users.ts';

export interface SeedOptions {
  log?: (line: string) => void;
  /** The end of the generated history (default: the current time). */
  now?: Date;
  /** Create the demo admin and user (DEMO_MODE). */
  demoUsers?: boolean;
  /** Generate the 8 weeks of observations (default true); false loads reference data only (tests). */
  history?: boolean;
  /** The command, recorded when this seed claims a fresh database for the demo. */
  setUpBy?: string;
}

export interface SeedResult {
  /** True when this run generated the observation history (false: the database already had data). */
  seeded: boolean;
  /** Rows per table after the run. */
  counts: Record<string, number>;
  demoLogins: DemoLogin[];
}

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

async function hasObservations(tx: SqlClient): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ any: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM inventory_history) OR EXISTS (SELECT 1 FROM store_inventory)
        OR EXISTS (SELECT 1 FROM warehouse_levels) OR EXISTS (SELECT 1 FROM shipments) AS "any"`;
  return row.any;
}

async function writeObservations(tx: SqlClient, ref: ReferenceData, now: Date, log: (line: string) => void): Promise<void> {
  const storeRows = await tx.$queryRaw<{ id: number; address_key: string }[]>`
    SELECT id, address_key FROM stores WHERE board_id = ${WAKE_BOARD_ID}`;
  const idByKey = new Map(storeRows.map((r) => [r.address_key, r.id]));
  // The mixed-beverage-only outlet is not in Wake's inventory search, so it is never polled. The delivery patterns
  // are the demo's own (simulator/delivery-patterns.ts), never reference data (docs/decisions/030).
  const polled = ref.stores
    .filter((s) => !s.mixed_beverage && idByKey.has(s.address_key))
    .map((s) => ({
      storeId: idByKey.get(s.address_key)!,
      storeNumber: s.store_number,
      deliveryDay: WAKE_DEMO_DELIVERIES[s.store_number]?.deliveryDay ?? null,
      intervalDays: WAKE_DEMO_DELIVERIES[s.store_number]?.intervalDays ?? null,
      alsoOn: WAKE_DEMO_DELIVERIES[s.store_number]?.alsoOn ?? null,
      shifted: WAKE_DEMO_DELIVERIES[s.store_number]?.shifted ?? false,
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
      // The demo's last poll confirmed every shelf (it records no asks: lib/reports/stock-age.ts then ages the
      // stock a day after it, unless the demo's own scraper confirms it first).
      { name: 'confirmed_at', type: 'timestamptz', values: g.inventory.map(() => iso(g.lastPollAt)) },
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
      { name: 'source', type: 'text', values: g.runs.map((r) => r.source) },
      // Wake's inventory and locator read board 179; the Commission's sources are statewide.
      { name: 'board_id', type: 'int', values: g.runs.map((r) => (r.source.startsWith('wake_') ? WAKE_BOARD_ID : null)) },
      { name: 'started_at', type: 'timestamptz', values: g.runs.map((r) => iso(r.startedAt)) },
      { name: 'finished_at', type: 'timestamptz', values: g.runs.map((r) => iso(r.finishedAt)) },
      { name: 'status', type: '"RunStatus"', values: g.runs.map(() => 'ok') },
      { name: 'items_seen', type: 'int', values: g.runs.map((r) => r.itemsSeen) },
      { name: 'changes_written', type: 'int', values: g.runs.map((r) => r.changesWritten) },
    ]),
  );
  // What the catalog lists' reading of the day before taught the catalog (runs above): each product's list price and
  // its place on the allocated list, as the simulated lists print them (simulator/catalog-lists.ts).
  await tx.$executeRaw`
    UPDATE products SET list_price = retail_price,
           state_list = (CASE WHEN listing_type IN ('Allocation', 'Limited') THEN listing_type END)`;
  // The demo's stores say what its scraper would have learned by now: the demo's patterns, their last deliveries.
  const pattern = (storeId: number) => polled.find((p) => p.storeId === storeId);
  await tx.$executeRaw`
    UPDATE stores s SET first_polled_at = ${iso(g.baselineAt)}::timestamptz, last_delivery_date = v.last_delivery_date::date,
           delivery_day = v.delivery_day, delivery_interval_days = v.delivery_interval_days
      FROM unnest(${g.storeUpdates.map((u) => u.storeId)}::int[], ${g.storeUpdates.map((u) => u.lastDeliveryDate)}::text[],
                  ${g.storeUpdates.map((u) => pattern(u.storeId)?.deliveryDay ?? null)}::text[],
                  ${g.storeUpdates.map((u) => pattern(u.storeId)?.intervalDays ?? null)}::int[])
        AS v(id, last_delivery_date, delivery_day, delivery_interval_days)
     WHERE s.id = v.id`;
  log(`inserted observations (${Math.round(performance.now() - t0)} ms)`);
}

async function tableCounts(): Promise<Record<string, number>> {
  const counts = Prisma.join(COUNTED_TABLES.map((t) => Prisma.sql`(SELECT count(*)::int FROM ${identifier(t)}) AS ${identifier(t)}`));
  const [row] = await db.$queryRaw<Record<string, number>[]>`SELECT ${counts}`;
  return { ...row };
}

/**
 * Seeds reference data, then (on a database without observations) 8 weeks of demo history, and the
 * demo users when asked. Idempotent: a second run changes nothing. Points at whatever database `db`
 * uses (call setDatabaseUrl first in scripts). Throws DemoRefusedError, having written nothing, when
 * asked for history or demo users in a database demo mode did not set up.
 */
export async function seedDatabase(options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();

  const ref = loadReferenceData();
  log(`reference data: ${ref.boards.length} boards, ${ref.stores.length} Wake stores, ${ref.products.length} products`);

  const generates = options.history !== false;
  const seeded = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
      if (generates || options.demoUsers) {
        const origin = await claimForDemo(tx, options.setUpBy ?? 'db:seed');
        log(`demo database (set up by ${origin.setUpBy}, ${origin.createdAt.toISOString()})`);
      }
      const t0 = performance.now();
      const changes = await upsertReference(tx, ref);
      log(`reference data ${describeChanges(changes)} (${Math.round(performance.now() - t0)} ms)`);
      if (!generates) return false;
      if (await hasObservations(tx)) {
        log('observations already present: history not generated');
        return false;
      }
      await writeObservations(tx, ref, now, log);
      return true;
    },
    { maxWait: 60_000, timeout: 300_000 },
  );

  // After the history commits: the forecasting code reads it through the shared client, as the scraper does.
  if (seeded) await replayForecasts(now, log);

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
