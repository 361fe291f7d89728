import type { BoardStore } from '../sources/board-stock.ts';
import { judged, judgeWake } from '../sources/judgement.ts';
import { searchWakeInventory } from '../sources/wake-inventory.ts';
import { limiterFor, type ShelfSource } from '../board-sources.ts';
import type { StoreReader } from './reader.ts';

/** Wake: one inventory search per product; the results print every store's address and count. */
export function wakeReader(source: ShelfSource, stores: BoardStore[]): StoreReader {
  return {
    limiter: limiterFor(source),
    details: {},
    read: (plu, signal) => judged(plu, async () => judgeWake(plu, await searchWakeInventory(plu, { baseUrl: source.baseUrl, signal }), stores)),
  };
}
