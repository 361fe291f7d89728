// Search folding, one rule for the screens (in the browser) and the server (in SQL): case, accents, curly
// apostrophes and non-breaking spaces do not matter, so "anejo" finds "Añejo" and "buzzard's" finds
// "Buzzard’s Roost" (catalog names carry both; phones type either apostrophe).

/** What each folded character becomes. */
const GROUPS: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćč',
  d: 'ďđ',
  e: 'èéêëēėęě',
  g: 'ğ',
  i: 'ìíîïīį',
  l: 'ł',
  n: 'ñńň',
  o: 'òóôõöøōő',
  r: 'ř',
  s: 'śš',
  u: 'ùúûüūůűų',
  y: 'ýÿ',
  z: 'źżž',
};
// Only non-ASCII characters: an ASCII name folds by lower-casing alone (lib/db/search.ts relies on it).
const PUNCTUATION: Record<string, string> = { "'": '’‘ʼ', ' ': '\u00a0' };

// Upper-case letters are listed too: SQL's lower() leaves non-ASCII letters alone under the C locale.
const PAIRS: [string, string][] = [
  ...Object.entries(GROUPS).flatMap(([plain, marked]) => [...marked, ...marked.toUpperCase()].map((c): [string, string] => [c, plain])),
  ...Object.entries(PUNCTUATION).flatMap(([plain, others]) => [...others].map((c): [string, string] => [c, plain])),
];
const MAP = new Map(PAIRS);

/** The folded form of a text: lower case, accents and apostrophes as above, trimmed. */
export function foldText(text: string): string {
  let out = '';
  for (const c of text.toLowerCase()) out += MAP.get(c) ?? c;
  return out.trim();
}

/** The arguments of SQL's translate() that fold a lower-cased column the same way: translate(lower(col), from, to). */
export const SQL_FOLD = { from: PAIRS.map(([c]) => c).join(''), to: PAIRS.map(([, plain]) => plain).join('') } as const;
