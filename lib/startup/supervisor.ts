import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

// Runs the processes `npm start` owns (web server, scraper, one-off build steps) with their output
// prefixed by name. Each child gets its own process group, so stopping it also stops what it started
// (next's workers, tsx's node process): SIGTERM first, SIGKILL after a grace period.

/** A child's environment (NodeJS.ProcessEnv without Next's required NODE_ENV: next sets it itself). */
export type ChildEnv = Record<string, string | undefined>;

export interface ChildSpec {
  /** Prefix for output lines: `[name]`. */
  name: string;
  command: string;
  args: string[];
  env: ChildEnv;
  cwd?: string;
}

export interface ExitInfo {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Managed {
  spec: ChildSpec;
  child: ChildProcess;
  exited: Promise<ExitInfo>;
  done: boolean;
  /** Long-running service (unexpected exits are reported) or one-shot task. */
  service: boolean;
}

export function describeExit(info: ExitInfo): string {
  return info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
}

export class Supervisor {
  private readonly children = new Set<Managed>();
  private stopping = false;
  private unexpected?: (info: ExitInfo) => void;
  private readonly killAfterMs: number;

  constructor(options: { killAfterMs?: number } = {}) {
    this.killAfterMs = options.killAfterMs ?? 5000;
    // Last resort if this process dies without stopping its children (an uncaught error).
    process.on('exit', () => {
      for (const m of this.children) if (!m.done) signalGroup(m.child, 'SIGKILL');
    });
  }

  /** Called once per long-running child that exits while the supervisor is not stopping. */
  onUnexpectedExit(handler: (info: ExitInfo) => void): void {
    this.unexpected = handler;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Starts a long-running child. Its exit, unless during stopAll(), is reported to onUnexpectedExit. */
  start(spec: ChildSpec): Promise<ExitInfo> {
    return this.launch(spec, true).exited;
  }

  /** Runs a one-shot child to completion (killed by stopAll()). */
  run(spec: ChildSpec): Promise<ExitInfo> {
    return this.launch(spec, false).exited;
  }

  names(): string[] {
    return [...this.children].filter((m) => !m.done).map((m) => m.spec.name);
  }

  /** Stops every child: SIGTERM to its process group, SIGKILL after the grace period. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.children].map((m) => this.stop(m)));
  }

  /** Immediately SIGKILLs every child (second Ctrl-C). */
  killAll(): void {
    this.stopping = true;
    for (const m of this.children) if (!m.done) signalGroup(m.child, 'SIGKILL');
  }

  private launch(spec: ChildSpec, service: boolean): Managed {
    if (this.stopping) throw new Error(`not starting ${spec.name}: shutting down`);
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // own process group: see stop()
    });
    pipeWithPrefix(child.stdout!, process.stdout, spec.name);
    pipeWithPrefix(child.stderr!, process.stderr, spec.name);
    const managed: Managed = {
      spec,
      child,
      service,
      done: false,
      exited: new Promise<ExitInfo>((resolve) => {
        const finish = (info: ExitInfo) => {
          if (managed.done) return;
          managed.done = true;
          resolve(info);
          if (service && !this.stopping) this.unexpected?.(info);
        };
        child.once('error', (error) => {
          process.stderr.write(`[${spec.name}] could not start ${spec.command}: ${error.message}\n`);
          finish({ name: spec.name, code: 127, signal: null });
        });
        child.once('exit', (code, signal) => finish({ name: spec.name, code, signal }));
      }),
    };
    this.children.add(managed);
    return managed;
  }

  private async stop(m: Managed): Promise<void> {
    if (m.done) return; // exited earlier (a finished task)
    signalGroup(m.child, 'SIGTERM');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), this.killAfterMs).unref());
    if ((await Promise.race([m.exited, timer])) === 'timeout') {
      process.stderr.write(`[${m.spec.name}] did not stop within ${this.killAfterMs / 1000} s; killing it\n`);
      signalGroup(m.child, 'SIGKILL');
      await Promise.race([m.exited, new Promise((r) => setTimeout(r, 2000).unref())]);
      return;
    }
    // The leader has finished its own shutdown; anything left in its group is a straggler.
    signalGroup(m.child, 'SIGKILL', false);
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals, fallbackToChild = true): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    if (!fallbackToChild) return;
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function pipeWithPrefix(from: NodeJS.ReadableStream, to: NodeJS.WritableStream, name: string): void {
  const prefix = `[${name}] `;
  const lines = createInterface({ input: from, crlfDelay: Infinity });
  lines.on('line', (line) => to.write(`${prefix}${line}\n`));
}
