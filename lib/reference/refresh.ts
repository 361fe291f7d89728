// Reference data as part of the schema's life cycle: `npm run db:migrate` (the compose migrate service)
// and `npm start` load the real boards, the stores of Wake, Durham, Greensboro and New Hanover, and the
// product catalog from prisma/seed-data after migrating, on every run. Rows that are missing are inserted
// and empty (NULL) columns filled; a value already there is never changed, so a refresh keeps what the
// scraper learned since: a listing type the warehouse report set, names and prices from the pages, phone
// and hours from the store locator, when a store was first polled, delivery patterns, a board's own id for
// a store. Nothing here is generated (docs/decisions/009). The one exception is board-sources.json: it is
// configuration, so the file is authoritative there (upsertBoardSources). A store's delivery day and interval
// are never reference data: the scraper learns them (lib/ingest/delivery-pattern.ts; docs/decisions/030), and
// the demo seed writes the demo's own (simulator/delivery-patterns.ts).
import { catalogListingType, NEW_RELEASE_TYPE } from '../catalog/hunted.ts';
import { db } from '../db/index.ts';
import { insertColumns, type SqlClient } from './bulk.ts';
import { claimForDeployment, readOrigin, type DatabaseOrigin } from './origin.ts';
import { WAKE_BOARD_ID } from './boards.ts';
import { loadBoardSources, type BoardSourceEntry } from './board-sources.ts';
import { loadReferenceData, type ReferenceData } from './reference.ts';
import { placeStores } from '../places/place-stores.ts';

/** pg advisory lock key of every seed and refresh (the migration runner uses 72707369). */
export const SEED_LOCK = 72707370;

/** Rows inserted (boards, stores, products) and rows whose empty columns were filled. */
export interface ReferenceChanges {
  boards: number;
  stores: number;
  products: number;
  storesFilled: number;
  productsFilled: number;
}

export interface RefreshOptions {
  /** Record the database as a deployment's when nothing has claimed it yet (a real deployment's start or migration). */
  claimDeployment?: boolean;
  /** The command, for database_origin.set_up_by. */
  setUpBy?: string;
  log?: (line: string) => void;
}

export interface RefreshResult {
  changes: ReferenceChanges;
  origin: DatabaseOrigin | null;
  /** Rows in the reference tables afterwards. */
  counts: { boards: number; stores: number; products: number };
}

