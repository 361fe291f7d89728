import type { BoardStore } from '../sources/board-stock.ts';
import { durhamLimiter, fetchDurhamProduct } from '../sources/durham.ts';
import { judged, judgeDurham } from '../sources/judgement.ts';
import type { StoreReader } from './reader.ts';

/** Durham: the product's page (found by a search), whose store lines print addresses and counts. */
export function durhamReader(stores: BoardStore[]): StoreReader {
  return {
    limiter: durhamLimiter(),
    details: {},
    read: (plu, signal) => judged(plu, async () => judgeDurham(plu, await fetchDurhamProduct(plu, { signal }), stores)),
  };
}
