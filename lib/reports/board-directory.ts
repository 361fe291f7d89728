import 'server-only';
import { ApiError } from '../api/errors.ts';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { boardFacts } from '../reference/board-facts.ts';
import { nyDate } from '../time.ts';
import { boardOrThrow, keptCoveredBoards } from './boards.ts';
import { dayStatusHoldsUntil, extractDays } from './extract-days.ts';
import { dayStatus } from './shipment-days.ts';
import type { JsonText } from './sql.ts';
import type { BoardDirectory, BoardEntry } from './types.ts';

// Every board in the state with how precisely the product can place its bottles (lib/reference/precision.ts):
// its shelves read, its one store named by a shipment to the board, or the board alone. The one place the API
// asks "which board is this, and what can be said about it": unknown boards are a 404 here, and the calls that
// only read shelves refuse a board whose shelves are not read with a 400 that says where its shipments are.
// One query over the 173 boards (a probe of shipments' (board_id, ship_date) index each), kept until a table
// it reads changes or a time-based transition comes (a shelf board's freshness, today's report turning late,
// the New York day ending).


interface Kept {
  answer: BoardDirectory;
  json: JsonText<BoardDirectory>;
  byId: Map<number, BoardEntry>;
  from: number;
  until: number;
}

/** Kept like the other read answers (lib/db/changes.ts), while its time-based facts hold. Shared: never modify. */
const directories = new ChangeCache<Kept>(['boards', 'board_sources', 'stores', 'scrape_runs', 'shipments', 'shipment_days'], 1);

function keptDirectory(now = new Date()): Promise<Kept> {
  const at = now.getTime();
  return directories.get('all', () => readDirectory(now), { valid: (kept) => kept.from <= at && at < kept.until });
}

/** Every board, by name. Shared with later calls: never modify. */
export async function boardDirectory(now = new Date()): Promise<BoardDirectory> {
  return (await keptDirectory(now)).answer;
}

/** boardDirectory as JSON text (GET /api/boards, gzipped once by the app's server). */
export async function boardDirectoryJson(now = new Date()): Promise<JsonText<BoardDirectory>> {
  return (await keptDirectory(now)).json;
}

/** The board with this id, or 404 BOARD_NOT_FOUND. */
export async function boardEntry(boardId: number, now = new Date()): Promise<BoardEntry> {
  return boardOrThrow((await keptDirectory(now)).byId.get(boardId), boardId);
}

/**
 * The board of a call that only reads store shelves (allocated-current, a product's stores, delivery analysis,
 * stores without deliveries): 404 for an unknown board, 400 for one whose shelves are not read, naming where
 * what was shipped to it is.
 */
export async function boardWithShelves(boardId: number, now = new Date()): Promise<BoardEntry> {
  const board = await boardEntry(boardId, now);
  if (board.precision !== 'shelf') {
    throw new ApiError(
      'bad_request',
      `boardId ${boardId} (${board.name}): its store shelves are not read; what was shipped to it is in /api/inventory/todays-arrivals?boardId=${boardId}`,
    );
  }
  return board;
}

async function readDirectory(now: Date): Promise<Kept> {
  const today = nyDate(now);
  const [facts, lastDays, covered, days] = await Promise.all([
    boardFacts(),
    // Per board through the (board_id, ship_date) index: 173 short descents, not a scan of every shipment.
    db.$queryRaw<{ board_id: number; last_day: string | null }[]>`
      SELECT b.id AS board_id, (SELECT to_char(max(sh.ship_date), 'YYYY-MM-DD') FROM shipments sh WHERE sh.board_id = b.id) AS last_day FROM boards b`,
    keptCoveredBoards(now),
    extractDays(today),
  ]);
  const lastDay = new Map(lastDays.map((r) => [r.board_id, r.last_day]));
  const shelf = new Map(covered.answer.boards.map((b) => [b.board_id, b]));
  const boards: BoardEntry[] = [];
  for (const f of facts.values()) {
    boards.push({
      board_id: f.boardId,
      name: f.name,
      precision: f.precision,
      stores: f.stores,
      retail_stores: f.retailStores,
      only_store: f.onlyStore,
      shelf: f.precision === 'shelf' ? (shelf.get(f.boardId) ?? null) : null,
      shipments: { last_day: lastDay.get(f.boardId) ?? null, today_status: dayStatus(today, { ...days, now, boardId: f.boardId }) },
    });
  }
  const answer: BoardDirectory = { success: true, boards };
  const until = Math.min(covered.until, dayStatusHoldsUntil(today, now));
  return { answer, json: JSON.stringify(answer), byId: new Map(boards.map((b) => [b.board_id, b])), from: now.getTime(), until };
}
