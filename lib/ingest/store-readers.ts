import { db } from '../db/index.ts';
import type { ShelfSource } from './board-sources.ts';
import { PLATFORMS } from './platforms.ts';
import type { StoreReader } from './readers/reader.ts';
import type { BoardStore } from './sources/board-stock.ts';

// A board's known stores, and the pass over its shelves with its platform's reader (platforms.ts).

/** The board's known stores, as the adapters match them. */
export async function boardStores(boardId: number): Promise<BoardStore[]> {
  const stores = await db.store.findMany({
    where: { boardId },
    select: { id: true, addressKey: true, city: true, mixedBeverage: true, sourceStoreKey: true },
    orderBy: { id: 'asc' },
  });
  return stores.map((s) => ({ id: s.id, addressKey: s.addressKey, city: s.city, mixedBeverage: s.mixedBeverage, sourceKey: s.sourceStoreKey }));
}

/** Opens a pass over one board with its platform's reader. */
export async function openStoreReader(source: ShelfSource, stores: BoardStore[], signal?: AbortSignal): Promise<StoreReader> {
  return PLATFORMS[source.platform].open(source, stores, signal);
}
