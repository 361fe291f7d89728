import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { query, signedIn, withTestDatabase } from '../../testing/harness.ts';
import { sql } from '../../testing/sql.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { ChangeCache, changeFeedDelivering, changeStamp, HEARTBEAT_MS, HEARTBEAT_WAIT_MS, KEPT_MAX_AGE_MS, useChangeFeed } from './changes.ts';
import { setDatabaseUrl } from './index.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const whoamiRoute = await routeHandler('/api/auth/whoami', 'GET');

// The change feed must prove it is alive (docs/decisions/015-a-feed-that-proves-it-is-alive.md). Here the
// app reaches Postgres through a TCP proxy that can turn the feed's connection silent without closing it,
// as a NAT or firewall timeout does: writes go on, their notifications are lost, and nothing says so. Kept
// answers and sessions must stop being served within a heartbeat, and even a failure nothing detects is
// bounded by the age limit. Writes come from connections of their own, straight to the server.

withTestDatabase('reference', 'feed-liveness');

/** A cache of `tables` whose loads are counted. */
function counted(tables: ConstructorParameters<typeof ChangeCache>[0]) {
  const cache = new ChangeCache<number>(tables, 10);
  let loads = 0;
  return { get: () => cache.get('k', async () => ++loads), loads: () => loads };
}

const feedUp = () => vi.waitFor(() => expect(changeStamp(['products'])).not.toBeNull(), { timeout: 15_000, interval: 50 });

describe.runIf(process.env.TEST_PG_SERVER_URL)('a change feed whose connection goes silent without closing', () => {
  let proxy: TcpProxy;
  let direct: string;
  /** A write on a connection of its own, straight to the server (as the scraper's or an admin's). */
  const write = (text: string, params: unknown[] = []) => sql(text, params, direct);
  const silenceFeed = () => expect(proxy.swallow((startup) => startup.includes('nbt-change-feed'))).toBe(1);

  beforeAll(async () => {
    direct = process.env.DATABASE_URL!;
    const server = new URL(direct);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    await setDatabaseUrl(proxied.toString()); // the app's pool and its feed both go through the proxy
    await useChangeFeed(true, { reconnectMs: 1_000 });
    changeStamp(['products']); // starts it
    await feedUp();
  });

  afterAll(async () => {
    await useChangeFeed(false);
    await setDatabaseUrl(direct);
    await proxy?.close();
  });

  it('checks it is alive every few seconds', () => {
    expect(HEARTBEAT_MS).toBeLessThanOrEqual(5_000);
    expect(KEPT_MAX_AGE_MS).toBeLessThanOrEqual(30_000);
  });

  it('stops serving kept answers within a heartbeat, then proves itself again on a new connection', async () => {
    const products = counted(['products']);
    await products.get();
    await products.get();
    expect(products.loads()).toBe(1);

    silenceFeed();
    const silencedAt = performance.now();
    await write(`UPDATE products SET name = name WHERE plu = (SELECT min(plu) FROM products)`); // its notification is lost
    await vi.waitFor(async () => expect(await products.get()).toBeGreaterThan(1), { timeout: 20_000, interval: 100 });
    expect(performance.now() - silencedAt).toBeLessThan(HEARTBEAT_MS + HEARTBEAT_WAIT_MS + 1_500);

    await feedUp(); // a new connection (not the silent one) proves itself
    const again = counted(['products']);
    await again.get();
    await again.get();
    expect(again.loads()).toBe(1);
  }, 40_000);

  it('ends a disabled user’s session while the feed is silent', async () => {
    await feedUp();
    const { browser, user } = await signedIn();
    const whoami = async () => (await browser.call(whoamiRoute, '/api/auth/whoami')).status;
    expect(await whoami()).toBe(200);
    expect(await whoami()).toBe(200); // kept

    silenceFeed();
    await write(`UPDATE users SET status = 'disabled' WHERE email = $1`, [user.email]);
    await write(`DELETE FROM sessions WHERE user_id = $1`, [user.id]);
    await vi.waitFor(async () => expect(await whoami()).toBe(401), { timeout: 20_000, interval: 100 });
    expect(changeFeedDelivering()).toBe(false);
  }, 40_000);

  it('keeps nothing longer than KEPT_MAX_AGE_MS, even when a change is never announced', async () => {
    await feedUp();
    const { browser, user } = await signedIn();
    const whoami = async () => (await browser.call(whoamiRoute, '/api/auth/whoami')).status;
    const products = counted(['products']);
    await products.get();
    expect(await whoami()).toBe(200);
    const keptAt = performance.now();

    // Written with triggers off (session_replication_role = replica): nothing is announced, and the feed,
    // alive and well, has no way to know. The age limit is all that bounds it.
    await write(`SET session_replication_role = replica; UPDATE products SET name = name WHERE plu = (SELECT min(plu) FROM products)`);
    await write(`SET session_replication_role = replica; DELETE FROM sessions WHERE user_id = ${Number(user.id)}`); // several statements: no parameters
    expect(await products.get()).toBe(1);
    expect(await whoami()).toBe(200);

    await vi.waitFor(async () => expect(await products.get()).toBe(2), { timeout: KEPT_MAX_AGE_MS + 5_000, interval: 250 });
    expect(await whoami()).toBe(401);
    const servedFor = performance.now() - keptAt;
    expect(servedFor).toBeGreaterThan(KEPT_MAX_AGE_MS - 1_000);
    expect(servedFor).toBeLessThan(KEPT_MAX_AGE_MS + 3_000);
    expect(changeFeedDelivering()).toBe(true); // the feed itself was fine all along
    await query('SELECT 1'); // the harness's own connection still works
  }, KEPT_MAX_AGE_MS + 30_000);
});
