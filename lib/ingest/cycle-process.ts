import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLine } from '../db/lost-connection.ts';
import { finishCycle } from './cycle-record.ts';
import { closeDeadRuns, type RunOutcome } from './runs.ts';

// Each scraper cycle runs in a process of its own (issue 36, docs/decisions/029-a-cycle-has-a-deadline.md).
// Whatever a cycle meets — a step that never returns, synchronous work that loops, a statement that waits on a
// lock, a source that trickles — the scraper ends it at its deadline by ending that process: what was committed
// stays committed (each write is one transaction), its runs are closed as interrupted, its record says
// "abandoned" and which step overran, and the next cycle starts on schedule. A process's end is the one
// interruption that works on anything, synchronous loops included.

/** The cycle's entry: a few lines that call runCycleChild (scripts/scraper-cycle.ts). */
export const CYCLE_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/scraper-cycle.ts');

/** After SIGTERM (a deadline, or the scraper stopping), a cycle has this long to write what it fetched; then SIGKILL. */
export const CYCLE_STOP_GRACE_MS = 20_000;

/** What a cycle's process tells the scraper over IPC. */
export type CycleMessage =
  | { type: 'cycle'; id: number }
  | { type: 'step'; name: string; state: 'start' | 'end' }
  | { type: 'done'; skipped: boolean; runs: { source: string; status: RunOutcome['status'] }[] };

export interface CycleEnd {
  /** finished: it ran to its end (stopped early included); skipped: another runner holds the lock; abandoned: it overran; failed: its process ended otherwise. */
  status: 'finished' | 'skipped' | 'abandoned' | 'failed';
  cycleId: number | null;
  /** The steps it was in when it ended (abandoned, failed). */
  steps: string[];
  runs: { source: string; status: RunOutcome['status'] }[];
  /** One line for the log. */
  summary: string;
}

export interface CycleProcessOptions {
  /** The cycle's entry (default CYCLE_ENTRY); a test passes one with a step of its own. */
  entry?: string;
  /** --source for the cycle. */
  sources?: string[];
  deadlineMs: number;
  /** After SIGTERM, how long before SIGKILL (default CYCLE_STOP_GRACE_MS). */
  stopGraceMs?: number;
  log: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

export interface CycleProcess {
  readonly pid: number | undefined;
  done: Promise<CycleEnd>;
  /** Asks the cycle to stop (SIGTERM: it writes what it fetched); SIGKILL after CYCLE_STOP_GRACE_MS. */
  stop(): void;
}

const minutesWords = (ms: number) => (ms >= 60_000 ? `${Math.round((ms / 60_000) * 10) / 10} min` : `${Math.round(ms / 1000)} s`);

/** Starts one cycle in its own process; it is ended at `deadlineMs`. */
export function startCycleProcess(options: CycleProcessOptions): CycleProcess {
  const { log } = options;
  const child = fork(options.entry ?? CYCLE_ENTRY, options.sources?.length ? ['--source', options.sources.join(',')] : [], {
    execArgv: ['--import', 'tsx'],
    env: options.env ?? process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let cycleId: number | null = null;
  const steps = new Set<string>();
  let result: Extract<CycleMessage, { type: 'done' }> | null = null;
  let abandoned = false;
  let killTimer: NodeJS.Timeout | undefined;

  child.on('message', (message: CycleMessage) => {
    if (message.type === 'cycle') cycleId = message.id;
    else if (message.type === 'step') {
      if (message.state === 'start') steps.add(message.name);
      else steps.delete(message.name);
    } else if (message.type === 'done') result = message;
  });

  const grace = options.stopGraceMs ?? CYCLE_STOP_GRACE_MS;
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null || killTimer) return;
    child.kill('SIGTERM');
    killTimer = setTimeout(() => {
      log(`the cycle did not end within ${minutesWords(grace)} of SIGTERM (in ${[...steps].join(', ') || 'no step'}): killing it`);
      child.kill('SIGKILL');
    }, grace);
  };

  const deadline = setTimeout(() => {
    abandoned = true;
    const where = [...steps].join(', ') || 'no step';
    log(`cycle overran its ${minutesWords(options.deadlineMs)} deadline (in ${where}): abandoning it; the next cycle runs on schedule`);
    // Recorded now, before the process's own end could say "finished": a cycle that overran is abandoned.
    if (cycleId !== null) {
      void finishCycle(cycleId, 'abandoned', { step: where, error: `overran its ${minutesWords(options.deadlineMs)} deadline` }).catch((error) =>
        log(`cycle record: ${firstLine(error)}`),
      );
    }
    stop();
  }, options.deadlineMs);

  const done = new Promise<CycleEnd>((resolve) => {
    let ended = false;
    const finish = async (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (ended) return; // 'error' and 'exit' may both come
      ended = true;
      clearTimeout(deadline);
      clearTimeout(killTimer);
      const where = [...steps];
      const runs = result?.runs ?? [];
      let end: CycleEnd;
      if (abandoned) {
        end = { status: 'abandoned', cycleId, steps: where, runs, summary: `cycle abandoned after ${minutesWords(options.deadlineMs)} (in ${where.join(', ') || 'no step'})` };
      } else if (result && code === 0) {
        end = { status: result.skipped ? 'skipped' : 'finished', cycleId, steps: [], runs, summary: result.skipped ? 'cycle skipped' : `cycle finished: ${runs.map((r) => `${r.source} ${r.status}`).join(', ') || 'no source due'}` };
      } else {
        const how = error ? `could not start (${error.message})` : signal ? `was killed by ${signal}` : `exited with code ${code}`;
        end = { status: 'failed', cycleId, steps: where, runs, summary: `the cycle's process ${how}${where.length ? ` in ${where.join(', ')}` : ''}` };
        if (cycleId !== null) await finishCycle(cycleId, 'failed', { step: where.join(', ') || null, error: end.summary }).catch(() => {});
      }
      // Its runs still `running` belong to a process that is gone: closed as interrupted now, not at the next health read.
      if (end.status !== 'finished' && end.status !== 'skipped') {
        const closed = await closeDeadRuns().catch(() => 0);
        if (closed) log(`closed ${closed} run(s) the cycle left open (interrupted)`);
      }
      resolve(end);
    };
    child.once('error', (error) => void finish(null, null, error));
    child.once('exit', (code, signal) => void finish(code, signal));
  });

  return { pid: child.pid, done, stop };
}
