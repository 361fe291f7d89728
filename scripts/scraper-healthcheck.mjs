// docker compose's healthcheck of the scraper: `node scripts/scraper-healthcheck.mjs [--restart]`.
// Reads the heartbeat the scraper's watchdog writes every minute (lib/ingest/scraper-service.ts, SCRAPER_HEARTBEAT_FILE)
// and exits 0 when the scraper keeps up, 1 when it does not, with one line saying why:
//   - no heartbeat: the scraper has not started;
//   - a heartbeat older than STALE_MS: the scraper process stopped answering (its watchdog did not run);
//   - "stalled": no cycle has finished for two intervals in polling hours (lib/ops/scraper-stall.ts);
//   - "unknown": the scraper could not read its state (the database is unreachable);
//   - "stopped": the scraper ended (SIGTERM).
// Docker restarts a container when its process ends, not when it is unhealthy: with --restart, a stalled or
// unanswering scraper is ended here (SIGTERM, or SIGKILL if it stopped answering), and `restart: unless-stopped`
// starts a fresh one. An unreachable database is not the scraper's fault: a restart would not help, so none.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Three missed watchdog rounds (one a minute). */
export const STALE_MS = 3 * 60_000;

/** The verdict on a heartbeat (null: none) at `now`: healthy or not, why, and what --restart sends to which pid. */
export function judgeHeartbeat(beat, now = Date.now()) {
  if (!beat) return { healthy: false, line: 'no scraper heartbeat yet: the scraper has not started (or cannot write its heartbeat)', signal: null };
  const age = now - Date.parse(beat.checkedAt);
  if (!(age <= STALE_MS)) {
    return { healthy: false, line: `the scraper's heartbeat is ${Math.round(age / 1000)} s old: the scraper (pid ${beat.pid}) stopped answering`, signal: 'SIGKILL', pid: beat.pid };
  }
  if (beat.state === 'stalled') return { healthy: false, line: beat.message, signal: 'SIGTERM', pid: beat.pid };
  if (beat.state === 'stopped') return { healthy: false, line: beat.message || 'the scraper stopped', signal: null };
  if (beat.state === 'unknown') return { healthy: false, line: beat.message || "the scraper could not read its state", signal: null };
  return { healthy: true, line: beat.message || beat.state, signal: null };
}

function readHeartbeat(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve(process.env.SCRAPER_HEARTBEAT_FILE || '.data/scraper-heartbeat.json');
  const verdict = judgeHeartbeat(readHeartbeat(file));
  console.log(verdict.healthy ? `ok: ${verdict.line}` : `unhealthy: ${verdict.line}`);
  if (!verdict.healthy && verdict.signal && process.argv.includes('--restart')) {
    try {
      process.kill(verdict.pid, verdict.signal);
      console.log(`sent ${verdict.signal} to the scraper (pid ${verdict.pid}) so it is restarted`);
    } catch (error) {
      console.log(`could not signal pid ${verdict.pid}: ${error.message}`);
    }
  }
  process.exit(verdict.healthy ? 0 : 1);
}
