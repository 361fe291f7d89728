// npm run bench:ingest — how fast the scraper turns snapshots into history, against Postgres.
//
// Phases (each in its own process, so peak memory is that phase's alone):
//   wake-empty       27 Wake stores × 3,241 products, on a database with no history yet
//   statewide-empty  every store in the reference data (465) × 3,241 products, synthetic stock, no history yet
//   wake-year        the Wake snapshot again after a year of history (5,000,000 rows)
//   statewide-year   the statewide snapshot after that year of history
//   shipments-parse  parsing an 18 MB, 85,000-record shipments extract
//   shipments-diff-year
//                    the next day's ~85,000-record extract applied (judgement, diff, totals, day row) on a year
//                    of the state's shipments (bench/dataset.ts buildShipmentsYear: ~2.2 M dated rows,
//                    365 extract days, ~85,000 totals)
//   alerts-shipments-year
//                    the alert step after a shipment day (the year's last day, ~6,000 dated rows) against 5,000
//                    active users (1–5 boards each, 20-item watchlists), all on the digest (not due): what is
//                    timed is collecting shelf arrivals and shipments into alert_log (lib/alerts/process.ts)
//   alerts-send-year the same with 1,000 of them instant: collection, then compose and send of their e-mails to
//                    a transport that drops them (what is timed is ours, not an SMTP server's)
//   alerts-coming-year
//                    "Coming to NC" alerts (issue 40) after a busy day of the catalog lists — 100 new codes announced,
//                    100 products onto the allocated list, 100 received at the warehouse — against the same 5,000
//                    users, every one taking the kind, each with 3 custom items matched by name against every event
//                    (lib/alerts/process.ts comingPairs): the collection into alert_log
//   durham-poll, greensboro-poll, new-hanover-poll
//                    one poll of that board's shelves through the real scraper pass (poll-stores.ts): the
//                    hunted products' pages fetched from the simulator (its own process, on loopback, no
//                    politeness delay, so what is timed is our fetching, parsing and diffing), parsed and
//                    written, after a baseline poll (Wednesday 07:00) and 30 simulated hours of deliveries and sales
//                    (the world's trucks include odd habits: New Hanover's store 1 delivers twice a week, Monday and
//                    Thursday, store 2 every 14 days, store 3 on shifted days; simulator/README.md)
// Each store phase first writes a baseline poll, then times a full poll in which ~5% of the cells changed
// (arrivals, sales, sell-outs): that second poll is what every 15-minute cycle does.
// Targets (2-core machine): Wake ≤ 1 s, statewide ≤ 10 s, peak RSS ≤ 300 MB; shipments ≤ 2 s and ≤ 200 MB
// (parse), ≤ 3 s and ≤ 250 MB (applied on the year); alerts ≤ 1 s and ≤ 200 MB (collection), ≤ 10 s with the e-mails;
// a board's poll ≤ 10 s and ≤ 300 MB (with the default politeness its ~260 requests take ~4 minutes: the sites' pace, not ours).
// Options: --only=TEXT measures only the phases whose name contains TEXT (the year of history is generated
// only when a *-year phase is among them: it takes most of the run). --keep leaves the databases in place and
// prints their URLs, to profile a phase's SQL (EXPLAIN ANALYZE) or run it again by itself:
//   node --expose-gc --import tsx scripts/bench-ingest.ts --phase alerts-shipments-year --db URL --work /tmp
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { simulatorSourceUrls } from '../testing/simulator.ts';

const self = fileURLToPath(import.meta.url);
// In the order they run.
const TARGETS = {
  'shipments-parse': { seconds: 2, rssMb: 200 },
  'shipments-diff-year': { seconds: 3, rssMb: 250 },
  // The process is 160–200 MB before the step does anything (Node and tsx ~75 MB, Prisma's client warm ~60 MB,
  // the alert and mail modules ~40 MB); the step itself grows the JS heap by ~6 MB. 200 MB was below that floor.
  'alerts-shipments-year': { seconds: 1, rssMb: 250 },
  'alerts-send-year': { seconds: 10, rssMb: 300 },
  'alerts-coming-year': { seconds: 1, rssMb: 250 },
  'wake-empty': { seconds: 1, rssMb: 300 },
  'statewide-empty': { seconds: 10, rssMb: 300 },
  'wake-year': { seconds: 1, rssMb: 300 },
  'statewide-year': { seconds: 10, rssMb: 300 },
  'durham-poll': { seconds: 10, rssMb: 300 },
  'greensboro-poll': { seconds: 10, rssMb: 300 },
  'new-hanover-poll': { seconds: 10, rssMb: 300 },
} as const;
const BOARD_PHASES: Partial<Record<Phase, number>> = { 'durham-poll': 78, 'greensboro-poll': 58, 'new-hanover-poll': 135 };
type Phase = keyof typeof TARGETS;

