// npm run bench:forecast (issue 26): replays the simulator's world day by day through the real forecasting code
// and scores it against the world's own truth (scripts/simulator/arrivals.ts: shipments cause arrivals).
//
// Each simulated day at 12:00 New York: the shelf boards' arrivals shown since the last step go into
// inventory_history at the poll after them (hunted products; at Wake, whose whole catalog is polled, 5 Listed
// rises per delivery too, so its delivery pattern is inferred as the scraper's would be), updateDeliveryPatterns runs, the day's extract goes through
// the real applyShipmentsExtract, then forecastNewShipments (timed: the forecast of one day's extract for every
// board) and updateForecasts. A warm-up (default 60 days) builds the history the model learns from; then
// `--days` (default 365) are scored, per board kind:
//   recall    share of the world's arrivals of hunted products named (store — for a board of several stores
//             whose shelves are not read, the board — and a window containing the day) at least 12 h before;
//   precision share of named (store, window) pairs, as they stood when their window opened, that received it;
//   lead      median time from the first naming to the arrival, of the arrivals recalled.
// The world's stores include trucks of other habits (scripts/simulator/README.md): Wake's and New Hanover's stores that
// deliver twice a week, on shifted days (holidays, some weeks a day off) and every 14 days; the Wake stores start
// without a delivery pattern (none is reference data: docs/decisions/030) and the replay learns them.
// Needs DATABASE_URL (a Postgres server; the bench makes and drops its own database). --seed N, --warm N, --keep.
// scripts/bench/replay-model.ts replays the same world through the model's pure functions alone (no database).
import pg from 'pg';
import { HOUR_MS, nyInstant, nyLocal, ymd } from './simulator/clock.ts';
import { SimWorld, type LedgerArrival } from './simulator/world.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DAYS = arg('--days', 365);
const WARM = arg('--warm', 60);
const SEED = arg('--seed', 42);
/** Arrivals this close to the start of scoring come from shipments of the warm-up; the last days' windows are still open. */
const SETTLE_DAYS = 15;
const TAIL_DAYS = 12;
const AHEAD_MS = 12 * HOUR_MS;
const LISTED_RISES_PER_DELIVERY = 5;
const TARGETS = { shelf: { recall: 0.8, precision: 0.6, leadHours: 24 }, store_by_shipment: { recall: 0.95 } } as const;

