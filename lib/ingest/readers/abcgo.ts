import type { BoardStore } from '../sources/board-stock.ts';
import { fetchAbcgoDetails } from '../sources/abcgo.ts';
import { judgeAbcgo, judged } from '../sources/judgement.ts';
import { limiterFor, type ShelfSource } from '../board-sources.ts';
import type { StoreReader } from './reader.ts';

/** A board on ABC/GO (New Hanover): the product's store rows from the board's own ABC/GO host (its entry's base_url). */
export function abcgoReader(source: ShelfSource, stores: BoardStore[]): StoreReader {
  return {
    limiter: limiterFor(source),
    details: {},
    read: (plu, signal) => judged(plu, async () => judgeAbcgo(plu, await fetchAbcgoDetails(plu, { boardUrl: source.baseUrl, signal }), stores)),
  };
}
