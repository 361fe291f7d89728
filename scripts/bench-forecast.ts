// npm run bench:forecast (issue 26): replays the simulator's world day by day through the real forecasting code
// and scores it against the world's own truth (simulator/arrivals.ts: shipments cause arrivals).
//
// Each simulated day at 12:00 New York: the shelf boards' arrivals shown since the last step go into
// inventory_history at the poll after them (hunted products, and each truck's rises of everyday products: at Wake,
// whose whole catalog is polled, of 40 tracked Listed whiskeys; at the other boards, of the delivery probes
// (lib/ingest/tiers.ts) — so each store's delivery pattern is inferred as the scraper's would be), updateDeliveryPatterns runs, the day's extract goes through
// the real applyShipmentsExtract, then forecastNewShipments (timed: the forecast of one day's extract for every
// board) and updateForecasts. A warm-up (default 60 days) builds the history the model learns from; then
// `--days` (default 365) are scored, per board kind:
//   recall    share of the world's arrivals of hunted products named (store — for a board of several stores
//             whose shelves are not read, the board — and a window containing the day) at least 12 h before;
//   precision share of named (store, window) pairs, as they stood when their window opened, that received it;
//   lead      median time from the first naming to the arrival, of the arrivals recalled.
// The world's stores include trucks of other habits (simulator/README.md): Wake's and New Hanover's stores that
// deliver twice a week, on shifted days (holidays, some weeks a day off) and every 14 days; the Wake stores start
// without a delivery pattern (none is reference data: docs/decisions/030) and the replay learns them.
// Two worlds (issue 37, item 5): `--world classic|varied|both` (default both, one after the other, each in its own
// database): the classic world and the varied one, whose boards keep other habits (rotation lists, a Saturday
// drop, tiers, business-day lags, a state truck to one-store boards 1–5 business days after the extract;
// simulator/README.md, Dynamics). Each world's table is judged on the issue's targets (TARGETS), and each
// prints the calibration of its store forecasts (lib/forecast/calibration.ts, the record's rule): per board kind, the forecasts whose
// outcome is known by the likelihood they stated at first (10 buckets), and the share that came true; a bucket of
// at least 50 forecasts off by more than 10 points fails. The exit code is 1 when any target is missed.
// Beside the model, each world's ceiling (bench/ceiling.ts): the recall and precision a forecaster knowing
// the world's own rules (weights, lists, tiers, the board's state) but not each shipment's draws would reach, so a
// miss says whether the model or the world holds the figure down.
// Needs DATABASE_URL (a Postgres server; the bench makes and drops its own database). --seed N, --warm N, --keep.
// bench/replay-model.ts replays the same worlds through the model's pure functions alone (no database).
import pg from 'pg';
import { calibrationBuckets, miscalibrated, sumForecasts, CALIBRATION_MIN_FORECASTS, CALIBRATION_TOLERANCE, type JudgedForecast } from '../lib/forecast/calibration.ts';
import { HOUR_MS, nyInstant, nyLocal, ymd } from '../simulator/clock.ts';
import { SimWorld, type LedgerArrival, type WorldHabits } from '../simulator/world.ts';
import { bestPrecisionAt, shelfCeiling } from '../bench/ceiling.ts';
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
/** Wake's everyday products the bench writes rises of (the real scraper reads all; these keep the bench's history small). */
const BENCH_LISTED = 40;
/** Issue 37's targets, on each world. */
const TARGETS = { shelf: { recall: 0.85, precision: 0.65, leadHours: 24 }, store_by_shipment: { recall: 0.95 }, board: { recall: 0.9 } } as const;
const WORLD_ARG = (() => {
  const i = process.argv.indexOf('--world');
  return i >= 0 ? process.argv[i + 1] : 'both';
})();
if (!['classic', 'varied', 'both'].includes(WORLD_ARG)) {
  console.error(`bench:forecast: --world takes classic, varied or both (not ${WORLD_ARG})`);
  process.exit(2);
}
const WORLDS: WorldHabits[] = WORLD_ARG === 'both' ? ['classic', 'varied'] : [WORLD_ARG as WorldHabits];

interface CalibrationSource {
  board_id: number;
  store_number: number | null;
  plu: string;
  ws: number;
  we: number;
  first: number;
  outcome: string;
}

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
  const missed: string[] = [];
  for (const habits of WORLDS) missed.push(...(await replayWorld(habits)).map((m) => `${habits} world: ${m}`));
  if (WORLDS.length > 1 || missed.length) {
    console.log(missed.length ? `\nbench:forecast MISSES ${missed.length} target(s):` : '\nbench:forecast meets every target on every world.');
    for (const m of missed) console.log(`  ${m}`);
  }
  if (missed.length) process.exitCode = 1;
}