export async function upsertReference(
  tx: SqlClient,
  ref: ReferenceData,
  sources: BoardSourceEntry[] = loadBoardSources(new Set(ref.boards.map((b) => b.id))),
): Promise<ReferenceChanges> {
  const boards = await insertColumns(
    tx,
    'boards',
    [
      { name: 'id', type: 'int', values: ref.boards.map((b) => b.id) },
      { name: 'name', type: 'text', values: ref.boards.map((b) => b.name) },
      { name: 'name_clean', type: 'text', values: ref.boards.map((b) => b.nameClean) },
    ],
    { onConflictDoNothing: true },
  );

  // Wake's stores first, then the other boards', each board in store_number order, so a fresh database
  // numbers store ids like the stores. A store is the same row when board, address key and kind agree
  // (a retail store and a mixed-beverage outlet may share an address).
  // No delivery day or interval: a store starts without them and the scraper learns them (docs/decisions/030).
  const s = [...ref.stores.map((x) => ({ ...x, board_id: WAKE_BOARD_ID, source_store_key: null })), ...ref.boardStores];
  const stores = await tx.$executeRaw`
    INSERT INTO stores (board_id, store_number, nickname, address, address_key, city, zip, region, phone, hours,
                        mixed_beverage, source_store_key)
    SELECT v.board_id, v.store_number, v.nickname, v.address, v.address_key, v.city, v.zip, v.region, v.phone, v.hours,
           v.mixed_beverage, v.source_store_key
      FROM unnest(${s.map((x) => x.board_id)}::int[], ${s.map((x) => x.store_number)}::int[], ${s.map((x) => x.nickname)}::text[],
                  ${s.map((x) => x.address)}::text[], ${s.map((x) => x.address_key)}::text[], ${s.map((x) => x.city)}::text[],
                  ${s.map((x) => x.zip)}::text[], ${s.map((x) => x.region)}::text[], ${s.map((x) => x.phone)}::text[],
                  ${s.map((x) => x.hours)}::text[], ${s.map((x) => x.mixed_beverage)}::boolean[], ${s.map((x) => x.source_store_key)}::text[])
        WITH ORDINALITY AS v(board_id, store_number, nickname, address, address_key, city, zip, region, phone, hours,
                             mixed_beverage, source_store_key, position)
     WHERE NOT EXISTS (SELECT 1 FROM stores x WHERE x.board_id = v.board_id AND x.address_key = v.address_key AND x.mixed_beverage = v.mixed_beverage)
     ORDER BY v.position
    ON CONFLICT DO NOTHING`;
  // A board's own id for a store (source_store_key) is filled only when empty and no other store of the board has it.
  const storesFilled = await tx.$executeRaw`
    UPDATE stores x SET zip = COALESCE(x.zip, v.zip), phone = COALESCE(x.phone, v.phone), hours = COALESCE(x.hours, v.hours),
           source_store_key = COALESCE(x.source_store_key,
             CASE WHEN NOT EXISTS (SELECT 1 FROM stores y WHERE y.board_id = x.board_id AND y.source_store_key = v.source_store_key)
                  THEN v.source_store_key END)
      FROM unnest(${s.map((x) => x.board_id)}::int[], ${s.map((x) => x.address_key)}::text[], ${s.map((x) => x.mixed_beverage)}::boolean[],
                  ${s.map((x) => x.zip)}::text[], ${s.map((x) => x.phone)}::text[], ${s.map((x) => x.hours)}::text[],
                  ${s.map((x) => x.source_store_key)}::text[])
        AS v(board_id, address_key, mixed_beverage, zip, phone, hours, source_store_key)
     WHERE x.board_id = v.board_id AND x.address_key = v.address_key AND x.mixed_beverage = v.mixed_beverage
       AND ((x.zip IS NULL AND v.zip IS NOT NULL) OR (x.phone IS NULL AND v.phone IS NOT NULL)
         OR (x.hours IS NULL AND v.hours IS NOT NULL)
         OR (x.source_store_key IS NULL AND v.source_store_key IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM stores y WHERE y.board_id = x.board_id AND y.source_store_key = v.source_store_key)))`;

  const p = ref.products;
  // The catalog's own "Unknown" rows are ordinary products, not new releases (lib/catalog/hunted.ts).
  const listingTypes = p.map((x) => catalogListingType(x.listingType));
  const products = await tx.$executeRaw`
    INSERT INTO products (plu, name, listing_type, retail_price, size_ml, bottles_per_case, supplier, broker, updated_at)
    SELECT v.*, now()
      FROM unnest(${p.map((x) => x.plu)}::text[], ${p.map((x) => x.name)}::text[], ${listingTypes}::"ListingType"[],
                  ${p.map((x) => x.retailPrice)}::numeric[], ${p.map((x) => x.sizeMl)}::int[], ${p.map((x) => x.bottlesPerCase)}::int[],
                  ${p.map((x) => x.supplier)}::text[], ${p.map((x) => x.broker)}::text[])
        AS v(plu, name, listing_type, retail_price, size_ml, bottles_per_case, supplier, broker)
    ON CONFLICT (plu) DO NOTHING`;
  const productsFilled = await tx.$executeRaw`
    UPDATE products x SET size_ml = COALESCE(x.size_ml, v.size_ml), bottles_per_case = COALESCE(x.bottles_per_case, v.bottles_per_case),
           supplier = COALESCE(x.supplier, v.supplier), broker = COALESCE(x.broker, v.broker), updated_at = now()
      FROM unnest(${p.map((x) => x.plu)}::text[], ${p.map((x) => x.sizeMl)}::int[], ${p.map((x) => x.bottlesPerCase)}::int[],
                  ${p.map((x) => x.supplier)}::text[], ${p.map((x) => x.broker)}::text[])
        AS v(plu, size_ml, bottles_per_case, supplier, broker)
     WHERE x.plu = v.plu
       AND ((x.size_ml IS NULL AND v.size_ml IS NOT NULL) OR (x.bottles_per_case IS NULL AND v.bottles_per_case IS NOT NULL)
         OR (x.supplier IS NULL AND v.supplier IS NOT NULL) OR (x.broker IS NULL AND v.broker IS NOT NULL))`;
  // Databases loaded before 2026-12-01 stored those rows as new releases: the one listing type a refresh
  // corrects (the scraper never writes Unknown over a known product, so the value is the old loader's).
  const unclassified = p.filter((x) => x.listingType === NEW_RELEASE_TYPE).map((x) => x.plu);
  const productsRetyped = await tx.$executeRaw`
    UPDATE products SET listing_type = 'Listed', updated_at = now() WHERE listing_type = 'Unknown' AND plu = ANY(${unclassified}::text[])`;
  await upsertBoardSources(tx, sources);
  // Every store has a place: those without an exact one at their ZIP code's (or city's) centre (issue 39).
  await placeStores(tx);
  return { boards, stores, products, storesFilled, productsFilled: productsFilled + productsRetyped };
}

