import { collectAlerts, processArrivalAlerts } from '../alerts/process.ts';
import { forecastAfterCycle, forecastShipmentsRead } from '../forecast/forecast.ts';
import { nyDate, nyParts } from '../time.ts';
import { firstLine, retryOnLostConnection } from '../db/lost-connection.ts';
import { finishCycle, startCycle } from './cycle-record.ts';
import { cycleBudgets, type CycleBudgets } from './cycle-deadline.ts';
import { openFetchWindow, type FetchWindow } from './fetch-window.ts';
import { updateDeliveryPatterns } from './delivery-pattern.ts';
import { applyLocator } from './locator.ts';
import { ALLOCATED_LIST_KEY, pollAllocatedList, pollPriceList, PRICE_LIST_KEY } from './catalog-lists.ts';
import { pollStoreInventory, type PollOptions } from './poll-stores.ts';
import { closeDeadRuns, finishRun, SCRAPER_LOCK_KEY, startRun, type Runner, type RunOutcome } from './runs.ts';
import { takeScraperLock } from './scraper-lock.ts';
import { applyShipmentsExtract } from './shipments.ts';
import { isSourceError } from './sources/errors.ts';
import { createLimiter } from './sources/http.ts';
import { fetchShipments } from './sources/shipments.ts';
import { fetchWakeLocator } from './sources/wake-locator.ts';
import { CADENCE_SLACK_MINUTES, DAY_MINUTES, nextAskAt } from './schedule.ts';
import { boardProductsToPoll, productsToPoll } from './tiers.ts';
import { pollWarehouse } from './warehouse.ts';
import { db } from '../db/index.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { FIXED_SOURCES } from '../reference/board-sources.ts';
import { effectiveSources, type ShelfSource } from './board-sources.ts';
import { PLATFORMS } from './platforms.ts';

// One scraper cycle: every source due now, each recorded as a run, then delivery patterns, forecasts and alerts;
// the cycle itself is recorded too (scraper_cycles). A lock makes sure two runners never overlap (the second logs
// and skips; lib/ingest/scraper-lock.ts). The scraper runs each cycle in a process of its own with a deadline
// (lib/ingest/cycle-process.ts); within it, each source fetches within a window (lib/ingest/fetch-window.ts) and a
// lost database connection is tried again on a new one (lib/db/lost-connection.ts).

export { SCRAPER_LOCK_KEY };
/**
 * A source of a run: a board source's key (board_sources: "wake_inventory", "durham_inventory", …) or one of
 * the fixed sources (Wake's store locator, the Commission's warehouse report and shipments extract).
 */
export type SourceKey = string;

/**
 * Every source, in the order a cycle runs them: Wake's locator, the boards whose catalog is polled in tiers
 * (Wake), the Commission's (its reports, then its two catalog lists), then the other boards' shelves (the enabled
 * board_sources).
 */
export async function allSources(): Promise<SourceKey[]> {
  const shelves = await effectiveSources();
  const tiered = shelves.filter((s) => PLATFORMS[s.platform].catalogTiers).map((s) => s.key);
  const others = shelves.filter((s) => !PLATFORMS[s.platform].catalogTiers).map((s) => s.key);
  return ['wake_locator', ...tiered, 'warehouse', 'shipments', PRICE_LIST_KEY, ALLOCATED_LIST_KEY, ...others];
}
/** After a failed poll, a board is tried again this soon (or at its cadence, if that is sooner). */
const RETRY_MINUTES = 60;

export interface CycleOptions {
  now?: Date;
  /** Run only these sources (operators: --source); otherwise the ones due now. */
  sources?: SourceKey[];
  /** Aborts when the scraper is stopping (SIGTERM): no new request starts, what was fetched is written, later steps are skipped. */
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** How long sources may fetch (lib/ingest/cycle-deadline.ts); default from SCRAPER_CYCLE_DEADLINE_MS. */
  budgets?: CycleBudgets;
  /** Told when the cycle is recorded (scraper_cycles) and as each step starts and ends: the scraper names the step that overran. */
  onCycle?: (cycleId: number) => void;
  onStep?: (step: string, state: 'start' | 'end') => void | Promise<void>;
}

