import { describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/api';
import { SEARCH_RESULT_LIMIT, WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import type { SearchProduct } from '@/lib/watchlist/types';
import { expectClientError, signedIn, withTestDatabase } from '@/testing/harness';
import { GET as inventorySearch } from '@/app/api/inventory/search/[term]/route';
import { GET } from './route';

// GET /api/watchlist/search/products?q=: catalog search by name words or PLU.

withTestDatabase('reference', 'watchlist');

const search = async (q: string | undefined, browser?: TestClient) => {
  const b = browser ?? (await signedIn()).browser;
  return b.call(GET, '/api/watchlist/search/products', { query: q === undefined ? {} : { q } });
};

describe('GET /api/watchlist/search/products', () => {
  it('finds products by every word of the name, case-insensitively, with the spec fields', async () => {
    const res = await search('WELLER 12');
    expect(res.status).toBe(200);
    const data = res.json.data as SearchProduct[];
    expect(data.map((p) => p.plu)).toEqual(expect.arrayContaining(['18585', '25555']));
    for (const p of data) {
      expect(p.brand_name.toLowerCase()).toContain('weller');
      expect(Object.keys(p).sort()).toEqual(['brand_name', 'listing_type', 'plu', 'retail_price', 'size_ml']);
    }
    expect(data.find((p) => p.plu === '18585')).toEqual({
      plu: '18585',
      brand_name: 'Weller 12Y',
      listing_type: 'Allocation',
      retail_price: 63.95,
      size_ml: expect.any(Number),
    });
  });

  it('finds the words in any order: "rare eagle" is "eagle rare"', async () => {
    const eagleRare = (await search('eagle rare')).json;
    expect((eagleRare.data as SearchProduct[]).map((p) => [p.plu, p.brand_name])).toEqual([['27169', 'Eagle Rare 10Y']]);
    expect((await search('rare eagle')).json).toEqual(eagleRare);
    expect((await search('10Y  RARE eagle')).json).toEqual(eagleRare);
    const both = ((await search('rare character')).json.data as SearchProduct[]).map((p) => p.plu);
    expect(both.length).toBeGreaterThan(1);
    expect(((await search('character rare')).json.data as SearchProduct[]).map((p) => p.plu)).toEqual(both);
  });

  it('finds what the inventory search finds (one rule for every search box)', async () => {
    const { browser } = await signedIn();
    for (const q of ['eagle rare', 'rare eagle', 'weller 12', "buzzard's roost", 'extra añejo']) {
      const watchlist = ((await search(q, browser)).json.data as SearchProduct[]).map((p) => p.plu).sort();
      const inventory = (await browser.call(inventorySearch, `/api/inventory/search/${encodeURIComponent(q)}`, { params: { term: q } })).json
        .products as { plu: string }[];
      // The inventory search answers at most 20: compare when both lists are whole.
      expect(watchlist.length, q).toBeLessThan(20);
      expect(inventory.map((p) => p.plu).sort(), q).toEqual(watchlist);
    }
  });

  it("finds a name with a curly apostrophe by a straight one (and the other way round)", async () => {
    const straight = (await search("buzzard's roost")).json.data as SearchProduct[];
    expect(straight.some((p) => p.brand_name.startsWith('Buzzard’s Roost'))).toBe(true);
    expect(((await search('buzzard’s roost')).json.data as SearchProduct[]).map((p) => p.plu)).toEqual(straight.map((p) => p.plu));
  });

  it('finds a product by its PLU, exact match first, and trims the text', async () => {
    const data = (await search('  27090 ')).json.data as SearchProduct[];
    expect(data[0]).toMatchObject({ plu: '27090', brand_name: "Blanton's Single Barrel" });
  });

  it('puts names that start with the text first', async () => {
    const data = (await search('eagle')).json.data as SearchProduct[];
    expect(data.length).toBeGreaterThan(0);
    const starts = data.map((p) => p.brand_name.toLowerCase().startsWith('eagle'));
    expect(starts.indexOf(false) === -1 || starts.lastIndexOf(true) < starts.indexOf(false)).toBe(true);
  });

  it('returns at most the result limit, and an empty list when nothing matches', async () => {
    expect(((await search('vodka')).json.data as unknown[]).length).toBeLessThanOrEqual(SEARCH_RESULT_LIMIT);
    expect((await search('zzqqxx no such bottle')).json).toEqual({ data: [] });
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await search('%%')).json.data).toEqual([]);
    expect((await search('__')).json.data).toEqual([]);
    expect((await search('\\\\')).json.data).toEqual([]);
  });

  it.each([
    ['no q', undefined],
    ['an empty q', ''],
    ['one character', 'a'],
    ['one character in spaces', '   a   '],
  ])('refuses %s with the spec message (400)', async (_label, q) => {
    const res = await search(q);
    expectClientError(res, 400);
    expect(res.json.error).toBe(WATCHLIST_MESSAGES.searchTooShort);
  });

  it('refuses a 10,000-character q with a JSON 400', async () => {
    const res = await search('w'.repeat(10_000));
    expectClientError(res, 400);
    expect(res.json.error).toBe(WATCHLIST_MESSAGES.searchTooLong);
  });

  it('refuses a NUL character with a JSON 400', async () => {
    expectClientError(await search('we\u0000ller'), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await search('weller', new TestClient()), 401);
  });
});