interface PhaseResult {
  phase: Phase;
  seconds: number;
  rows: number;
  peakRssMb: number;
  note: string;
}

/** Samples RSS while `work` runs; returns its result, duration and the peak. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peakRssMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

// ── child: one phase ────────────────────────────────────────────────────────────────────────────────

async function runPhase(phase: Phase, databaseUrl: string, workDir: string): Promise<PhaseResult> {
  if (phase === 'shipments-parse') {
    const { parseShipments } = await import('../lib/ingest/sources/shipments.ts');
    const file = path.join(workDir, 'extract.json');
    const m = await measure(async () => parseShipments(readFileSync(file, 'utf8')));
    return { phase, seconds: m.seconds, rows: m.result.records.length, peakRssMb: m.peakRssMb, note: `${(readFileSync(file).length / 1e6).toFixed(1)} MB read and parsed` };
  }
  if (phase === 'shipments-diff-year') return runShipmentsDiff(phase, databaseUrl);
  if (phase === 'alerts-shipments-year' || phase === 'alerts-send-year') return runAlerts(phase, databaseUrl, phase === 'alerts-send-year' ? 1000 : 0);
  if (phase === 'alerts-coming-year') return runComingAlerts(phase, databaseUrl);
  if (BOARD_PHASES[phase]) return runBoardPoll(phase, BOARD_PHASES[phase]!, databaseUrl);
  const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
  const { applyStoreSnapshot } = await import('../lib/ingest/store-snapshot.ts');
  await setDatabaseUrl(databaseUrl);
  const statewide = phase.startsWith('statewide');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stores = (await client.query<{ id: number }>(statewide ? 'SELECT id FROM stores ORDER BY id' : 'SELECT id FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY id')).rows.map((r) => r.id);
  const plus = (await client.query<{ plu: string }>('SELECT plu FROM products ORDER BY plu')).rows.map((r) => r.plu);
  await client.end();

  // Deterministic quantities: ~40% of cells stocked; `poll` 1 changes ~5% of cells.
  const snapshot = (poll: number) => {
    const stock: { storeId: number; plu: string; quantity: number }[] = [];
    for (let s = 0; s < stores.length; s++) {
      for (let p = 0; p < plus.length; p++) {
        const h = Math.imul(s * 7919 + p * 104_729 + 1, 2_654_435_761) >>> 0;
        let q = h % 10 < 4 ? (h >>> 8) % 24 + 1 : 0;
        if (poll > 0 && (h >>> 4) % 20 === poll % 20) q = q > 0 ? (h % 3 === 0 ? 0 : Math.max(0, q - 2)) : (h >>> 12) % 6 + 1;
        if (q > 0) stock.push({ storeId: stores[s], plu: plus[p], quantity: q });
      }
    }
    return { boardId: 179, answeredPlus: plus, storeIds: stores, stock };
  };
  const base = new Date('2026-11-20T15:00:00Z');
  await applyStoreSnapshot({ checkedAt: base, ...snapshot(0) });
  // Only the measured poll's snapshot should count towards its peak memory.
  (globalThis as { gc?: () => void }).gc?.();
  const m = await measure(() => applyStoreSnapshot({ checkedAt: new Date(base.getTime() + 15 * 60_000), ...snapshot(1) }));
  await disconnectDb();
  const cells = stores.length * plus.length;
  return {
    phase,
    seconds: m.seconds,
    rows: cells,
    peakRssMb: m.peakRssMb,
    note: `${stores.length} stores × ${plus.length} products; ${m.result.historyRows.toLocaleString('en-US')} history rows written`,
  };
}

/** The next day's extract records (in a function of their own, so the query's rows are garbage before the measure). */
async function nextExtract(client: pg.Client, day: string) {
  const { rows } = await client.query<{ plu: string; board: string; product: string; units: number }>(
    `WITH aged AS (SELECT plu, board_id, sum(units) AS units FROM shipments WHERE ship_date = $1::date - 16 GROUP BY plu, board_id),
          catalog AS (SELECT plu, (row_number() OVER (ORDER BY plu) - 1)::int AS i, COALESCE(NULLIF(bottles_per_case, 0), 6) AS bpc FROM products),
          slots AS (SELECT board_id, (row_number() OVER (ORDER BY board_id, plu) - 1)::int AS slot FROM shipment_totals),
          fresh AS (
            SELECT c.plu, s.board_id, c.bpc * (1 + (hashint8(n + 3) & 3)) AS units
            FROM generate_series(1, 6000) n
            JOIN catalog c ON c.i = (hashint8(n) & 2147483647) % (SELECT count(*) FROM catalog)
            JOIN slots s ON s.slot = (hashint8(n + 1) & 2147483647) % (SELECT count(*) FROM slots)),
          next AS (
            SELECT plu, board_id, sum(units)::int AS units FROM (
              SELECT t.plu, t.board_id, t.units - COALESCE(a.units, 0) AS units FROM shipment_totals t LEFT JOIN aged a USING (plu, board_id)
              UNION ALL SELECT plu, board_id, units FROM fresh) x
            GROUP BY plu, board_id HAVING sum(units) > 0)
     SELECT n.plu, b.name AS board, p.name AS product, n.units FROM next n JOIN boards b ON b.id = n.board_id JOIN products p ON p.plu = n.plu`,
    [day],
  );
  await client.end();
  return rows.map((r) => ({ plu: r.plu, boardName: r.board, productName: r.product, units: r.units }));
}

