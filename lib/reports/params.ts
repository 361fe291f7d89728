import { z } from 'zod';
import { isYmd } from '../time.ts';
import { HUNTED_TYPES, LISTING_TYPES, type ListingType } from '../catalog/hunted.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';

// Request parameters of the report calls. Every message says what a good value looks like, so a bad
// request answers 400 with something a person can act on (lib/api turns the first issue into `error`).

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused), years 2000-2099. */
export function isCalendarDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isYmd(value) && year >= 2000 && year <= 2099;
}

export const ymd = (name: string) =>
  z.string({ error: `${name} must be a date as YYYY-MM-DD` }).refine(isCalendarDate, `${name} must be a valid date as YYYY-MM-DD`);

/** A route segment that must be a positive whole number (store ids, board ids). */
export const idText = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a positive whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${name} must be a positive whole number`);

/** A 5-digit NC code (PLU), leading zeros kept. */
export const plu = z
  .string({ error: 'plu must be a 5-digit NC code, e.g. "27090"' })
  .trim()
  .regex(/^\d{5}$/, 'plu must be a 5-digit NC code, e.g. "27090"');

export const pluParams = z.object({ plu });
export const storeIdParams = z.object({ storeId: idText('storeId') });

/** One of a fixed set of strings; the message lists them. */
export function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });
}

export { LISTING_TYPES, type ListingType };

const LISTING_TYPES_MESSAGE = `listingTypes must be "all" or a comma list of: ${LISTING_TYPES.join(', ')}`;

/**
 * `listingTypes`: "all", or a comma list of listing types (each once or more, any order); the answer is the
 * set in LISTING_TYPES order, so equal sets are equal values. Absent: the hunted types.
 */
export const listingTypes = z
  .string({ error: LISTING_TYPES_MESSAGE })
  .transform((text, ctx): ListingType[] => {
    if (text.trim() === 'all') return [...LISTING_TYPES];
    const parts = text.split(',').map((t) => t.trim());
    if (!parts.every((t): t is ListingType => (LISTING_TYPES as readonly string[]).includes(t))) {
      ctx.addIssue({ code: 'custom', message: LISTING_TYPES_MESSAGE });
      return z.NEVER;
    }
    return LISTING_TYPES.filter((t) => parts.includes(t));
  })
  .default([...HUNTED_TYPES]);

/** A free-text search of product names or PLUs (empty when absent). */
export const searchText = (name: string) => z.string().max(100, `${name} must be at most 100 characters`).default('');

const BOARD_MESSAGE = 'boardId must be a board\'s id, a positive whole number (e.g. 179 for Wake County)';

// Only the form is checked here (zod parsing is synchronous): the read functions ask the board directory
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