interface ForecastRow {
  board_id: number;
  store_number: number | null;
  plu: string;
  named: boolean;
  named_at: Date | null;
  ws: number;
  we: number;
  precision: string;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench:forecast replays into Postgres: set DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres).');
    process.exit(2);
  }
  process.env.TEST_PG_SERVER_URL = serverUrl;
  const { createTestDatabase } = await import('./testing/database.ts');
  const database = await createTestDatabase('bench_forecast', 'reference');
  const keep = process.argv.includes('--keep');
  const { setDatabaseUrl, disconnectDb, db } = await import('../lib/db/index.ts');
  await setDatabaseUrl(database.url);
  const { applyShipmentsExtract } = await import('../lib/ingest/shipments.ts');
  const { updateDeliveryPatterns } = await import('../lib/ingest/delivery-pattern.ts');
  const { forecastNewShipments, updateForecasts } = await import('../lib/forecast/forecast.ts');
  const { nyDate } = await import('../lib/time.ts');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();

  try {
    const started = performance.now();
    const world = new SimWorld({ seed: SEED, start: new Date(nyInstant(20458, 0, 0)), historyDays: 0 }); // Monday 2026-01-05
    const day0 = nyLocal(world.nowMillis()).dayNumber;
    const shelfBoards = (await client.query<{ board_id: number; poll_minutes: number }>('SELECT board_id, poll_minutes FROM board_sources WHERE enabled')).rows;
    const pollMinutes = new Map(shelfBoards.map((b) => [b.board_id, b.poll_minutes]));
    const storeIds = new Map((await client.query<{ id: number; board_id: number; store_number: number }>('SELECT id, board_id, store_number FROM stores')).rows.map((s) => [`${s.board_id}|${s.store_number}`, s.id]));
    const kindOf = new Map<number, string>();
    for (const b of world.data.boards) {
      if (pollMinutes.has(b.id)) kindOf.set(b.id, 'shelf');
      else {
        try {
          kindOf.set(b.id, world.retailStoresOfAnyBoard(b.id).length === 1 ? 'store_by_shipment' : 'board');
        } catch {
          kindOf.set(b.id, 'none'); // no known store
        }
      }
    }
    const listed = world.data.trackedListed.slice(0, LISTED_RISES_PER_DELIVERY).map((p) => p.plu);
    const truth: LedgerArrival[] = [];
    const written = new Set<string>();
    const forecastMs: number[] = [];
    const phases = { world: 0, shelves: 0, patterns: 0, extract: 0, forecast: 0, evidence: 0, analyze: 0 };
    let mark = performance.now();
    const lap = (phase: keyof typeof phases) => {
      const t = performance.now();
      phases[phase] += t - mark;
      mark = t;
    };
    const pollAfter = (boardId: number, at: number) => {
      const step = (pollMinutes.get(boardId) ?? 15) * 60_000;
      return Math.ceil((at + 60_000) / step) * step; // the first poll after it shows
    };

    for (let d = day0; d < day0 + WARM + DAYS; d++) {
      const now = nyInstant(d, 12, 0);
      mark = performance.now();
      world.setTime(now);
      lap('world');
      const rows: { store: number; plu: string; at: Date; q: number }[] = [];
      for (const boardId of pollMinutes.keys()) {
        for (const k of [d - 1, d]) {
          for (const a of world.arrivalsOn(ymd(k), boardId)) {
            const at = pollAfter(boardId, a.at);
            const key = `${a.boardId}|${a.storeNumber}|${a.plu}|${at}`;
            if (at > now || written.has(key)) continue;
            written.add(key);
            rows.push({ store: storeIds.get(`${a.boardId}|${a.storeNumber}`)!, plu: a.plu, at: new Date(at), q: a.quantity });
          }
          // Wake's whole catalog is polled (tiers): its deliveries show as many products rising, from which the
          // delivery pattern is inferred. The other boards are polled for hunted and watched products only.
          for (const r of boardId === WAKE_BOARD_ID ? world.deliveriesOn(ymd(k), boardId) : []) {
            const at = pollAfter(boardId, r.at.getTime());
            const key = `${boardId}|${r.storeNumber}|delivery|${at}`;
            if (at > now || written.has(key)) continue;
            written.add(key);
            for (const plu of listed) rows.push({ store: storeIds.get(`${boardId}|${r.storeNumber}`)!, plu, at: new Date(at), q: 1 });
          }
        }
      }
      if (rows.length) {
        await client.query(
          `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
           SELECT store_id, plu, checked_at, 0, q, q, 'increase' FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::int[]) AS r(store_id, plu, checked_at, q)
           ON CONFLICT (store_id, plu, checked_at) DO UPDATE SET new_quantity = inventory_history.new_quantity + EXCLUDED.delta, delta = inventory_history.delta + EXCLUDED.delta`,
          [rows.map((r) => r.store), rows.map((r) => r.plu), rows.map((r) => r.at), rows.map((r) => r.q)],
        );
        lap('shelves');
        await updateDeliveryPatterns(nyDate(new Date(now)));
        lap('patterns');
      }

      const extract = world.extract();
      if (extract.dayNumber === d) {
        const [date, time] = extract.extractDatetime.split(' ');
        const [h, m, s] = time.split(':').map(Number);
        const extractedAt = new Date(nyInstant(d, h, m) + s * 1000);
        if (date !== ymd(d)) throw new Error(`extract of ${date} on ${ymd(d)}`);
        await applyShipmentsExtract(
          extractedAt,
          extract.records.map((r) => ({ plu: r.product.plu, boardName: r.board.name, units: r.units, productName: r.product.name })),
        );
      }
      lap('extract');
      const t0 = performance.now();
      await forecastNewShipments(new Date(now));
      forecastMs.push(performance.now() - t0);
      lap('forecast');
      await updateForecasts(new Date(now));
      lap('evidence');
      if (d >= day0 + WARM + SETTLE_DAYS && d < day0 + WARM + DAYS - TAIL_DAYS) truth.push(...world.arrivalsOn(ymd(d - 1)));
      // The tables grow a year in minutes, faster than autovacuum's statistics follow: refresh them weekly.
      if ((d - day0) % 7 === 6) await client.query('ANALYZE inventory_history, shipments, incoming, forecasts, forecast_scores');
      lap('analyze');
      if ((d - day0) % 30 === 29) console.error(`  … day ${d - day0 + 1} of ${WARM + DAYS} (${ymd(d)}), ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    await updateForecasts(new Date(nyInstant(day0 + WARM + DAYS + 30, 12, 0)));

    // Score against the world's truth.
    const forecasts = (
      await client.query<ForecastRow>(`
        SELECT i.board_id, s.store_number, i.plu, f.named, f.named_at, i.precision,
               (f.window_start - DATE '1970-01-01') AS ws, (f.window_end - DATE '1970-01-01') AS we
          FROM forecasts f JOIN incoming i ON i.id = f.incoming_id LEFT JOIN stores s ON s.id = f.store_id
         WHERE f.named`)
    ).rows;
    const scoredFrom = day0 + WARM + SETTLE_DAYS;
    const scoredTo = day0 + WARM + DAYS - TAIL_DAYS;
    const byKey = new Map<string, (ForecastRow & { hit?: boolean })[]>();
    const keyOf = (kind: string, boardId: number, store: number | null, plu: string) => `${boardId}|${kind === 'board' ? '-' : store}|${plu}`;
    for (const f of forecasts) {
      const k = keyOf(kindOf.get(f.board_id)!, f.board_id, f.store_number, f.plu);
      byKey.set(k, [...(byKey.get(k) ?? []), f]);
    }
    const stats = new Map<string, { arrivals: number; recalled: number; leads: number[]; named: number; hits: number }>();
    const stat = (kind: string) => stats.get(kind) ?? stats.set(kind, { arrivals: 0, recalled: 0, leads: [], named: 0, hits: 0 }).get(kind)!;
    for (const a of truth) {
      const kind = kindOf.get(a.boardId)!;
      const s = stat(kind);
      s.arrivals++;
      const covering = (byKey.get(keyOf(kind, a.boardId, a.storeNumber, a.plu)) ?? []).filter((f) => f.ws <= a.day && a.day <= f.we);
      for (const f of covering) f.hit = true;
      const ahead = covering.filter((f) => f.named_at && f.named_at.getTime() <= a.at - AHEAD_MS);
      if (ahead.length) {
        s.recalled++;
        s.leads.push((a.at - Math.min(...ahead.map((f) => f.named_at!.getTime()))) / HOUR_MS);
      }
    }
    for (const list of byKey.values()) {
      for (const f of list) {
        if (f.ws < scoredFrom || f.we >= scoredTo) continue;
        const s = stat(kindOf.get(f.board_id)!);
        s.named++;
        if (f.hit) s.hits++;
      }
    }

    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
    console.log(`\nbench:forecast — seed ${SEED}, ${WARM} warm-up days, ${DAYS} days replayed (${ymd(day0 + WARM)} … ${ymd(day0 + WARM + DAYS - 1)}), scored ${ymd(scoredFrom)} … ${ymd(scoredTo - 1)}`);
    console.log('board kind          arrivals  recall   precision  named pairs  median lead');
    const verdicts: string[] = [];
    for (const kind of ['shelf', 'store_by_shipment', 'board']) {
      const s = stats.get(kind);
      if (!s) continue;
      const recall = s.recalled / s.arrivals;
      const precision = s.hits / s.named;
      const lead = median(s.leads);
      console.log(`${kind.padEnd(18)} ${String(s.arrivals).padStart(9)}  ${pct(recall).padStart(6)}  ${pct(precision).padStart(9)}  ${String(s.named).padStart(11)}  ${lead.toFixed(0).padStart(9)} h`);
      const target = TARGETS[kind as keyof typeof TARGETS];
      if (target) {
        const ok = recall >= target.recall && (!('precision' in target) || precision >= target.precision) && (!('leadHours' in target) || lead >= target.leadHours);
        verdicts.push(`${kind}: ${ok ? 'meets' : 'MISSES'} its targets (recall ≥ ${pct(target.recall)}${'precision' in target ? `, precision ≥ ${pct(target.precision)}, median lead ≥ ${target.leadHours} h` : ''})`);
      }
    }
    const ms = forecastMs.slice(WARM);
    console.log(`forecast of one day's extract, every board: median ${median(ms).toFixed(0)} ms, p95 ${p95(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (target < 10,000 ms)`);
    verdicts.push(`forecast step: ${Math.max(...ms) < 10_000 ? 'meets' : 'MISSES'} its target`);
    for (const v of verdicts) console.log(`  ${v}`);
    console.log(`replay took ${((performance.now() - started) / 1000).toFixed(0)} s (${Object.entries(phases).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)} s`).join(', ')})`);
    const counts = await db.$queryRaw<{ incoming: number; forecasts: number; scores: number }[]>`
      SELECT (SELECT count(*)::int FROM incoming) AS incoming, (SELECT count(*)::int FROM forecasts) AS forecasts, (SELECT count(*)::int FROM forecast_scores) AS scores`;
    console.log(`rows: ${counts[0].incoming} incoming, ${counts[0].forecasts} forecasts, ${counts[0].scores} shelf arrivals scored`);
  } finally {
    await client.end();
    await disconnectDb();
    if (keep) console.log(`kept: ${database.url}`);
    else await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