/**
 * The next day's extract applied on the shipments year: every total of the last extract less what ages out
 * (the shipments dated 15 days before it), and ~6,000 new shipments (products of the whole catalog, boards by
 * their retail stores, as the year was made).
 */
async function runShipmentsDiff(phase: Phase, databaseUrl: string): Promise<PhaseResult> {
  const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
  const { applyShipmentsExtract } = await import('../lib/ingest/shipments.ts');
  const { nyDate, addDays, nyTimeToUtc } = await import('../lib/time.ts');
  await setDatabaseUrl(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [{ at }] = (await client.query<{ at: Date }>('SELECT max(extracted_at) AS at FROM shipment_totals')).rows;
  const day = addDays(nyDate(at), 1);
  const records = await nextExtract(client, day);
  await client.end();
  // A running scraper has its database client loaded and warm: so does the measured apply (the first query
  // of a process loads Prisma's query compiler, ~80 MB, which is not the extract's cost).
  const { db } = await import('../lib/db/index.ts');
  await db.board.findMany({ select: { id: true, name: true } });
  await db.$transaction(async (tx) => tx.$queryRaw`SELECT count(*)::int AS n FROM shipment_totals`);
  (globalThis as { gc?: () => void }).gc?.();
  const m = await measure(() => applyShipmentsExtract(nyTimeToUtc(day, 11, 5), records));
  await disconnectDb();
  if (m.result.skipped || m.result.baseline || m.result.totalsKept) throw new Error(`shipments-diff-year: unexpected judgement ${JSON.stringify(m.result)}`);
  return {
    phase,
    seconds: m.seconds,
    rows: records.length,
    peakRssMb: m.peakRssMb,
    note: `${records.length.toLocaleString('en-US')} records of ${day} on the year; ${m.result.shipmentsWritten.toLocaleString('en-US')} shipments dated`,
  };
}

const ALERT_USERS = 5000;

/** The alert phases' 5,000 hunters (once per database): boards 1–5 each, 20 watched products each. */
async function ensureAlertUsers(client: pg.Client): Promise<void> {
  if ((await client.query(`SELECT 1 FROM users WHERE email LIKE 'bench-alerts-%' LIMIT 1`)).rowCount === 0) {
    await client.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified_at, updated_at)
       SELECT 'bench-alerts-' || g || '@example.test', 'not-a-hash', 'Bench', 'Hunter', 'user', 'active', now(), now() FROM generate_series(1, $1::int) g`,
      [ALERT_USERS],
    );
    // Boards weighted as a hunter picks them: any of the 173, 1–5 each.
    await client.query(
      `WITH b AS (SELECT array_agg(id ORDER BY id) AS a FROM boards),
            u AS (SELECT id, row_number() OVER (ORDER BY id) AS g FROM users WHERE email LIKE 'bench-alerts-%')
       INSERT INTO alert_settings (user_id, digest_hour, listing_types, min_quantity, board_ids, store_ids, updated_at)
       SELECT u.id, 17, '{Allocation,Limited,Barrel}', 1,
              ARRAY(SELECT DISTINCT b.a[1 + ((u.g * 7 + k * 31) % array_length(b.a, 1))] FROM generate_series(0, (u.g % 5)::int) k), '{}', now()
         FROM u, b`,
    );
    await client.query(
      `WITH p AS (SELECT array_agg(plu ORDER BY plu) AS a FROM products),
            u AS (SELECT id, row_number() OVER (ORDER BY id) AS g FROM users WHERE email LIKE 'bench-alerts-%')
       INSERT INTO watch_items (user_id, plu, interest_type, active)
       SELECT u.id, p.a[1 + ((u.g * 13 + k * 101) % array_length(p.a, 1))], 'interested', true FROM u, p, generate_series(0, 19) k
       ON CONFLICT DO NOTHING`,
    );
  }
}

/**
 * The alert step (lib/alerts/process.ts: collection, then delivery to an e-mail transport that drops what it is
 * given) at `now`, timed in a process warmed as a running scraper's is; `afterwards` reads what it wrote before the
 * client disconnects. `memory`: the process's size before the step (the floor under the peak) and the JS heap's growth.
 */
async function measureAlertStep<T>(databaseUrl: string, now: Date, afterwards: (db: typeof import('../lib/db/index.ts').db) => Promise<T>) {
  const { setDatabaseUrl, disconnectDb, db } = await import('../lib/db/index.ts');
  const { processArrivalAlerts } = await import('../lib/alerts/process.ts');
  const { emailChannel } = await import('../lib/alerts/channels/email/index.ts');
  await setDatabaseUrl(databaseUrl);
  // Warm, as a running scraper's client is (the first query loads Prisma's query compiler).
  await db.$transaction(async (tx) => tx.$queryRaw`SELECT count(*)::int AS n FROM alert_settings`);
  (globalThis as { gc?: () => void }).gc?.();
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  const startRss = process.memoryUsage().rss;
  const startHeap = process.memoryUsage().heapUsed;
  const m = await measure(() => processArrivalAlerts({ checkedAt: now, channels: [emailChannel(async () => ({ ok: true, via: 'smtp' }))], policy: { dailyCap: 1000 } }));
  const memory = `RSS ${mb(startRss)} MB before the step, JS heap ${mb(startHeap)} → ${mb(process.memoryUsage().heapUsed)} MB`;
  const read = await afterwards(db);
  await disconnectDb();
  return { ...m, memory, afterwards: read };
}

/**
 * The alert step after the shipments year's last day: 5,000 hunters with alerts on (boards 1–5 each, 20
 * watched products each), `instant` of them e-mailed right away, the others on a digest that is not due.
 * The step starts where the day's shipments start (the cursor just before them), with nothing logged yet.
 */
async function runAlerts(phase: Phase, databaseUrl: string, instant: number): Promise<PhaseResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [{ day }] = (await client.query<{ day: string }>(`SELECT to_char(max(ship_date), 'YYYY-MM-DD') AS day FROM shipments`)).rows;
  const { nyTimeToUtc } = await import('../lib/time.ts');
  const now = nyTimeToUtc(day, 11, 30);
  await ensureAlertUsers(client);
  // Their e-mail channel, the first `instant` users instant and the rest on the digest, the day's digest taken;
  // saved a day before, as a day's subscribers' settings are.
  await client.query(
    `INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, last_digest_at, updated_at)
     SELECT u.id, 'email', true, (CASE WHEN u.rn <= $2 THEN 'instant' ELSE 'digest' END)::"AlertMode", '{arrival,shipment}', $1, now() - interval '1 day'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE email LIKE 'bench-alerts-%') u
     ON CONFLICT (user_id, channel) DO UPDATE SET enabled = true, mode = EXCLUDED.mode, last_digest_at = EXCLUDED.last_digest_at,
       updated_at = EXCLUDED.updated_at`,
    [now, instant],
  );
  await client.query('TRUNCATE alert_log CASCADE'); // and their deliveries
  await client.query(
    `INSERT INTO alert_cursor (id, last_history_id, last_shipment_id, updated_at)
     VALUES (1, (SELECT COALESCE(max(id), 0) FROM inventory_history), (SELECT COALESCE(max(id), 0) FROM shipments WHERE ship_date < $1::date), now())
     ON CONFLICT (id) DO UPDATE SET last_history_id = EXCLUDED.last_history_id, last_shipment_id = EXCLUDED.last_shipment_id`,
    [day],
  );
  const [{ n: dayRows }] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipments WHERE ship_date = $1::date`, [day])).rows;
  await client.query('ANALYZE users; ANALYZE alert_settings; ANALYZE watch_items; ANALYZE alert_channels; ANALYZE alert_log');
  await client.end();

  const m = await measureAlertStep(databaseUrl, now, async () => undefined);
  const r = m.result;
  const emailsSent = r?.channels.email?.sent ?? 0;
  if (!r || !r.collected || (instant > 0 ? emailsSent === 0 || emailsSent > instant : emailsSent !== 0)) {
    throw new Error(`${phase}: unexpected result ${JSON.stringify(r)}`);
  }
  return {
    phase,
    seconds: m.seconds,
    rows: r.collected,
    peakRssMb: m.peakRssMb,
    note: `${dayRows.toLocaleString('en-US')} shipments of ${day}, ${ALERT_USERS.toLocaleString('en-US')} users: ${r.collected.toLocaleString('en-US')} alerts logged, ${emailsSent} e-mails composed and sent; ${m.memory}`,
  };
}

