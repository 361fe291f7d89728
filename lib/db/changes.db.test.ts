import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TODAY, query, signedIn, TestClient, withTestDatabase } from '../../testing/harness.ts';
import { healthReport } from '../ops/health.ts';
import { ChangeCache, changeFeedDelivering, changeStamp, useChangeFeed } from './changes.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const logoutRoute = await routeHandler('/api/auth/logout', 'POST');
const whoamiRoute = await routeHandler('/api/auth/whoami', 'GET');
const profileRoute = await routeHandler('/api/user/me', 'PUT');
const arrivalsRoute = await routeHandler('/api/inventory/todays-arrivals', 'GET');
const warehouseRoute = await routeHandler('/api/reports/warehouse-inventory', 'GET');

// The change feed (lib/db/changes.ts) against a real Postgres: answers kept in memory are served until
// another process's write is announced, and never while the feed is not known to deliver. Writes come from
// connections of their own (testing/sql.ts), as the scraper's and the admin's would.

withTestDatabase('demo', 'changes');

/** A cache of `tables` whose loads are counted. */
function counted(tables: ConstructorParameters<typeof ChangeCache>[0]) {
  const cache = new ChangeCache<number>(tables, 10);
  let loads = 0;
  return { get: () => cache.get('k', async () => ++loads), loads: () => loads };
}

/** Waits until the feed has heard of a write to shipments (a table no other test here watches). */
async function announced() {
  const probe = counted(['shipments']);
  await probe.get();
  await query(`UPDATE shipments SET units = units WHERE false`); // a statement that changes no row still announces
  await vi.waitFor(async () => expect(await probe.get()).toBe(2), { timeout: 5_000, interval: 20 });
}

const feedUp = () => vi.waitFor(() => expect(changeStamp(['products'])).not.toBeNull(), { timeout: 10_000, interval: 50 });

describe('without the feed (development, tests, the embedded database)', () => {
  it('every read goes to the database', async () => {
    expect(changeStamp(['products'])).toBeNull();
    const cache = counted(['products']);
    await cache.get();
    await cache.get();
    expect(cache.loads()).toBe(2);
  });
});

// Test databases live on a Postgres server when TEST_PG_SERVER_URL is set, else in embedded PGlite.
const server = Boolean(process.env.TEST_PG_SERVER_URL);

describe.skipIf(server)('on the embedded database', () => {
  afterAll(() => useChangeFeed(false));

  it('the feed never proves itself (one session for every connection), so nothing is kept', async () => {
    await useChangeFeed(true);
    const products = counted(['products']);
    await products.get();
    await new Promise((r) => setTimeout(r, 6_000)); // longer than the proof may take
    await products.get();
    await products.get();
    expect(changeFeedDelivering()).toBe(false);
    expect(products.loads()).toBe(3);
  }, 15_000);
});

