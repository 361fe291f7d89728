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
  s = s.replace(/\([^)]*\)/g, ' '); // "(MXB)", "(Retail)"
  s = s.replace(/\s+[-–—]\s+.*$/, ''); // "1793 W. Williams St - Hwy 55"
  s = s.replace(/^\s*(\d+)\s*-\s*[0-9a-z]+\b/, '$1'); // "2109-106 Avent Ferry Rd." (unit after the number)
  s = s.replace(/\b(?:suite|ste|unit|apt|bldg|building)\b\.?\s*#?\s*[0-9a-z-]+/g, ' ');
  s = s.replace(/#\s*[0-9a-z-]+/g, ' ');
  s = s.replace(/['’.]/g, ''); // "Fork Rd." → "fork rd", "Bojangles'" → "bojangles"
  s = s.replace(/[^0-9a-z]+/g, ' ');
  return s
    .split(' ')
    .filter(Boolean)
    .map((word) => SUFFIXES[word] ?? word)
    .join(' ');
}
