// npm run bench:api — how fast the report calls answer on a year of data of every covered board (Postgres only).
//
// Two datasets (bench/dataset.ts): `full` (default), every product the boards carry (~12 M history
// rows), and `hunted` (--dataset=hunted), the hunted products only — what WakePour tracks, so its realistic
// size — where every call is also measured against the framework's floor: /api/auth/whoami, the cheapest
// signed-in call (route(), the session from memory, a small JSON answer, no query).
//
//   1. a fresh, uniquely named database on the server DATABASE_URL names: migrated, the reference data
//      (boards, the covered boards' stores, the real catalog), then bench/dataset.ts's year of
//      observations (~12 M inventory_history rows across Wake, Durham, Greensboro and New Hanover: about
//      2.2 times Wake's alone; warehouse levels of every product, shipments to all 173 boards)
//   2. the production server (scripts/app-server.mjs, as npm start runs it, on a free port; `next build` first when the build is missing
//      or older than the sources) pointed at that database, and a user signed in through the login call
//   3. every read call of docs/api/reports.md, one request at a time (20 warm-up, 200 measured:
//      p50/p95/max), each request after one of the floor (its p50 beside the call's: the same load), then
//      16 concurrent clients for 10 s (autocannon) on the busiest screens' calls
//   4. a markdown table; exit 1 when a target is missed: p95 ≤ 50 ms for each call with one client,
//      ≥ 300 requests/s without errors for todays-arrivals with 16 clients; on the hunted dataset also
//      p50 within 1 ms of the floor's p50 for each call (issue 23)
// The database is dropped at the end, also on failure and Ctrl-C.
//
//   --dataset=hunted       the hunted products only (default: full)
//   --keep                 keep the database (its name is printed) and the server log
//   --verbose              show the server's output
//   --use-database=NAME    measure a database kept by an earlier --keep run (not generated, not dropped)
//   --only=TEXT            measure only the calls whose label contains TEXT (while working on one query)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildDataset } from '../bench/dataset.ts';
import { markdownTable, measureLoad, measureSequential, type Call, type LoadResult, type SequentialResult } from '../bench/measure.ts';
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { migrate } from '../lib/db/migrate.ts';
import { seedDatabase } from '../demo/index.ts';
import { checkBuild, checkPrismaClient, stampBuild } from '../lib/startup/build.ts';
import { withoutKeys } from '../lib/startup/config.ts';
import { freePort, probe } from '../lib/startup/http.ts';
import { insertTestUser } from '../testing/users.ts';
import webpush from 'web-push';

/** A fresh VAPID configuration: a deployment refuses to start without one. */
function vapidEnv() {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:bench@ncbourbon.test' };
}

const TARGET_P95_MS = 50;
const TARGET_RPS = 300;
/** Hunted dataset: each call's p50 at most this much above the floor's. */
const TARGET_ABOVE_FLOOR_MS = 1;
const FLOOR_LABEL = 'floor: auth/whoami (session from memory, no query)';
const SEQUENTIAL = { warmup: 20, count: 200 };
const LOAD = { connections: 16, seconds: 10 };

const keep = process.argv.includes('--keep');
const reuse = process.argv.find((a) => a.startsWith('--use-database='))?.slice('--use-database='.length);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const verbose = process.argv.includes('--verbose');
const datasetArg = process.argv.find((a) => a.startsWith('--dataset='))?.slice('--dataset='.length) ?? 'full';
if (datasetArg !== 'full' && datasetArg !== 'hunted') throw new Error(`--dataset must be full or hunted, not ${datasetArg}`);
const root = process.cwd();
const require = createRequire(import.meta.url);
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
const say = (line: string) => console.log(`[bench:api] ${line}`);
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

