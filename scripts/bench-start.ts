// npm run bench:start — how long from `npm start` to the first page served, on the embedded database.
//
//   (a) first run after install: no .next build, an empty data directory (build + migrate + seed)
//   (b) later run: the same data directory and the build from (a)
//
// The developer's .data is left alone: EMBEDDED_DB_DIR (and the mail/images dirs) point into a
// temporary directory, and PORT is a free port. .next IS deleted for run (a), as after a fresh install.
// Exits non-zero when (a) takes more than 60 s or (b) more than 15 s.
//
//   --verbose   show the output of `npm start` while it runs
//   --keep      keep the temporary data directory (its path is printed)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { withoutKeys } from '../lib/startup/config.ts';
import { freePort, probe } from '../lib/startup/http.ts';

const LIMITS = { first: 60, later: 15 } as const;
const verbose = process.argv.includes('--verbose');
const keep = process.argv.includes('--keep');
const root = process.cwd();

interface RunResult {
  label: string;
  limit: number;
  /** Seconds from spawning `npm start` to GET / answering below 500; undefined when it never did. */
  firstPage?: number;
  status?: number;
  /** start.ts's own "ready in X s" (measured inside its process). */
  readyIn?: number;
  phases: [string, string][];
  /** Seconds from Ctrl-C to every process of the run having exited. */
  stopSeconds?: number;
  /** start.ts printed "[start] stopped." (children stopped, database closed). */
  stoppedCleanly: boolean;
  log: string;
  error?: string;
}

async function run(label: string, limit: number, env: Record<string, string | undefined>, port: number, logFile: string): Promise<RunResult> {
  const result: RunResult = { label, limit, phases: [], stoppedCleanly: false, log: logFile };
  const lines: string[] = [];
  const t0 = performance.now();
  // Its own process group, so the bench can press "Ctrl-C" for the whole `npm start` tree.
  const child = spawn('npm', ['start'], { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // npm may exit before start.ts has finished stopping: the run is over when every process holding the
  // output pipes (start.ts included) has exited.
  let closed = false;
  const close = new Promise<void>((resolve) =>
    child.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (verbose) console.log(`  | ${line}`);
      const phase = /^\[start\] phase (.+?): (.+)$/.exec(line);
      if (phase) result.phases.push([phase[1], phase[2]]);
      const ready = /^\[start\] ready in ([\d.]+) s/.exec(line);
      if (ready) result.readyIn = Number(ready[1]);
      if (line === '[start] stopped.') result.stoppedCleanly = true;
    });
  }

  const deadline = t0 + (limit + 120) * 1000; // give up well after the limit
  while (!closed && performance.now() < deadline) {
    const status = await probe(`http://127.0.0.1:${port}/`, 30_000);
    if (status !== undefined && status < 500) {
      result.firstPage = (performance.now() - t0) / 1000;
      result.status = status;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (result.firstPage === undefined) {
    result.error = closed ? '`npm start` exited before serving a page' : 'no page within the time allowed';
  } else {
    // Let start.ts finish its own readiness check, so its phase timings are complete.
    for (let i = 0; i < 100 && result.readyIn === undefined && !closed; i++) await new Promise((r) => setTimeout(r, 100));
  }

  // Stop it the way Ctrl-C in a terminal does (SIGINT to the foreground group) and time the shutdown.
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // gone
    }
  };
  const stopStarted = performance.now();
  if (!closed) {
    signal('SIGINT');
    const timer = setTimeout(() => {
      result.error ??= 'did not stop within 20 s';
      signal('SIGKILL');
    }, 20_000);
    await close;
    clearTimeout(timer);
    result.stopSeconds = (performance.now() - stopStarted) / 1000;
  }
  writeFileSync(logFile, `${lines.join('\n')}\n`);
  // The next run must find the port free again.
  for (let i = 0; i < 50 && (await probe(`http://127.0.0.1:${port}/`, 1000)) !== undefined; i++) {
    await new Promise((r) => setTimeout(r, 200));
  }
  return result;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'nbt-bench-start-'));
const port = await freePort();
const env: Record<string, string | undefined> = {
  ...withoutKeys(process.env, ['NODE_ENV', 'NEXT_OUTPUT', 'DEMO_MODE']),
  // Empty, not unset: a DATABASE_URL in the developer's .env must not turn this into a Postgres run.
  DATABASE_URL: '',
  EMBEDDED_DB_DIR: path.join(tmp, 'pglite'),
  MAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
  IMAGES_DIR: path.join(tmp, 'images'),
  PORT: String(port),
  APP_URL: `http://localhost:${port}`,
  NEXT_TELEMETRY_DISABLED: '1',
};

const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
console.log(`bench:start: data in ${tmp}, port ${port}; ${os.cpus().length} CPUs, load average ${load()}`);
console.log('(a) first run after install: deleting .next, empty data directory…');
rmSync(path.join(root, '.next'), { recursive: true, force: true });
const first = await run('(a) first run (build, migrate, seed)', LIMITS.first, env, port, path.join(tmp, 'first-run.log'));
console.log(`    ${first.firstPage?.toFixed(1) ?? '—'} s`);
console.log('(b) later run: same data directory, existing build…');
const later = first.error
  ? undefined
  : await run('(b) later run', LIMITS.later, env, port, path.join(tmp, 'later-run.log'));
if (later) console.log(`    ${later.firstPage?.toFixed(1) ?? '—'} s`);

// ---------------------------------------------------------------------------------------------------
const results = [first, ...(later ? [later] : [])];
const ok = (r: RunResult) => r.firstPage !== undefined && r.firstPage <= r.limit && r.stoppedCleanly;
const rows = [
  ['run', 'first page', 'start.ts ready', 'limit', 'Ctrl-C to exit', 'result'],
  ...results.map((r) => [
    r.label,
    r.firstPage !== undefined ? `${r.firstPage.toFixed(1)} s (GET / ${r.status})` : '—',
    r.readyIn !== undefined ? `${r.readyIn.toFixed(1)} s` : '—',
    `${r.limit} s`,
    r.stopSeconds !== undefined ? `${r.stopSeconds.toFixed(1)} s${r.stoppedCleanly ? '' : ' (unclean)'}` : '—',
    ok(r) ? 'ok' : `FAIL${r.error ? `: ${r.error}` : r.stoppedCleanly ? '' : ': did not stop cleanly'}`,
  ]),
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
console.log('');
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, j) => cell.padEnd(widths[j])).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
for (const r of results) {
  console.log(`\n${r.label}: phases as start.ts logged them`);
  for (const [name, value] of r.phases) console.log(`  ${name.padEnd(16)} ${value}`);
  if (r.readyIn !== undefined) console.log(`  ${'ready in'.padEnd(16)} ${r.readyIn.toFixed(2)} s (inside start.ts; the table adds npm + tsx start-up)`);
}

console.log(`\nLoad average now: ${load()} (other work on the machine slows every phase).`);
const passed = results.length === 2 && results.every(ok);
if (!passed) {
  if (!later && first.error) console.log('\n(b) was not run because (a) failed.');
  console.log(`\nLogs: ${results.map((r) => r.log).join(', ')}`);
}
if (keep || !passed) console.log(`Temporary data kept in ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
process.exit(passed ? 0 : 1);
