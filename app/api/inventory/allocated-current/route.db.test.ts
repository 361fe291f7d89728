import { beforeAll, describe, expect, it } from 'vitest';
import { GET as allocatedRoute } from '@/app/api/inventory/allocated-current/route';
import { GET as productStoresRoute } from '@/app/api/inventory/product/[plu]/stores/route';
import { GET as searchRoute } from '@/app/api/inventory/search/[term]/route';
import { db } from '@/lib/db/index';
import { searchCondition } from '@/lib/db/search';
import { foldText, SQL_FOLD } from '@/lib/text/fold';
import { matchesSearch } from '@/lib/text/search';
import { TestClient } from '@/testing/api';
import { expectClientError, query, signedIn, withTestDatabase } from '../../../../testing/harness.ts';
import { HUNTED_SQL } from '../../../../lib/catalog/hunted.ts';

// GET /api/inventory/allocated-current, /api/inventory/product/{plu}/stores and /api/inventory/search/{term}
// against the seeded demo data (store_inventory is what Wake's stores hold now).

withTestDatabase('demo', 'reports');

let browser: TestClient;
beforeAll(async () => {
  ({ browser } = await signedIn());
});

describe('GET /api/inventory/allocated-current', () => {
  it('lists the hunted products on Wake shelves now with their totals, most bottles first', async () => {
    const res = await browser.call(allocatedRoute, '/api/inventory/allocated-current');
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const ref = await query<{ plu: string; bottles: number; stores: number; type: string }>(
      `SELECT p.plu, sum(si.quantity)::int AS bottles, count(*)::int AS stores, p.listing_type::text AS type
       FROM store_inventory si JOIN products p ON p.plu = si.plu JOIN stores s ON s.id = si.store_id AND s.board_id = 179
       WHERE si.quantity > 0 AND p.listing_type IN ${HUNTED_SQL} GROUP BY p.plu`,
    );
    const products = res.json.products as Record<string, unknown>[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.map((p) => [p.plu, p.total_bottles, p.stores_with_stock]).sort()).toEqual(ref.map((r) => [r.plu, r.bottles, r.stores]).sort());
    for (const p of products) {
      // `stores` is left out (never an empty list): the screen loads them per product when a card opens.
      expect(Object.keys(p).sort()).toEqual(['plu', 'product_name', 'Listing_Type', 'retail_price', 'size_ml', 'total_bottles', 'stores_with_stock', 'last_seen', 'stores_unknown'].sort());
      // The demo's last poll confirmed every shelf: every number is current.
      expect([p.last_seen, p.stores_unknown]).toEqual([null, 0]);
    }
    const bottles = products.map((p) => p.total_bottles as number);
    expect([...bottles].sort((a, b) => b - a)).toEqual(bottles);

    const [{ stores }] = await query<{ stores: number }>(
      `SELECT count(DISTINCT si.store_id)::int AS stores FROM store_inventory si JOIN products p ON p.plu = si.plu
       WHERE si.quantity > 0 AND p.listing_type IN ${HUNTED_SQL}`,
    );
    const byType: Record<string, { count: number; bottles: number }> = {};
    for (const r of ref) {
      byType[r.type] ??= { count: 0, bottles: 0 };
      byType[r.type].count += 1;
      byType[r.type].bottles += r.bottles;
    }
    expect(res.json.summary).toEqual({
      totalProducts: products.length,
      totalBottles: bottles.reduce((a, b) => a + b, 0),
      uniqueStores: stores,
      byListingType: byType,
    });
    expect(res.json.stock_unknown).toEqual([]);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(allocatedRoute, '/api/inventory/allocated-current'), 401);
  });
});

const stores = (plu: string) => browser.call(productStoresRoute, `/api/inventory/product/${plu}/stores`, { params: { plu } });

