import { env } from '../env.ts';
import { db } from '../db/index.ts';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID, type CoveredBoard } from '../reference/boards.ts';
import { abcgoReader } from './readers/abcgo.ts';
import { durhamReader } from './readers/durham.ts';
import { openGreensboroReader } from './readers/greensboro.ts';
import type { StoreReader } from './readers/reader.ts';
import { wakeReader } from './readers/wake.ts';
import type { BoardStore } from './sources/board-stock.ts';

// Which reader reads a board's shelves (one per platform, each in readers/), its known stores, and how often.

/** The board's known stores, as the adapters match them. */
export async function boardStores(boardId: number): Promise<BoardStore[]> {
  const stores = await db.store.findMany({
    where: { boardId },
    select: { id: true, addressKey: true, city: true, mixedBeverage: true, sourceStoreKey: true },
    orderBy: { id: 'asc' },
  });
  return stores.map((s) => ({ id: s.id, addressKey: s.addressKey, city: s.city, mixedBeverage: s.mixedBeverage, sourceKey: s.sourceStoreKey }));
}

/** Opens a pass over one board with its platform's reader (Greensboro's first reads its store locator). */
export async function openStoreReader(board: CoveredBoard, stores: BoardStore[], signal?: AbortSignal): Promise<StoreReader> {
  switch (board.platform) {
    case 'wake':
      return wakeReader(stores);
    case 'durham':
      return durhamReader(stores);
    case 'abcgo':
      return abcgoReader(board, stores);
    case 'greensboro':
      return openGreensboroReader(stores, signal);
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
