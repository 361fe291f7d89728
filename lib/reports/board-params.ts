import { z } from 'zod';
import { WAKE_BOARD_ID } from '../reference/boards.ts';

const BOARD_MESSAGE = 'boardId must be a board\'s id, a positive whole number (e.g. 179 for Wake County)';

// The `boardId` of the report calls: any of the state's boards (absent: Wake, the spec's board). Only its
// form is checked here: the read functions ask the board directory
// (lib/reports/board-directory.ts), which answers 404 for an unknown board and 400 for a board whose shelves
// are not read on a call that only reads shelves.

/** A board's Commission id as a query parameter's text ("78"); absent: Wake (179). */
export const boardIdQuery = z
  .string({ error: BOARD_MESSAGE })
  .trim()
  .regex(/^\d{1,9}$/, BOARD_MESSAGE)
  .transform(Number)
  .refine((id) => id > 0, BOARD_MESSAGE)
  .default(WAKE_BOARD_ID);

/** A board's Commission id in a JSON body: a number, or its digits as text (a select's value); absent: Wake. */
export const boardIdBody = z
  .union([z.number({ error: BOARD_MESSAGE }), z.string({ error: BOARD_MESSAGE }).trim().regex(/^\d{1,9}$/, BOARD_MESSAGE).transform(Number)], {
    error: BOARD_MESSAGE,
  })
  .refine((id) => Number.isInteger(id) && id > 0 && id < 1e9, BOARD_MESSAGE)
  .default(WAKE_BOARD_ID);

/** `?boardId=`: the board a store-level report is about. */
export const boardQuery = z.object({ boardId: boardIdQuery });
