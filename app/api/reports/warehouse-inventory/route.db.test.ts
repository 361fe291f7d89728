import { beforeAll, describe, expect, it } from 'vitest';
import { GET as warehouseRoute } from '@/app/api/reports/warehouse-inventory/route';
import { TestClient } from '@/testing/api';
import { nyDate, nyDayRange } from '@/lib/time';
import { DEMO_TODAY, expectClientError, query, signedIn, withTestDatabase } from '../../../../testing/harness.ts';

// GET /api/reports/warehouse-inventory against the seeded demo levels (today is 11 March 2026).

withTestDatabase('demo', 'reports');

let browser: TestClient;
beforeAll(async () => {
  ({ browser } = await signedIn());
});

const warehouse = (timePeriod?: string, headers: Record<string, string> = {}, listingTypes?: string, search?: string) =>
  browser.call(warehouseRoute, '/api/reports/warehouse-inventory', {
    query: {
      ...(timePeriod === undefined ? {} : { timePeriod }),
      ...(listingTypes === undefined ? {} : { listingTypes }),
      ...(search === undefined ? {} : { search }),
    },
    headers,
  });

const ALL_TYPES = ['Allocation', 'Limited', 'Barrel', 'Listed', 'Unknown'];
const HUNTED = ['Allocation', 'Limited', 'Barrel', 'Unknown'];

const PRODUCT_FIELDS = [
  'product_name', 'plu', 'nc_code', 'listing_type', 'retail_price', 'bottles_per_case', 'current_inventory', 'peak_inventory',
  'peak_inventory_date', 'low_inventory', 'low_inventory_date', 'image_url', 'image_path',
].sort();

/** The reference answer, computed here from the raw levels (not with lib/reports' SQL). */
async function expected(startDate: string, types: readonly string[] = HUNTED) {
  const start = nyDayRange(startDate).start.getTime();
  const end = nyDayRange(DEMO_TODAY).end.getTime();
  const rows = await query<{ plu: string; at: Date; total: number }>(
    `SELECT w.plu, w.checked_at AS at, w.total_available AS total FROM warehouse_levels w JOIN products p ON p.plu = w.plu
     WHERE p.listing_type::text = ANY($1) ORDER BY w.plu, w.checked_at`,
    [types],
  );
  const byPlu = new Map<string, { at: number; total: number }[]>();
  for (const r of rows) byPlu.set(r.plu, [...(byPlu.get(r.plu) ?? []), { at: r.at.getTime(), total: r.total }]);
  const out = new Map<string, { current: number; peak: number; peakDate: string; low: number; lowDate: string }>();
  for (const [plu, levels] of byPlu) {
    const inForce = levels.filter((l) => l.at < start).at(-1);
    const points = [...(inForce ? [{ at: start, total: inForce.total }] : []), ...levels.filter((l) => l.at >= start && l.at < end)];
    if (!points.length) continue;
    const peak = points.reduce((best, p) => (p.total > best.total ? p : best));
    const low = points.reduce((best, p) => (p.total < best.total ? p : best));
    out.set(plu, {
      current: points.at(-1)!.total,
      peak: peak.total,
      peakDate: nyDate(new Date(peak.at)),
      low: low.total,
      lowDate: nyDate(new Date(low.at)),
    });
  }
  return out;
}

