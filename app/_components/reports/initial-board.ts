import 'server-only';
import { getSessionUser } from '@/lib/auth/session';
import { boardFromParam, chooseBoard } from '@/lib/reports-client/boards';
import type { InitialBoard } from './board-choice';

/**
 * The board a report screen opens with: the one its address names (`?board=78`), else the signed-in user's
 * home board (profile), else Wake. The session's user is read once per request (the layout read it already).
 */
export async function initialBoard(param: string | string[] | undefined): Promise<InitialBoard> {
  const fromAddress = boardFromParam(param);
  if (fromAddress !== null) return { boardId: fromAddress, inAddress: true };
  const user = await getSessionUser();
  return { boardId: chooseBoard(null, user?.homeBoardId), inAddress: false };
}
