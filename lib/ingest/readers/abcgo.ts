import type { CoveredBoard } from '../../reference/boards.ts';
import { abcgoBoardUrl, abcgoLimiter, fetchAbcgoDetails } from '../sources/abcgo.ts';
import type { BoardStore } from '../sources/board-stock.ts';
import { judgeAbcgo, judged } from '../sources/judgement.ts';
import type { StoreReader } from './reader.ts';

/** An ABC/GO board (New Hanover): the product's store rows from the board's own ABC/GO host. */
export function abcgoReader(board: CoveredBoard, stores: BoardStore[]): StoreReader {
  const boardUrl = abcgoBoardUrl(board.id);
  return {
    limiter: abcgoLimiter(),
    details: {},
    read: (plu, signal) => judged(plu, async () => judgeAbcgo(plu, await fetchAbcgoDetails(plu, { boardUrl, signal }), stores)),
  };
}
