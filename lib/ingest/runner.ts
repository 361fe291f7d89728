import path from 'node:path';
import pg from 'pg';
import { env } from '../env.ts';
import { DataDirBusyError, lockFile } from '../startup/lock.ts';
import { collectAlerts, processArrivalAlerts } from '../alerts/process.ts';
import { forecastAfterCycle, forecastShipmentsRead } from '../forecast/forecast.ts';
import { databaseUrl } from '../db/index.ts';
import { nyDate, nyParts } from '../time.ts';
import { updateDeliveryPatterns } from './delivery-pattern.ts';
import { applyLocator } from './locator.ts';
import { pollStoreInventory, type PollOptions } from './poll-stores.ts';
import { closeDeadRuns, finishRun, SCRAPER_LOCK_KEY, startRun, thisRunner, type Runner, type RunOutcome } from './runs.ts';
import { applyShipmentsExtract } from './shipments.ts';
import { isSourceError } from './sources/errors.ts';
import { createLimiter } from './sources/http.ts';
import { fetchShipments } from './sources/shipments.ts';
import { fetchWakeLocator } from './sources/wake-locator.ts';
import { CADENCE_SLACK_MINUTES, DAY_MINUTES, nextAskAt } from './schedule.ts';
import { huntedAndWatchedPlus, productsToPoll } from './tiers.ts';
import { pollWarehouse } from './warehouse.ts';
import { db } from '../db/index.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { FIXED_SOURCES } from '../reference/board-sources.ts';
import { effectiveSources, type ShelfSource } from './board-sources.ts';
import { PLATFORMS } from './platforms.ts';

// One scraper cycle: every source due now, each recorded as a run. A lock makes sure two runners never
// overlap (the second logs and skips): on a Postgres server its advisory lock, whatever machine they run
// on; on the embedded database, whose connections all share one session (so its advisory locks exclude
// nobody), a lock file beside the data directory — every process using it runs on this host.

export { SCRAPER_LOCK_KEY };
/**
 * A source of a run: a board source's key (board_sources: "wake_inventory", "durham_inventory", …) or one of
 * the fixed sources (Wake's store locator, the Commission's warehouse report and shipments extract).
 */
export type SourceKey = string;

/**
 * Every source, in the order a cycle runs them: Wake's locator, the boards whose catalog is polled in tiers
 * (Wake), the Commission's, then the other boards' shelves (the enabled board_sources).
 */
export async function allSources(): Promise<SourceKey[]> {
  const shelves = await effectiveSources();
  const tiered = shelves.filter((s) => PLATFORMS[s.platform].catalogTiers).map((s) => s.key);
  const others = shelves.filter((s) => !PLATFORMS[s.platform].catalogTiers).map((s) => s.key);
  return ['wake_locator', ...tiered, 'warehouse', 'shipments', ...others];
}
/** After a failed poll, a board is tried again this soon (or at its cadence, if that is sooner). */
const RETRY_MINUTES = 60;

