import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrl, db, onDisconnect } from './index.ts';

// The change feed: lets the web process keep answers in memory for exactly as long as their data has not
// changed. Postgres announces every statement that writes a watched table (NOTIFY nbt_changes with the
// table's name; migration 20261127000000_change_notifications), this process LISTENs on one connection of
// its own and counts a generation per table, and a ChangeCache entry is used only while the generations of
// its tables are those it was read under.
//
// The feed is trusted only while it is known to deliver (docs/decisions/015-a-feed-that-proves-it-is-alive.md).
// After LISTEN it sends itself a notification through another connection and waits for it: a connection
// pooler in transaction mode, or a server that does not route notifications, never answers, and the feed
// stays off. Then it keeps proving itself: a heartbeat round trip every HEARTBEAT_MS, and the feed is off the
// moment one does not come back within HEARTBEAT_WAIT_MS (or none has for their sum: a starved timer counts
// as a miss) — a connection that stops delivering without closing (a NAT or firewall dropping it) is caught
// within seconds, and TCP keepalive lets the operating system notice a dead peer too. A lost or silent
// connection turns the feed off at once and forgets every generation; it reconnects after a pause and proves
// itself again. Off means no caching: every read goes to the database, as without a feed. And whatever the
// feed says, nothing is kept longer than KEPT_MAX_AGE_MS, so even a failure nothing detects is bounded.
//
// On in production only (`next start`, the image). Development reads the database every time, and tests
// decide for themselves (useChangeFeed): a test that writes and at once reads must not depend on how soon
// a notification arrives. Off for the embedded database, which runs every connection in one session.

export const CHANGE_CHANNEL = 'nbt_changes';

/** The tables the migrations' triggers announce (20261127000000_change_notifications, 20261202000000_inventory_change_notifications, 20261211000000_shipment_days, 20261211010000_board_sources). */
export type WatchedTable =
  | 'inventory_history'
  | 'store_inventory'
  | 'board_product_polls'
  | 'products'
  | 'stores'
  | 'scrape_runs'
  | 'warehouse_levels'
  | 'shipments'
  | 'shipment_days'
  | 'boards'
  | 'board_sources'
  | 'sessions'
  | 'users';

const PROOF_TIMEOUT_MS = 5_000;
/** A heartbeat round trip this often, while the feed delivers. */
export const HEARTBEAT_MS = 5_000;
/** How long a heartbeat's marker may take to come back before the feed is off. */
export const HEARTBEAT_WAIT_MS = 2_000;
/** The longest any answer or session row is kept, whatever the feed says. */
export const KEPT_MAX_AGE_MS = 30_000;
const RECONNECT_MS = 10_000;
/** After a connection that did not deliver its proof: such a server rarely changes its mind soon. */
const RETRY_UNPROVEN_MS = 60_000;

interface Feed {
  url: string;
  client: pg.Client | null;
  /** True once the feed has received its own proof notification on the current connection. */
  delivering: boolean;
  /** When a marker of ours last came back (performance.now()): the feed is trusted only shortly after one. */
  lastHeard: number;
  heartbeat?: NodeJS.Timeout;
  /** Bumped whenever delivery starts or stops, so stamps from another connection never match. */
  epoch: number;
  generations: Map<string, number>;
  /** changesHeard() calls waiting for their marker to come back. */
  waiters: Map<string, () => void>;
  retry?: NodeJS.Timeout;
  closed: boolean;
}

const globalForFeed = globalThis as unknown as { __changeFeed?: Feed; __changeFeedWanted?: boolean; __changeFeedReconnectMs?: number };

function wanted(): boolean {
  return globalForFeed.__changeFeedWanted ?? (process.env.NODE_ENV === 'production' && process.env.DB_EMBEDDED !== '1');
}

/**
 * Turns the feed on or off for this process (tests; production decides by itself), and how soon it
 * reconnects after a lost connection. Off also closes it.
 */
export async function useChangeFeed(on: boolean, options: { reconnectMs?: number } = {}): Promise<void> {
  globalForFeed.__changeFeedWanted = on;
  globalForFeed.__changeFeedReconnectMs = options.reconnectMs;
  if (!on) await closeChangeFeed();
}

/**
 * The generations of `tables` as one value, or null when the feed is not delivering (then nothing may be
 * served from memory). Starts the feed on first use.
 */
