import { beforeAll, describe, expect, it } from 'vitest';
import { productsToPoll } from '@/lib/ingest/tiers';
import { TestClient } from '@/testing/api';
import { WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import { expectClientError, query, signedIn, withTestDatabase } from '@/testing/harness';
import { samplePlus } from '@/testing/catalog';
import { GET, POST } from './route';

// GET /api/watchlist (the user's items) and POST /api/watchlist (add from search, switch a default
// product off, add a custom item).

withTestDatabase('reference', 'watchlist');

let plus: Awaited<ReturnType<typeof samplePlus>>;
beforeAll(async () => {
  plus = await samplePlus();
});

const post = (browser: TestClient, body: unknown) => browser.call(POST, '/api/watchlist', { method: 'POST', body });
const list = (browser: TestClient) => browser.call(GET, '/api/watchlist');
const rowsOf = (userId: number) =>
  query<{ id: number; plu: string; custom_name: string | null; retail_price: string | null; bottles_per_case: number | null; interest_type: string; active: boolean }>(
    'SELECT id, plu, custom_name, retail_price::text, bottles_per_case, interest_type::text, active FROM watch_items WHERE user_id = $1 ORDER BY id',
    [userId],
  );
const hot = async () => (await productsToPoll(new Date())).hot;

describe('POST /api/watchlist: a product from search', () => {
  it('adds an everyday product as interested, answers 201 with its watch id, and GET lists it with catalog facts', async () => {
    const { browser, user } = await signedIn();
    const product = plus.everyday[10];
    const res = await post(browser, { plu: product.plu, interest_type: 'interested' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, data: { watch_id: expect.any(Number) } });
    expect(res.json.watchId).toBe(res.json.data.watch_id);
    expect(res.json.message).toContain(product.name);

    const [facts] = await query<{ retail_price: string; size_ml: number | null; bottles_per_case: number | null }>(
      'SELECT retail_price::text, size_ml, bottles_per_case FROM products WHERE plu = $1',
      [product.plu],
    );
    const got = await list(browser);
    expect(got.status).toBe(200);
    expect(got.json.data).toEqual([
      {
        watch_id: res.json.watchId,
        plu: product.plu,
        custom_name: null,
        brand_name: product.name,
        retail_price: Number(facts.retail_price),
        bottles_per_case: facts.bottles_per_case,
        size_ml: facts.size_ml,
        alcohol_type: null,
        active: true,
        interest_type: 'interested',
      },
    ]);
    expect(await rowsOf(user.id)).toMatchObject([{ plu: product.plu, interest_type: 'interested', active: true }]);
  });

  it('makes the scraper poll the product every cycle', async () => {
    const { browser } = await signedIn();
    const product = plus.everyday[11];
    expect(await hot()).not.toContain(product.plu);
    expect((await post(browser, { plu: product.plu, interest_type: 'interested' })).status).toBe(201);
    expect(await hot()).toContain(product.plu);
  });

  it('refuses the same PLU twice with a 409 that names the product', async () => {
    const { browser, user } = await signedIn();
    const product = plus.everyday[12];
    expect((await post(browser, { plu: product.plu, interest_type: 'interested' })).status).toBe(201);
    const again = await post(browser, { plu: product.plu, interest_type: 'interested' });
    expectClientError(again, 409);
    expect(again.json.error).toBe(`"${product.name}" is already on your watchlist.`);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous adds of the same PLU win', async () => {
    const { browser, user } = await signedIn();
    const product = plus.everyday[13];
    const results = await Promise.all([1, 2, 3].map(() => post(browser, { plu: product.plu, interest_type: 'interested' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('refuses to add a default product (it is watched already) with a 409', async () => {
    const { browser, user } = await signedIn();
    const product = plus.allocation[0];
    const res = await post(browser, { plu: product.plu, interest_type: 'interested' });
    expectClientError(res, 409);
    expect(res.json.error).toContain(product.name);
    expect(res.json.error).toContain('default list');
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('is 404 for a 5-digit PLU the catalog does not know', async () => {
    const { browser } = await signedIn();
    const res = await post(browser, { plu: '99999', interest_type: 'interested' });
    expectClientError(res, 404);
    expect(res.json.error).toBe(WATCHLIST_MESSAGES.productNotFound);
  });
});

describe('POST /api/watchlist: switching a default product off', () => {
  it('stores a not_interested preference that is not an item and does not change what is polled', async () => {
    const { browser, user } = await signedIn();
    const premium = plus.premium[0];
    const polledBefore = await hot();
    const res = await post(browser, { plu: premium.plu, interest_type: 'not_interested' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, watchId: expect.any(Number), data: { interest_type: 'not_interested', plu: premium.plu } });
    expect(await rowsOf(user.id)).toMatchObject([{ plu: premium.plu, interest_type: 'not_interested', custom_name: null }]);
    expect((await list(browser)).json.data).toEqual([]);
    // Default products are polled every cycle for everyone; one user's preference neither adds nor removes any.
    expect(await hot()).toEqual(polledBefore);
  });

  it.each(['allocation', 'limited', 'barrel', 'premium'] as const)('accepts a %s product', async (kind) => {
    const { browser } = await signedIn();
    expect((await post(browser, { plu: plus[kind][1].plu, interest_type: 'not_interested' })).status).toBe(201);
  });

  it('refuses a product that is not on the default list (422), and switching off twice (409)', async () => {
    const { browser, user } = await signedIn();
    expectClientError(await post(browser, { plu: plus.everyday[0].plu, interest_type: 'not_interested' }), 422);
    const barrel = plus.barrel[2];
    expect((await post(browser, { plu: barrel.plu, interest_type: 'not_interested' })).status).toBe(201);
    const twice = await post(browser, { plu: barrel.plu, interest_type: 'not_interested' });
    expectClientError(twice, 409);
    expect(twice.json.error).toContain('switched off');
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('turns a stale preference (a product no longer on the default list) into an item when it is added', async () => {
    const { browser, user } = await signedIn();
    const product = plus.everyday[14];
    // A preference left from when the product was Premium (its price or PREMIUM_MIN_PRICE changed since).
    await query(`INSERT INTO watch_items (user_id, plu, interest_type) VALUES ($1, $2, 'not_interested')`, [user.id, product.plu]);
    const res = await post(browser, { plu: product.plu, interest_type: 'interested' });
    expect(res.status).toBe(201);
    expect(await rowsOf(user.id)).toMatchObject([{ plu: product.plu, interest_type: 'interested', active: true }]);
  });
});

describe('POST /api/watchlist: custom items', () => {
  it('adds a product the catalog does not know, interested and active, cleaned like the form', async () => {
    const { browser, user } = await signedIn();
    const res = await post(browser, { custom_name: '  Secret Store Pick  ', plu: '99-101', retail_price: '64.5', bottles_per_case: '6' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, watchId: expect.any(Number), data: { watch_id: res.json.watchId } });
    expect(res.json.message).toContain('Secret Store Pick');
    expect(await rowsOf(user.id)).toEqual([
      { id: res.json.watchId, plu: '99101', custom_name: 'Secret Store Pick', retail_price: '64.50', bottles_per_case: 6, interest_type: 'interested', active: true },
    ]);
    expect((await list(browser)).json.data).toEqual([
      {
        watch_id: res.json.watchId,
        plu: '99101',
        custom_name: 'Secret Store Pick',
        brand_name: null,
        retail_price: 64.5,
        bottles_per_case: 6,
        size_ml: null,
        alcohol_type: null,
        active: true,
        interest_type: 'interested',
      },
    ]);
    expect(await hot()).toContain('99101');
  });

  it('accepts the optional fields as numbers, null, or left out', async () => {
    const { browser, user } = await signedIn();
    expect((await post(browser, { custom_name: 'A', plu: '99102', retail_price: 0, bottles_per_case: 24 })).status).toBe(201);
    expect((await post(browser, { custom_name: 'B', plu: '99103', retail_price: null, bottles_per_case: null })).status).toBe(201);
    expect((await post(browser, { custom_name: 'C', plu: '99104', interest_type: 'interested' })).status).toBe(201);
    expect((await rowsOf(user.id)).map((r) => [r.plu, r.retail_price, r.bottles_per_case])).toEqual([
      ['99102', '0.00', 24],
      ['99103', null, null],
      ['99104', null, null],
    ]);
  });

  it('lists the newest item first', async () => {
    const { browser } = await signedIn();
    await post(browser, { custom_name: 'First', plu: '99105' });
    await post(browser, { custom_name: 'Second', plu: '99106' });
    expect((await list(browser)).json.data.map((i: { plu: string }) => i.plu)).toEqual(['99106', '99105']);
  });

  it('refuses a PLU that is in the catalog, naming the product and pointing to search', async () => {
    const { browser, user } = await signedIn();
    const product = plus.everyday[20];
    const res = await post(browser, { custom_name: 'My name for it', plu: product.plu });
    expectClientError(res, 409);
    expect(res.json.error).toContain(product.name);
    expect(res.json.error.toLowerCase()).toContain('search');
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses the same custom PLU twice with a 409 naming the item', async () => {
    const { browser } = await signedIn();
    expect((await post(browser, { custom_name: 'Dusty Find', plu: '99107' })).status).toBe(201);
    const again = await post(browser, { custom_name: 'Other', plu: '99107' });
    expectClientError(again, 409);
    expect(again.json.error).toContain('Dusty Find');
  });

  // Real clients (WakePour's React client) send the PLU as a JSON number: 91970, not "91970".
  it('accepts a PLU sent as a number and stores its 5-digit code (leading zeros back)', async () => {
    const { browser, user } = await signedIn();
    const res = await post(browser, { custom_name: 'Numeric Client Pick', plu: 99121, retail_price: 49.95, bottles_per_case: 6 });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect((await post(browser, { custom_name: 'Short Number', plu: 9122 })).status).toBe(201);
    expect(await rowsOf(user.id)).toMatchObject([
      { plu: '99121', custom_name: 'Numeric Client Pick', retail_price: '49.95', bottles_per_case: 6 },
      { plu: '09122', custom_name: 'Short Number' },
    ]);
    const product = plus.everyday[14];
    const added = await post(browser, { plu: Number(product.plu), interest_type: 'interested' });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect((await rowsOf(user.id)).at(-1)).toMatchObject({ plu: product.plu, custom_name: null });
  });

  it.each([
    ['a 6-digit number', 991081],
    ['a fraction', 99.5],
    ['a negative number', -99108],
  ])('refuses a PLU that is %s with the form message', async (_label, plu) => {
    const { browser, user } = await signedIn();
    const res = await post(browser, { custom_name: 'X', plu });
    expectClientError(res, 400);
    expect(res.json.error).toBe(WATCHLIST_MESSAGES.pluFormat);
    expect(res.json.message).toBe(WATCHLIST_MESSAGES.pluFormat);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it.each([
    ['no PLU', { custom_name: 'X' }, WATCHLIST_MESSAGES.customRequired],
    ['a blank name', { custom_name: '   ', plu: '99108' }, WATCHLIST_MESSAGES.customRequired],
    ['a 4-digit PLU', { custom_name: 'X', plu: '9910' }, WATCHLIST_MESSAGES.pluFormat],
    ['a 6-digit PLU', { custom_name: 'X', plu: '991081' }, WATCHLIST_MESSAGES.pluFormat],
    ['a 10,000-character PLU', { custom_name: 'X', plu: '9'.repeat(10_000) }, WATCHLIST_MESSAGES.pluFormat],
    ['a 101-character name', { custom_name: 'n'.repeat(101), plu: '99108' }, WATCHLIST_MESSAGES.customNameTooLong],
    ['a 10,000-character name', { custom_name: 'n'.repeat(10_000), plu: '99108' }, WATCHLIST_MESSAGES.customNameTooLong],
    ['a negative price', { custom_name: 'X', plu: '99108', retail_price: -5 }, WATCHLIST_MESSAGES.retailPrice],
    ['a price in words', { custom_name: 'X', plu: '99108', retail_price: 'lots' }, WATCHLIST_MESSAGES.retailPrice],
    ['a 10,000-character price', { custom_name: 'X', plu: '99108', retail_price: '9'.repeat(10_000) }, WATCHLIST_MESSAGES.retailPriceTooHigh],
    ['a huge price', { custom_name: 'X', plu: '99108', retail_price: 1e300 }, WATCHLIST_MESSAGES.retailPriceTooHigh],
    ['0 bottles per case', { custom_name: 'X', plu: '99108', bottles_per_case: 0 }, WATCHLIST_MESSAGES.bottlesPerCase],
    ['25 bottles per case', { custom_name: 'X', plu: '99108', bottles_per_case: '25' }, WATCHLIST_MESSAGES.bottlesPerCase],
    ['2.5 bottles per case', { custom_name: 'X', plu: '99108', bottles_per_case: 2.5 }, WATCHLIST_MESSAGES.bottlesPerCase],
    ['a custom item marked not_interested', { custom_name: 'X', plu: '99108', interest_type: 'not_interested' }, 'A custom item is always interested'],
  ])('refuses %s with the form message (400) and stores nothing', async (_label, body, message) => {
    const { browser, user } = await signedIn();
    const res = await post(browser, body);
    expectClientError(res, 400);
    expect(res.json.error).toBe(message);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('GET /api/watchlist', () => {
  it('lists only the signed-in user’s interested items', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await post(a.browser, { custom_name: 'Mine', plu: '99110' });
    await post(a.browser, { plu: plus.limited[0].plu, interest_type: 'not_interested' });
    await post(b.browser, { custom_name: 'Theirs', plu: '99111' });
    expect((await list(a.browser)).json.data.map((i: { custom_name: string }) => i.custom_name)).toEqual(['Mine']);
    expect((await list(b.browser)).json.data.map((i: { custom_name: string }) => i.custom_name)).toEqual(['Theirs']);
  });

  it('fills in catalog facts once a custom PLU reaches the catalog', async () => {
    const { browser, user } = await signedIn();
    await post(browser, { custom_name: 'Rumoured Release', plu: '99112', bottles_per_case: 6 });
    await query(
      `INSERT INTO products (plu, name, listing_type, retail_price, size_ml, bottles_per_case, updated_at)
       VALUES ('99112', 'Rumoured Release 750ml', 'Allocation', 129.95, 750, 12, now())`,
    );
    try {
      const [item] = (await list(browser)).json.data;
      expect(item).toMatchObject({ custom_name: 'Rumoured Release', brand_name: 'Rumoured Release 750ml', retail_price: 129.95, size_ml: 750, bottles_per_case: 6 });
    } finally {
      await query('DELETE FROM watch_items WHERE user_id = $1', [user.id]);
      await query(`DELETE FROM products WHERE plu = '99112'`);
    }
  });

  it('is 401 without a session', async () => {
    expectClientError(await list(new TestClient()), 401);
  });
});

describe('POST /api/watchlist: bad requests answer a JSON 4xx, never a 500', () => {
  const cases: [string, Record<string, unknown>, number][] = [
    ['no X-Requested-With header', { noXhr: true, body: { custom_name: 'X', plu: '99120' } }, 403],
    ['malformed JSON', { rawBody: '{"plu": "99120", ' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['a JSON array', { rawBody: '[]' }, 400],
    ['a JSON string', { rawBody: '"99120"' }, 400],
    ['an empty body', { rawBody: '' }, 400],
    ['an empty object', { body: {} }, 400],
    ['a PLU without interest_type', { body: { plu: '27090' } }, 400],
    ['interest_type without a PLU', { body: { interest_type: 'interested' } }, 400],
    ['an unknown interest_type', { body: { plu: '27090', interest_type: 'maybe' } }, 400],
    ['interest_type as a boolean', { body: { plu: '27090', interest_type: true } }, 400],
    ['the PLU as a fraction', { body: { plu: 27090.5, interest_type: 'interested' } }, 400],
    ['the PLU as an array', { body: { plu: ['27090'], interest_type: 'interested' } }, 400],
    ['a PLU with letters', { body: { plu: '2709a', interest_type: 'interested' } }, 400],
    ['a 10,000-character PLU', { body: { plu: '2'.repeat(10_000), interest_type: 'interested' } }, 400],
    ['a 10,000-character interest_type', { body: { plu: '27090', interest_type: 'i'.repeat(10_000) } }, 400],
    ['the custom name as a number', { body: { custom_name: 5, plu: '99120' } }, 400],
    ['the custom name as an object', { body: { custom_name: { a: 1 }, plu: '99120' } }, 400],
    ['the price as a boolean', { body: { custom_name: 'X', plu: '99120', retail_price: true } }, 400],
    ['the bottles as an object', { body: { custom_name: 'X', plu: '99120', bottles_per_case: { n: 6 } } }, 400],
    ['a NUL in the custom name', { body: { custom_name: 'X\u0000Y', plu: '99120' } }, 400],
    ['a body over 64 KB', { body: { custom_name: 'n'.repeat(70_000), plu: '99120' } }, 400],
  ];
  it.each(cases)('refuses %s', async (_label, options, status) => {
    const { browser, user } = await signedIn();
    const res = await browser.call(POST, '/api/watchlist', { method: 'POST', ...options });
    expectClientError(res, status);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('is 401 without a session (valid body)', async () => {
    expectClientError(await post(new TestClient(), { custom_name: 'X', plu: '99120' }), 401);
  });
});
