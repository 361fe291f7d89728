import { SQL_FOLD } from '../text/fold.ts';
import { Prisma } from './index.ts';

// SQL pieces of the product searches (reports, watchlist).

/** LIKE's wildcards taken literally: searching "100%" looks for a percent sign. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * `column LIKE pattern` on the column folded the way foldText folds the search term (lib/text/fold.ts).
 * translate() costs ~10 µs a name, so only names with a non-ASCII character (a handful in the catalog) go
 * through it: for the others folding is lower().
 */
export function foldedLike(column: string, pattern: string) {
  const c = Prisma.raw(column);
  return Prisma.sql`(lower(${c}) LIKE ${pattern} OR (octet_length(${c}) <> char_length(${c}) AND translate(lower(${c}), ${SQL_FOLD.from}, ${SQL_FOLD.to}) LIKE ${pattern}))`;
}
