import 'server-only';
import { getSessionUser } from '@/lib/auth/session';
import { boardDirectory } from '@/lib/reports/board-directory';
import { boardFromParam, chooseBoard } from '@/lib/reports-client/boards';
import type { InitialBoard } from './board-choice';

/**
 * The board a report screen opens with: the one its address names (`?board=78`), else the signed-in user's
 * home board (profile), else Wake. The session's user is read once per request (the layout read it already).
 */
export async function initialBoard(param: string | string[] | undefined, { anyBoard = false }: { anyBoard?: boolean } = {}): Promise<InitialBoard> {
  // A screen that shows any board (Today's Arrivals) opens any board of the directory; the shelf-only screens
  // keep to the covered boards.
  const ids = anyBoard ? new Set((await boardDirectory()).boards.map((b) => b.board_id)) : null;
  const known = ids ? (id: number) => ids.has(id) : undefined;
  const fromAddress = boardFromParam(param, known);
  if (fromAddress !== null) return { boardId: fromAddress, inAddress: true };
  const user = await getSessionUser();
  return { boardId: chooseBoard(null, user?.homeBoardId, known), inAddress: false };
}
