import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { COMING_MIN_CUSTOM_NAME, customNameMatches, nameWords } from './name-match.ts';

// "Coming to NC" alerts match a hunter's custom item with a new product by name (issue 40). customNameMatches does it
// by lookups, for speed; it must find exactly the pairs the rule names, pair by pair, over random names.

/** The rule as written, for one pair. */
function names(item: string, product: string): boolean {
  const name = item.trim().toLowerCase();
  if (name.length < COMING_MIN_CUSTOM_NAME) return false;
  if (product.toLowerCase().includes(name)) return true;
  const have = new Set(nameWords(product));
  return nameWords(item).every((w) => have.has(w));
}

// Names from a small vocabulary, so that random pairs often share words and substrings, with the punctuation bottle
// names carry ("Blanton's", "E.H. Taylor", "10-Year"); and items cut from names anywhere, mid-word included.
const word = fc.constantFrom('blue', 'Run', 'RYE', 'high', 'weller', '12', 'blanton', "blanton's", 'Blanton’s', 'e.h.', 'taylor', 'Jr', '10-year', 'single', 'barrel', 'ø', 'bourbon');
const name = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
const padded = fc.tuple(name, fc.constantFrom('', ' ', '  ')).map(([n, pad]) => `${pad}${n}${pad}`);
const cut = fc.tuple(name, fc.nat(), fc.nat()).map(([n, a, b]) => n.slice(Math.min(a, b) % (n.length + 1), Math.max(a, b) % (n.length + 1) || n.length));
const item = fc.oneof(padded, cut);

describe('customNameMatches', () => {
  test.prop([fc.array(item, { maxLength: 30 }), fc.array(name, { maxLength: 20 })])('finds exactly the pairs the rule names', (items, products) => {
    const got = customNameMatches(
      items.map((n, userId) => ({ userId, name: n })),
      products.map((n, id) => ({ id, name: n })),
    )
      .map((p) => `${p.userId}:${p.id}`)
      .sort();
    const expected: string[] = [];
    items.forEach((it, i) => products.forEach((p, j) => names(it, p) && expected.push(`${i}:${j}`)));
    expect(got).toEqual(expected.sort());
  });

  it('names by containment, by every word, and not by a short name', () => {
    const products = [
      { id: 1, name: 'Blue Run High Rye 2026' },
      { id: 2, name: "Blanton's Gold Edition" },
    ];
    const match = (name: string) => customNameMatches([{ userId: 7, name }], products).map((p) => p.id);
    expect(match('Blue Run Rye')).toEqual([1]);
    expect(match('  blue run high  ')).toEqual([1]);
    expect(match('blanton')).toEqual([2]);
    expect(match('Blantons gold')).toEqual([2]);
    expect(match('Rye')).toEqual([]);
    expect(match('Weller')).toEqual([]);
  });

  it('answers each (user, product) once, whatever number of the user’s items name it', () => {
    const pairs = customNameMatches(
      [
        { userId: 1, name: 'Blue Run' },
        { userId: 1, name: 'High Rye' },
        { userId: 2, name: 'blue run' },
      ],
      [{ id: 'e1', name: 'Blue Run High Rye' }],
    );
    expect(pairs).toEqual([
      { userId: 1, id: 'e1' },
      { userId: 2, id: 'e1' },
    ]);
  });
});
