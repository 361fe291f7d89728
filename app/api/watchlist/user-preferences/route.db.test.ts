import { describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/api';
import { expectClientError, signedIn, withTestDatabase } from '@/testing/harness';
import { samplePlus } from '@/testing/catalog';
import { DELETE } from '../[watchId]/route';
import { POST } from '../route';
import { GET } from './route';

// GET /api/watchlist/user-preferences: the user's rows as { watch_id, plu, interest_type }.

withTestDatabase('reference', 'watchlist');

const prefs = (browser: TestClient) => browser.call(GET, '/api/watchlist/user-preferences');

describe('GET /api/watchlist/user-preferences', () => {
  it('is empty for a new user, then lists each row of the user only, in the order added', async () => {
    const { browser } = await signedIn();
    const other = await signedIn();
    expect((await prefs(browser)).json).toEqual({ data: [] });

    const { allocation, everyday } = await samplePlus();
    const off = await browser.call(POST, '/api/watchlist', { method: 'POST', body: { plu: allocation[0].plu, interest_type: 'not_interested' } });
    const on = await browser.call(POST, '/api/watchlist', { method: 'POST', body: { plu: everyday[0].plu, interest_type: 'interested' } });
    const custom = await browser.call(POST, '/api/watchlist', { method: 'POST', body: { custom_name: 'Mine', plu: '99301' } });
    await other.browser.call(POST, '/api/watchlist', { method: 'POST', body: { plu: allocation[1].plu, interest_type: 'not_interested' } });

    const res = await prefs(browser);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      { watch_id: off.json.watchId, plu: allocation[0].plu, interest_type: 'not_interested' },
      { watch_id: on.json.watchId, plu: everyday[0].plu, interest_type: 'interested' },
      { watch_id: custom.json.watchId, plu: '99301', interest_type: 'interested' },
    ]);

    // Switching the default product back on deletes its preference.
    await browser.call(DELETE, `/api/watchlist/${off.json.watchId}`, { method: 'DELETE', params: { watchId: String(off.json.watchId) } });
    expect((await prefs(browser)).json.data.map((p: { plu: string }) => p.plu)).toEqual([everyday[0].plu, '99301']);
    expect((await prefs(other.browser)).json.data).toEqual([{ watch_id: expect.any(Number), plu: allocation[1].plu, interest_type: 'not_interested' }]);
  });

  it('is 401 without a session, and with a forged cookie', async () => {
    expectClientError(await prefs(new TestClient()), 401);
    expectClientError(await new TestClient().call(GET, '/api/watchlist/user-preferences', { headers: { cookie: 'nbt_session=Fe26.2**forged' } }), 401);
  });
});
