import type { BoardStore } from '../sources/board-stock.ts';
import { fetchDurhamProduct } from '../sources/durham.ts';
import { judged, judgeDurham } from '../sources/judgement.ts';
import { limiterFor, type ShelfSource } from '../board-sources.ts';
import type { StoreReader } from './reader.ts';

/** Durham: the product's page (found by a search), whose store lines print addresses and counts. */
export function durhamReader(source: ShelfSource, stores: BoardStore[]): StoreReader {
  return {
    limiter: limiterFor(source),
    details: {},
    read: (plu, signal) => judged(plu, async () => judgeDurham(plu, await fetchDurhamProduct(plu, { baseUrl: source.baseUrl, signal }), stores)),
  };
}
