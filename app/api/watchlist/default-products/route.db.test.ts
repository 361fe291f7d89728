import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/api';
import { listDefaultProducts } from '@/lib/watchlist/default-products';
import { DEFAULT_PAGE_SIZE, pageOf } from '@/lib/watchlist/rules';
import type { DefaultProduct } from '@/lib/watchlist/types';
import { expectClientError, query, signedIn, withTestDatabase } from '@/testing/harness';
import { GET } from './route';

// GET /api/watchlist/default-products: Allocation, Limited and Barrel products, new releases (Unknown: a PLU
// the catalog did not know, not classified by the state yet), plus Premium (Listed products at or above
// PREMIUM_MIN_PRICE, 60 unless configured), all in one answer.

withTestDatabase('reference', 'watchlist');

// The catalog has no new release of its own (its "Unknown" rows are ordinary products): two learned since,
// as the scraper adds them from a page or the warehouse report.
beforeAll(async () => {
  await query(`INSERT INTO products (plu, name, listing_type, retail_price, updated_at) VALUES
    ('99101', 'Carolina Debut Bourbon', 'Unknown', 89.95, now()), ('99102', 'Another Debut Rye', 'Unknown', NULL, now())`);
});

const count = async (where: string, params: unknown[] = []) =>
  Number((await query<{ n: string }>(`SELECT count(*) AS n FROM products WHERE ${where}`, params))[0].n);

describe('GET /api/watchlist/default-products', () => {
  it('returns every default product with the spec fields, grouped by type and sorted by name', async () => {
    const { browser } = await signedIn();
    const res = await browser.call(GET, '/api/watchlist/default-products');
    expect(res.status).toBe(200);
    const data = res.json.data as DefaultProduct[];

    const expected = {
      new: await count(`listing_type = 'Unknown'`),
      allocation: await count(`listing_type = 'Allocation'`),
      limited: await count(`listing_type = 'Limited'`),
      barrel: await count(`listing_type = 'Barrel'`),
      premium: await count(`listing_type = 'Listed' AND retail_price >= 60`),
    };
    expect(expected.premium).toBeGreaterThan(0);
    expect(expected.new, 'new releases (Unknown) to show').toBe(2);
    // The catalog's own "Unknown" rows are not news: not on the default list.
    expect(data.map((p) => p.plu)).not.toContain('51518');
    const byKey = (key: string) => data.filter((p) => p.listing_type_key === key);
    for (const [key, n] of Object.entries(expected)) expect(byKey(key), key).toHaveLength(n);
    expect(data).toHaveLength(Object.values(expected).reduce((a, b) => a + b, 0));
    expect(new Set(data.map((p) => p.plu)).size).toBe(data.length);

    for (const p of data) {
      expect(Object.keys(p).sort()).toEqual(
        ['bottles_per_case', 'brand_name', 'listing_type', 'listing_type_key', 'plu', 'retail_price', 'size_ml'].sort(),
      );
      expect(p.plu).toMatch(/^\d{5}$/);
      expect(['new', 'allocation', 'limited', 'barrel', 'premium']).toContain(p.listing_type_key);
    }
    for (const p of byKey('premium')) {
      expect(p.listing_type).toBe('Listed');
      expect(p.retail_price).toBeGreaterThanOrEqual(60);
    }
    for (const p of byKey('allocation')) expect(p.listing_type).toBe('Allocation');
    for (const p of byKey('new')) expect(p.listing_type).toBe('Unknown');

    const blantons = data.find((p) => p.plu === '27090');
    expect(blantons).toEqual({
      plu: '27090',
      brand_name: "Blanton's Single Barrel",
      listing_type: 'Allocation',
      listing_type_key: 'allocation',
      retail_price: 79.95,
      size_ml: expect.any(Number),
      bottles_per_case: expect.any(Number),
    });

    const order = data.map((p) => p.listing_type_key);
    expect(order.indexOf('allocation'), 'new releases first').toBeGreaterThan(order.lastIndexOf('new'));
    expect(order.indexOf('limited')).toBeGreaterThan(order.lastIndexOf('allocation'));
    expect(order.indexOf('premium')).toBeGreaterThan(order.lastIndexOf('barrel'));
    const allocationNames = byKey('allocation').map((p) => p.brand_name);
    expect(allocationNames).toEqual([...allocationNames].sort((a, b) => a.localeCompare(b, 'en')));

    // The screen shows it 20 at a time.
    expect(pageOf(data, 1).items).toHaveLength(DEFAULT_PAGE_SIZE);
  });

  it('follows the configured Premium price', async () => {
    const at75 = await listDefaultProducts(75);
    expect(at75.filter((p) => p.listing_type_key === 'premium')).toHaveLength(await count(`listing_type = 'Listed' AND retail_price >= 75`));
    const at1000 = await listDefaultProducts(1000);
    expect(at1000.filter((p) => p.listing_type_key === 'premium').every((p) => p.retail_price! >= 1000)).toBe(true);
    expect(at1000.filter((p) => p.listing_type_key !== 'premium')).toHaveLength(at75.filter((p) => p.listing_type_key !== 'premium').length);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(GET, '/api/watchlist/default-products'), 401);
  });
});
