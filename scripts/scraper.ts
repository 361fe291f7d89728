// The scraper: `tsx scripts/scraper.ts` runs on a node-cron schedule (every 15 minutes, 07:00–21:00
// New York time); `--once` runs one cycle and exits; `--source wake_inventory,warehouse` limits a run to
// some sources (allSources() in lib/ingest/runner.ts: Wake's locator, the Commission's, and the key of each
// enabled board source, e.g. wake_inventory, durham_inventory); `--run-now` runs one cycle at start, then keeps the schedule. SIGTERM/SIGINT let the current run finish writing what it fetched, then exit.
// On a schedule it also runs an alert worker (lib/alerts/worker.ts) day and night: retries, digests at their hour
// and quiet hours' end go out between cycles, and it takes over what a stopped process left (decision 026).
import cron from 'node-cron';
import { startAlertWorker, type AlertWorker } from '../lib/alerts/worker.ts';
import { connectDatabase } from '../lib/db/connect.ts';
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { allSources, runCycle } from '../lib/ingest/runner.ts';
import { closeDeadRuns } from '../lib/ingest/runs.ts';
import { SCRAPER_SCHEDULES, SCRAPER_TIMEZONE } from '../lib/ingest/schedule.ts';
import { preflight } from '../lib/ops/preflight.ts';

// A deployed scraper without a mail transport or the secret that signs unsubscribe links would scrape
// but fail every alert e-mail: it refuses to start instead (lib/env.ts REQUIRED_IN_PRODUCTION).
preflight('scraper');

const args = process.argv.slice(2);
const once = args.includes('--once');
// --run-now: one cycle at start, then the schedule (the demo uses it so data is live at once).
const runNow = args.includes('--run-now');
const sourceArg = args.find((a) => a.startsWith('--source'))?.split('=')[1] ?? (args.includes('--source') ? args[args.indexOf('--source') + 1] : undefined);
const sources = sourceArg?.split(',').map((s) => s.trim());

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
const connection = await connectDatabase();
await setDatabaseUrl(connection.url);
log(`database: ${connection.description}`);
const known = await allSources(); // also logs, once, any deprecated per-board variable that is set
const unknown = sources?.filter((s) => !known.includes(s));
if (unknown?.length) {
  console.error(`Unknown source(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  process.exit(2);
}
// A restart (after a kill -9, a host restart) closes what the stopped scraper left `running` now, not at the
// next cycle, which overnight is hours away (health reads close them too).
const interrupted = await closeDeadRuns();
if (interrupted) log(`closed ${interrupted} run(s) left open by a scraper that stopped (interrupted)`);

const stop = new AbortController();
let running: Promise<unknown> | null = null;
let worker: AlertWorker | null = null;

async function cycle() {
  if (running) {
    log('previous cycle still running; skipping');
    return;
  }
  running = runCycle({ sources, signal: stop.signal, log }).catch((error) => log(`cycle failed: ${(error as Error).stack ?? error}`));
  await running;
  running = null;
}

async function shutdown(signal: string) {
  if (stop.signal.aborted) return;
  log(`${signal}: finishing the current run, then exiting`);
  stop.abort();
  for (const task of cron.getTasks().values()) await task.stop();
  if (running) await running;
  await worker?.stop();
  await disconnectDb();
  await connection.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

if (once) {
  await cycle();
  await disconnectDb();
  await connection.close();
} else {
  worker = await startAlertWorker({ log });
  log('alert worker started');
  for (const expression of SCRAPER_SCHEDULES) {
    cron.schedule(expression, cycle, { timezone: SCRAPER_TIMEZONE, name: `scrape ${expression}` });
  }
  log(`scheduled ${SCRAPER_SCHEDULES.join(' and ')} (${SCRAPER_TIMEZONE})`);
  if (runNow) await cycle();
}
