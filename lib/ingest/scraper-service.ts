import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import cron, { type ScheduledTask } from 'node-cron';
import { startAlertWorker, type AlertWorker } from '../alerts/worker.ts';
import { firstLine } from '../db/lost-connection.ts';
import { env } from '../env.ts';
import { noticeStall, scraperState, type ScraperState } from '../ops/scraper-stall.ts';
import { startCycleProcess, type CycleEnd, type CycleProcess } from './cycle-process.ts';
import { SCRAPER_SCHEDULES, SCRAPER_TIMEZONE } from './schedule.ts';

// The scraper as a service (scripts/scraper.ts): its cycles on the schedule, each in a process of its own with a
// deadline (lib/ingest/cycle-process.ts); the alert worker day and night; and a watchdog that writes a heartbeat
// every minute and tells the admins, once, when no cycle has finished for two intervals (lib/ops/scraper-stall.ts).
// SIGTERM ends the cycle running (it writes what it fetched first) and the scraper within 30 s.

/** What the compose healthcheck reads (scripts/scraper-healthcheck.mjs). */
export interface Heartbeat {
  pid: number;
  startedAt: string;
  /** When the watchdog last wrote it: an old one means this process stopped answering. */
  checkedAt: string;
  /** unknown: the state could not be read (the database); stopped: the scraper ended (SIGTERM). */
  state: ScraperState['state'] | 'unknown' | 'stopped';
  stalledSince: string | null;
  message: string;
  /** The pid of the cycle's process, while one runs. */
  cyclePid: number | null;
}

export interface ScraperServiceOptions {
  log: (line: string) => void;
  /** --source: every cycle runs only these. */
  sources?: string[];
  /** The cycle's entry (tests: one with a step of their own). */
  cycleEntry?: string;
  deadlineMs?: number;
  schedules?: readonly string[];
  /** How often the watchdog looks (default a minute). */
  watchdogMs?: number;
  heartbeatFile?: string;
  /** The alert worker (default on; tests of the cycle alone turn it off). */
  alertWorker?: boolean;
  /** After SIGTERM, how long a cycle has before SIGKILL (default CYCLE_STOP_GRACE_MS). */
  stopGraceMs?: number;
}

export class ScraperService {
  readonly startedAt = new Date();
  private current: CycleProcess | null = null;
  private running: Promise<CycleEnd> | null = null;
  private stopping = false;
  private tasks: ScheduledTask[] = [];
  private worker: AlertWorker | null = null;
  private watchdog: NodeJS.Timeout | undefined;
  private lastState: ScraperState | null = null;
  private readonly log: (line: string) => void;
  private readonly deadlineMs: number;
  private readonly heartbeatFile: string;

  constructor(private readonly options: ScraperServiceOptions) {
    this.log = options.log;
    this.deadlineMs = options.deadlineMs ?? env().SCRAPER_CYCLE_DEADLINE_MS;
    this.heartbeatFile = path.resolve(options.heartbeatFile ?? env().SCRAPER_HEARTBEAT_FILE);
  }

  /** The alert worker, the schedule and the watchdog. */
  async start(): Promise<void> {
    if (this.options.alertWorker !== false) {
      this.worker = await startAlertWorker({ log: this.log });
      this.log('alert worker started');
    }
    const schedules = this.options.schedules ?? SCRAPER_SCHEDULES;
    for (const expression of schedules) {
      this.tasks.push(cron.schedule(expression, () => void this.cycle(), { timezone: SCRAPER_TIMEZONE, name: `scrape ${expression}` }));
    }
    this.log(`scheduled ${schedules.join(' and ')} (${SCRAPER_TIMEZONE}); each cycle ends at ${Math.round(this.deadlineMs / 1000)} s at the latest`);
    await this.check();
    this.watchdog = setInterval(() => void this.check(), this.options.watchdogMs ?? 60_000);
  }

  /** One cycle in its own process, unless one is running (then this tick is skipped, and says so). */
  async cycle(): Promise<CycleEnd | null> {
    if (this.stopping) return null;
    if (this.running) {
      this.log('previous cycle still running; skipping');
      return null;
    }
    this.current = startCycleProcess({
      entry: this.options.cycleEntry,
      sources: this.options.sources,
      deadlineMs: this.deadlineMs,
      stopGraceMs: this.options.stopGraceMs,
      log: this.log,
    });
    this.running = this.current.done;
    const end = await this.running;
    this.current = null;
    this.running = null;
    this.log(end.summary);
    return end;
  }

  /**
   * The watchdog: the scraper's state (a process just started gets two intervals of its own), written to the
   * heartbeat; a new stall is logged and told to the admins once. Never throws.
   */
  async check(now = new Date()): Promise<ScraperState | null> {
    let state: ScraperState | null = null;
    let problem: string | null = null;
    try {
      state = await scraperState(now, this.startedAt);
      if (state.state === 'stalled' && state.stalled_since !== this.lastState?.stalled_since) {
        this.log(`${state.message} (the scraper keeps trying; admins are told once)`);
        await noticeStall(state, this.log);
      }
      this.lastState = state;
    } catch (error) {
      problem = `the scraper's state could not be read: ${firstLine(error)}`;
      this.log(problem);
    }
    this.writeHeartbeat(now, state, problem);
    return state;
  }

  private writeHeartbeat(now: Date, state: ScraperState | null, problem: string | null, stopped = false): void {
    const beat: Heartbeat = {
      pid: process.pid,
      startedAt: this.startedAt.toISOString(),
      checkedAt: now.toISOString(),
      state: stopped ? 'stopped' : (state?.state ?? 'unknown'),
      stalledSince: state?.stalled_since ?? null,
      message: state?.message ?? problem ?? '',
      cyclePid: this.current?.pid ?? null,
    };
    try {
      mkdirSync(path.dirname(this.heartbeatFile), { recursive: true });
      // Written aside and renamed: the healthcheck never reads half a file.
      const temp = `${this.heartbeatFile}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(beat));
      renameSync(temp, this.heartbeatFile);
    } catch (error) {
      this.log(`heartbeat: cannot write ${this.heartbeatFile}: ${firstLine(error)}`);
    }
  }

  /** Stops the schedule and the watchdog, ends the running cycle (it writes what it fetched), then the alert worker. */
  async shutdown(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.watchdog);
    for (const task of this.tasks) await task.stop();
    this.current?.stop();
    if (this.running) await this.running;
    await this.worker?.stop();
    if (this.watchdog) this.writeHeartbeat(new Date(), null, `the scraper stopped at ${new Date().toISOString()}`, true);
  }
}