describe('GET /api/inventory/product/{plu}/stores', () => {
  it('lists the Wake stores holding a product, most bottles first', async () => {
    const [top] = await query<{ plu: string }>(
      `SELECT plu FROM store_inventory WHERE quantity > 0 GROUP BY plu ORDER BY count(*) DESC, plu LIMIT 1`,
    );
    const res = await stores(top.plu);
    expect(res.status).toBe(200);
    const ref = await query<{ store_id: number; quantity: number; last_updated: Date; nickname: string; address: string; store_number: number; mixed_beverage: boolean }>(
      `SELECT si.store_id, si.quantity, si.last_updated, s.nickname, s.address, s.store_number, s.mixed_beverage
       FROM store_inventory si JOIN stores s ON s.id = si.store_id WHERE si.plu = $1 AND si.quantity > 0`,
      [top.plu],
    );
    const list = res.json.stores as Record<string, unknown>[];
    expect(list.length).toBe(ref.length);
    expect(list.length).toBeGreaterThan(1);
    for (const s of list) {
      const r = ref.find((x) => x.store_id === s.store_id)!;
      expect(s).toEqual({
        store_id: r.store_id,
        nickname: r.nickname,
        store_number: r.store_number,
        address: r.address,
        mixed_beverage: r.mixed_beverage ? 1 : 0,
        quantity: r.quantity,
        last_updated: r.last_updated.toISOString(),
        last_seen: null,
      });
    }
    const quantities = list.map((s) => s.quantity as number);
    expect([...quantities].sort((a, b) => b - a)).toEqual(quantities);
  });

  it('answers an empty list for a known product nobody holds, and 404 for an unknown PLU', async () => {
    const [none] = await query<{ plu: string }>(
      `SELECT plu FROM products p WHERE NOT EXISTS (SELECT 1 FROM store_inventory si WHERE si.plu = p.plu AND si.quantity > 0) ORDER BY plu LIMIT 1`,
    );
    expect((await stores(none.plu)).json).toEqual({ success: true, stores: [], unknown_stores: [] });
    const [{ unknown }] = await query<{ unknown: string }>(
      `SELECT lpad(n::text, 5, '0') AS unknown FROM generate_series(0, 99999) n
       WHERE NOT EXISTS (SELECT 1 FROM products WHERE plu = lpad(n::text, 5, '0')) LIMIT 1`,
    );
    expectClientError(await stores(unknown), 404);
  });

  it.each([['1234'], ['123456'], ['abcde'], ['27 90'], ['2709%']])('refuses the PLU %j with 400', async (plu) => {
    expectClientError(await stores(plu), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(productStoresRoute, '/api/inventory/product/27090/stores', { params: { plu: '27090' } }), 401);
  });
});

const search = (term: string) => browser.call(searchRoute, `/api/inventory/search/${encodeURIComponent(term)}`, { params: { term } });