// ── cleanup: the server first (it holds connections), then the database ─────────────────────────────
let server: ChildProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let tmp: string | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-server!.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    await disconnectDb().catch(() => {});
    if (dropDatabase && !keep) await dropDatabase().catch((error) => console.error(`[bench:api] could not drop the database: ${error.message}`));
    if (tmp && !keep) rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping the server and dropping the database…`);
    void cleanup().then(() => process.exit(130));
  });
}

async function run(): Promise<boolean> {
  // ── 1. database ───────────────────────────────────────────────────────────────────────────────────
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'DATABASE_URL is not set. The targets are for Postgres: point DATABASE_URL at a Postgres server, e.g.\n' +
        '  DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:api',
    );
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const [{ version }] = (await admin.query<{ version: string }>('SELECT version()')).rows;
  if (/pglite/i.test(version)) {
    await admin.end();
    throw new Error(
      'DATABASE_URL points at the embedded database (PGlite). The targets are for Postgres: point DATABASE_URL at a Postgres server.',
    );
  }
  const name = reuse ?? `nbt_bench_api_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (!reuse) {
    await admin.query(`CREATE DATABASE "${name}"`);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const url = dbUrl.toString();
  say(`${os.cpus().length} CPUs, load average ${load()}; ${version.split(' on ')[0]}; database ${name}`);

  const client = new pg.Client({ connectionString: url });
  let dataset: { rows: Record<string, number>; seconds: number };
  let huntedOnly = datasetArg === 'hunted';
  if (reuse) {
    await client.connect();
    // The kept database says which dataset it holds: any Listed history means the full one.
    const listed = await client.query(
      `SELECT 1 FROM inventory_history h JOIN products p ON p.plu = h.plu WHERE p.listing_type = 'Listed' LIMIT 1`,
    );
    huntedOnly = listed.rowCount === 0;
    const rows: Record<string, number> = {};
    for (const table of ['inventory_history', 'store_inventory', 'warehouse_levels', 'shipments']) {
      rows[table] = (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
    }
    dataset = { rows, seconds: 0 };
  } else {
    const t0 = performance.now();
    await migrate(url);
    await setDatabaseUrl(url);
    await seedDatabase({ history: false });
    await disconnectDb();
    say(`migrated, reference data loaded (${seconds(t0)})`);

    say(`generating one year of data for every covered board (${huntedOnly ? 'hunted products only' : 'every product'})…`);
    await client.connect();
    dataset = await buildDataset(client, { now: new Date(), huntedOnly, log: (line) => say(line) });
  }
  say(`dataset${dataset.seconds ? ` built in ${dataset.seconds.toFixed(0)} s` : ''}: ${Object.entries(dataset.rows).map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`).join(', ')}`);
  if (!huntedOnly && dataset.rows.inventory_history < 10_000_000) {
    throw new Error(`only ${dataset.rows.inventory_history} history rows; the bench needs at least 10,000,000`);
  }

  // What the calls ask for: the busiest recent day, product and store, so the measured answers are large.
  const pick = async <T>(sql: string) => (await client.query(sql)).rows[0] as T;
  const { day } = await pick<{ day: string }>(
    `SELECT to_char(max((h.checked_at AT TIME ZONE 'America/New_York')::date), 'YYYY-MM-DD') AS day
     FROM inventory_history h JOIN products p ON p.plu = h.plu
     WHERE p.listing_type <> 'Listed' AND h.change_type IN ('first', 'increase') AND h.checked_at > now() - interval '10 days'`,
  );
  const { plu } = await pick<{ plu: string }>(
    `SELECT h.plu FROM inventory_history h JOIN products p ON p.plu = h.plu
     WHERE p.listing_type <> 'Listed' AND h.change_type IN ('first', 'increase') AND h.checked_at > now() - interval '35 days'
     GROUP BY h.plu ORDER BY count(*) DESC, h.plu LIMIT 1`,
  );
  const { stocked } = await pick<{ stocked: string }>(
    `SELECT si.plu AS stocked FROM store_inventory si JOIN products p ON p.plu = si.plu
     WHERE si.quantity > 0 AND p.listing_type <> 'Listed' GROUP BY si.plu ORDER BY count(*) DESC, si.plu LIMIT 1`,
  );
  const { store } = await pick<{ store: number }>(
    `SELECT store_id AS store FROM inventory_history WHERE change_type IN ('first', 'increase') AND checked_at > now() - interval '30 days'
     GROUP BY store_id ORDER BY count(*) DESC, store_id LIMIT 1`,
  );
  // The same for Durham, one of the boards beyond Wake (boardId on the store-level calls).
  const DURHAM = 78;
  const { durhamDay } = await pick<{ durhamDay: string }>(
    `SELECT to_char(max((h.checked_at AT TIME ZONE 'America/New_York')::date), 'YYYY-MM-DD') AS "durhamDay"
     FROM inventory_history h JOIN products p ON p.plu = h.plu JOIN stores s ON s.id = h.store_id AND s.board_id = ${DURHAM}
     WHERE p.listing_type <> 'Listed' AND h.change_type IN ('first', 'increase') AND h.checked_at > now() - interval '10 days'`,
  );
  // Boards whose shelves are not read (issue 24): Mecklenburg County (31 stores: shipments to the board) and
  // Boone (one store: shipments to that store), on the last day the state shipped a hunted product to each.
  const MECKLENBURG = 53;
  const BOONE = 43;
  const { shipDay } = await pick<{ shipDay: string }>(
    `SELECT to_char(max(sh.ship_date), 'YYYY-MM-DD') AS "shipDay" FROM shipments sh JOIN products p ON p.plu = sh.plu
     WHERE sh.board_id = ${MECKLENBURG} AND p.listing_type IN ('Allocation', 'Limited', 'Barrel')`,
  );
  const { booneStore } = await pick<{ booneStore: number }>(`SELECT id AS "booneStore" FROM stores WHERE board_id = ${BOONE}`);
  const { durhamStore } = await pick<{ durhamStore: number }>(
    `SELECT h.store_id AS "durhamStore" FROM inventory_history h JOIN stores s ON s.id = h.store_id AND s.board_id = ${DURHAM}
     WHERE h.change_type IN ('first', 'increase') AND h.checked_at > now() - interval '30 days'
     GROUP BY h.store_id ORDER BY count(*) DESC, h.store_id LIMIT 1`,
  );
  await client.end();

  // ── 2. production server ──────────────────────────────────────────────────────────────────────────
  const prismaCheck = checkPrismaClient(root);
  if (prismaCheck.needed) {
    say(`generating the Prisma client: ${prismaCheck.reason}`);
    await runChild('prisma generate', process.execPath, ['scripts/prisma-generate.mjs'], { ...process.env });
  }
  const build = checkBuild(root);
  let t0 = performance.now();
  if (build.needed) {
    say(`building: ${build.reason}…`);
    const startedAt = new Date();
    await runChild('build', process.execPath, [require.resolve('next/dist/bin/next'), 'build'], {
      ...withoutKeys(process.env, ['NODE_ENV', 'NEXT_OUTPUT', 'DATABASE_URL']),
      NEXT_SKIP_TYPECHECK: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    });
    stampBuild(root, startedAt);
    say(`built (${seconds(t0)})`);
  } else {
    say(`build: ${build.reason}`);
  }

  tmp = mkdtempSync(path.join(os.tmpdir(), 'nbt-bench-api-'));
  const imagesDir = path.join(tmp, 'images');
  mkdirSync(path.join(imagesDir, 'bottles'), { recursive: true });
  writeFileSync(path.join(imagesDir, 'bottles', `${plu}.jpg`), randomBytes(40_000)); // a typical product photo's size
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, 'server.log');
  const log = createWriteStream(logFile);
  const serverEnv: Record<string, string | undefined> = {
    ...withoutKeys(process.env, ['NODE_ENV', 'NEXT_OUTPUT']),
    DATABASE_URL: url,
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    APP_URL: base,
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    IMAGES_DIR: imagesDir,
    DEMO_MODE: 'false',
    // A deployment refuses to start without a mail transport; the measured calls send no mail.
    SMTP_URL: process.env.SMTP_URL || 'smtp://127.0.0.1:9',
    // …nor without the VAPID keys push notifications are signed with.
    ...vapidEnv(),
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const web = spawn(process.execPath, ['scripts/app-server.mjs'], {
    cwd: root,
    detached: true, // its own process group: the cleanup stops the whole tree
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv as NodeJS.ProcessEnv,
  });
  server = web;
  for (const stream of [web.stdout!, web.stderr!]) {
    stream.pipe(log, { end: false });
    if (verbose) stream.on('data', (chunk: Buffer) => process.stdout.write(`  | ${chunk}`));
  }
  t0 = performance.now();
  for (;;) {
    if (web.exitCode !== null) throw new Error(`the app server exited (${web.exitCode}); see ${logFile}`);
    if ((await probe(`${base}/api/health`, 5000)) === 200) break;
    if (performance.now() - t0 > 120_000) throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  say(`server up on ${base} (${seconds(t0)})`);

  const user = await insertTestUser(url);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status} ${await login.text()}`);

  // The hunter's place (Cary), so stores/nearby measures the distance of every store of the state (issue 39: ≤ 50 ms).
  const place = await fetch(`${base}/api/user/place`, {
    method: 'PUT',
    headers: { cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ zip: '27513' }),
  });
  if (place.status !== 200) throw new Error(`saving the place failed: ${place.status} ${await place.text()}`);

  // ── 3. measurements ───────────────────────────────────────────────────────────────────────────────
  const warehouse = await fetch(`${base}/api/reports/warehouse-inventory`, { headers: { cookie } });
  const etag = warehouse.headers.get('etag') ?? '';
  await warehouse.arrayBuffer();
  const analysis = { plu, weeksBack: 4, includeOtherDrops: true };
  const calls: Call[] = [
    { label: FLOOR_LABEL, path: '/api/auth/whoami' },
    { label: `todays-arrivals?date=${day}`, path: `/api/inventory/todays-arrivals?date=${day}` },
    { label: 'todays-arrivals (today)', path: '/api/inventory/todays-arrivals' },
    { label: 'available-dates?direction=previous', path: `/api/inventory/available-dates?currentDate=${day}&direction=previous` },
    { label: 'allocated-current', path: '/api/inventory/allocated-current' },
    { label: 'product/{plu}/stores', path: `/api/inventory/product/${stocked}/stores` },
    { label: 'search/{term}', path: '/api/inventory/search/eagle' },
    { label: 'delivery-analysis (4 weeks, other drops)', path: '/api/inventory/delivery-analysis', method: 'POST', body: analysis },
    { label: 'stores-without-deliveries', path: '/api/inventory/stores-without-deliveries', method: 'POST', body: { deliveredStoreIds: [1, 2, 3], otherDropStoreIds: [4] } },
    { label: 'warehouse-inventory (last_30_days, hunted types)', path: '/api/reports/warehouse-inventory' },
    { label: 'warehouse-inventory?timePeriod=current_month', path: '/api/reports/warehouse-inventory?timePeriod=current_month' },
    { label: 'warehouse-inventory?timePeriod=last_90_days', path: '/api/reports/warehouse-inventory?timePeriod=last_90_days' },
    { label: 'warehouse-inventory?listingTypes=all&search=bourbon', path: '/api/reports/warehouse-inventory?listingTypes=all&search=bourbon' },
    { label: 'warehouse-inventory?listingTypes=Listed&search=an (broad)', path: '/api/reports/warehouse-inventory?listingTypes=Listed&search=an' },
    { label: 'warehouse-inventory?timePeriod=last_90_days&listingTypes=all&search=bourbon', path: '/api/reports/warehouse-inventory?timePeriod=last_90_days&listingTypes=all&search=bourbon' },
    { label: 'warehouse-inventory, If-None-Match (304)', path: '/api/reports/warehouse-inventory', headers: { 'If-None-Match': etag }, status: 304 },
    { label: 'stores', path: '/api/stores' },
    { label: 'stores/nearby (every store of the state by distance)', path: '/api/stores/nearby' },
    { label: 'stores/{id}/inventory', path: `/api/stores/${store}/inventory` },
    { label: 'store-history/{id} (30 days)', path: `/api/inventory/store-history/${store}` },
    { label: 'store-history/{id}?days=90', path: `/api/inventory/store-history/${store}?days=90` },
    { label: 'state/boards', path: '/api/state/boards' },
    { label: 'state/products', path: '/api/state/products' },
    { label: 'state/shipments (last-16-days)', path: '/api/state/shipments' },
    { label: 'state/shipments?dateRange=current-month', path: '/api/state/shipments?dateRange=current-month' },
    { label: 'state/shipments?dateRange=last-24-days', path: '/api/state/shipments?dateRange=last-24-days' },
    { label: 'images/{path}', path: `/api/images/bottles/${plu}.jpg` },
    { label: `Durham: todays-arrivals?date=${durhamDay}`, path: `/api/inventory/todays-arrivals?date=${durhamDay}&boardId=${DURHAM}` },
    { label: 'Durham: available-dates?direction=previous', path: `/api/inventory/available-dates?currentDate=${durhamDay}&direction=previous&boardId=${DURHAM}` },
    { label: 'Durham: allocated-current', path: `/api/inventory/allocated-current?boardId=${DURHAM}` },
    { label: 'Durham: delivery-analysis (4 weeks, other drops)', path: '/api/inventory/delivery-analysis', method: 'POST', body: { ...analysis, boardId: DURHAM } },
    { label: 'Durham: stores', path: `/api/stores?boardId=${DURHAM}` },
    { label: 'Durham: store-history/{id} (30 days)', path: `/api/inventory/store-history/${durhamStore}` },
    { label: 'boards/covered', path: '/api/boards/covered' },
    { label: 'product/{plu}/where', path: `/api/inventory/product/${stocked}/where` },
    { label: 'boards (every board)', path: '/api/boards' },
    { label: `Mecklenburg: todays-arrivals?date=${shipDay}`, path: `/api/inventory/todays-arrivals?date=${shipDay}&boardId=${MECKLENBURG}` },
    { label: 'Mecklenburg: todays-arrivals (today)', path: `/api/inventory/todays-arrivals?boardId=${MECKLENBURG}` },
    { label: 'Mecklenburg: available-dates?direction=previous', path: `/api/inventory/available-dates?currentDate=${shipDay}&direction=previous&boardId=${MECKLENBURG}` },
    { label: 'Mecklenburg: stores', path: `/api/stores?boardId=${MECKLENBURG}` },
    { label: `Boone: todays-arrivals?date=${shipDay}`, path: `/api/inventory/todays-arrivals?date=${shipDay}&boardId=${BOONE}` },
    { label: 'Boone: stores/{id}/inventory', path: `/api/stores/${booneStore}/inventory` },
    { label: 'Boone: stores/{id}/shipments?days=90', path: `/api/stores/${booneStore}/shipments?days=90` },
  ];
  const selected = (list: Call[]) => list.filter((c) => !only || c.label.includes(only) || c.label === FLOOR_LABEL);
  say(`one client: ${SEQUENTIAL.warmup} warm-up + ${SEQUENTIAL.count} requests per call (load average ${load()})`);
  const sequential: SequentialResult[] = [];
  // Each call's requests alternate with the floor's, so "p50 − floor" compares the two under the same load.
  const floorCall = calls.find((c) => c.label === FLOOR_LABEL)!;
  for (const call of selected(calls)) {
    const r = await measureSequential(base, cookie, call, SEQUENTIAL.count, SEQUENTIAL.warmup, call === floorCall ? undefined : floorCall);
    sequential.push(r);
    const above = r.floorP50 === undefined ? '' : ` (floor ${r.floorP50.toFixed(1)} ms beside it)`;
    say(`  ${call.label}: p50 ${r.p50.toFixed(1)} ms${above}, p95 ${r.p95.toFixed(1)} ms${r.failures ? `, ${r.failures} failed (${r.firstFailure})` : ''}`);
  }

  const loadCalls: Call[] = [
    calls[1],
    calls.find((c) => c.label === 'allocated-current')!,
    calls.find((c) => c.label.startsWith('delivery-analysis'))!,
    calls.find((c) => c.label.startsWith('store-history/{id} (30'))!,
    calls.find((c) => c.label.startsWith('state/shipments (last'))!,
  ];
  const loadStart = load();
  say(`${LOAD.connections} clients for ${LOAD.seconds} s per call (load average ${loadStart})`);
  const loaded: LoadResult[] = [];
  for (const call of selected(loadCalls).filter((c) => c.label !== FLOOR_LABEL)) {
    const r = await measureLoad(base, cookie, call, LOAD.connections, LOAD.seconds);
    loaded.push(r);
    say(`  ${call.label}: ${r.requestsPerSecond.toFixed(0)} req/s, p95 ${r.p95.toFixed(0)} ms, ${r.errors} errors, ${r.non2xx} non-2xx`);
  }

  // ── 4. report ─────────────────────────────────────────────────────────────────────────────────────
  const ms = (n: number) => n.toFixed(1);
  const floor = sequential.find((r) => r.label === FLOOR_LABEL)!;
  const aboveFloor = (r: SequentialResult) => r.p50 - (r.floorP50 ?? floor.p50);
  const seqOk = (r: SequentialResult) =>
    r.failures === 0 && r.p95 <= TARGET_P95_MS && (!huntedOnly || aboveFloor(r) <= TARGET_ABOVE_FLOOR_MS);
  const loadOk = (r: LoadResult) =>
    r.errors === 0 && r.non2xx === 0 && r.timeouts === 0 && (r.label !== loadCalls[0].label || r.requestsPerSecond >= TARGET_RPS);
  console.log('');
  console.log(
    `Dataset: ${huntedOnly ? 'hunted products only; ' : ''}${Object.entries(dataset.rows).map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`).join(', ')} ` +
      `${dataset.seconds ? `(built in ${dataset.seconds.toFixed(0)} s)` : '(an existing database)'}. ${os.cpus().length} CPUs; load average ${load()} (1/5/15 min) at the end.`,
  );
  console.log('');
  console.log(
    markdownTable([
      ['call (one client, 200 requests)', 'p50 ms', 'p50 − floor (interleaved)', 'p95 ms', 'max ms', 'bytes', 'target', 'result'],
      ...sequential.map((r) => [
        r.label,
        ms(r.p50),
        r === floor ? '' : `${aboveFloor(r) >= 0 ? '+' : ''}${aboveFloor(r).toFixed(2)}`,
        ms(r.p95),
        ms(r.max),
        r.bytes.toLocaleString('en-US'),
        `p95 ≤ ${TARGET_P95_MS} ms${huntedOnly && r !== floor ? `, p50 ≤ floor + ${TARGET_ABOVE_FLOOR_MS} ms` : ''}`,
        seqOk(r) ? 'ok' : r.failures ? `FAIL (${r.failures} wrong status)` : 'FAIL',
      ]),
    ]),
  );
  console.log('');
  console.log(
    markdownTable([
      [`call (${LOAD.connections} clients, ${LOAD.seconds} s)`, 'req/s', 'p50 ms', 'p95 ms', 'errors', 'non-2xx', 'target', 'result'],
      ...loaded.map((r) => [
        r.label,
        r.requestsPerSecond.toFixed(0),
        ms(r.p50),
        ms(r.p95),
        String(r.errors + r.timeouts),
        String(r.non2xx),
        r.label === loadCalls[0].label ? `≥ ${TARGET_RPS} req/s, no errors` : 'no errors',
        loadOk(r) ? 'ok' : 'FAIL',
      ]),
    ]),
  );
  console.log('');
  console.log(`Load average: ${loadStart} when the concurrent runs started, ${load()} at the end (other work on the machine slows every call).`);
  if (keep || reuse) console.log(`Kept: database ${name}, server log ${logFile}`);
  return sequential.every(seqOk) && loaded.every(loadOk);
}

function runChild(label: string, command: string, args: string[], env: Record<string, string | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: env as NodeJS.ProcessEnv, stdio: verbose ? 'inherit' : ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label} exited with ${code}`))));
  });
}

let passed = false;
try {
  passed = await run();
} catch (error) {
  console.error(`[bench:api] ${(error as Error).message}`);
} finally {
  await cleanup();
}
process.exit(passed ? 0 : 1);
