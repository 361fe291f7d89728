import { disconnectDb, setDatabaseUrl, setStatementTimeout } from '../db/index.ts';
import { firstLine } from '../db/lost-connection.ts';
import { env } from '../env.ts';
import type { CycleMessage } from './cycle-process.ts';
import { runCycle, type CycleOptions } from './runner.ts';

// The body of a cycle's own process (scripts/scraper-cycle.ts; lib/ingest/cycle-process.ts starts it). It runs one
// cycle and tells the scraper over IPC which cycle and which step it is in. SIGTERM (the deadline, or the scraper
// stopping) stops new requests and writes what was fetched; the scraper's end ends it too; an unexpected error ends
// it with one line, never a stack dump, and the next cycle runs on schedule.

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

/** Sends a message to the scraper, resolved once it is on its way (an exit right after would lose it otherwise). */
function tell(message: CycleMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

/** Runs one cycle in this process and exits: 0 when it ran to its end. `onStep`: tests only, to stand in a step that never returns. */
export async function runCycleChild(hooks: { onStep?: CycleOptions['onStep'] } = {}): Promise<never> {
  const stop = new AbortController();
  const onStop = (signal: string) => () => {
    if (stop.signal.aborted) return;
    log(`${signal}: this cycle writes what it fetched and ends`);
    stop.abort(new Error(`${signal} (the scraper is stopping, or the cycle overran its deadline)`));
  };
  process.on('SIGTERM', onStop('SIGTERM'));
  process.on('SIGINT', onStop('SIGINT'));
  // The scraper is gone (killed): nothing would end this cycle any more.
  if (process.connected) process.on('disconnect', () => process.exit(1));
  const fail = (error: unknown) => {
    log(`cycle ended by an error: ${firstLine(error)}`);
    process.exit(1);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);

  const args = process.argv.slice(2);
  const sources = args.includes('--source') ? args[args.indexOf('--source') + 1]?.split(',').map((s) => s.trim()) : undefined;
  setStatementTimeout(env().SCRAPER_STATEMENT_TIMEOUT_MS);
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set: the scraper passes its database to each cycle');
  await setDatabaseUrl(process.env.DATABASE_URL);
  const result = await runCycle({
    sources,
    signal: stop.signal,
    log,
    onCycle: (id) => void tell({ type: 'cycle', id }),
    onStep: (name, state) => {
      void tell({ type: 'step', name, state });
      return hooks.onStep?.(name, state);
    },
  });
  await tell({ type: 'done', skipped: result.skipped, runs: result.runs.map((r) => ({ source: r.source, status: r.outcome.status })) });
  await disconnectDb();
  process.exit(0);
}
