import { SQL_FOLD } from '../text/fold.ts';
import { Prisma } from './index.ts';

// SQL pieces of the product searches (reports, watchlist).

/** LIKE's wildcards taken literally: searching "100%" looks for a percent sign. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A text column folded for searching, the way foldText folds the search term (lib/text/fold.ts). */
export const folded = (column: string) => Prisma.sql`translate(lower(${Prisma.raw(column)}), ${SQL_FOLD.from}, ${SQL_FOLD.to})`;
