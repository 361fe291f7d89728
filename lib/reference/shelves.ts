import { loadBoardSources } from './board-sources.ts';
import { loadReferenceData } from './reference.ts';

// Whose store shelves the committed registry reads (prisma/seed-data/board-sources.json, decision 021), for
// the tools, the simulator and the tests that start from a fresh database. The app asks the database instead
// (shelf-boards.ts: shelfBoards()), which every `db:migrate` makes equal to the file. Stores of the other
// boards are in the reference data too, but nothing is known about their shelves: never list them as if it were.

let cached: number[] | undefined;

/** The boards whose store shelves the committed registry reads, in the file's order. */
export function shelfBoardIds(): number[] {
  cached ??= loadBoardSources(new Set(loadReferenceData().boards.map((b) => b.id))).map((s) => s.boardId);
  return [...cached];
}

/** The committed registry reads this board's store shelves. */
export function shelvesRead(boardId: number): boolean {
  return shelfBoardIds().includes(boardId);
}