describe('GET /api/reports/warehouse-inventory', () => {
  it('answers current, peak and low of every hunted product with levels over the last 30 days by default', async () => {
    const res = await warehouse();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json.success).toBe(true);
    expect(res.json.meta).toEqual({
      file_modified: expect.any(String),
      timePeriod: 'last_30_days',
      startDate: '2026-02-10',
      endDate: DEMO_TODAY,
      listingTypes: HUNTED,
      search: '',
      count: res.json.products.length,
      listedMatches: null,
      listedLimit: 100,
    });
    expect(res.headers.get('etag')).toBe(`"${res.json.meta.file_modified}"`);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');

    const ref = await expected('2026-02-10');
    const products = res.json.products as Record<string, unknown>[];
    expect(products.length).toBe(ref.size);
    expect(products.length).toBeGreaterThan(30);
    expect(products.some((p) => p.listing_type === 'Listed')).toBe(false);
    const names = products.map((p) => p.product_name as string);
    expect([...names].sort()).toEqual(names);
    for (const p of products) {
      expect(Object.keys(p).sort()).toEqual(PRODUCT_FIELDS);
      expect(p.nc_code).toBe(p.plu);
      const r = ref.get(p.plu as string)!;
      expect([p.plu, p.current_inventory, p.peak_inventory, p.peak_inventory_date, p.low_inventory, p.low_inventory_date]).toEqual([
        p.plu, r.current, r.peak, r.peakDate, r.low, r.lowDate,
      ]);
    }
  });

  it.each([
    ['current_month', '2026-03-01'],
    ['last_90_days', '2025-12-12'],
  ])('covers the %s period from %s', async (timePeriod, startDate) => {
    const res = await warehouse(timePeriod);
    expect(res.json.meta).toMatchObject({ timePeriod, startDate, endDate: DEMO_TODAY, listingTypes: HUNTED });
    const ref = await expected(startDate);
    expect(res.json.products.length).toBe(ref.size);
    for (const p of res.json.products) {
      const r = ref.get(p.plu)!;
      expect([p.current_inventory, p.peak_inventory, p.peak_inventory_date, p.low_inventory, p.low_inventory_date]).toEqual([
        r.current, r.peak, r.peakDate, r.low, r.lowDate,
      ]);
    }
  });

  it('counts the level in force at the period start for the peak and the low, dated the start', async () => {
    const [p] = await query<{ plu: string }>(
      `SELECT plu FROM products p WHERE listing_type = 'Listed' AND NOT EXISTS (SELECT 1 FROM warehouse_levels w WHERE w.plu = p.plu) ORDER BY plu LIMIT 1`,
    );
    // 500 since 20 January (in force on 10 February), 300 on 20 February, 400 on 1 March (16:15 EST).
    await query(
      `INSERT INTO warehouse_levels (plu, checked_at, total_available) VALUES
       ($1, '2026-01-20T15:00:00Z', 500), ($1, '2026-02-20T15:00:00Z', 300), ($1, '2026-03-01T21:15:00Z', 400)`,
      [p.plu],
    );
    const month = (await warehouse('last_30_days', {}, 'Listed', p.plu)).json.products.find((x: { plu: string }) => x.plu === p.plu);
    expect(month).toMatchObject({ current_inventory: 400, peak_inventory: 500, peak_inventory_date: '2026-02-10', low_inventory: 300, low_inventory_date: '2026-02-20' });
    const march = (await warehouse('current_month', {}, 'Listed', p.plu)).json.products.find((x: { plu: string }) => x.plu === p.plu);
    expect(march).toMatchObject({ current_inventory: 400, peak_inventory: 400, peak_inventory_date: '2026-03-01', low_inventory: 300, low_inventory_date: '2026-03-01' });
    const quarter = (await warehouse('last_90_days', {}, 'Listed', p.plu)).json.products.find((x: { plu: string }) => x.plu === p.plu);
    expect(quarter).toMatchObject({ current_inventory: 400, peak_inventory: 500, peak_inventory_date: '2026-01-20', low_inventory: 300, low_inventory_date: '2026-02-20' });
  });

  it('answers 304 with no body while the version is current, and 200 once the levels change', async () => {
    const first = await warehouse('last_30_days');
    const tag = first.json.meta.file_modified as string;
    for (const header of [`"${tag}"`, tag, `W/"${tag}"`, `"stale", "${tag}"`]) {
      const res = await warehouse('last_30_days', { 'If-None-Match': header });
      expect(res.status, header).toBe(304);
      expect(res.json).toEqual({});
      expect(res.headers.get('etag')).toBe(`"${tag}"`);
    }
    expect((await warehouse('last_30_days', { 'If-None-Match': '"something-else"' })).status).toBe(200);
    // Another period has another window, so another version.
    expect((await warehouse('current_month', { 'If-None-Match': `"${tag}"` })).status).toBe(200);

    await query(`INSERT INTO warehouse_levels (plu, checked_at, total_available) VALUES ('27090', '2026-03-11T16:35:00Z', 1)`);
    const changed = await warehouse('last_30_days', { 'If-None-Match': `"${tag}"` });
    expect(changed.status).toBe(200);
    expect(changed.json.meta.file_modified).not.toBe(tag);
    const ref = (await expected('2026-02-10')).get('27090')!;
    expect(changed.json.products.find((x: { plu: string }) => x.plu === '27090')).toMatchObject({
      current_inventory: 1,
      low_inventory: ref.low,
      low_inventory_date: ref.lowDate,
    });
    expect(ref.current).toBe(1);
  });

  it('changes its version whenever the answer would: a product renamed or retyped without any new level', async () => {
    const first = await warehouse('last_30_days');
    const tag = first.json.meta.file_modified as string;
    const [shown] = first.json.products as { plu: string; product_name: string; listing_type: string }[];
    // Written as an admin or a script might: updated_at untouched, no warehouse level written.
    await query(`UPDATE products SET name = name || ' (Renamed)' WHERE plu = $1`, [shown.plu]);
    const renamed = await warehouse('last_30_days', { 'If-None-Match': `"${tag}"` });
    expect(renamed.status).toBe(200);
    expect(renamed.json.products.find((x: { plu: string }) => x.plu === shown.plu).product_name).toBe(`${shown.product_name} (Renamed)`);
    const renamedTag = renamed.json.meta.file_modified as string;
    expect(renamedTag).not.toBe(tag);
    const other = shown.listing_type === 'Limited' ? 'Barrel' : 'Limited';
    await query(`UPDATE products SET listing_type = $2::"ListingType" WHERE plu = $1`, [shown.plu, other]);
    const retyped = await warehouse('last_30_days', { 'If-None-Match': `"${renamedTag}"` });
    expect(retyped.status).toBe(200);
    expect(retyped.json.products.find((x: { plu: string }) => x.plu === shown.plu).listing_type).toBe(other);
    // Back as it was: the same answer, so the same version again.
    await query(`UPDATE products SET name = $2, listing_type = $3::"ListingType" WHERE plu = $1`, [shown.plu, shown.product_name, shown.listing_type]);
    expect((await warehouse('last_30_days', { 'If-None-Match': `"${tag}"` })).status).toBe(304);
  });

  it('answers Listed products only as the matches of a search, at most 100, and says how many match', async () => {
    // Levels for every Listed "an" product, so there are more matches than the 100 answered.
    await query(
      `INSERT INTO warehouse_levels (plu, checked_at, total_available)
       SELECT plu, '2026-03-02T15:00:00Z', 12 FROM products p
       WHERE listing_type = 'Listed' AND name ILIKE '%an%' AND NOT EXISTS (SELECT 1 FROM warehouse_levels w WHERE w.plu = p.plu)`,
    );
    const listed = await warehouse(undefined, {}, 'Listed', 'an');
    expect(listed.status).toBe(200);
    expect(listed.json.products.length).toBeGreaterThan(0);
    expect(listed.json.products.every((p: { listing_type: string; product_name: string }) => p.listing_type === 'Listed' && /an/i.test(p.product_name))).toBe(true);
    const [{ n }] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p WHERE listing_type = 'Listed' AND name ILIKE '%an%' AND EXISTS (SELECT 1 FROM warehouse_levels w WHERE w.plu = p.plu)`,
    );
    expect(n).toBeGreaterThan(100); // so the cap is exercised
    expect(listed.json.meta).toMatchObject({ listingTypes: ['Listed'], search: 'an', listedMatches: n, listedLimit: 100 });
    expect(listed.json.meta.count).toBe(listed.json.products.length);
    expect(listed.json.products.length).toBeLessThanOrEqual(100);

    // The answered Listed products are the first 100 matches by name among those with warehouse levels, with
    // the levels the reference computes.
    const first100 = await query<{ plu: string }>(
      `SELECT plu FROM products p WHERE listing_type = 'Listed' AND name ILIKE '%an%' AND EXISTS (SELECT 1 FROM warehouse_levels w WHERE w.plu = p.plu)
       ORDER BY name, plu LIMIT 100`,
    );
    const ref = await expected('2026-02-10', ['Listed']);
    expect(listed.json.products).toHaveLength(100);
    expect(listed.json.products.map((p: { plu: string }) => p.plu).sort()).toEqual(first100.map((r) => r.plu).sort());
    for (const p of listed.json.products) {
      const r = ref.get(p.plu)!;
      expect(p, p.plu).toMatchObject({ current_inventory: r.current, peak_inventory: r.peak, peak_inventory_date: r.peakDate, low_inventory: r.low, low_inventory_date: r.lowDate });
    }

    // A PLU finds its product; every type with a search answers the hunted and the Listed matches.
    const one = listed.json.products[0];
    const byPlu = await warehouse(undefined, {}, 'all', one.plu);
    expect(byPlu.json.products.map((p: { plu: string }) => p.plu)).toContain(one.plu);
    expect(byPlu.json.products.every((p: { plu: string }) => p.plu.startsWith(one.plu))).toBe(true);
    const hunted = await warehouse();
    const eagle = hunted.json.products.find((p: { product_name: string }) => /eagle/i.test(p.product_name));
    const all = await warehouse(undefined, {}, 'all', 'eagle');
    expect(all.json.meta.listingTypes).toEqual(ALL_TYPES);
    expect(all.json.products.every((p: { product_name: string }) => /eagle/i.test(p.product_name))).toBe(true);
    if (eagle) expect(all.json.products.map((p: { plu: string }) => p.plu)).toContain(eagle.plu);

    // A search that matches nothing is an empty answer; LIKE wildcards are plain characters.
    const none = await warehouse(undefined, {}, 'Listed', 'zz%_');
    expect(none.status).toBe(200);
    expect(none.json.products).toEqual([]);
    expect(none.json.meta.listedMatches).toBe(0);
  });

  it('narrows the hunted types by a search, and answers the set asked for in any spelling', async () => {
    const hunted = await warehouse();
    const searched = await warehouse(undefined, {}, undefined, 'EAGLE');
    expect(searched.status).toBe(200);
    expect(searched.json.meta).toMatchObject({ search: 'EAGLE', listedMatches: null });
    expect(searched.json.products).toEqual(hunted.json.products.filter((p: { product_name: string; plu: string }) => /eagle/i.test(p.product_name) || p.plu.startsWith('EAGLE')));

    // Any order, repeats and spaces name the same set (and the same version).
    const spelled = await warehouse(undefined, {}, 'Unknown, Barrel,Limited,Allocation,Barrel');
    expect(spelled.json.meta.listingTypes).toEqual(HUNTED);
    expect(spelled.json.meta.file_modified).toBe(hunted.json.meta.file_modified);
    expect(spelled.json.products).toEqual(hunted.json.products);
    const two = await warehouse(undefined, {}, 'Barrel,Allocation');
    expect(two.json.meta.listingTypes).toEqual(['Allocation', 'Barrel']);
    expect(two.json.products.every((p: { listing_type: string }) => ['Allocation', 'Barrel'].includes(p.listing_type))).toBe(true);
    expect(two.json.products.length).toBe((await expected('2026-02-10', ['Allocation', 'Barrel'])).size);
  });

  it.each([
    ['Listed', undefined],
    ['all', ''],
    ['Listed', ' b '],
  ])('refuses listingTypes=%s without a search of 2+ characters (search %j) with a 400 that says so', async (types, search) => {
    const res = await warehouse(undefined, {}, types, search);
    expectClientError(res, 400);
    expect(res.json.error).toBe('Listed products need a search: a name or PLU of at least 2 characters');
  });

  it('has one version per type set and search, each answering 304 to its own ETag only', async () => {
    const tags = new Map<string, string>();
    const asks: [string | undefined, string | undefined][] = [[undefined, undefined], ['Listed', 'bourbon'], ['all', 'bourbon'], ['Allocation', undefined], [undefined, 'eagle']];
    for (const [types, search] of asks) {
      const res = await warehouse('last_30_days', {}, types, search);
      expect(res.status).toBe(200);
      tags.set(`${types}|${search}`, res.json.meta.file_modified);
      expect(res.headers.get('etag')).toBe(`"${res.json.meta.file_modified}"`);
    }
    expect(new Set(tags.values()).size).toBe(asks.length);
    for (const [types, search] of asks) {
      const tag = tags.get(`${types}|${search}`)!;
      const res = await warehouse('last_30_days', { 'If-None-Match': `"${tag}"` }, types, search);
      expect(res.status, `${types} ${search}`).toBe(304);
      expect(res.headers.get('etag')).toBe(`"${tag}"`);
    }
    expect((await warehouse('last_30_days', { 'If-None-Match': `"${tags.get('undefined|undefined')}"` }, 'all', 'bourbon')).status).toBe(200);
    expect((await warehouse('last_30_days', { 'If-None-Match': `"${tags.get('all|bourbon')}"` }, 'Listed', 'bourbon')).status).toBe(200);
  });

  it.each([['listed'], [''], ['All'], ['Allocation,'], ['Allocation,Premium'], ['all,Listed'], ['Allocated']])(
    'refuses listingTypes %j with 400',
    async (listingTypes) => {
      expectClientError(await warehouse(undefined, {}, listingTypes, 'bourbon'), 400);
    },
  );

  it.each([['last_7_days'], [''], ['LAST_30_DAYS'], ['current-month']])('refuses timePeriod %j with 400', async (timePeriod) => {
    expectClientError(await warehouse(timePeriod), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(warehouseRoute, '/api/reports/warehouse-inventory'), 401);
  });
});
