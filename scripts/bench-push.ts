// npm run bench:push — how soon a hunter's phone hears of an arrival (issue 25's speed target): from the commit
// of the poll that found it to each push request reaching the push service, for 1,000 subscribed devices,
// p95 ≤ 5 s on this 2-core machine.
//
// What runs is the product's own path: the poll's write (applyStoreSnapshot, the scraper's transaction), then
// what the scraper does once a source has written (lib/ingest/runner.ts: collectAlerts, which logs the alerts
// and their delivery jobs) with its standing alert worker running (lib/alerts/worker.ts, as scripts/scraper.ts
// starts it), then the cycle's alert step (processArrivalAlerts). Each job renders the notification, encrypts it
// to the device's keys and signs it with our VAPID key (web-push). The far end is a real push service,
// web-push-testing, in a process of its own: it checks every signature and decrypts every message, and
// records when each request arrived. 1,000 users with one device each, all alerted by the same arrival, with
// e-mail off (their e-mails would share the workers); a warm-up arrival, then three a few seconds apart.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:push [-- --devices=1000 --rounds=3]

import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import webpush from 'web-push';

const TARGET_P95_SECONDS = 5;
const self = fileURLToPath(import.meta.url);
const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}
type ToService = { type: 'subscribe'; key: string; n: number } | { type: 'arrivals' };
type FromService = { type: 'ready'; origin: string } | { type: 'subscriptions'; subs: Subscription[] } | { type: 'arrivals'; arrivals: [string, number][] };

// ── child: the push service ─────────────────────────────────────────────────────────────────────────────

async function pushServiceProcess(): Promise<void> {
  const { startPushService } = await import('../testing/push-service.ts');
  const arrivals: [string, number][] = [];
  const service = await startPushService({ onNotify: (hash, at) => arrivals.push([hash, at]) });
  const send = (m: FromService) => process.send!(m);
  process.on('message', async (m: ToService) => {
    if (m.type === 'arrivals') return send({ type: 'arrivals', arrivals: arrivals.splice(0) });
    const subs: Subscription[] = [];
    for (let i = 0; i < m.n; i += 50) {
      subs.push(...(await Promise.all(Array.from({ length: Math.min(50, m.n - i) }, () => service.subscribe(m.key)))));
    }
    send({ type: 'subscriptions', subs });
  });
  process.on('disconnect', () => void service.stop().then(() => process.exit(0)));
  send({ type: 'ready', origin: service.origin });
}

// ── parent ───────────────────────────────────────────────────────────────────────────────────────────

