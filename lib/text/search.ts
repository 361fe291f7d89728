import { foldText } from './fold.ts';

// The one search rule of every search box (docs/decisions/011-sql-and-search.md): the text is folded as
// lib/text/fold.ts folds (case, accents, curly apostrophes and non-breaking spaces set aside) and split
// into words at white space; an item matches when EVERY word, in any order, is found: in its folded
// name (anywhere, "12" finds "Weller 12Y") or at the start of its code (PLU / NC code, "270" finds 27090).
// No words (an empty or blank text): everything matches. LIKE's wildcards mean nothing: "100%" looks for a
// percent sign.
//
// The browser filters with matchesSearch; the server's SQL (lib/db/search.ts) is built from searchWords
// and the patterns below, so both read a text the same way. Minimum lengths stay with each screen (the
// spec's 2 characters for the watchlist and delivery analysis searches).

/** Words beyond this many are not looked at (a box takes 100 characters; the SQL stays small). */
export const MAX_SEARCH_WORDS = 8;

/** The words of a search text: folded, split at white space, each once, in the order typed, at most MAX_SEARCH_WORDS. */
export function searchWords(text: string): string[] {
  return [...new Set(foldText(text).split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
}

/** What a search looks at in an item: texts searched anywhere (a name), codes searched from their start (a PLU). */
export interface SearchFields {
  texts: readonly (string | null | undefined)[];
  codes?: readonly (string | null | undefined)[];
}

/** Whether an item matches the words (from searchWords): each word is in one of its texts or starts one of its codes. */
export function matchesWords(words: readonly string[], fields: SearchFields): boolean {
  if (!words.length) return true;
  const texts = fields.texts.filter((t): t is string => Boolean(t)).map(foldText);
  const codes = (fields.codes ?? []).filter((c): c is string => Boolean(c)).map(foldText);
  return words.every((w) => texts.some((t) => t.includes(w)) || codes.some((c) => c.startsWith(w)));
}

/** The product search of the screens: every word of `text` in the name or at the start of the PLU / NC code. */
export function matchesSearch(text: string, name: string | null | undefined, code?: string | null): boolean {
  return matchesWords(searchWords(text), { texts: [name], codes: [code] });
}

/** LIKE's wildcards (and its escape character) taken literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A word as SQL LIKE patterns: found anywhere in a folded text, at the start of a code (or of a name, for ranking). */
export function likePatterns(word: string): { anywhere: string; start: string } {
  const escaped = likeEscape(word);
  return { anywhere: `%${escaped}%`, start: `${escaped}%` };
}
