import { env } from '../env.ts';
import { db } from '../db/index.ts';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID, type CoveredBoard } from '../reference/boards.ts';
import { abcgoBoardUrl, abcgoLimiter, fetchAbcgoDetails } from './sources/abcgo.ts';
import type { BoardStore } from './sources/board-stock.ts';
import { durhamLimiter, fetchDurhamProduct } from './sources/durham.ts';
import { fetchGreensboroLocations, greensboroLimiter, matchGreensboroLocations, searchGreensboroItems } from './sources/greensboro.ts';
import type { Limiter } from './sources/http.ts';
import { judgeAbcgo, judgeDurham, judged, judgeGreensboro, judgeWake, type Judgement } from './sources/judgement.ts';
import { searchWakeInventory, wakeLimiter } from './sources/wake-inventory.ts';

// One reader per platform: it fetches the board's pages for one product and hands what they printed to
// the one judgement of answers (sources/judgement.ts). The pass (poll-stores.ts) and everything after it —
// the snapshot diff, arrivals, delivery patterns, alerts, the screens — never know which platform a row came from.

export interface StoreReader {
  /** The board's politeness limiter: every product's fetch runs through it, never nested inside it. */
  limiter: Limiter;
  /** The judgement of the board's answer about one product (a failure included: it never throws a SourceError). */
  read(plu: string, signal?: AbortSignal): Promise<Judgement>;
  /** What opening the reader found out, for the run record (Greensboro: the location ids learned). */
  details: Record<string, unknown>;
}

/** The board's known stores, as the adapters match them. */
export async function boardStores(boardId: number): Promise<BoardStore[]> {
  const stores = await db.store.findMany({
    where: { boardId },
    select: { id: true, addressKey: true, city: true, mixedBeverage: true, sourceStoreKey: true },
    orderBy: { id: 'asc' },
  });
  return stores.map((s) => ({ id: s.id, addressKey: s.addressKey, city: s.city, mixedBeverage: s.mixedBeverage, sourceKey: s.sourceStoreKey }));
}

/**
 * Opens a pass over one board. Greensboro first reads its store locator (which location id is which
 * store): a failure there fails the pass, since no quantity can be placed without it; ids learned by exact
 * address are kept (stores.source_store_key) so the next pass starts from them.
 */
export async function openStoreReader(board: CoveredBoard, stores: BoardStore[], signal?: AbortSignal): Promise<StoreReader> {
  switch (board.platform) {
    case 'wake':
      return {
        limiter: wakeLimiter(),
        details: {},
        read: (plu, signal) => judged(plu, async () => judgeWake(plu, await searchWakeInventory(plu, { signal }), stores)),
      };
    case 'durham':
      return {
        limiter: durhamLimiter(),
        details: {},
        read: (plu, signal) => judged(plu, async () => judgeDurham(plu, await fetchDurhamProduct(plu, { signal }), stores)),
      };
    case 'abcgo': {
      const boardUrl = abcgoBoardUrl(board.id);
      return {
        limiter: abcgoLimiter(),
        details: {},
        read: (plu, signal) => judged(plu, async () => judgeAbcgo(plu, await fetchAbcgoDetails(plu, { boardUrl, signal }), stores)),
      };
    }
    case 'greensboro': {
      const limiter = greensboroLimiter();
      const match = matchGreensboroLocations(await fetchGreensboroLocations({ limiter, signal }), stores);
      for (const { storeId, locationId } of match.learned) {
        await db.store.updateMany({ where: { id: storeId, sourceStoreKey: null }, data: { sourceStoreKey: locationId } });
      }
      return {
        limiter,
        details: {
          locationsLearned: match.learned.map((l) => ({ storeId: l.storeId, locationId: l.locationId })),
          // With the locator's own fields, so an operator can add a store the board opened (lib/admin/stores.ts).
          locationsUnmatched: match.unmatched.map((u) => {
            const location = match.locations.get(u.locationId);
            return { ...u, name: location?.name ?? null, address: location?.address ?? null, city: location?.city ?? null, kind: location?.kind ?? null };
          }),
        },
        read: (plu, signal) => judged(plu, async () => judgeGreensboro(plu, await searchGreensboroItems(plu, { signal }), match, stores)),
      };
    }
  }
}

/** Minutes between polls of a board's shelves (configuration; Wake: every cycle). */
export function pollMinutes(board: CoveredBoard): number {
  const config = env();
  const minutes: Record<number, number> = {
    [WAKE_BOARD_ID]: 15,
    [DURHAM_BOARD_ID]: config.DURHAM_POLL_MINUTES,
    [GREENSBORO_BOARD_ID]: config.GREENSBORO_POLL_MINUTES,
    [NEW_HANOVER_BOARD_ID]: config.ABCGO_NEW_HANOVER_POLL_MINUTES,
  };
  return minutes[board.id] ?? 15;
}
