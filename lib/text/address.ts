// Store matching key. Wake's inventory search prints a store only as an address ("7200 Sandy Fork Rd.,
// Raleigh, NC 27609", or with a <br> before the city), and its spelling drifts from the store locator's
// ("Rd." / "Rd" / "Road", "West" / "W.", suite numbers). Stores are matched on this key, which
// `stores.address_key` holds; the scraper normalises each printed address the same way.

const SUFFIXES: Record<string, string> = {
  street: 'st',
  str: 'st',
  road: 'rd',
  drive: 'dr',
  drv: 'dr',
  boulevard: 'blvd',
  blv: 'blvd',
  avenue: 'ave',
  av: 'ave',
  parkway: 'pkwy',
  pky: 'pkwy',
  pkway: 'pkwy',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  circle: 'cir',
  highway: 'hwy',
  terrace: 'ter',
  trail: 'trl',
  square: 'sq',
  center: 'ctr',
  centre: 'ctr',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
};

/**
 * The normalised street line of an address, used as the store key:
 * - only the street line counts: anything after the first comma or line break (`<br>`, newline) is the
 *   city/state/zip, which the two Wake sources disagree on (e.g. zips), so it is dropped;
 * - lowercase; parenthesised notes ("(MXB)") and " - " annotations ("- Hwy 55") are dropped;
 * - suite numbers are dropped: "2109-106 Avent Ferry" → "2109 avent ferry", "Suite 5", "Ste. 5", "#5";
 * - punctuation is stripped and common street words unified (street→st, road→rd, drive→dr,
 *   boulevard→blvd, avenue→ave, parkway→pkwy, lane→ln, court→ct, place→pl, circle→cir, highway→hwy,
 *   north→n, southwest→sw, ...).
 *
 * normalizeAddress("7200 Sandy Fork Rd., Raleigh, NC 27609") === "7200 sandy fork rd"
 */
export function normalizeAddress(address: string): string {
  let s = address
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .split(/[\n\r,]/)[0]
    .toLowerCase();
  s = dropParenthesised(s); // "(MXB)", "(Retail)"
  // Runs of whitespace as one: the same key (every rule below reads \s+ or \s*, and the words are split on any
  // run at the end), but the " - " rule backtracked through a long run at each of its spaces, so a line of
  // 50,000 spaces took over a second (issue 36: matching a page's addresses must end in bounded time). A run
  // holding a line separator stays one, since `.` (the " - " rule's tail) stops at it.
  s = s.replace(/\s+/g, (run) => (/[\u2028\u2029]/.test(run) ? '\u2028' : ' '));
  s = s.replace(/\s+[-–—]\s+.*$/, ''); // "1793 W. Williams St - Hwy 55"
  s = s.replace(/^\s*(\d+)\s*-\s*[0-9a-z]+\b/, '$1'); // "2109-106 Avent Ferry Rd." (unit after the number)
  s = s.replace(/\b(?:suite|ste|unit|apt|bldg|building)\b\.?\s*#?\s*[0-9a-z-]+/g, ' ');
  s = s.replace(/#\s*[0-9a-z-]+/g, ' ');
  s = s.replace(/['’.]/g, ''); // "Fork Rd." → "fork rd", "Bojangles'" → "bojangles"
  s = s.replace(/[^0-9a-z]+/g, ' ');
  return s
    .split(' ')
    .filter(Boolean)
    // Own keys only: SUFFIXES['constructor'] is Object's constructor, which joined into the key as its source.
    .map((word) => (Object.hasOwn(SUFFIXES, word) ? SUFFIXES[word] : word))
    .join(' ');
}

/**
 * Each "(…)" replaced by a space, as s.replace(/\([^)]*\)/g, ' ') does, in one pass: that regex scanned to the
 * end from every "(" without a ")" after it (quadratic on a line of "(").
 */
function dropParenthesised(s: string): string {
  // A "(" before the last ")" is closed by the first ")" after it; one after it (none closed) stays as it is.
  const lastClose = s.lastIndexOf(')');
  let out = '';
  let inside = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inside) {
      if (c === ')') {
        out += ' ';
        inside = false;
      }
    } else if (c === '(' && i < lastClose) inside = true;
    else out += c;
  }
  return out;
}
