import 'server-only';
import { firstAnswer } from '@/lib/api/handler';
import { getSessionUser } from '@/lib/auth/session';
import { shelfBoards } from '@/lib/reference/shelf-boards';
import { boardDirectory } from '@/lib/reports/board-directory';
import { boardFromParam, chooseBoard, type BoardOption } from '@/lib/reports-client/boards';
import { coveredBoardsRead } from '@/lib/reports/reads';
import type { InitialBoard } from './board-choice';

/** The covered boards a screen offers and names (board_sources, Wake first). */
export async function boardOptions(): Promise<BoardOption[]> {
  return (await shelfBoards()).map((b) => ({ board_id: b.id, name: b.name }));
}

/** Every board of the state, by name (the board directory). */
export async function directoryOptions(): Promise<BoardOption[]> {
  return (await boardDirectory()).boards.map((b) => ({ board_id: b.board_id, name: b.name }));
}

/**
 * The board a report screen opens with: the one its address names (`?board=78`), else the signed-in user's
 * home board (profile), else Wake; with the boards it offers and their freshness (GET /api/boards/covered's
 * first answer). The session's user is read once per request (the layout read it already).
 */
export async function initialBoard(param: string | string[] | undefined, { anyBoard = false }: { anyBoard?: boolean } = {}): Promise<InitialBoard> {
  // A screen that shows any board (Today's Arrivals) offers every board of the directory; the shelf-only
  // screens keep to the boards whose shelves are read.
  const [boards, covered] = await Promise.all([anyBoard ? directoryOptions() : boardOptions(), firstAnswer(coveredBoardsRead)]);
  const fromAddress = boardFromParam(param, boards);
  if (fromAddress !== null) return { boardId: fromAddress, inAddress: true, boards, covered };
  const user = await getSessionUser();
  return { boardId: chooseBoard(null, user?.homeBoardId, boards), inAddress: false, boards, covered };
}
