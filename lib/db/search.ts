import { SQL_FOLD } from '../text/fold.ts';
import { likePatterns, searchWords } from '../text/search.ts';
import { Prisma } from './index.ts';

// The search rule of lib/text/search.ts in SQL, for the server's product searches (reports, watchlist):
// the same words (searchWords), the same patterns, the same folding (SQL_FOLD). Words are always
// parameters; only the column names, written in the code, are raw SQL.

/** The searched columns of a query, e.g. { name: 'p.name', code: 'p.plu' } (constants of the code, never input). */
export interface SearchColumns {
  name: string;
  code: string;
}

/**
 * `column LIKE pattern` on the column folded the way foldText folds the search text (lib/text/fold.ts).
 * translate() costs ~10 µs a name, so only names with a non-ASCII character (a handful in the catalog) go
 * through it: for the others folding is lower().
 */
function foldedLike(column: Prisma.Sql, pattern: string) {
  return Prisma.sql`(lower(${column}) LIKE ${pattern} OR (octet_length(${column}) <> char_length(${column}) AND translate(lower(${column}), ${SQL_FOLD.from}, ${SQL_FOLD.to}) LIKE ${pattern}))`;
}

/** Every word of `text` in the folded name or at the start of the code; TRUE when the text has no words. */
export function searchCondition(text: string, columns: SearchColumns): Prisma.Sql {
  const words = searchWords(text);
  if (!words.length) return Prisma.sql`TRUE`;
  const name = Prisma.raw(columns.name);
  const code = Prisma.raw(columns.code);
  const each = words.map((w) => {
    const p = likePatterns(w);
    return Prisma.sql`(${foldedLike(name, p.anywhere)} OR ${code} LIKE ${p.start})`;
  });
  return Prisma.sql`(${Prisma.join(each, ' AND ')})`;
}

/**
 * Best matches first, whatever the order of the words: 0 when the code is one of the words (a PLU typed
 * whole), 1 when the name starts with one of them, 2 otherwise. Sort by it, then by name.
 */
export function searchRank(text: string, columns: SearchColumns): Prisma.Sql {
  const words = searchWords(text);
  if (!words.length) return Prisma.sql`2`;
  const name = Prisma.raw(columns.name);
  const code = Prisma.raw(columns.code);
  const startsName = Prisma.join(
    words.map((w) => foldedLike(name, likePatterns(w).start)),
    ' OR ',
  );
  return Prisma.sql`(CASE WHEN ${code} = ANY(${words}::text[]) THEN 0 WHEN ${startsName} THEN 1 ELSE 2 END)`;
}
