import { COVERED_BOARDS, coveredBoard } from './boards.ts';

// Whose store shelves the product reads. Every list of stores "with shelves" (directories, the bench, the
// simulator, precision) asks here and nowhere else, so this is the one place to rewire when the boards
// read become data (docs/plans/issue-24-every-board.md §1.1). Stores of the other boards are in the
// reference data too, but nothing is known about their shelves: never list them as if it were.

/** The product reads this board's store shelves. */
export function shelvesRead(boardId: number): boolean {
  return coveredBoard(boardId) !== undefined;
}

/** The boards whose store shelves the product reads, Wake first. */
export function shelfBoardIds(): number[] {
  return COVERED_BOARDS.map((b) => b.id);
}
