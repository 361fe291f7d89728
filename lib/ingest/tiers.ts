import { defaultListSql, HUNTED_SQL } from '../catalog/hunted.ts';
import { db, Prisma } from '../db/index.ts';
import { nyParts } from '../time.ts';
import { listDefaultProducts, premiumMinPrice } from '../watchlist/default-products.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';

// Polling tiers (docs/decisions/004-polling-tiers.md). At ~1 request per second per worker, the whole
// 3,200-product catalog would take ~18 minutes, longer than a cycle. So every cycle polls what hunters
// watch — the default watchlist (the hunted products of lib/catalog/hunted.ts, new releases included, and
// Premium products) and every product anyone added to a watchlist — and the rest of the catalog is spread
// over the day's cycles, each such product polled once a day.

/** Cycles per day: every 15 minutes from 07:00 to 21:00 New York time, both included. */
export const CYCLES_PER_DAY = 57;

/** Which of the day's cycles `at` is (0 at 07:00 … 56 at 21:00), clamped for manual runs outside hours. */
export function cycleSlot(at: Date): number {
  const p = nyParts(at);
  const slot = Math.floor(((p.hour - 7) * 60 + p.minute) / 15);
  return Math.min(CYCLES_PER_DAY - 1, Math.max(0, slot));
}

/** Every product on someone's watchlist (interested). */
async function watchedPlus(): Promise<string[]> {
  const rows = await db.$queryRaw<{ plu: string }[]>`
    SELECT DISTINCT plu FROM watch_items WHERE active AND interest_type = 'interested' ORDER BY plu`;
  return rows.map((r) => r.plu);
}

/** Wake, every cycle: the default list and every watched product (`hot`), plus the day's share of the rest (`listed`). */
export async function productsToPoll(at: Date): Promise<{ hot: string[]; listed: string[] }> {
  const slot = cycleSlot(at);
  const defaults = await listDefaultProducts();
  const watched = await watchedPlus();
  // Every product the default list leaves out (a Listed product without a price too), once a day.
  const listed = await db.$queryRaw<{ plu: string }[]>`
    SELECT plu FROM (
      SELECT plu, row_number() OVER (ORDER BY plu) - 1 AS i FROM products
       WHERE ${Prisma.raw(defaultListSql('listing_type', 'retail_price', String(premiumMinPrice())))} IS NOT TRUE
    ) t WHERE i % ${CYCLES_PER_DAY} = ${slot} ORDER BY plu`;
  const hotSet = new Set([...defaults.map((p) => p.plu), ...watched]);
  return { hot: [...hotSet], listed: listed.map((r) => r.plu).filter((p) => !hotSet.has(p)) };
}

/** Everyday products each other board is also asked about, so its stores' trucks show (decision 033). */
export const DELIVERY_PROBES = 20;
/** The span of Wake's history the probes are ranked over. */
const PROBE_LOOKBACK_DAYS = 30;

/**
 * Delivery probes (docs/decisions/033-delivery-probes.md): the Listed products that rose at the most of Wake's
 * store deliveries (distinct store-days) in the 30 days before `now`, most first, ties by PLU. A truck restocks
 * most of them, so asked at a board whose pages are searched product by product, they make its stores'
 * deliveries show as DELIVERY_MIN_PRODUCTS rises or more, from which each store's truck day is learned
 * (lib/ingest/delivery-pattern.ts). None until Wake has history.
 */
export async function deliveryProbes(now: Date, limit = DELIVERY_PROBES): Promise<string[]> {
  const rows = await db.$queryRaw<{ plu: string }[]>`
    SELECT h.plu FROM inventory_history h
      JOIN stores s ON s.id = h.store_id
      JOIN products p ON p.plu = h.plu
     WHERE s.board_id = ${WAKE_BOARD_ID} AND p.listing_type = 'Listed' AND h.change_type IN ('first', 'increase')
       AND h.checked_at >= ${now}::timestamptz - make_interval(days => ${PROBE_LOOKBACK_DAYS}) AND h.checked_at <= ${now}::timestamptz
     GROUP BY h.plu
     ORDER BY count(DISTINCT (h.store_id, (h.checked_at AT TIME ZONE 'America/New_York')::date)) DESC, h.plu
     LIMIT ${limit}`;
  return rows.map((r) => r.plu);
}

/**
 * The other boards, each poll (a few a day): the hunted products (new releases included), every watched
 * product, the delivery probes (deliveryProbes: how each store's truck day is learned), and every product its
 * stores hold as last known (a product nobody watches any more, or one classified Listed since, is still asked
 * about until its stock is confirmed gone or ages to unknown: never on a shelf forever). Their sites are slower
 * and asked less often, so the everyday catalog is left to Wake's tiers.
 */
export async function boardProductsToPoll(boardId: number, now: Date): Promise<string[]> {
  const stocked = await db.$queryRaw<{ plu: string }[]>`
    SELECT DISTINCT si.plu FROM store_inventory si JOIN stores s ON s.id = si.store_id
     WHERE s.board_id = ${boardId} AND si.quantity > 0 ORDER BY si.plu`;
  return [...new Set([...(await huntedAndWatchedPlus()), ...(await deliveryProbes(now)), ...stocked.map((r) => r.plu)])];
}

/** The hunted products (new releases included) and every watched product. */
export async function huntedAndWatchedPlus(): Promise<string[]> {
  const hunted = await db.$queryRaw<{ plu: string }[]>`
    SELECT plu FROM products WHERE listing_type IN ${Prisma.raw(HUNTED_SQL)} ORDER BY plu`;
  return [...new Set([...hunted.map((r) => r.plu), ...(await watchedPlus())])];
}