function ask<T extends FromService['type']>(child: ChildProcess, message: ToService | null, type: T): Promise<Extract<FromService, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: FromService) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      resolve(m as Extract<FromService, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the push service exited (${code})`)));
    if (message) child.send(message);
  });
}

/** CPU time (ms) of this machine's processes whose command line `match`es, from /proc. */
function cpuOf(match: (cmdline: string) => boolean): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!match(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone meanwhile
    }
  }
  return ticks * (1000 / 100); // USER_HZ
}
const isPostgres = (cmdline: string) => cmdline.startsWith('postgres');
const isService = (cmdline: string) => cmdline.includes('--push-service');
/** Transactions committed in the bench's database (one per statement outside a transaction). */
const transactions = async (client: pg.Client) =>
  Number((await client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0].n);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench:push measures Postgres: set DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres).');
    process.exit(2);
  }
  const devices = arg('devices', 1000);
  const rounds = arg('rounds', 3);
  const service = fork(self, ['--push-service'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { origin } = await ask(service, null, 'ready');

  const vapid = webpush.generateVAPIDKeys();
  const { createTestDatabase } = await import('../testing/database.ts');
  process.env.TEST_PG_SERVER_URL = serverUrl;
  const database = await createTestDatabase('bench_push', 'reference');
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@ncbourbon.test',
    PUSH_TEST_ORIGINS: origin,
  });
  const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
  const { applyStoreSnapshot } = await import('../lib/ingest/store-snapshot.ts');
  const { collectAlerts, processArrivalAlerts } = await import('../lib/alerts/process.ts');
  const { startAlertWorker } = await import('../lib/alerts/worker.ts');
  await setDatabaseUrl(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let worker: Awaited<ReturnType<typeof startAlertWorker>> | null = null;
  try {
    const t = performance.now();
    const { subs } = await ask(service, { type: 'subscribe', key: vapid.publicKey, n: devices }, 'subscriptions');
    await client.query(
      `WITH s AS (SELECT * FROM json_to_recordset($1::json) AS s(endpoint text, p256dh text, auth text, n int)),
            u AS (INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified_at, updated_at)
                  SELECT 'bench-push-' || n || '@example.test', 'not-a-hash', 'Bench', 'Hunter', 'user', 'active', now(), now() FROM s
                  RETURNING id, email),
            settings AS (INSERT INTO alert_settings (user_id, listing_types, min_quantity, board_ids, store_ids, updated_at)
                         SELECT id, '{Allocation,Limited,Barrel}', 1, '{179}', '{}', now() FROM u RETURNING user_id),
            channels AS (INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, updated_at)
                         SELECT id, c.channel::"AlertChannel", c.channel = 'push', 'instant', '{arrival,shipment}', now()
                           FROM u, (VALUES ('email'), ('push')) c(channel) RETURNING user_id)
       INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device_label)
       SELECT u.id, s.endpoint, s.p256dh, s.auth, 'Chrome on Android' FROM s JOIN u ON u.email = 'bench-push-' || s.n || '@example.test'`,
      [JSON.stringify(subs.map((s, n) => ({ endpoint: s.endpoint, ...s.keys, n })))],
    );
    const wake = (await client.query<{ id: number }>('SELECT id FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY id')).rows.map((r) => r.id);
    const products = (await client.query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT $1`, [rounds + 1])).rows.map((r) => r.plu);
    // The baseline poll: every store and product seen once, nothing on the shelves.
    await applyStoreSnapshot({ boardId: 179, checkedAt: new Date(Date.now() - 15 * 60_000), answeredPlus: products, storeIds: wake, stock: [] });
    console.log(`${devices.toLocaleString('en-US')} users with a device each, subscribed at ${origin} and set up in ${seconds(performance.now() - t)}`);

    // The scraper's standing worker (scripts/scraper.ts).
    worker = await startAlertWorker({ log: () => {} }); // ALERT_WORKER_CONCURRENCY, as the scraper's
    const all: number[] = [];
    const rows: string[] = [];
    // Arrival 0 is the first after the worker started (queries compiled on first use, connections opened): shown,
    // not counted; a scraper that has run for a while is warm.
    for (let round = 0; round <= rounds; round++) {
      const cpu0 = { pg: cpuOf(isPostgres), service: cpuOf(isService), node: process.cpuUsage() };
      const statements0 = await transactions(client);
      const checkedAt = new Date();
      // Each round one more product lands at the same store: one new arrival, one message per user.
      const stock = products.slice(0, round + 1).map((plu) => ({ storeId: wake[0], plu, quantity: 6 }));
      await applyStoreSnapshot({ boardId: 179, checkedAt, answeredPlus: products, storeIds: wake, stock });
      const committed = Date.now();
      // What the scraper does next (lib/ingest/runner.ts): the source's alerts logged with their jobs, then the cycle's alert step.
      await collectAlerts({ checkedAt });
      await processArrivalAlerts({ checkedAt });
      const arrived: number[] = [];
      const deadline = Date.now() + 120_000;
      while (arrived.length < devices && Date.now() < deadline) {
        arrived.push(...(await ask(service, { type: 'arrivals' }, 'arrivals')).arrivals.map(([, at]) => at - committed));
        if (arrived.length < devices) await new Promise((r) => setTimeout(r, 50));
      }
      const sent = (await client.query<{ n: number }>(`SELECT count(DISTINCT batch_id)::int AS n FROM alert_deliveries WHERE channel = 'push' AND status = 'sent'`)).rows[0].n;
      if (arrived.length !== devices || sent !== devices * (round + 1)) {
        throw new Error(`round ${round + 1}: ${arrived.length} of ${devices} push requests arrived, ${sent} messages marked sent (expected ${devices * (round + 1)})`);
      }
      const node = process.cpuUsage(cpu0.node);
      const cpu = [(node.user + node.system) / 1000, cpuOf(isPostgres) - cpu0.pg, cpuOf(isService) - cpu0.service].map((ms) => seconds(ms).replace(' s', ''));
      await new Promise((r) => setTimeout(r, 600)); // Postgres's statistics are sent at most every 500 ms
      const statements = ((await transactions(client)) - statements0) / devices;
      arrived.sort((a, b) => a - b);
      if (round > 0) all.push(...arrived);
      rows.push(
        `| ${round ? `arrival ${round}` : 'arrival 0 (warm-up, not counted)'} | ${seconds(arrived[0])} | ${seconds(quantile(arrived, 0.5))} | ${seconds(quantile(arrived, 0.95))} | ` +
          `${seconds(arrived[arrived.length - 1])} | ${cpu.join(' / ')} | ${statements.toFixed(1)} |`,
      );
      await new Promise((r) => setTimeout(r, 2000));
    }
    all.sort((a, b) => a - b);
    const p95 = quantile(all, 0.95);
    const ok = p95 <= TARGET_P95_SECONDS * 1000;
    console.log(`\n| from the poll's commit to the push request | first | p50 | p95 | last | CPU s: node / postgres / push service | transactions per device |\n|---|---|---|---|---|---|---|`);
    for (const row of rows) console.log(row);
    console.log(`| all ${all.length.toLocaleString('en-US')} | ${seconds(all[0])} | ${seconds(quantile(all, 0.5))} | **${seconds(p95)}** | ${seconds(all[all.length - 1])} | | |`);
    console.log(`\ntarget p95 ≤ ${TARGET_P95_SECONDS} s: ${ok ? 'ok' : 'MISSED'}; every message decrypted by the push service, each device one per arrival`);
    console.log(`load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (${os.cpus().length} cores)`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await worker?.stop();
    await client.end();
    await disconnectDb();
    await database.drop().catch(() => {});
    service.disconnect();
  }
}

if (process.argv.includes('--push-service')) await pushServiceProcess();
else await main();