export interface CycleResult {
  skipped: boolean;
  runs: { source: SourceKey; outcome: RunOutcome }[];
}

/** Sources due at `now`: inventory and warehouse every cycle; the locator, shipments and the catalog lists when stale. */
export async function dueSources(now: Date): Promise<SourceKey[]> {
  const shelves = await effectiveSources();
  // A board whose catalog is polled in tiers (Wake) is asked every cycle: the tiers pick its products.
  const due: SourceKey[] = [...shelves.filter((s) => PLATFORMS[s.platform].catalogTiers).map((s) => s.key), 'warehouse'];
  const today = nyDate(now);
  const lastOk = async (source: SourceKey) =>
    db.scrapeRun.findFirst({ where: { source, status: { in: ['ok', 'partial'] } }, orderBy: { startedAt: 'desc' }, select: { startedAt: true } });
  const locator = await lastOk('wake_locator');
  if (!locator || nyDate(locator.startedAt) !== today) due.unshift('wake_locator');
  // The catalog lists change at most daily: read once a day, tried again an hour after a failure.
  for (const list of [PRICE_LIST_KEY, ALLOCATED_LIST_KEY]) if (await dailyDue(list, now)) due.push(list);
  // The extract refreshes about once a day near 11:00; look for it hourly from then until today's is in.
  const totals = await db.shipmentTotal.findFirst({ orderBy: { extractedAt: 'desc' }, select: { extractedAt: true } });
  const haveToday = totals && nyDate(totals.extractedAt) === today;
  const p = nyParts(now);
  if (!totals || (!haveToday && p.hour >= 11 && p.minute < 15)) due.push('shipments');
  for (const source of shelves) if (!PLATFORMS[source.platform].catalogTiers && (await boardDue(source, now))) due.push(source.key);
  return due;
}