export interface CycleOptions {
  now?: Date;
  /** Run only these sources (operators: --source); otherwise the ones due now. */
  sources?: SourceKey[];
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface CycleResult {
  skipped: boolean;
  runs: { source: SourceKey; outcome: RunOutcome }[];
}

/** Sources due at `now`: inventory and warehouse every cycle; the locator and shipments when stale. */
export async function dueSources(now: Date): Promise<SourceKey[]> {
  const shelves = await effectiveSources();
  // A board whose catalog is polled in tiers (Wake) is asked every cycle: the tiers pick its products.
  const due: SourceKey[] = [...shelves.filter((s) => PLATFORMS[s.platform].catalogTiers).map((s) => s.key), 'warehouse'];
  const today = nyDate(now);
  const lastOk = async (source: SourceKey) =>
    db.scrapeRun.findFirst({ where: { source, status: { in: ['ok', 'partial'] } }, orderBy: { startedAt: 'desc' }, select: { startedAt: true } });
  const locator = await lastOk('wake_locator');
  if (!locator || nyDate(locator.startedAt) !== today) due.unshift('wake_locator');
  // The extract refreshes about once a day near 11:00; look for it hourly from then until today's is in.
  const totals = await db.shipmentTotal.findFirst({ orderBy: { extractedAt: 'desc' }, select: { extractedAt: true } });
  const haveToday = totals && nyDate(totals.extractedAt) === today;
  const p = nyParts(now);
  if (!totals || (!haveToday && p.hour >= 11 && p.minute < 15)) due.push('shipments');
  for (const source of shelves) if (!PLATFORMS[source.platform].catalogTiers && (await boardDue(source, now))) due.push(source.key);
  return due;
}

/** Any other board is polled at its entry's cadence (poll_minutes), and retried within the hour after a failure. */
async function boardDue(board: ShelfSource, now: Date): Promise<boolean> {
  const minutesSince = (run: { startedAt: Date } | null) => (run ? (now.getTime() - run.startedAt.getTime()) / 60_000 : Infinity);
  const latest = (statuses: ('ok' | 'partial' | 'failed')[]) =>
    db.scrapeRun.findFirst({ where: { source: board.key, status: { in: statuses }, startedAt: { lte: now } }, orderBy: { startedAt: 'desc' }, select: { startedAt: true } });
  const cadence = board.pollMinutes;
  if (minutesSince(await latest(['ok', 'partial', 'failed'])) < Math.min(cadence, RETRY_MINUTES) - CADENCE_SLACK_MINUTES) return false;
  return minutesSince(await latest(['ok', 'partial'])) >= cadence - CADENCE_SLACK_MINUTES;
}

type WriteGate = NonNullable<PollOptions['writeGate']>;

async function runSource(source: SourceKey, board: ShelfSource | undefined, now: Date, signal?: AbortSignal, writeGate?: WriteGate): Promise<RunOutcome> {
  // When each product will be asked again: stock the board has not confirmed by then ages (lib/reports/stock-age.ts).
  if (board && PLATFORMS[board.platform].catalogTiers) {
    const { hot, listed } = await productsToPoll(now);
    const daily = new Set(listed);
    const [everyCycle, nextDay] = [nextAskAt(now, board.pollMinutes), nextAskAt(now, DAY_MINUTES)];
    return pollStoreInventory(board, [...hot, ...listed], { checkedAt: now, signal, nextAskAt: (plu) => (daily.has(plu) ? nextDay : everyCycle) });
  }
  if (board) {
    const again = nextAskAt(now, board.pollMinutes);
    return pollStoreInventory(board, await huntedAndWatchedPlus(board.boardId), { checkedAt: now, signal, writeGate, nextAskAt: () => again });
  }
  switch (source) {
    case 'warehouse':
      return pollWarehouse(now, signal);
    case 'shipments': {
      const extract = await fetchShipments({ signal });
      const r = await applyShipmentsExtract(extract.extractedAt, extract.records);
      const problems = [...extract.warnings, ...r.unknownBoards.map((b) => `unknown board "${b}"`)];
      const errors = [
        ...(r.unknownBoards.length ? [`${r.unknownBoards.length} board name(s) matched no known board`] : []),
        ...(r.totalsKept ? [`${r.totalsKept} product-board total(s) missing or cut short in this extract: their last totals kept`] : []),
      ];
      return {
        status: errors.length ? 'partial' : 'ok',
        itemsSeen: extract.records.length,
        changesWritten: r.shipmentsWritten,
        error: errors.length ? errors.join('; ') : null,
        details: { ...r, extractedAt: extract.extractedAt.toISOString(), warnings: problems.slice(0, 25) },
      };
    }
    case 'wake_locator': {
      // Wake's store locator is on Wake's site: its board source's.
      const wake = (await effectiveSources()).find((s) => s.boardId === WAKE_BOARD_ID);
      if (!wake) throw new Error("Wake's board source (board 179) is not enabled in board_sources");
      return applyLocator(await fetchWakeLocator({ baseUrl: wake.baseUrl, signal }));
    }
    default:
      throw new RangeError(`no reader for source ${source}`);
  }
}

/** Runs one source as a recorded run; a source's failure is its run's outcome, never the cycle's. */
async function recordedRun(
  source: SourceKey,
  board: ShelfSource | undefined,
  now: Date,
  options: CycleOptions & { runner: Runner },
  writeGate?: WriteGate,
): Promise<RunOutcome> {
  const boardId = board?.boardId ?? (source === 'wake_locator' ? WAKE_BOARD_ID : null);
  const id = await startRun(source, now, options.runner, boardId);
  let outcome: RunOutcome;
  try {
    outcome = await runSource(source, board, now, options.signal, writeGate);
  } catch (error) {
    const message = isSourceError(error) ? error.message : (error as Error)?.message ?? String(error);
    const noData = isSourceError(error) && error.kind === 'no_data';
    outcome = { status: noData ? 'ok' : 'failed', itemsSeen: 0, changesWritten: 0, error: message };
  }
  await finishRun(id, outcome);
  options.log?.(`${source}: ${outcome.status}, ${outcome.itemsSeen} seen, ${outcome.changesWritten} changes${outcome.error ? ` — ${outcome.error}` : ''}`);
  // The shipments just dated are forecast before their alerts are collected: a shipment and its "on its way"
  // alert are logged in one collection, so a channel that takes both sends one of them (decision 028).
  if (source === 'shipments' && outcome.status !== 'failed') await forecastShipmentsRead(now, options.log);
  if (outcome.changesWritten > 0 && (board || source === 'shipments')) await collectNow(now, options.log);
  return outcome;
}

/**
 * The alerts of what a source just wrote, logged with their delivery jobs as soon as its write commits: the
 * scraper's standing worker sends them at once, without waiting for the cycle's other boards (minutes at
 * their politeness). The cycle's alert step after every source still collects, sweeps and delivers, so a
 * collection that fails here is only late.
 */
async function collectNow(now: Date, log: CycleOptions['log']): Promise<void> {
  try {
    await collectAlerts({ checkedAt: now, log });
  } catch (error) {
    log?.(`alerts: collection after the source's write failed (the cycle's alert step retries it) — ${(error as Error)?.message ?? String(error)}`);
  }
}

/** The embedded database (PGlite): one backend session for every connection, so advisory locks exclude nobody there. */
async function isEmbeddedDatabase(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ version: string }>('SELECT version()');
  return rows[0].version.includes('PGlite');
}

