import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
import { toListingType } from '../ingest/listing-type.ts';
import { normalizeAddress } from './address.ts';

// Property-based tests of the store key every board's printed addresses are matched on (issue 36): it ends in
// time linear in the address, whatever a page prints, and gives the key it gave before (stores.address_key
// holds keys computed by it, so a changed key would unmatch a store).

const SUFFIXES: Record<string, string> = {
  street: 'st', str: 'st', road: 'rd', drive: 'dr', drv: 'dr', boulevard: 'blvd', blv: 'blvd', avenue: 'ave', av: 'ave', parkway: 'pkwy',
  pky: 'pkwy', pkway: 'pkwy', lane: 'ln', court: 'ct', place: 'pl', circle: 'cir', highway: 'hwy', terrace: 'ter', trail: 'trl', square: 'sq',
  center: 'ctr', centre: 'ctr', north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
};

/** normalizeAddress as it was before issue 36 (its regexes, quadratic on long runs), with own keys only for the words. */
function regexNormalize(address: string): string {
  let s = address.replace(/<br\s*\/?>/gi, '\n').replace(/&nbsp;/gi, ' ').replace(/&amp;/gi, '&').split(/[\n\r,]/)[0].toLowerCase();
  s = s.replace(/\([^)]*\)/g, ' ');
  s = s.replace(/\s+[-–—]\s+.*$/, '');
  s = s.replace(/^\s*(\d+)\s*-\s*[0-9a-z]+\b/, '$1');
  s = s.replace(/\b(?:suite|ste|unit|apt|bldg|building)\b\.?\s*#?\s*[0-9a-z-]+/g, ' ');
  s = s.replace(/#\s*[0-9a-z-]+/g, ' ');
  s = s.replace(/['’.]/g, '');
  s = s.replace(/[^0-9a-z]+/g, ' ');
  return s
    .split(' ')
    .filter(Boolean)
    .map((word) => (Object.hasOwn(SUFFIXES, word) ? SUFFIXES[word] : word))
    .join(' ');
}

/** Address-like text: the pieces every rule reads (parentheses, dashes, suites, #, <br>, entities, every kind of space). */
const piece = fc.constantFrom(' ', '  ', '\t', '\u00a0', '\u2028', '(', ')', '(MXB)', '-', ' - ', '–', '—', '#', '.', ',', "'", '’', '\n', '<br>', '<BR />', '&nbsp;', '&amp;', 'suite', 'Ste.', 'unit', ' 5', '12', '2109', 'A', 'b', 'Rd', 'road', 'West', 'constructor', 'É');
const addressArb = fc.oneof(fc.array(piece, { maxLength: 25 }).map((p) => p.join('')), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));

describe('normalizeAddress', () => {
  it('gives the key the regexes gave, for any text', () => {
    fc.assert(
      fc.property(addressArb, (address) => {
        const [now, before] = [normalizeAddress(address), regexNormalize(address)];
        ok(now === before, () => `${JSON.stringify(address)}: ${JSON.stringify(now)}, before ${JSON.stringify(before)}`);
      }),
      { numRuns: 20_000 },
    );
  });

  it('ends in time linear in the address: 100,000 characters of one piece in a few milliseconds', () => {
    // Before: 50,000 spaces or "(" took over a second (quadratic backtracking), 100,000 four times that.
    const arb = fc.tuple(fc.constantFrom(' ', '\t', '(', '( ', ' -', '#', '# ', 'suite ', '1 ', '<br', '- '), fc.integer({ min: 50_000, max: 100_000 }), fc.constantFrom('', 'x', ')'));
    fc.assert(
      fc.property(arb, ([unit, n, end]) => {
        bounded(() => normalizeAddress(`12 Main St${unit.repeat(Math.ceil(n / unit.length))}${end}`), 250);
      }),
      { numRuns: 40 },
    );
  });

  it('never joins what Object.prototype holds into a key', () => {
    fc.assert(
      fc.property(fc.constantFrom('constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'), (word) => {
        ok(!normalizeAddress(`12 ${word} st`).includes('function'), 'a function in the key');
        ok(['Listed', 'Limited', 'Allocation', 'Barrel', 'Unknown'].includes(toListingType(word)), `listing type ${String(toListingType(word))}`);
      }),
    );
  });
});