/** A daily source is due when it has no whole read this New York day and no attempt within RETRY_MINUTES. */
async function dailyDue(source: SourceKey, now: Date): Promise<boolean> {
  const latest = (statuses: ('ok' | 'partial' | 'failed')[]) =>
    db.scrapeRun.findFirst({ where: { source, status: { in: statuses }, startedAt: { lte: now } }, orderBy: { startedAt: 'desc' }, select: { startedAt: true } });
  const whole = await latest(['ok', 'partial']);
  if (whole && nyDate(whole.startedAt) === nyDate(now)) return false;
  const tried = await latest(['failed']);
  return !tried || now.getTime() - tried.startedAt.getTime() >= (RETRY_MINUTES - CADENCE_SLACK_MINUTES) * 60_000;
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

/** Runs `work` as the named step of the cycle (reported as it starts and ends). */
async function step<T>(options: CycleOptions, name: string, work: () => Promise<T>): Promise<T> {
  await options.onStep?.(name, 'start');
  try {
    return await work();
  } finally {
    await options.onStep?.(name, 'end');
  }
}

async function runSource(source: SourceKey, board: ShelfSource | undefined, now: Date, window: FetchWindow, writeGate?: WriteGate): Promise<RunOutcome> {
  // A source of one or two requests (the Commission's, Wake's locator) simply fails when its window cuts them.
  const signal = window.cut;
  // Its write is one transaction: a connection lost meanwhile rolls it back, and it is written again on a new one.
  const write = <T>(work: () => Promise<T>) => retryOnLostConnection(work);
  // When each product will be asked again: stock the board has not confirmed by then ages (lib/reports/stock-age.ts).
  if (board && PLATFORMS[board.platform].catalogTiers) {
    const { hot, listed } = await productsToPoll(now);
    const daily = new Set(listed);
    const [everyCycle, nextDay] = [nextAskAt(now, board.pollMinutes), nextAskAt(now, DAY_MINUTES)];
    return pollStoreInventory(board, [...hot, ...listed], { checkedAt: now, window, nextAskAt: (plu) => (daily.has(plu) ? nextDay : everyCycle) });
  }
  if (board) {
    const again = nextAskAt(now, board.pollMinutes);
    return pollStoreInventory(board, await boardProductsToPoll(board.boardId, now), { checkedAt: now, window, writeGate, nextAskAt: () => again });
  }
  switch (source) {
    case 'warehouse':
      return pollWarehouse(now, signal, write);
    case 'shipments': {
      const extract = await fetchShipments({ signal });
      const r = await write(() => applyShipmentsExtract(extract.extractedAt, extract.records));
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
    case PRICE_LIST_KEY:
      return pollPriceList(now, signal, write);
    case ALLOCATED_LIST_KEY:
      return pollAllocatedList(now, signal, write);
    case 'wake_locator': {
      // Wake's store locator is on Wake's site: its board source's.
      const wake = (await effectiveSources()).find((s) => s.boardId === WAKE_BOARD_ID);
      if (!wake) throw new Error("Wake's board source (board 179) is not enabled in board_sources");
      const locator = await fetchWakeLocator({ baseUrl: wake.baseUrl, signal });
      return write(() => applyLocator(locator));
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
  options: CycleOptions & { runner: Runner; budgets: CycleBudgets; fetchUntil: number },
  writeGate?: WriteGate,
): Promise<RunOutcome> {
  const boardId = board?.boardId ?? (source === 'wake_locator' ? WAKE_BOARD_ID : null);
  const id = await retryOnLostConnection(() => startRun(source, now, options.runner, boardId), { log: options.log });
  // Each source's own time, and never past the cycle's fetching time (the writes, forecasts and alerts follow).
  const window = openFetchWindow({
    label: board ? `${board.boardName} inventory` : source,
    budgetMs: Math.min(options.budgets.sourceMs, options.fetchUntil - Date.now()),
    shutdown: options.signal,
  });
  let outcome: RunOutcome;
  try {
    outcome = await step(options, `source ${source}`, () => runSource(source, board, now, window, writeGate));
  } catch (error) {
    const message = isSourceError(error) ? error.message : firstLine(error);
    const noData = isSourceError(error) && error.kind === 'no_data';
    outcome = { status: noData ? 'ok' : 'failed', itemsSeen: 0, changesWritten: 0, error: message };
  } finally {
    window.close();
  }
  await retryOnLostConnection(() => finishRun(id, outcome), { log: options.log });
  options.log?.(`${source}: ${outcome.status}, ${outcome.itemsSeen} seen, ${outcome.changesWritten} changes${outcome.error ? ` — ${outcome.error}` : ''}`);
  // The shipments just dated are forecast before their alerts are collected: a shipment and its "on its way"
  // alert are logged in one collection, so a channel that takes both sends one of them (decision 028).
  if (source === 'shipments' && outcome.status !== 'failed') await step(options, 'forecast the shipments', () => forecastShipmentsRead(now, options.log));
  // The catalog lists' steps (Coming to NC alerts, issue 40) are collected at once too; the warehouse's receipts wait for the
  // cycle's alert step (it writes every cycle, and a receipt is news of days, not minutes).
  const alerting = board || source === 'shipments' || source === PRICE_LIST_KEY || source === ALLOCATED_LIST_KEY;
  if (outcome.changesWritten > 0 && alerting) await step(options, `alerts of ${source}`, () => collectNow(now, options.log));
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

/** Each source's run in turn, through `gate` so it waits while a board writes. */
type RunContext = CycleOptions & { runner: Runner; budgets: CycleBudgets; fetchUntil: number };

async function runOneAfterAnother(
  sources: SourceKey[],
  shelves: Map<SourceKey, ShelfSource>,
  now: Date,
  options: RunContext,
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
async function runBoardsAlongside(sources: SourceKey[], shelves: Map<SourceKey, ShelfSource>, now: Date, options: RunContext): Promise<CycleResult['runs']> {
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

export async function runCycle(options: CycleOptions = {}): Promise<CycleResult> {
  const log = options.log ?? (() => {});
  // The caller's stop (SIGTERM), or the lock lost to another runner: either way no new request starts.
  const lockLost = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, lockLost.signal]) : lockLost.signal;
  const lock = await takeScraperLock(log, (why) => {
    log(`the scraper lock is lost: ${why}; this cycle writes what it fetched and stops`);
    lockLost.abort(new Error(`the scraper lock was lost: ${why}`));
  });
  if (!lock) {
    log('another scraper run holds the lock; skipping this cycle');
    return { skipped: true, runs: [] };
  }
  const active = new Set<string>();
  const onStep = (name: string, state: 'start' | 'end') => {
    if (state === 'start') active.add(name);
    else active.delete(name);
    return options.onStep?.(name, state);
  };
  let cycleId: number | null = null;
  try {
    cycleId = await retryOnLostConnection(() => startCycle(), { log });
    options.onCycle?.(cycleId);
    const context = { ...options, signal, log, onStep, runner: lock.runner, budgets: options.budgets ?? cycleBudgets() };
    const runs = await cycleSteps({ ...context, fetchUntil: Date.now() + context.budgets.fetchMs });
    const stopped = signal.aborted ? `stopped early: ${(signal.reason as Error)?.message ?? 'SIGTERM'}` : null;
    await retryOnLostConnection(() => finishCycle(cycleId!, 'finished', { error: stopped }), { log }).catch((e) => log(`cycle record: ${firstLine(e)}`));
    return { skipped: false, runs };
  } catch (error) {
    if (cycleId !== null) {
      const failed = { step: [...active].join(', ') || null, error: firstLine(error) };
      await retryOnLostConnection(() => finishCycle(cycleId!, 'failed', failed), { log }).catch(() => {});
    }
    throw error;
  } finally {
    await lock.release();
  }
}

/** The cycle's steps: the sources due, then delivery patterns, forecasts and alerts (skipped when stopping). */
async function cycleSteps(options: RunContext): Promise<CycleResult['runs']> {
  const log = options.log!;
  const stopping = () => options.signal?.aborted ?? false;
  const dead = await retryOnLostConnection(() => closeDeadRuns(), { log });
  if (dead) log(`closed ${dead} run(s) left open by a scraper that stopped (interrupted)`);
  const now = options.now ?? new Date();
  const shelves = new Map((await effectiveSources()).map((s) => [s.key, s]));
  const sources = options.sources ?? (await dueSources(now));
  const unknown = sources.filter((s) => !shelves.has(s) && !(FIXED_SOURCES as readonly string[]).includes(s));
  if (unknown.length) throw new RangeError(`no such source: ${unknown.join(', ')} (not an enabled board source nor ${FIXED_SOURCES.join(', ')})`);
  const runs = await runBoardsAlongside(sources, shelves, now, options);
  // What follows works on what the sources wrote; when stopping, the next cycle does it.
  if (stopping()) return runs;
  // Each is DB work only: a connection lost meanwhile is tried again on a new one; another failure is its own line.
  const guarded = (name: string, work: () => Promise<unknown>) =>
    step(options, name, () => retryOnLostConnection(work, { log })).catch((error) => log(`${name}: failed — ${firstLine(error)}`));
  if (runs.some((r) => shelves.has(r.source) && r.outcome.changesWritten > 0)) await guarded('delivery patterns', () => updateDeliveryPatterns(nyDate(now)));
  // Forecasts (lib/forecast): new shipments once the extract is read, the shelves' evidence every cycle.
  if (!stopping()) await guarded('forecasts', () => forecastAfterCycle(now, runs.some((r) => r.source === 'shipments' && r.outcome.status !== 'failed'), log));
  // Arrival alerts (lib/alerts) after every cycle, whatever the sources did: new arrivals, retries and
  // digests that are due go out on schedule even while a source is down. Never throws, so a mail
  // problem cannot fail the scrape.
  if (!stopping()) await step(options, 'alerts', () => processArrivalAlerts({ checkedAt: now, log }));
  return runs;
}