/** Each source's run in turn, through `gate` so it waits while a board writes. */
async function runOneAfterAnother(
  sources: SourceKey[],
  shelves: Map<SourceKey, ShelfSource>,
  now: Date,
  options: CycleOptions & { runner: Runner },
  gate: WriteGate,
): Promise<CycleResult['runs']> {
  const runs: CycleResult['runs'] = [];
  for (const source of sources) {
    if (options.signal?.aborted) break;
    runs.push({ source, outcome: await gate(() => recordedRun(source, shelves.get(source), now, options)) });
  }
  return runs;
}

/**
 * The other boards' shelves are read while Wake's sources run: at their politeness (~260 pages, 2 s apart on
 * 2 workers: ~4 minutes a board), one after another after Wake's they took a cycle past its 15 minutes,
 * and the next Wake poll was skipped. Each board's site has its own limiter, so reading them side by side
 * asks no site any faster. Writing stays one source at a time (`gate`): a board's snapshot waits while a
 * Wake source runs or another board writes, so no two sources' transactions meet (new products, the
 * alert cursor's order of history ids). Each source's alerts are logged as soon as it has written (collectNow).
 */
async function runBoardsAlongside(
  sources: SourceKey[],
  shelves: Map<SourceKey, ShelfSource>,
  now: Date,
  options: CycleOptions & { runner: Runner },
): Promise<CycleResult['runs']> {
  // One write at a time, in the order they ask.
  const gate: WriteGate = createLimiter({ concurrency: 1, delayMs: 0 }).run;
  const isOtherBoard = (source: SourceKey) => {
    const board = shelves.get(source);
    return board !== undefined && !PLATFORMS[board.platform].catalogTiers;
  };
  const boards = Promise.all(
    (options.signal?.aborted ? [] : sources.filter(isOtherBoard)).map(async (source) => ({
      source,
      outcome: await recordedRun(source, shelves.get(source), now, options, gate),
    })),
  );
  boards.catch(() => {}); // awaited below; a database error there must not go unhandled meanwhile
  const runs = await runOneAfterAnother(sources.filter((s) => !isOtherBoard(s)), shelves, now, options, gate);
  return [...runs, ...(await boards)];
}

