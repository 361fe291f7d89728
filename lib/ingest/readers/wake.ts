import type { BoardStore } from '../sources/board-stock.ts';
import { judged, judgeWake } from '../sources/judgement.ts';
import { searchWakeInventory, wakeLimiter } from '../sources/wake-inventory.ts';
import type { StoreReader } from './reader.ts';

/** Wake: one inventory search per product; the results print every store's address and count. */
export function wakeReader(stores: BoardStore[]): StoreReader {
  return {
    limiter: wakeLimiter(),
    details: {},
    read: (plu, signal) => judged(plu, async () => judgeWake(plu, await searchWakeInventory(plu, { signal }), stores)),
  };
}