/** Custom items per hunter in the coming phase: products not in the catalog yet, added by name. */
const CUSTOM_ITEMS_PER_USER = 3;
/** Events of each kind (announced, onto the allocated list, received) on the coming phase's busy day. */
const COMING_EVENTS_PER_KIND = 100;

/**
 * "Coming to NC" alerts after a busy day of the catalog lists, against the alert phases' 5,000 hunters: every one takes
 * the kind on e-mail (digest, not due), and has CUSTOM_ITEMS_PER_USER custom items named as hunters name bottles — the
 * first two words of a catalog name ("Weller Antique", "Blanton's Single") — matched by name against every new event.
 * The day: COMING_EVENTS_PER_KIND new codes announced (a catalog name and "2027 Release"), as many hunted products onto
 * the allocated list and as many received at the warehouse. The step starts with the cursor just before them.
 */
async function runComingAlerts(phase: Phase, databaseUrl: string): Promise<PhaseResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [{ day }] = (await client.query<{ day: string }>(`SELECT to_char(max(ship_date), 'YYYY-MM-DD') AS day FROM shipments`)).rows;
  const { nyTimeToUtc } = await import('../lib/time.ts');
  const now = nyTimeToUtc(day, 7, 20);
  await ensureAlertUsers(client);
  await client.query(
    `WITH p AS (SELECT array_agg(split_part(name, ' ', 1) || ' ' || split_part(name, ' ', 2) ORDER BY plu) AS a FROM products),
          u AS (SELECT id, row_number() OVER (ORDER BY id) AS g FROM users WHERE email LIKE 'bench-alerts-%')
     INSERT INTO watch_items (user_id, plu, custom_name, interest_type, active)
     SELECT u.id, (80000 + (u.g * ${CUSTOM_ITEMS_PER_USER} + k) % 10000)::text, p.a[1 + ((u.g * 17 + k * 211) % array_length(p.a, 1))], 'interested', true
       FROM u, p, generate_series(0, ${CUSTOM_ITEMS_PER_USER - 1}) k
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, last_digest_at, updated_at)
     SELECT id, 'email', true, 'digest', '{arrival,shipment,coming}', $1, now() - interval '1 day' FROM users WHERE email LIKE 'bench-alerts-%'
     ON CONFLICT (user_id, channel) DO UPDATE SET enabled = true, mode = 'digest', kinds = EXCLUDED.kinds, last_digest_at = EXCLUDED.last_digest_at`,
    [now],
  );
  await client.query('TRUNCATE alert_log CASCADE');
  await client.query(`DELETE FROM product_events`);
  await client.query(
    `INSERT INTO alert_cursor (id, last_history_id, last_shipment_id, last_incoming_id, last_product_event_id, updated_at)
     VALUES (1, (SELECT COALESCE(max(id), 0) FROM inventory_history), (SELECT COALESCE(max(id), 0) FROM shipments),
             (SELECT COALESCE(max(id), 0) FROM incoming), 0, now())
     ON CONFLICT (id) DO UPDATE SET last_history_id = EXCLUDED.last_history_id, last_shipment_id = EXCLUDED.last_shipment_id,
       last_incoming_id = EXCLUDED.last_incoming_id, last_product_event_id = 0`,
  );
  // The day's events, as the lists' readers write them (lib/ingest/catalog-lists.ts, warehouse.ts).
  await client.query(
    `INSERT INTO products (plu, name, listing_type, list_price, updated_at)
     SELECT (90000 + g)::text, name || ' 2027 Release', 'Unknown', 99.99, now()
       FROM (SELECT name, row_number() OVER (ORDER BY plu) AS g FROM products WHERE listing_type IN ('Allocation', 'Limited', 'Barrel') ORDER BY plu LIMIT $1) c
     ON CONFLICT (plu) DO NOTHING`,
    [COMING_EVENTS_PER_KIND],
  );
  await client.query(
    `WITH hunted AS (SELECT plu, row_number() OVER (ORDER BY plu) AS g FROM products WHERE listing_type IN ('Allocation', 'Limited', 'Barrel'))
     INSERT INTO product_events (plu, kind, day, seen_at, source, from_value, to_value, bottles)
     SELECT (90000 + g)::text, 'announced'::"ProductEventKind", $1::date, $2::timestamptz, 'price_list', NULL::text, NULL::text, NULL::int FROM generate_series(1, $3::int) g
     UNION ALL
     SELECT plu, 'listing', $1::date, $2::timestamptz, 'allocated_list', NULL, 'Allocation', NULL FROM hunted WHERE g <= $3
     UNION ALL
     SELECT plu, 'received', $1::date, $2::timestamptz, 'warehouse', NULL, NULL, (6 * (1 + g % 20))::int FROM hunted WHERE g > $3 AND g <= 2 * $3`,
    [day, now, COMING_EVENTS_PER_KIND],
  );
  const [{ events, named }] = (
    await client.query<{ events: number; named: number }>(
      `SELECT (SELECT count(*)::int FROM product_events) AS events,
              (SELECT count(*)::int FROM watch_items WHERE custom_name IS NOT NULL AND user_id IN (SELECT id FROM users WHERE email LIKE 'bench-alerts-%')) AS named`,
    )
  ).rows;
  await client.query('ANALYZE users; ANALYZE watch_items; ANALYZE alert_channels; ANALYZE alert_log; ANALYZE product_events; ANALYZE products');
  await client.end();

  const m = await measureAlertStep(databaseUrl, now, async (db) => {
    const [counts] = await db.$queryRaw<{ coming: number; byName: number }[]>`
      SELECT count(*)::int AS coming,
             count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM watch_items w WHERE w.user_id = l.user_id AND w.plu = e.plu))::int AS "byName"
        FROM alert_log l JOIN product_events e ON e.id = l.product_event_id`;
    return counts;
  });
  const { coming, byName } = m.afterwards;
  if (!m.result || coming === 0 || byName === 0) throw new Error(`${phase}: no coming alert matched (${coming} logged, ${byName} by name): ${JSON.stringify(m.result)}`);
  return {
    phase,
    seconds: m.seconds,
    rows: coming,
    peakRssMb: m.peakRssMb,
    note: `${events} product events of ${day}, ${ALERT_USERS.toLocaleString('en-US')} users with ${named.toLocaleString('en-US')} items by name: ${coming.toLocaleString('en-US')} coming alerts logged (${byName.toLocaleString('en-US')} by name); ${m.memory}`,
  };
}

