import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../../testing/properties.ts';
import type { BoardStore } from './board-stock.ts';
import { isSourceError, parseError } from './errors.ts';
import type { GreensboroItem, GreensboroLocationMatch } from './greensboro.ts';
import { judgeAbcgo, judgeDurham, judgeGreensboro, judgeWake, snapshotParts, type Judgement } from './judgement.ts';
import { knownWakeStores, WAKE_INVENTORY_ADDRESSES } from './fixtures/wake-stores.ts';

// Property-based tests of what a board's answer about one product means (judgement.ts, issue 36): any answer
// — any store lines, quantities, repeats and text — ends in bounded time in one of the four kinds, and every
// printed line is either placed on one known store or reported, never dropped or turned into a zero.

const PLU = '27090';
const STORES: BoardStore[] = [
  ...knownWakeStores().map((s) => ({ ...s, mixedBeverage: false, sourceKey: null })),
  // An outlet sharing a retail store's address, and one of its own.
  { id: 901, addressKey: knownWakeStores()[0].addressKey, city: 'Holly Springs', mixedBeverage: true, sourceKey: null },
  { id: 902, addressKey: '1 permit way', city: 'Raleigh', mixedBeverage: true, sourceKey: null },
];
const IDS = new Set(STORES.map((s) => s.id));

/** A printed address: a known store's as printed or reworded, glued to its city, annotated, or any text (long runs too). */
const addressArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...WAKE_INVENTORY_ADDRESSES) },
  { weight: 2, arbitrary: fc.constantFrom(...WAKE_INVENTORY_ADDRESSES).map((a) => a.replace('., ', '.').replace(' Rd.', ' Road').toUpperCase()) },
  { weight: 1, arbitrary: fc.constantFrom(...WAKE_INVENTORY_ADDRESSES).map((a) => a.replace(',', ' (MXB) - Suite 5 #12,')) },
  { weight: 1, arbitrary: fc.constantFrom('1 Permit Way, Raleigh', '', ',', '()', 'constructor st', '9 Nowhere Ln') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(' ', '(', '\t', '#', ' -', 'suite '), fc.integer({ min: 1000, max: 5000 })).map(([s, n]) => `12 Main St${s.repeat(n)}x`) },
);
const quantityArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 24 }) }, { weight: 1, arbitrary: fc.constant(0) });
const linesArb = fc.array(fc.record({ address: addressArb, quantity: quantityArb }), { maxLength: 8 });

/** What every placement must say: each line placed on a known store once, or reported; complete only when all are placed. */
function checkPlacement(j: Judgement, lines: number, unlistedAllowed: boolean): void {
  ok(j.plu === PLU, `plu ${j.plu}`);
  if (j.kind !== 'stock') return;
  ok([...j.stock.keys()].every((id) => IDS.has(id)), 'stock at a store not known');
  if (!unlistedAllowed) ok(j.stock.size + j.unmatched.length === lines && j.unlisted.length === 0, 'a line dropped');
  ok((j.status === 'complete') === (j.unmatched.length === 0 && j.unlisted.length === 0), `status ${j.status}`);
  if (j.status === 'complete') ok([...j.stock.values()].some((q) => q !== 0), 'a whole shelf at 0 is none, not stock');
}