/**
 * The boards whose shelves are read, as the file says (it is configuration: a changed value is taken), and a
 * key the file no longer has is disabled, never deleted: its runs name it. Returns the rows changed.
 */
export async function upsertBoardSources(tx: SqlClient, sources: BoardSourceEntry[]): Promise<number> {
  const col = <K extends keyof BoardSourceEntry>(k: K) => sources.map((e) => e[k]);
  const upserted = await tx.$executeRaw`
    INSERT INTO board_sources (key, board_id, platform, base_url, store_key, poll_minutes, concurrency, delay_ms, enabled, updated_at)
    SELECT v.*, true, now()
      FROM unnest(${col('key')}::text[], ${col('boardId')}::int[], ${col('platform')}::text[], ${col('baseUrl')}::text[],
                  ${col('storeKey')}::text[], ${col('pollMinutes')}::int[], ${col('concurrency')}::int[], ${col('delayMs')}::int[])
        AS v(key, board_id, platform, base_url, store_key, poll_minutes, concurrency, delay_ms)
    ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, platform = excluded.platform, base_url = excluded.base_url,
           store_key = excluded.store_key, poll_minutes = excluded.poll_minutes, concurrency = excluded.concurrency,
           delay_ms = excluded.delay_ms, enabled = true, updated_at = now()
     WHERE (board_sources.board_id, board_sources.platform, board_sources.base_url, board_sources.store_key, board_sources.poll_minutes,
            board_sources.concurrency, board_sources.delay_ms, board_sources.enabled)
           IS DISTINCT FROM (excluded.board_id, excluded.platform, excluded.base_url, excluded.store_key, excluded.poll_minutes,
                             excluded.concurrency, excluded.delay_ms, true)`;
  const disabled = await tx.$executeRaw`
    UPDATE board_sources SET enabled = false, updated_at = now() WHERE enabled AND NOT (key = ANY(${col('key')}::text[]))`;
  return upserted + disabled;
}

/** Loads or refreshes the reference data, in one transaction under the seed lock. Idempotent. */
export async function refreshReferenceData(options: RefreshOptions = {}): Promise<RefreshResult> {
  const log = options.log ?? (() => {});
  const ref = loadReferenceData();
  const t0 = performance.now();
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
      const origin = options.claimDeployment ? await claimForDeployment(tx, options.setUpBy ?? 'unknown') : await readOrigin(tx);
      const changes = await upsertReference(tx, ref);
      const [counts] = await tx.$queryRaw<RefreshResult['counts'][]>`
        SELECT (SELECT count(*)::int FROM boards) AS boards, (SELECT count(*)::int FROM stores) AS stores,
               (SELECT count(*)::int FROM products) AS products`;
      log(`reference data: ${describeChanges(changes)} (${Math.round(performance.now() - t0)} ms)`);
      return { changes, origin, counts };
    },
    { maxWait: 60_000, timeout: 120_000 },
  );
}

/** "added 173 boards, 28 stores, 3241 products" or "up to date". */
export function describeChanges(c: ReferenceChanges): string {
  const added = (['boards', 'stores', 'products'] as const).filter((k) => c[k]).map((k) => `${c[k]} ${k}`);
  const filled = c.storesFilled + c.productsFilled;
  const parts = [added.length ? `added ${added.join(', ')}` : '', filled ? `filled empty fields of ${filled} row(s)` : ''].filter(Boolean);
  return parts.length ? parts.join('; ') : 'up to date';
}
