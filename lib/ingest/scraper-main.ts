import { connectDatabase } from '../db/connect.ts';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { preflight } from '../ops/preflight.ts';
import { allSources } from './runner.ts';
import { closeDeadRuns } from './runs.ts';
import { ScraperService, type ScraperServiceOptions } from './scraper-service.ts';

// The scraper process (scripts/scraper.ts is its entry): arguments, the database, then the service or one cycle.
//   --once                 one cycle, then exit (0 when it ran to its end)
//   --source a,b           only these sources (allSources(): wake_locator, the board sources' keys, warehouse, shipments, price_list, allocated_list)
//   --run-now              one cycle at start, then the schedule (the demo, so its data is live at once)
// SIGTERM/SIGINT: the running cycle writes what it fetched, then the process exits 0 within 30 s.

/** What a test may set besides the arguments: a cycle entry with a step of its own, a schedule in seconds. */
export type ScraperOverrides = Pick<ScraperServiceOptions, 'cycleEntry' | 'schedules' | 'watchdogMs' | 'stopGraceMs'>;

export async function scraperMain(args: string[], overrides: ScraperOverrides = {}): Promise<void> {
  // A deployed scraper without a mail transport or the secret that signs unsubscribe links would scrape
  // but fail every alert e-mail: it refuses to start instead (lib/env.ts REQUIRED_IN_PRODUCTION).
  preflight('scraper');
  const once = args.includes('--once');
  const runNow = args.includes('--run-now');
  const sourceArg = args.find((a) => a.startsWith('--source='))?.split('=')[1] ?? (args.includes('--source') ? args[args.indexOf('--source') + 1] : undefined);
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

  // Each cycle's process reaches the database this process reached (the embedded server it may own included).
  process.env.DATABASE_URL = connection.url;
  const scraper = new ScraperService({ log, sources, alertWorker: !once, ...overrides });

  const exit = async (code: number): Promise<never> => {
    await disconnectDb();
    await connection.close();
    process.exit(code);
  };
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: the current cycle writes what it fetched, then the scraper exits`);
    await scraper.shutdown();
    await exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (once) {
    const end = await scraper.cycle();
    if (!stopping) await exit(end?.status === 'finished' || end?.status === 'skipped' ? 0 : 1);
    return;
  }
  await scraper.start();
  if (runNow) await scraper.cycle();
}