export function changeStamp(tables: readonly WatchedTable[]): string | null {
  if (!wanted()) return null;
  const feed = currentFeed();
  if (!trusted(feed)) return null;
  return `${feed.epoch}:${tables.map((t) => feed.generations.get(t) ?? 0).join(',')}`;
}

/** Delivering, and heard from recently: a heartbeat that is overdue (even one never sent) counts as missed. */
function trusted(feed: Feed): boolean {
  return feed.delivering && performance.now() - feed.lastHeard <= HEARTBEAT_MS + HEARTBEAT_WAIT_MS;
}

/** Whether the feed is delivering (health and tests). */
export function changeFeedDelivering(): boolean {
  const feed = globalForFeed.__changeFeed;
  return Boolean(feed && trusted(feed));
}

function currentFeed(): Feed {
  const url = databaseUrl();
  let feed = globalForFeed.__changeFeed;
  if (feed && feed.url === url) return feed;
  if (feed) void stop(feed);
  feed = { url, client: null, delivering: false, lastHeard: 0, epoch: 0, generations: new Map(), waiters: new Map(), closed: false };
  globalForFeed.__changeFeed = feed;
  onDisconnect(closeChangeFeed);
  void connect(feed);
  return feed;
}

function goDark(feed: Feed) {
  feed.delivering = false;
  clearInterval(feed.heartbeat);
  feed.heartbeat = undefined;
  feed.epoch += 1;
  feed.generations.clear();
  for (const release of feed.waiters.values()) release(); // nothing is kept any more: nothing to wait for
  // (a proof released this way finds its connection gone: connect() checks feed.client)
}

const MARKER = 'heard:';

/**
 * Sends a marker notification through the application's pool (the way every real change reaches the
 * server) and waits for it on the feed's connection, at most `waitMs` for the whole trip (sending included:
 * a pool connection can hang too). Notifications arrive in commit order, so once it is heard, so is every
 * change committed before it was sent.
 */
async function roundTrip(feed: Feed, waitMs = PROOF_TIMEOUT_MS): Promise<'heard' | 'late'> {
  const marker = `${MARKER}${randomBytes(8).toString('hex')}`;
  const heard = new Promise<'heard'>((resolve) => feed.waiters.set(marker, () => resolve('heard')));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), waitMs).unref()));
  try {
    const sent = db.$executeRaw`SELECT pg_notify(${CHANGE_CHANNEL}, ${marker})`;
    sent.catch(() => {}); // a send that fails after the trip was given up on is nobody's error
    const answer = await Promise.race([sent.then(() => heard), late]);
    if (answer === 'heard') feed.lastHeard = performance.now();
    return answer;
  } finally {
    clearTimeout(timer);
    feed.waiters.delete(marker);
  }
}

/** Every HEARTBEAT_MS a round trip; a late one turns the feed off and reconnects. */
function startHeartbeat(feed: Feed, client: pg.Client) {
  let inFlight = false;
  feed.heartbeat = setInterval(() => {
    if (inFlight || feed.client !== client || !feed.delivering) return;
    inFlight = true;
    roundTrip(feed, HEARTBEAT_WAIT_MS)
      .then((answer) => {
        if (answer === 'late' && feed.client === client) client.emit('error', new Error(`a heartbeat did not come back within ${HEARTBEAT_WAIT_MS / 1000} s`));
      })
      .catch((error) => feed.client === client && client.emit('error', error as Error))
      .finally(() => (inFlight = false));
  }, HEARTBEAT_MS).unref();
}

/**
 * Resolves once every change committed before the call has been heard, so this process's next reads see
 * them (at once when the feed is off: then nothing is kept). route() awaits it after every state-changing
 * call: the request that follows a save (the header after a profile edit) must not get the answer kept
 * from before it.
 */
export async function changesHeard(): Promise<void> {
  const feed = globalForFeed.__changeFeed;
  if (!feed?.delivering || !feed.client) return;
  const client = feed.client;
  try {
    // A feed that no longer delivers its own marker cannot be trusted with anything else either.
    if ((await roundTrip(feed)) === 'late') throw new Error('a marker did not come back');
  } catch (error) {
    // Never the caller's failure (its write is done): the feed just stops being trusted.
    if (feed.client === client) client.emit('error', error as Error);
  }
}

