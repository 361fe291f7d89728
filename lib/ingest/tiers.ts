import { defaultListSql, HUNTED_SQL } from '../catalog/hunted.ts';
import { db, Prisma } from '../db/index.ts';
import { nyParts } from '../time.ts';
import { listDefaultProducts, premiumMinPrice } from '../watchlist/default-products.ts';

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

/**
 * The other boards, each poll (a few a day): the hunted products (new releases included), every watched
 * product, and, for a board, every product its stores hold as last known (a product nobody watches any
 * more, or one classified Listed since, is still asked about until its stock is confirmed gone or ages to
 * unknown: never on a shelf forever). Their sites are slower and asked less often, so the everyday catalog
 * is left to Wake's tiers.
 */
export async function huntedAndWatchedPlus(boardId?: number): Promise<string[]> {
  const hunted = await db.$queryRaw<{ plu: string }[]>`
    SELECT plu FROM products WHERE listing_type IN ${Prisma.raw(HUNTED_SQL)} ORDER BY plu`;
  const stocked =
    boardId === undefined
      ? []
      : await db.$queryRaw<{ plu: string }[]>`
          SELECT DISTINCT si.plu FROM store_inventory si JOIN stores s ON s.id = si.store_id
           WHERE s.board_id = ${boardId} AND si.quantity > 0 ORDER BY si.plu`;
  return [...new Set([...hunted.map((r) => r.plu), ...(await watchedPlus()), ...stocked.map((r) => r.plu)])];
}
