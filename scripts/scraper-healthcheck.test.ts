import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeHeartbeat, STALE_MS } from './scraper-healthcheck.mjs';

// The compose healthcheck of the scraper (docker-compose.yml): healthy while its watchdog writes a heartbeat that
// does not say "stalled"; with --restart, a stalled or unanswering scraper is ended so Docker starts a fresh one.

const now = Date.parse('2026-11-24T15:45:00Z');
const beat = (over: Record<string, unknown>) => ({
  pid: 4242,
  startedAt: '2026-11-24T12:00:00.000Z',
  checkedAt: new Date(now - 30_000).toISOString(),
  state: 'running',
  stalledSince: null,
  message: 'last cycle finished 11/24/2026 10:30 AM',
  cyclePid: null,
  ...over,
});

describe('judgeHeartbeat', () => {
  it('healthy while the watchdog writes and the cycles finish', () => {
    expect(judgeHeartbeat(beat({}), now)).toMatchObject({ healthy: true, line: 'last cycle finished 11/24/2026 10:30 AM', signal: null });
    expect(judgeHeartbeat(beat({ state: 'never_run', message: 'no scraper cycle has run yet' }), now).healthy).toBe(true);
  });

  it('a stall: unhealthy, and --restart ends the scraper (SIGTERM: it writes what it fetched)', () => {
    const message = 'scraper stalled since 11/24/2026 10:15 AM: no cycle has finished since 11/24/2026 10:05 AM';
    expect(judgeHeartbeat(beat({ state: 'stalled', message }), now)).toEqual({ healthy: false, line: message, signal: 'SIGTERM', pid: 4242 });
  });

  it('an old heartbeat: the process stopped answering, so SIGKILL', () => {
    expect(judgeHeartbeat(beat({ checkedAt: new Date(now - STALE_MS - 1000).toISOString() }), now)).toMatchObject({ healthy: false, signal: 'SIGKILL', pid: 4242 });
    expect(judgeHeartbeat(beat({ checkedAt: 'garbage' }), now)).toMatchObject({ healthy: false, signal: 'SIGKILL' });
  });

  it('no heartbeat, a database it cannot read, a scraper that stopped: unhealthy, and no restart would help', () => {
    expect(judgeHeartbeat(null, now)).toMatchObject({ healthy: false, signal: null });
    expect(judgeHeartbeat(beat({ state: 'unknown', message: "the scraper's state could not be read: ECONNREFUSED" }), now)).toMatchObject({ healthy: false, signal: null });
    expect(judgeHeartbeat(beat({ state: 'stopped' }), now)).toMatchObject({ healthy: false, signal: null });
  });
});

describe('node scripts/scraper-healthcheck.mjs --restart', () => {
  it('ends a stalled scraper and exits 1', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const gone = new Promise<NodeJS.Signals | null>((resolve) => sleeper.once('exit', (_code, signal) => resolve(signal)));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'nbt-heartbeat-')), 'heartbeat.json');
    writeFileSync(file, JSON.stringify(beat({ pid: sleeper.pid, checkedAt: new Date().toISOString(), state: 'stalled', message: 'scraper stalled since 11/24/2026 10:15 AM' })));
    const check = spawn(process.execPath, ['scripts/scraper-healthcheck.mjs', '--restart'], { env: { ...process.env, SCRAPER_HEARTBEAT_FILE: file } });
    let output = '';
    check.stdout.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => check.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('unhealthy: scraper stalled since 11/24/2026 10:15 AM');
    expect(output).toContain(`sent SIGTERM to the scraper (pid ${sleeper.pid}) so it is restarted`);
    expect(await gone).toBe('SIGTERM');
  });
});
