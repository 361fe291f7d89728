import { describe, expect, it } from 'vitest';
import { productsToPoll } from '@/lib/ingest/tiers';
import { TestClient } from '@/testing/api';
import { PREFERENCE_HAS_NO_ACTIVE_FLAG, WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import { expectClientError, query, signedIn, withTestDatabase } from '@/testing/harness';
import { samplePlus } from '@/testing/catalog';
import { POST } from '../route';
import { DELETE, GET, PATCH } from './route';

// GET, PATCH and DELETE /api/watchlist/{watchId}: one of the signed-in user's rows, never another's.

withTestDatabase('reference', 'watchlist');

const path = (id: number | string) => `/api/watchlist/${id}`;
const add = async (browser: TestClient, body: unknown) => {
  const res = await browser.call(POST, '/api/watchlist', { method: 'POST', body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.watchId as number;
};
const patch = (browser: TestClient, id: number | string, body: unknown) =>
  browser.call(PATCH, path(id), { method: 'PATCH', params: { watchId: String(id) }, body });
const remove = (browser: TestClient, id: number | string) => browser.call(DELETE, path(id), { method: 'DELETE', params: { watchId: String(id) } });
const get = (browser: TestClient, id: number | string) => browser.call(GET, path(id), { params: { watchId: String(id) } });
const row = async (id: number) =>
  (await query<{ user_id: number; active: boolean; interest_type: string }>('SELECT user_id, active, interest_type::text FROM watch_items WHERE id = $1', [id]))[0];
const hot = async () => (await productsToPoll(new Date())).hot;

describe('PATCH /api/watchlist/{watchId}', () => {
  it('pauses and resumes an item, answers { success, data }, and the scraper follows', async () => {
    const { browser } = await signedIn();
    const id = await add(browser, { custom_name: 'Pause Me', plu: '99201', retail_price: 50 });
    expect(await hot()).toContain('99201');

    const off = await patch(browser, id, { active: false });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({
      success: true,
      data: {
        watch_id: id,
        plu: '99201',
        custom_name: 'Pause Me',
        brand_name: null,
        retail_price: 50,
        bottles_per_case: null,
        size_ml: null,
        alcohol_type: null,
        active: false,
        interest_type: 'interested',
      },
    });
    expect((await row(id)).active).toBe(false);
    expect(await hot()).not.toContain('99201');

    const on = await patch(browser, id, { active: true });
    expect(on.json).toMatchObject({ success: true, data: { watch_id: id, active: true } });
    expect((await row(id)).active).toBe(true);
    expect(await hot()).toContain('99201');
  });

  it('is idempotent', async () => {
    const { browser } = await signedIn();
    const id = await add(browser, { custom_name: 'Twice', plu: '99202' });
    expect((await patch(browser, id, { active: true })).status).toBe(200);
    expect((await patch(browser, id, { active: true })).json.data.active).toBe(true);
  });

  it('refuses a switched-off default product (it has no active flag) with a 409', async () => {
    const { browser } = await signedIn();
    const { barrel } = await samplePlus();
    const id = await add(browser, { plu: barrel[0].plu, interest_type: 'not_interested' });
    const res = await patch(browser, id, { active: false });
    expectClientError(res, 409);
    expect(res.json.error).toBe(PREFERENCE_HAS_NO_ACTIVE_FLAG);
  });

  const cases: [string, Record<string, unknown>, number][] = [
    ['no X-Requested-With header', { noXhr: true, body: { active: false } }, 403],
    ['malformed JSON', { rawBody: '{"active": ' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['an empty object', { body: {} }, 400],
    ['active as a string', { body: { active: 'false' } }, 400],
    ['active as a number', { body: { active: 0 } }, 400],
    ['active as null', { body: { active: null } }, 400],
    ['a 10,000-character active', { body: { active: 'f'.repeat(10_000) } }, 400],
  ];
  it.each(cases)('refuses %s with a JSON 4xx and changes nothing', async (_label, options, status) => {
    const { browser } = await signedIn();
    const id = await add(browser, { custom_name: 'Keep', plu: '99203' });
    const res = await browser.call(PATCH, path(id), { method: 'PATCH', params: { watchId: String(id) }, ...options });
    expectClientError(res, status);
    expect((await row(id)).active).toBe(true);
  });
});

describe('DELETE /api/watchlist/{watchId}', () => {
  it('removes an item: { success }, the row is gone, and a second delete is 404', async () => {
    const { browser } = await signedIn();
    const id = await add(browser, { custom_name: 'Remove Me', plu: '99204' });
    const res = await remove(browser, id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(await row(id)).toBeUndefined();
    expectClientError(await remove(browser, id), 404);
    expect(await hot()).not.toContain('99204');
  });

  it('deletes a not_interested preference, which switches the default product back on', async () => {
    const { browser } = await signedIn();
    const { premium } = await samplePlus();
    const id = await add(browser, { plu: premium[3].plu, interest_type: 'not_interested' });
    expect((await remove(browser, id)).json).toEqual({ success: true });
    // Switching it off again works: the preference is a fresh row.
    expect(await add(browser, { plu: premium[3].plu, interest_type: 'not_interested' })).not.toBe(id);
  });
});

describe('GET /api/watchlist/{watchId}', () => {
  it('returns the item, of either interest type', async () => {
    const { browser } = await signedIn();
    const id = await add(browser, { custom_name: 'Look', plu: '99205', bottles_per_case: 12 });
    expect((await get(browser, id)).json).toMatchObject({ data: { watch_id: id, custom_name: 'Look', bottles_per_case: 12 } });
    const { limited } = await samplePlus();
    const pref = await add(browser, { plu: limited[5].plu, interest_type: 'not_interested' });
    expect((await get(browser, pref)).json).toMatchObject({ data: { watch_id: pref, interest_type: 'not_interested', brand_name: limited[5].name } });
  });
});

describe('another user’s watch_id', () => {
  it('is 404 for GET, PATCH and DELETE, exactly like one that does not exist, and nothing changes', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const id = await add(owner.browser, { custom_name: 'Not Yours', plu: '99206' });
    const { allocation } = await samplePlus();
    const pref = await add(owner.browser, { plu: allocation[2].plu, interest_type: 'not_interested' });

    for (const target of [id, pref]) {
      const answers = [await get(other.browser, target), await patch(other.browser, target, { active: false }), await remove(other.browser, target)];
      for (const res of answers) {
        expectClientError(res, 404);
        expect(res.json.error).toBe(WATCHLIST_MESSAGES.itemNotFound);
      }
      expect(await row(target)).toMatchObject({ user_id: owner.user.id, active: true });
    }
    const missing = 999_999_999;
    for (const res of [await get(other.browser, missing), await patch(other.browser, missing, { active: false }), await remove(other.browser, missing)]) {
      expectClientError(res, 404);
      expect(res.json.error).toBe(WATCHLIST_MESSAGES.itemNotFound);
    }
    // The owner still sees and controls both.
    expect((await get(owner.browser, id)).status).toBe(200);
    expect((await patch(owner.browser, id, { active: false })).status).toBe(200);
  });
});

describe('bad ids and missing sessions', () => {
  it.each(['abc', '-1', '1.5', '0x10', '9'.repeat(10), '9'.repeat(10_000), '1 OR 1=1'])('refuses the id %j with a JSON 400', async (id) => {
    const { browser } = await signedIn();
    expectClientError(await get(browser, id), 400);
    expectClientError(await patch(browser, id, { active: true }), 400);
    expectClientError(await remove(browser, id), 400);
  });

  it('is 401 without a session for every method', async () => {
    const owner = await signedIn();
    const id = await add(owner.browser, { custom_name: 'Mine', plu: '99207' });
    const anon = new TestClient();
    expectClientError(await get(anon, id), 401);
    expectClientError(await patch(anon, id, { active: false }), 401);
    expectClientError(await remove(anon, id), 401);
    expect(await row(id)).toMatchObject({ active: true });
  });

  it('is 403 for DELETE without X-Requested-With', async () => {
    const { browser } = await signedIn();
    const id = await add(browser, { custom_name: 'Stay', plu: '99208' });
    expectClientError(await browser.call(DELETE, path(id), { method: 'DELETE', params: { watchId: String(id) }, noXhr: true }), 403);
    expect(await row(id)).toBeDefined();
  });
});