describe.runIf(server)('with the feed', () => {
  beforeAll(async () => {
    await useChangeFeed(true, { reconnectMs: 1_000 });
    changeStamp(['products']); // starts it
    await feedUp();
  });
  afterAll(() => useChangeFeed(false));

  it('staff see on /api/health that answers are kept', async () => {
    expect(await healthReport({ staff: true })).toMatchObject({ database: { change_feed: 'listening' } });
  });

  it('keeps a value until another connection writes one of its tables, and only those', async () => {
    const products = counted(['products']);
    expect(await products.get()).toBe(1);
    expect(await products.get()).toBe(1);

    await announced(); // shipments changed: not a table of this cache
    expect(await products.get()).toBe(1);

    await query(`UPDATE products SET name = name WHERE plu = (SELECT min(plu) FROM products)`);
    await vi.waitFor(async () => expect(await products.get()).toBe(2), { timeout: 5_000, interval: 20 });
    expect(await products.get()).toBe(2);
  });

  it('a rolled-back write announces nothing', async () => {
    const products = counted(['products']);
    await products.get();
    await query(`BEGIN; UPDATE products SET name = name || '!' ; ROLLBACK`);
    await announced(); // notifications arrive in commit order: had the rollback announced, it would be here by now
    expect(await products.get()).toBe(1);
  });

  it("Today's Arrivals: kept between polls, and a delivery another process records shows at the next request", async () => {
    const { browser } = await signedIn();
    const arrivals = async () => {
      const res = await browser.call(arrivalsRoute, '/api/inventory/todays-arrivals', { query: { date: DEMO_TODAY } });
      expect(res.status).toBe(200);
      return (res.json.arrivals as { history_id: number }[]).map((a) => a.history_id);
    };
    const before = await arrivals();
    const [hunted] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Limited' ORDER BY plu LIMIT 1`);
    const insert = (at: string) =>
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
       VALUES (5, '${hunted.plu}', '${at}', 0, 3, 3, 'first') RETURNING id::text AS id`;

    // Written with triggers off (session_replication_role = replica): nothing announced, so the kept answer
    // is what the next request gets. That is the memory at work; no real writer can do this.
    await query(`SET session_replication_role = replica; ${insert(`${DEMO_TODAY}T15:00:00Z`)}`);
    expect(await arrivals()).toEqual(before);

    const [{ id }] = await query<{ id: string }>(insert(`${DEMO_TODAY}T15:15:00Z`));
    await vi.waitFor(async () => expect(await arrivals()).toContain(Number(id)), { timeout: 5_000, interval: 20 });
    expect((await arrivals()).length).toBe(before.length + 2);
  });

  it('Warehouse Inventory: a level written by another process changes the answer and its ETag at the next request', async () => {
    const { browser } = await signedIn();
    const warehouse = (etag?: string) =>
      browser.call(warehouseRoute, '/api/reports/warehouse-inventory', { headers: etag ? { 'If-None-Match': etag } : {} });
    const first = await warehouse();
    const etag = first.headers.get('etag')!;
    expect((await warehouse(etag)).status).toBe(304);

    const [{ plu }] = await query<{ plu: string }>(
      `SELECT w.plu FROM warehouse_levels w JOIN products p ON p.plu = w.plu WHERE p.listing_type = 'Allocation' ORDER BY w.checked_at DESC LIMIT 1`,
    );
    await query(`INSERT INTO warehouse_levels (plu, checked_at, total_available) VALUES ($1, '2026-03-11T16:38:00Z', 4321)`, [plu]);
    await vi.waitFor(async () => expect((await warehouse(etag)).status).toBe(200), { timeout: 5_000, interval: 20 });
    const after = await warehouse();
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((after.json.products as { plu: string; current_inventory: number }[]).find((p) => p.plu === plu)?.current_inventory).toBe(4321);
  });

  it('the request after a save sees it: a new first name is in the next answer, without waiting', async () => {
    const { browser } = await signedIn();
    const name = async () => (await browser.call(whoamiRoute, '/api/auth/whoami')).json.first_name;
    const before = await name();
    for (const firstName of ['Jordy', 'Casey', 'Riley']) {
      const saved = await browser.call(profileRoute, '/api/user/me', { method: 'PUT', body: { first_name: firstName, last_name: 'Hunter' } });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      expect(await name()).toBe(firstName);
    }
    expect(before).not.toBe('Riley');
  });

  it("a session ends at the first request after an admin disables its user in another process, and at once on sign-out", async () => {
    const { browser, user } = await signedIn();
    const whoami = async () => (await browser.call(whoamiRoute, '/api/auth/whoami')).status;
    expect(await whoami()).toBe(200);
    expect(await whoami()).toBe(200);
    await query(`UPDATE users SET status = 'disabled' WHERE email = $1`, [user.email]);
    await vi.waitFor(async () => expect(await whoami()).toBe(401), { timeout: 5_000, interval: 20 });

    const other = await signedIn();
    const cookie = other.browser.cookieHeader(); // replayed after the sign-out, from another client
    const asOther = async () => (await new TestClient().call(whoamiRoute, '/api/auth/whoami', { headers: { cookie } })).status;
    expect(await asOther()).toBe(200);
    await other.browser.call(logoutRoute, '/api/auth/logout', { method: 'POST' });
    expect(await asOther()).toBe(401); // no wait: the sign-out call returned once its delete was heard
  });

  it('its connection has TCP keepalive on, so the system notices a peer that is gone', async () => {
    // The feed's own end of the connection, found by the port the server sees it on; in /proc/net/tcp its
    // timer is the keepalive timer (2) whenever the connection is idle with SO_KEEPALIVE set, and off (0) without.
    // Matched on both ports: an ephemeral port number can serve other connections too (to other servers).
    const [{ port, serverPort }] = await query<{ port: number; serverPort: number }>(
      `SELECT client_port AS port, inet_server_port() AS "serverPort" FROM pg_stat_activity WHERE application_name = 'nbt-change-feed' AND datname = current_database()`,
    );
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
    const timerOf = () => {
      const rows = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) => readFileSync(f, 'utf8').split('\n').slice(1));
      const row = rows
        .map((r) => r.trim().split(/\s+/))
        .find((cols) => cols[1]?.endsWith(`:${hex(port)}`) && cols[2]?.endsWith(`:${hex(serverPort)}`) && cols[3] === '01');
      return row?.[5].split(':')[0];
    };
    await vi.waitFor(() => expect(timerOf()).toBe('02'), { timeout: 5_000, interval: 50 });
  });

  it('a lost connection stops serving from memory at once, until the feed has proved itself again', async () => {
    const products = counted(['products']);
    await products.get();
    await products.get();
    expect(products.loads()).toBe(1);

    await query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'nbt-change-feed' AND datname = current_database()`);
    await vi.waitFor(() => expect(changeFeedDelivering()).toBe(false), { timeout: 5_000, interval: 10 });
    expect(await healthReport({ staff: true })).toMatchObject({ database: { change_feed: 'off' } });
    await products.get();
    expect(products.loads()).toBe(2); // whatever was written meanwhile, this is read from the database

    await feedUp();
    await products.get();
    await products.get();
    expect(products.loads()).toBe(3);
  });
});