async function connect(feed: Feed): Promise<void> {
  if (feed.closed) return;
  // TCP keepalive: the operating system probes an idle connection and closes it when the peer is gone.
  const client = new pg.Client({ connectionString: feed.url, application_name: 'nbt-change-feed', keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  feed.client = client;
  client.on('notification', (message) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    if (message.payload.startsWith(MARKER)) return feed.waiters.get(message.payload)?.();
    feed.generations.set(message.payload, (feed.generations.get(message.payload) ?? 0) + 1);
  });
  const lost = (reason: string, retryMs = globalForFeed.__changeFeedReconnectMs ?? RECONNECT_MS) => {
    if (feed.client !== client) return;
    if (feed.delivering) console.error(`[db] change feed lost (${reason}); answers are read from the database until it is back`);
    goDark(feed);
    feed.client = null;
    void client.end().catch(() => {});
    if (!feed.closed) feed.retry = setTimeout(() => void connect(feed), retryMs).unref();
  };
  client.on('error', (error) => lost(error.message));
  client.on('end', () => lost('connection closed'));
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    if ((await roundTrip(feed)) === 'late') {
      console.error(`[db] change feed: no notification came back within ${PROOF_TIMEOUT_MS / 1000} s; answers are not kept in memory`);
      return lost('no proof', RETRY_UNPROVEN_MS);
    }
    if (feed.client !== client) return;
    goDark(feed); // a fresh epoch: nothing read before the proof is trusted
    feed.delivering = true;
    startHeartbeat(feed, client);
  } catch (error) {
    lost((error as Error).message);
  }
}

async function stop(feed: Feed): Promise<void> {
  feed.closed = true;
  clearTimeout(feed.retry);
  goDark(feed);
  const client = feed.client;
  feed.client = null;
  await client?.end().catch(() => {});
}

/** Closes the feed's connection (disconnectDb calls this). */
export async function closeChangeFeed(): Promise<void> {
  const feed = globalForFeed.__changeFeed;
  globalForFeed.__changeFeed = undefined;
  if (feed) await stop(feed);
}

/**
 * Values read from the database, kept while the feed reports no write to `tables` since they were read, and
 * never longer than KEPT_MAX_AGE_MS. Without a delivering feed every `get` reads. At most `maxEntries` are
 * kept (the least recently used go).
 */
export class ChangeCache<V> {
  private entries = new Map<string, { stamp: string; value: V; readAt: number }>();

  constructor(
    private readonly tables: readonly WatchedTable[],
    private readonly maxEntries: number,
  ) {}

  /**
   * The kept value of `key`, or `load()`'s (kept when `keep` allows it and nothing changed meanwhile). A kept
   * value is served only while `valid` says so too: an answer that depends on the time as well as on the data
   * (stock turns unknown once it has not been confirmed for a while) says until when it holds.
   */
  async get(key: string, load: () => Promise<V>, options: { keep?: (value: V) => boolean; valid?: (value: V) => boolean } = {}): Promise<V> {
    const stamp = changeStamp(this.tables);
    if (stamp === null) {
      this.entries.clear();
      return load();
    }
    const hit = this.entries.get(key);
    if (hit && current(hit, stamp) && (options.valid?.(hit.value) ?? true)) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
      return hit.value;
    }
    const readAt = performance.now();
    const value = await load();
    // A write announced while this read ran may or may not be in it: keep it only when none came.
    if ((options.keep?.(value) ?? true) && changeStamp(this.tables) === stamp) {
      this.entries.delete(key);
      this.entries.set(key, { stamp, value, readAt });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** The kept value of `key` when it is still current, without reading anything. */
  peek(key: string): V | undefined {
    const stamp = changeStamp(this.tables);
    const hit = this.entries.get(key);
    return stamp !== null && hit && current(hit, stamp) ? hit.value : undefined;
  }

  /** Forgets one key (its data is known to be changing: no need to wait for the notification). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}

/** A kept value may be served: nothing it was read from has changed since, and it is not too old. */
function current(entry: { stamp: string; readAt: number }, stamp: string): boolean {
  return entry.stamp === stamp && performance.now() - entry.readAt < KEPT_MAX_AGE_MS;
}