/** Replays one world into a database of its own, prints its tables; returns the targets it missed. */
async function replayWorld(habits: WorldHabits): Promise<string[]> {
  const { createTestDatabase } = await import('../testing/database.ts');
  const database = await createTestDatabase(`bench_forecast_${habits}`, 'reference');
  const keep = process.argv.includes('--keep');
  const { setDatabaseUrl, disconnectDb, db } = await import('../lib/db/index.ts');
  await setDatabaseUrl(database.url);
  const { applyShipmentsExtract } = await import('../lib/ingest/shipments.ts');
  const { updateDeliveryPatterns } = await import('../lib/ingest/delivery-pattern.ts');
  const { forecastNewShipments, updateForecasts } = await import('../lib/forecast/forecast.ts');
  const { deliveryProbes } = await import('../lib/ingest/tiers.ts');
  const { nyDate } = await import('../lib/time.ts');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const missed: string[] = [];

  try {
    const started = performance.now();
    const world = new SimWorld({ seed: SEED, start: new Date(nyInstant(20458, 0, 0)), historyDays: 0, habits }); // Monday 2026-01-05
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
    const benchListed = new Set(world.data.trackedListed.slice(0, BENCH_LISTED).map((p) => p.plu));
    const truth: LedgerArrival[] = [];
    /** Every arrival at a shelf board from the first day (the ceiling rebuilds each board's rotation from it). */
    const shelfArrivals: LedgerArrival[] = [];
    /** Every arrival at a one-store board (board|store|plu → days): the truth its forecasts' calibration is judged on. */
    const oneStoreArrivals = new Map<string, number[]>();
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
      const probes = new Set(await deliveryProbes(new Date(now)));
      for (const boardId of pollMinutes.keys()) {
        for (const k of [d - 1, d]) {
          for (const a of world.arrivalsOn(ymd(k), boardId)) {
            const at = pollAfter(boardId, a.at);
            const key = `${a.boardId}|${a.storeNumber}|${a.plu}|${at}`;
            if (at > now || written.has(key)) continue;
            written.add(key);
            rows.push({ store: storeIds.get(`${a.boardId}|${a.storeNumber}`)!, plu: a.plu, at: new Date(at), q: a.quantity });
          }
          // A truck shows as many products rising. Wake's whole catalog is polled (tiers): its deliveries raise the
          // everyday products (here BENCH_LISTED of the world's tracked Listed whiskeys, those the truck restocked).
          // The other boards are asked their hunted and watched products and the delivery probes the product picks
          // from Wake's history (lib/ingest/tiers.ts deliveryProbes): the probes this truck restocked rise there.
          const shown = boardId === WAKE_BOARD_ID ? benchListed : probes;
          for (const r of world.deliveriesOn(ymd(k), boardId)) {
            const at = pollAfter(boardId, r.at.getTime());
            const key = `${boardId}|${r.storeNumber}|delivery|${at}`;
            if (at > now || written.has(key)) continue;
            written.add(key);
            for (const item of r.items) {
              if (item.after > item.before && shown.has(item.plu)) rows.push({ store: storeIds.get(`${boardId}|${r.storeNumber}`)!, plu: item.plu, at: new Date(at), q: item.after - item.before });
            }
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
      const yesterday = world.arrivalsOn(ymd(d - 1));
      for (const a of yesterday) if (kindOf.get(a.boardId) === 'shelf') shelfArrivals.push(a);
      if (d >= day0 + WARM + SETTLE_DAYS && d < day0 + WARM + DAYS - TAIL_DAYS) truth.push(...yesterday);
      for (const a of yesterday) {
        if (kindOf.get(a.boardId) !== 'store_by_shipment') continue;
        const key = `${a.boardId}|${a.storeNumber}|${a.plu}`;
        oneStoreArrivals.set(key, [...(oneStoreArrivals.get(key) ?? []), a.day]);
      }
      // The tables grow a year in minutes, faster than autovacuum's statistics follow: refresh them weekly.
      if ((d - day0) % 7 === 6) await client.query('ANALYZE inventory_history, shipments, incoming, forecasts, forecast_scores');
      lap('analyze');
      if ((d - day0) % 30 === 29) console.error(`  … day ${d - day0 + 1} of ${WARM + DAYS} (${ymd(d)}), ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    await updateForecasts(new Date(nyInstant(day0 + WARM + DAYS + 30, 12, 0)));
    // The last shipments' arrivals still to come are planned already: the ceiling sees every shipment whole.
    for (let d = day0 + WARM + DAYS - 1; d < day0 + WARM + DAYS + 40; d++) for (const boardId of pollMinutes.keys()) shelfArrivals.push(...world.arrivalsOn(ymd(d), boardId));

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
      // Shelf boards are also counted one by one ("shelf 179"): each keeps its own habit in the varied world.
      const all = kind === 'shelf' ? [stat(kind), stat(`shelf ${a.boardId}`)] : [stat(kind)];
      for (const s of all) s.arrivals++;
      const covering = (byKey.get(keyOf(kind, a.boardId, a.storeNumber, a.plu)) ?? []).filter((f) => f.ws <= a.day && a.day <= f.we);
      for (const f of covering) f.hit = true;
      const ahead = covering.filter((f) => f.named_at && f.named_at.getTime() <= a.at - AHEAD_MS);
      if (ahead.length) {
        for (const s of all) {
          s.recalled++;
          s.leads.push((a.at - Math.min(...ahead.map((f) => f.named_at!.getTime()))) / HOUR_MS);
        }
      }
    }
    for (const list of byKey.values()) {
      for (const f of list) {
        if (f.ws < scoredFrom || f.we >= scoredTo) continue;
        const kind = kindOf.get(f.board_id)!;
        for (const s of kind === 'shelf' ? [stat(kind), stat(`shelf ${f.board_id}`)] : [stat(kind)]) {
          s.named++;
          if (f.hit) s.hits++;
        }
      }
    }

    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
    console.log(`\nbench:forecast, the ${habits} world — seed ${SEED}, ${WARM} warm-up days, ${DAYS} days replayed (${ymd(day0 + WARM)} … ${ymd(day0 + WARM + DAYS - 1)}), scored ${ymd(scoredFrom)} … ${ymd(scoredTo - 1)}`);
    console.log('board kind          arrivals  recall   precision  named pairs  median lead');
    const verdicts: string[] = [];
    const shelfBoardKinds = [...pollMinutes.keys()].sort((a, b) => a - b).map((id) => `shelf ${id}`);
    for (const kind of ['shelf', ...shelfBoardKinds, 'store_by_shipment', 'board']) {
      const s = stats.get(kind);
      if (!s) continue;
      const recall = s.recalled / s.arrivals;
      const precision = s.hits / s.named;
      const lead = median(s.leads);
      const habit = kind.startsWith('shelf ') ? `  (${world.boardHabit(Number(kind.slice(6)))?.name ?? 'classic'})` : '';
      console.log(`${(kind.startsWith('shelf ') ? `  ${kind}` : kind).padEnd(18)} ${String(s.arrivals).padStart(9)}  ${pct(recall).padStart(6)}  ${pct(precision).padStart(9)}  ${String(s.named).padStart(11)}  ${lead.toFixed(0).padStart(9)} h${habit}`);
      const target = TARGETS[kind as keyof typeof TARGETS];
      if (target) {
        const misses = [
          recall >= target.recall ? '' : `recall ${pct(recall)} < ${pct(target.recall)}`,
          !('precision' in target) || precision >= target.precision ? '' : `precision ${pct(precision)} < ${pct(target.precision)}`,
          !('leadHours' in target) || lead >= target.leadHours ? '' : `median lead ${lead.toFixed(0)} h < ${target.leadHours} h`,
        ].filter(Boolean);
        verdicts.push(`${kind}: ${misses.length ? `MISSES its targets (${misses.join(', ')})` : 'meets its targets'} (recall ≥ ${pct(target.recall)}${'precision' in target ? `, precision ≥ ${pct(target.precision)}, median lead ≥ ${target.leadHours} h` : ''})`);
        if (misses.length) missed.push(`${kind}: ${misses.join(', ')}`);
      }
    }
    for (const kind of Object.keys(TARGETS)) {
      if (!stats.has(kind)) {
        verdicts.push(`${kind}: MISSES its targets (no arrival scored)`);
        missed.push(`${kind}: no arrival scored`);
      }
    }
    // The ceiling: how far the world's own rules reach, scored the same way (which stores, not when).
    const ceilingStarted = performance.now();
    const ceiling = shelfCeiling(world, shelfArrivals, scoredFrom, scoredTo);
    console.log(`ceiling of the shelf boards (a forecaster knowing the world's rules, not each shipment's draws; ${((performance.now() - ceilingStarted) / 1000).toFixed(0)} s): recall / precision by the chance it names from`);
    const shown = [0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6];
    console.log(`scope        ${shown.map((t) => `≥ ${t}`.padStart(12)).join('')}`);
    for (const c of ceiling) {
      const scope = c.scope === 'shelf' ? 'shelf' : `  shelf ${c.scope}`;
      const cells = shown.map((t) => c.points.find((p) => p.threshold === t)!).map((p) => `${(100 * p.recall).toFixed(1)}/${(100 * p.precision).toFixed(1)}`.padStart(12));
      console.log(`${scope.padEnd(12)} ${cells.join('')}${c.unexplained ? `  (${c.unexplained} extract rows not redrawn as the world drew them)` : ''}`);
    }
    const best = bestPrecisionAt(ceiling[0].points, TARGETS.shelf.recall);
    const reachable = best !== null && best.precision >= TARGETS.shelf.precision;
    verdicts.push(
      `shelf ceiling: ${best ? `at recall ≥ ${pct(TARGETS.shelf.recall)} this world's own rules reach precision ${pct(best.precision)} at best (recall ${pct(best.recall)}, named from ${best.threshold})` : `no threshold reaches recall ${pct(TARGETS.shelf.recall)}`}: ${reachable ? 'a model can meet the shelf targets on this world' : 'NO model can meet the shelf targets on this world'}`,
    );

    const ms = forecastMs.slice(WARM);
    console.log(`forecast of one day's extract, every board: median ${median(ms).toFixed(0)} ms, p95 ${p95(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (target < 10,000 ms)`);
    verdicts.push(`forecast step: ${Math.max(...ms) < 10_000 ? 'meets' : 'MISSES'} its target`);
    if (Math.max(...ms) >= 10_000) missed.push(`forecast step: max ${Math.max(...ms).toFixed(0)} ms ≥ 10,000 ms`);

    // Calibration: the store forecasts (named or not) of the scored span whose outcome is known, by the likelihood
    // they stated when first forecast. A shelf board's outcome is the record's own (lib/forecast/forecast.ts
    // updateForecasts: arrived when the store's shelf rose inside the window); a one-store board's forecasts close
    // unscorable (no shelf is read), so the world's truth decides: the store got the product inside the window.
    // A board-level forecast (no store) states no store likelihood and is left out.
    const sources = (
      await client.query<CalibrationSource>(`
        SELECT i.board_id, s.store_number, i.plu, f.first_likelihood AS first, f.outcome::text AS outcome,
               (f.window_start - DATE '1970-01-01') AS ws, (f.window_end - DATE '1970-01-01') AS we
          FROM forecasts f JOIN incoming i ON i.id = f.incoming_id JOIN stores s ON s.id = f.store_id
         WHERE f.outcome <> 'open'`)
    ).rows;
    const calibrationRows = new Map<string, JudgedForecast[]>();
    for (const f of sources) {
      if (f.ws < scoredFrom || f.we >= scoredTo) continue;
      const kind = kindOf.get(f.board_id)!;
      let cameTrue: boolean;
      if (kind === 'shelf' && (f.outcome === 'arrived' || f.outcome === 'not_arrived')) cameTrue = f.outcome === 'arrived';
      else if (kind === 'store_by_shipment') cameTrue = (oneStoreArrivals.get(`${f.board_id}|${f.store_number}|${f.plu}`) ?? []).some((day) => f.ws <= day && day <= f.we);
      else continue;
      calibrationRows.set(kind, [...(calibrationRows.get(kind) ?? []), { likelihood: Number(f.first), cameTrue }]);
    }
    console.log(`calibration of the store forecasts (stated likelihood at first forecast; judged from ${CALIBRATION_MIN_FORECASTS} forecasts a bucket, ±${CALIBRATION_TOLERANCE * 100} points)`);
    console.log('board kind          stated     forecasts  mean stated  came true');
    for (const kind of ['shelf', 'store_by_shipment']) {
      const table = calibrationBuckets(sumForecasts(calibrationRows.get(kind) ?? []));
      const off = new Set(miscalibrated(table));
      for (const b of table) {
        if (!b.forecasts) continue;
        const range = `${(100 * b.from).toFixed(0)}–${(100 * b.to).toFixed(0)}%`;
        console.log(`${kind.padEnd(18)} ${range.padStart(8)}  ${String(b.forecasts).padStart(11)}  ${pct(b.mean_stated!).padStart(11)}  ${pct(b.came_true!).padStart(9)}${off.has(b) ? '  OFF' : ''}`);
      }
      const offList = [...off].map((b) => `${(100 * b.from).toFixed(0)}–${(100 * b.to).toFixed(0)}% says ${pct(b.mean_stated!)}, ${pct(b.came_true!)} came true (${b.forecasts})`);
      verdicts.push(`${kind} calibration: ${offList.length ? `OFF in ${offList.join('; ')}` : 'within 10 points in every bucket of 50 or more'}`);
      if (offList.length) missed.push(`${kind} calibration: ${offList.join('; ')}`);
    }
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
  return missed;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
