import 'server-only';
import { z } from 'zod';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { shelfBoard, shelfBoardList } from '../reference/shelf-boards.ts';

// The `boardId` of the store-level reports: a board whose shelves are read (board_sources, decision 021), so
// the check reads the database (route() parses asynchronously). Absent: Wake, the spec's board. Anything else
// is a 400 whose message names the boards there are.

async function shelfBoardOr(id: number | null, ctx: z.RefinementCtx): Promise<number> {
  if (id !== null && (await shelfBoard(id))) return id;
  ctx.addIssue({ code: 'custom', message: `boardId must be a covered board: ${await shelfBoardList()}` });
  return z.NEVER;
}

/** A covered board's Commission id as a query parameter's text ("78"); absent: Wake (179). */
export const boardIdQuery = z
  .unknown()
  .optional()
  .transform((value, ctx) =>
    value === undefined ? WAKE_BOARD_ID : shelfBoardOr(typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null, ctx),
  );

/** A covered board's Commission id in a JSON body: a number, or its digits as text (a select's value); absent: Wake. */
export const boardIdBody = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
  if (value === undefined) return WAKE_BOARD_ID;
  const text = typeof value === 'string' ? value.trim() : null;
  const id = typeof value === 'number' && Number.isInteger(value) ? value : text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null;
  return shelfBoardOr(id, ctx);
});

/** `?boardId=`: the board a store-level report is about. */
export const boardQuery = z.object({ boardId: boardIdQuery });