/** The embedded database's scraper lock file: beside its data directory, like npm start's own lock. */
function embeddedLockFile(): string {
  return `${path.resolve(env().EMBEDDED_DB_DIR)}.scraper.lock`;
}
/** One cycle at a time in this process too (the lock file is this process's either way). */
let embeddedCycleRunning = false;

/** Takes the scraper's lock; null when another runner holds it. */
async function takeLock(client: pg.Client, embedded: boolean): Promise<{ runner: Runner; release(): Promise<void> } | null> {
  if (embedded) {
    if (embeddedCycleRunning) return null;
    try {
      const file = lockFile(embeddedLockFile());
      embeddedCycleRunning = true;
      return {
        runner: thisRunner(null),
        release: async () => {
          embeddedCycleRunning = false;
          file.release();
        },
      };
    } catch (error) {
      if (error instanceof DataDirBusyError) return null;
      throw error;
    }
  }
  // Keepalives on the lock's own connection: if this host vanishes without closing it, the server notices
  // within ~1.5 minutes and drops the session and its lock, so the run is seen as dead (closeDeadRuns).
  await client.query('SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 6');
  const { rows } = await client.query<{ ok: boolean; session: number }>('SELECT pg_try_advisory_lock($1) AS ok, pg_backend_pid() AS session', [SCRAPER_LOCK_KEY]);
  if (!rows[0].ok) return null;
  return {
    runner: thisRunner(rows[0].session),
    release: async () => {
      await client.query('SELECT pg_advisory_unlock($1)', [SCRAPER_LOCK_KEY]).catch(() => {});
    },
  };
}

export async function runCycle(options: CycleOptions = {}): Promise<CycleResult> {
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const embedded = await isEmbeddedDatabase(client);
    const lock = await takeLock(client, embedded);
    if (!lock) {
      log('another scraper run holds the lock; skipping this cycle');
      return { skipped: true, runs: [] };
    }
    try {
      const dead = await closeDeadRuns();
      if (dead) log(`closed ${dead} run(s) left open by a scraper that stopped (interrupted)`);
      const now = options.now ?? new Date();
      const shelves = new Map((await effectiveSources()).map((s) => [s.key, s]));
      const sources = options.sources ?? (await dueSources(now));
      const unknown = sources.filter((s) => !shelves.has(s) && !(FIXED_SOURCES as readonly string[]).includes(s));
      if (unknown.length) throw new RangeError(`no such source: ${unknown.join(', ')} (not an enabled board source nor ${FIXED_SOURCES.join(', ')})`);
      const runs = await runBoardsAlongside(sources, shelves, now, { ...options, runner: lock.runner });
      if (runs.some((r) => shelves.has(r.source) && r.outcome.changesWritten > 0)) await updateDeliveryPatterns(nyDate(now));
      // Forecasts (lib/forecast): new shipments once the extract is read, the shelves' evidence every cycle.
      await forecastAfterCycle(now, runs.some((r) => r.source === 'shipments' && r.outcome.status !== 'failed'), log);
      // Arrival alerts (lib/alerts) after every cycle, whatever the sources did: new arrivals, retries and
      // digests that are due go out on schedule even while a source is down. Never throws, so a mail
      // problem cannot fail the scrape.
      await processArrivalAlerts({ checkedAt: now, log });
      return { skipped: false, runs };
    } finally {
      await lock.release();
    }
  } finally {
    await client.end();
  }
}