describe('judging one answer', () => {
  it("Wake's search: no data without the product, none with the marker, else the lines placed or reported", () => {
    const arb = fc.record({ lines: linesArb, outOfStock: fc.boolean(), others: fc.array(fc.constantFrom('11111', '22510'), { maxLength: 3 }), listed: fc.boolean() });
    fc.assert(
      fc.property(arb, ({ lines, outOfStock, others, listed }) => {
        const product = (plu: string) => ({ name: 'X', plu, price: 49.99, sizeLabel: null, sizeMl: 750, outOfStockEverywhere: outOfStock, stores: outOfStock ? [] : lines });
        const products = [...others.map(product), ...(listed ? [product(PLU)] : [])];
        const j = bounded(() => judgeWake(PLU, products, STORES));
        if (!listed) return ok(j.kind === 'no_data', j.kind);
        if (outOfStock) return ok(j.kind === 'none', j.kind);
        ok(j.kind === 'stock' || j.kind === 'none', j.kind);
        if (j.kind === 'none') ok(lines.every((l) => l.quantity === 0), 'none with bottles printed');
        checkPlacement(j, lines.length, false);
      }),
      { numRuns: 2_000 },
    );
  });

  it("Durham's page and ABC/GO's details: the same rules", () => {
    const arb = fc.record({ lines: linesArb, page: fc.constantFrom('table', 'nowhere', 'not found') });
    fc.assert(
      fc.property(arb, ({ lines, page }) => {
        const durham = page === 'not found' ? null : { plu: PLU, name: 'X', price: 49.99, badge: null, carriedNowhere: page === 'nowhere', stores: page === 'nowhere' ? [] : lines.map((l) => ({ store: 'Store', ...l })) };
        const d = bounded(() => judgeDurham(PLU, durham, STORES));
        if (page === 'not found') ok(d.kind === 'no_data', d.kind);
        else if (page === 'nowhere') ok(d.kind === 'none', d.kind);
        else checkPlacement(d, lines.length, false);
        const rows = lines.map((l, i) => ({ storeId: String(i), boardId: null, plu: PLU, address: l.address, city: '', state: 'NC', zip: '', onHand: l.quantity }));
        const a = bounded(() => judgeAbcgo(PLU, rows, STORES));
        ok(a.kind === 'stock' || a.kind === 'none', a.kind);
        checkPlacement(a, lines.length, false);
      }),
      { numRuns: 1_500 },
    );
  });

  it("Greensboro's item: every location placed, not a store, or reported; a known store it leaves out is unlisted; two items with one code fail as a source error", () => {
    const arb = fc.record({
      locations: fc.array(fc.record({ locationId: fc.constantFrom('1', '2', '3', '4', '5', '6', '7', 'x'), quantity: quantityArb }), { maxLength: 10 }),
      wired: fc.uniqueArray(fc.constantFrom('1', '2', '3', '4', '5'), { maxLength: 5 }),
      notStores: fc.uniqueArray(fc.constantFrom('6', '7'), { maxLength: 2 }),
      twice: fc.boolean(),
      present: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, ({ locations, wired, notStores, twice, present }) => {
        const known = STORES.slice(0, 5);
        const match: GreensboroLocationMatch<number> = {
          stores: new Map(wired.map((loc, i) => [loc, known[i].id])),
          notStores: new Set(notStores),
          learned: [],
          unmatched: [],
          locations: new Map(),
        };
        const item = (itemId: string): GreensboroItem => ({ itemId, plu: PLU, name: 'X', price: 49.99, locations });
        const items = present ? [item('a'), ...(twice ? [item('b')] : [])] : [{ ...item('c'), plu: '11111' }];
        let j: Judgement;
        try {
          j = bounded(() => judgeGreensboro(PLU, items, match, known));
        } catch (error) {
          return ok(present && twice && isSourceError(error), `threw ${error}`);
        }
        ok(!(present && twice), 'two items with one code judged');
        if (!present) return ok(j.kind === 'no_data', j.kind);
        ok(j.kind === 'stock' || j.kind === 'none', j.kind);
        checkPlacement(j, locations.length, true);
        if (j.kind === 'stock') ok(j.unlisted.every((id) => !j.stock.has(id)) && j.stock.size + j.unlisted.length === known.length, 'a known store neither placed nor unlisted');
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('snapshotParts', () => {
  it('files every judgement once: whole shelves answered, partial ones partial, the rest failed or no data', () => {
    const judgementArb: fc.Arbitrary<Judgement> = fc.oneof(
      fc
        .record({ plu: fc.constantFrom('1', '2', '3'), stock: fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), quantityArb), { maxLength: 8 }), unmatched: fc.nat(2), unlisted: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }) })
        .map(({ plu, stock, unmatched, unlisted }) => ({
          kind: 'stock' as const,
          plu,
          status: unmatched || unlisted.length ? ('partial' as const) : ('complete' as const),
          stock: new Map(stock),
          unmatched: Array.from({ length: unmatched }, () => ({ plu, address: '9 Nowhere Ln', reason: 'unknown' as const, quantity: 1 })),
          unlisted,
          product: null,
        })),
      fc.constantFrom<Judgement>({ kind: 'none', plu: '6', evidence: 'marker', product: null }, { kind: 'no_data', plu: '4', reason: 'nothing' }, { kind: 'failed', plu: '5', error: parseError('wake', 'changed layout') }),
    );
    fc.assert(
      fc.property(fc.array(judgementArb, { maxLength: 20 }), (judgements) => {
        const parts = bounded(() => snapshotParts(judgements));
        ok(parts.answeredPlus.length + parts.partialPlus.length + parts.failures.length + parts.noData.length === judgements.length, 'a judgement not filed once');
        ok(parts.noneAnywhere.every((plu) => parts.answeredPlus.includes(plu)), 'none not answered');
        const rows = judgements.reduce((n, j) => n + (j.kind === 'stock' ? j.stock.size : 0), 0);
        ok(parts.stock.length === rows && new Set(parts.unlisted).size === parts.unlisted.length, 'stock rows or unlisted stores');
      }),
      { numRuns: 5_000 },
    );
  });
});