describe('GET /api/inventory/search/{term}', () => {
  it('finds products by name, any case, hunted first, at most 20', async () => {
    const res = await search('BOURBON');
    expect(res.status).toBe(200);
    const products = res.json.products as Record<string, unknown>[];
    expect(products).toHaveLength(20);
    for (const p of products) {
      expect(Object.keys(p).sort()).toEqual(['brand_name', 'name', 'plu', 'retail_price']);
      expect((p.name as string).toLowerCase()).toContain('bourbon');
      expect(p.brand_name).toBe(p.name);
    }
    const types = await query<{ plu: string; hunted: boolean }>(
      `SELECT plu, listing_type IN ${HUNTED_SQL} AS hunted FROM products WHERE plu = ANY($1)`,
      [products.map((p) => p.plu)],
    );
    const hunted = products.map((p) => types.find((t) => t.plu === p.plu)!.hunted);
    expect(hunted).toEqual([...hunted].sort((a, b) => Number(b) - Number(a)));
    expect(hunted[0]).toBe(true);
  });

  it('finds a product by the start of its PLU, with its price as a number', async () => {
    const [p] = await query<{ plu: string; name: string; price: string }>(
      `SELECT plu, name, retail_price::text AS price FROM products WHERE retail_price IS NOT NULL AND listing_type = 'Allocation' ORDER BY plu LIMIT 1`,
    );
    const res = await search(p.plu.slice(0, 4));
    expect(res.json.products).toContainEqual({ name: p.name, plu: p.plu, retail_price: Number(p.price), brand_name: p.name });
    expect((await search(p.plu)).json.products[0]).toMatchObject({ plu: p.plu });
  });

  it('sets accents and curly apostrophes aside, as the screens do', async () => {
    // Catalog names carry both: "Buzzard’s Roost …", "… Añejo".
    const names = async (term: string) => (await search(term)).json.products.map((p: { name: string }) => p.name);
    expect(await names("buzzard's roost")).toEqual(expect.arrayContaining([expect.stringMatching(/^Buzzard’s Roost/)]));
    expect(await names('buzzard’s roost')).toEqual(await names("buzzard's roost"));
    expect(await names('extra anejo')).toEqual(expect.arrayContaining(['Maestro Dobel 50 Cristalino Extra Añejo']));
    expect(await names('EXTRA AÑEJO')).toEqual(await names('extra anejo'));
  });

  it('folds every catalog name in SQL exactly as the screens fold it', async () => {
    const rows = await query<{ name: string; folded: string }>(
      `SELECT name, translate(lower(name), $1, $2) AS folded FROM products`,
      [SQL_FOLD.from, SQL_FOLD.to],
    );
    expect(rows.length).toBeGreaterThan(3000);
    expect(rows.filter((r) => r.folded.trim() !== foldText(r.name))).toEqual([]);
  });

  it('finds the words in any order: "rare eagle" is "eagle rare"', async () => {
    const eagleRare = (await search('eagle rare')).json;
    expect(eagleRare.products.map((p: { name: string }) => p.name)).toEqual(['Eagle Rare 10Y']);
    expect((await search('rare eagle')).json).toEqual(eagleRare);
    expect((await search('RARE   10y Eagle')).json).toEqual(eagleRare);
    // Any name with both words, wherever they are: each in the answer, whichever order is typed.
    const both = (await search('rare character')).json.products.map((p: { plu: string }) => p.plu);
    expect(both.length).toBeGreaterThan(1);
    expect((await search('character rare')).json.products.map((p: { plu: string }) => p.plu)).toEqual(both);
  });

  it('takes LIKE wildcards literally and trims the term', async () => {
    expect((await search('%%')).json).toEqual({ success: true, products: [] });
    expect((await search('__')).json).toEqual({ success: true, products: [] });
    const trimmed = await search('  eagle rare  ');
    expect(trimmed.json.products.length).toBeGreaterThan(0);
  });

  it.each([[''], ['a'], ['   b  '], ['x'.repeat(101)]])('refuses the term %j with 400', async (term) => {
    expectClientError(await search(term), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(searchRoute, '/api/inventory/search/eagle', { params: { term: 'eagle' } }), 401);
  });
});

describe('the one search rule (lib/text/search.ts)', () => {
  it('filters the Current Inventory screen the same whatever the order of the words', async () => {
    // The screen searches the products of allocated-current in the browser, with matchesSearch.
    const products = (await browser.call(allocatedRoute, '/api/inventory/allocated-current')).json.products as { plu: string; product_name: string }[];
    const shown = (q: string) => products.filter((p) => matchesSearch(q, p.product_name, p.plu)).map((p) => p.plu);
    const several = products.filter((p) => new Set(foldText(p.product_name).split(' ')).size >= 2);
    expect(several.length).toBeGreaterThan(5);
    for (const p of several) {
      const words = p.product_name.split(/\s+/);
      const reversed = [...words].reverse().join(' ');
      expect(shown(reversed), reversed).toEqual(shown(p.product_name));
      expect(shown(reversed)).toContain(p.plu);
    }
    // "eagle rare" and "rare eagle" on the screen: the products of the inventory search API that are on the shelves.
    const onShelves = new Set(products.map((p) => p.plu));
    for (const q of ['eagle rare', 'rare eagle']) {
      const api = (await search(q)).json.products.map((p: { plu: string }) => p.plu).filter((plu: string) => onShelves.has(plu));
      expect(shown(q).sort()).toEqual(api.sort());
    }
  });

  it('finds in SQL exactly what the screens find, over the whole catalog', async () => {
    const catalog = await query<{ plu: string; name: string }>('SELECT plu, name FROM products');
    const queries = [
      'eagle rare', 'rare eagle', 'weller 12', '12 weller', "buzzard's roost", 'roost buzzard’s', 'extra añejo', 'ANEJO extra',
      'rare character rye', '271', '27169', 'bourbon 2', '100%', 'e_gle', '\\', 'single barrel', 'barrel single', '  ',
    ];
    for (const q of queries) {
      const rows = await db.$queryRaw<{ plu: string }[]>`SELECT plu FROM products WHERE ${searchCondition(q, { name: 'name', code: 'plu' })}`;
      const browserFinds = catalog.filter((p) => matchesSearch(q, p.name, p.plu)).map((p) => p.plu).sort();
      expect(rows.map((r) => r.plu).sort(), q).toEqual(browserFinds);
    }
  });
});