/** One board's poll through the scraper's own pass, against the simulator in a process of its own. */
async function runBoardPoll(phase: Phase, boardId: number, databaseUrl: string): Promise<PhaseResult> {
  const port = 4600 + boardId;
  const url = `http://127.0.0.1:${port}`;
  const simulator = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(self), 'simulator.ts'), '--port', String(port), '--seed', '7', '--start', '2026-11-18T12:00:00Z'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      simulator.stdout.on('data', (d: Buffer) => String(d).includes('listening on') && resolve());
      simulator.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
    });
    Object.assign(process.env, {
      BOARD_SOURCE_URLS: simulatorSourceUrls(url),
      BOARD_SOURCE_REQUEST_DELAY_MS: '*=0',
      SOURCE_RETRIES: '0',
    });
    const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
    const { effectiveSources } = await import('../lib/ingest/board-sources.ts');
    const { pollStoreInventory } = await import('../lib/ingest/poll-stores.ts');
    const { huntedAndWatchedPlus } = await import('../lib/ingest/tiers.ts');
    await setDatabaseUrl(databaseUrl);
    const source = (await effectiveSources()).find((s) => s.boardId === boardId)!;
    const board = { ...source, name: source.boardName };
    const plus = await huntedAndWatchedPlus();
    const simNow = async () => new Date(((await (await fetch(`${url}/__sim/state`)).json()) as { now: string }).now);
    const baseline = await pollStoreInventory(board, plus, { checkedAt: await simNow() });
    if (baseline.status !== 'ok') throw new Error(`baseline poll of ${board.name}: ${baseline.status} ${baseline.error}`);
    await fetch(`${url}/__sim/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ hours: 30 }) });
    const checkedAt = await simNow();
    (globalThis as { gc?: () => void }).gc?.();
    const m = await measure(() => pollStoreInventory(board, plus, { checkedAt }));
    if (m.result.status !== 'ok') throw new Error(`poll of ${board.name}: ${m.result.status} ${m.result.error}`);
    await disconnectDb();
    return {
      phase,
      seconds: m.seconds,
      rows: plus.length,
      peakRssMb: m.peakRssMb,
      note: `${board.name}: ${plus.length} products requested, ${m.result.itemsSeen} answered, ${m.result.changesWritten} history rows written`,
    };
  } finally {
    simulator.kill('SIGTERM');
  }
}

// ── parent: database, data, phases, report ─────────────────────────────────────────────────────────

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench:ingest measures Postgres: set DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres).');
    process.exit(2);
  }
  const { createTestDatabase } = await import('../testing/database.ts');
  process.env.TEST_PG_SERVER_URL = serverUrl;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'nbt-bench-ingest-'));
  const databases: { url: string; drop(): Promise<void> }[] = [];
  const keep = process.argv.includes('--keep');
  const cleanup = async () => {
    if (keep) for (const d of databases) console.log(`  kept: ${d.url}`);
    else for (const d of databases) await d.drop().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const { generateShipmentsExtract } = await import('../lib/ingest/sources/fixtures/generate-shipments.ts');
    writeFileSync(path.join(workDir, 'extract.json'), generateShipmentsExtract(85_000));

    const prepare = async (label: string, withYear: boolean) => {
      const db = await createTestDatabase(`bench_${label}`);
      databases.push(db);
      const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
      const { seedDatabase } = await import('../demo/index.ts');
      await setDatabaseUrl(db.url);
      await seedDatabase({ history: false });
      await disconnectDb();
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      // The statewide phases poll every store in the reference data (465, the boards whose shelves the product
      // does not read included): a measure of size, what a statewide snapshot would cost, not a simulation the
      // product reads. The covered boards keep exactly their real stores, which the board phases poll.
      await c.query(`UPDATE stores SET first_polled_at = now() - interval '1 year' WHERE first_polled_at IS NULL`);
      await c.query(`INSERT INTO board_product_polls (board_id, plu, first_polled_at) SELECT 179, plu, now() - interval '1 year' FROM products`);
      if (withYear) {
        const t = performance.now();
        await c.query(`
          WITH s AS (SELECT array_agg(id ORDER BY id) AS a FROM stores WHERE board_id = 179 AND NOT mixed_beverage),
               p AS (SELECT array_agg(plu ORDER BY plu) AS a FROM products)
          INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
          SELECT s.a[1 + g % array_length(s.a, 1)], p.a[1 + (g * 7) % array_length(p.a, 1)],
                 timestamptz '2025-11-20 12:00:00+00' + (g % 365) * interval '1 day' + (g / 365 % 56) * interval '15 minutes',
                 0, 1 + g % 6, 1 + g % 6, (CASE WHEN g % 7 = 0 THEN 'first' ELSE 'increase' END)::"ChangeType"
          FROM generate_series(0, 4999999) g, s, p
          ON CONFLICT DO NOTHING`);
        await c.query('ANALYZE');
        const n = (await c.query<{ n: string }>('SELECT count(*) AS n FROM inventory_history')).rows[0].n;
        console.log(`  ${label}: ${Number(n).toLocaleString('en-US')} history rows generated in ${((performance.now() - t) / 1000).toFixed(0)} s`);
      }
      await c.end();
      return db.url;
    };

    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
    const phases = (Object.keys(TARGETS) as Phase[]).filter((p) => !only || p.includes(only));
    if (phases.length === 0) throw new Error(`no phase matches --only=${only}`);
    console.log('Preparing databases (reference data; a year of history for the *-year phases)…');
    const empty = await prepare('empty', false);
    const year = phases.some((p) => p.endsWith('-year') && !p.startsWith('shipments') && !p.startsWith('alerts')) ? await prepare('year', true) : empty;
    let shipmentsYear = empty;
    if (phases.some((p) => p === 'shipments-diff-year' || p.startsWith('alerts-'))) {
      const db = await createTestDatabase('bench_shipments');
      databases.push(db);
      const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
      const { seedDatabase } = await import('../demo/index.ts');
      const { buildShipmentsYear } = await import('../bench/dataset.ts');
      await setDatabaseUrl(db.url);
      await seedDatabase({ history: false });
      await disconnectDb();
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query(`SET work_mem = '512MB'; SET maintenance_work_mem = '512MB'; SET synchronous_commit = off`);
      const t = performance.now();
      await buildShipmentsYear(c, { now: new Date() });
      const [{ n, totals }] = (await c.query('SELECT (SELECT count(*)::int FROM shipments) AS n, (SELECT count(*)::int FROM shipment_totals) AS totals')).rows;
      console.log(`  shipments year: ${n.toLocaleString('en-US')} dated shipments, ${totals.toLocaleString('en-US')} totals, in ${((performance.now() - t) / 1000).toFixed(0)} s`);
      await c.end();
      shipmentsYear = db.url;
    }
    const onShipmentsYear = (p: Phase) => p === 'shipments-diff-year' || p.startsWith('alerts-');
    const plan: [Phase, string][] = phases.map((p) => [p, onShipmentsYear(p) ? shipmentsYear : p.endsWith('-year') ? year : empty]);
    const results: PhaseResult[] = [];
    for (const [phase, url] of plan) {
      // The wake and statewide phases of one database share its inventory: reset it between them.
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('TRUNCATE store_inventory');
      await c.query(`DELETE FROM inventory_history WHERE checked_at >= '2026-11-20'`);
      await c.end();
      results.push(await runChild(phase, url, workDir));
    }

    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`\n| phase | time | rows/s | peak RSS | target | |\n|---|---|---|---|---|---|`);
    let failed = false;
    for (const r of results) {
      const t = TARGETS[r.phase];
      const ok = r.seconds <= t.seconds && r.peakRssMb <= t.rssMb;
      failed ||= !ok;
      console.log(
        `| ${r.phase} | ${r.seconds.toFixed(2)} s | ${Math.round(r.rows / r.seconds).toLocaleString('en-US')} | ${r.peakRssMb.toFixed(0)} MB | ≤ ${t.seconds} s, ≤ ${t.rssMb} MB | ${ok ? 'ok' : 'MISSED'} |`,
      );
    }
    for (const r of results) console.log(`  ${r.phase}: ${r.note}`);
    console.log(`\nload average: ${load} (${os.cpus().length} cores)`);
    await cleanup();
    process.exit(failed ? 1 : 0);
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function runChild(phase: Phase, url: string, workDir: string): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--phase', phase, '--db', url, '--work', workDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DB_POOL_MAX: '2' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as PhaseResult);
      else reject(new Error(`phase ${phase} failed (exit ${code}): ${out}`));
    });
  });
}

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
if (process.argv.includes('--phase')) {
  const result = await runPhase(arg('--phase') as Phase, arg('--db'), arg('--work'));
  console.log(JSON.stringify(result));
  process.exit(0);
} else {
  await main();
}
