import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { WAKE_BOARD_ID } from './boards.ts';

// The boards whose store shelves are read, as the app knows them: the enabled rows of board_sources (decision
// 021) with their boards' short names, Wake first then by name — the order every board choice shows. Read
// from the database, kept until board_sources or boards is written (lib/db/changes.ts). The scraper's view,
// with the operator's overrides, is lib/ingest/board-sources.ts:effectiveSources.

export interface ShelfBoard {
  id: number;
  /** The board's short name as screens show it (boards.name_clean): "Durham County". */
  name: string;
  /** The board source's key: its runs' scrape_runs.source. */
  source: string;
}

const kept = new ChangeCache<ShelfBoard[]>(['board_sources', 'boards'], 1);

/** Every board whose shelves are read. Shared: never modify. */
export function shelfBoards(): Promise<ShelfBoard[]> {
  return kept.get('all', async () => {
    const rows = await db.boardSource.findMany({ where: { enabled: true }, select: { key: true, boardId: true, board: { select: { nameClean: true } } } });
    return rows
      .map((r) => ({ id: r.boardId, name: r.board.nameClean, source: r.key }))
      .sort((a, b) => Number(b.id === WAKE_BOARD_ID) - Number(a.id === WAKE_BOARD_ID) || a.name.localeCompare(b.name));
  });
}

/** The board with this id when its shelves are read, else undefined. */
export async function shelfBoard(id: number): Promise<ShelfBoard | undefined> {
  return (await shelfBoards()).find((b) => b.id === id);
}

/** "179 (Wake County), 78 (Durham County), …": the boards a message offers. */
export async function shelfBoardList(): Promise<string> {
  return (await shelfBoards()).map((b) => `${b.id} (${b.name})`).join(', ');
}
