import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WINDOW_HORIZON_DAYS, type ReplayResult } from './replay-model.ts';

// Issue 36: a year of the simulator's world — stores whose trucks come twice a week, on shifted days and every 14
// days among them — through the forecasting model's pure functions (replay-model.ts: inferPattern, learnBoard,
// forecastShelfBoard, storeWindow) completes, in bounded time. It runs in a process of its own, killed at the
// deadline: a function that never returns (deliveryOnOrAfter before issue 36, on a 14-day store whose last
// delivery fell on another weekday) fails the test instead of hanging the suite.

/** The replay takes ~40 s of CPU on this project's 2-core machines; the deadline leaves room for a loaded one. */
const DEADLINE_S = 240;
const root = path.resolve(import.meta.dirname, '..');

function runReplay(args: string[] = []): Promise<{ result: ReplayResult | null; seconds: number; timedOut: boolean; stderr: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/replay-model-main.ts'), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, DEADLINE_S * 1000);
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      resolve({ result: timedOut || !stdout.trim() ? null : (JSON.parse(stdout) as ReplayResult), seconds, timedOut, stderr });
    });
  });
}

describe('the forecasting model over a year of odd trucks', () => {
  it(`replays a year of a world with trucks twice a week, on shifted days and every 14 days, within ${DEADLINE_S} s`, async () => {
    const { result, seconds, timedOut, stderr } = await runReplay();
    expect(timedOut, `the replay did not finish within ${DEADLINE_S} s: a pure function of the model does not terminate`).toBe(false);
    expect(result, stderr).not.toBeNull();
    const r = result!;
    console.log(
      `replay-model: ${r.from} … ${r.to}, ${r.shipments} shipments, ${r.forecasts} store forecasts (${r.named} named); ` +
        `recall ${((100 * r.recalled) / r.arrivals).toFixed(1)}% of ${r.arrivals}, precision ${((100 * r.namedHits) / r.namedScored).toFixed(1)}% of ${r.namedScored}; ` +
        `${r.offPhaseFortnightly} off-phase 14-day patterns met; ${r.seconds.total.toFixed(1)} s in the replay (world ${r.seconds.world.toFixed(1)} s, model ${r.seconds.model.toFixed(1)} s), ${seconds.toFixed(1)} s in all`,
    );
    expect(seconds).toBeLessThan(DEADLINE_S);
    expect(r.days).toBe(425);
    // The model met the patterns: the odd stores' trucks, learned as the scraper learns them, and among them the
    // issue's case, a 14-day pattern whose last delivery fell on another weekday.
    expect(r.offPhaseFortnightly).toBeGreaterThan(0);
    const odd = new Map(r.oddStores.map((s) => [`${s.boardId}|${s.storeNumber}`, s]));
    expect(odd.get('179|26')?.world).toBe('Thursday + Monday, every 7 days');
    expect(odd.get('179|26')?.learned).toMatchObject({ deliveryDay: 'Random', intervalDays: 7 }); // no weekday holds 60%
    expect(odd.get('179|22')?.learned).toMatchObject({ deliveryDay: 'Wednesday', intervalDays: 14 });
    expect(odd.get('179|2')?.world).toBe('Tuesday, every 14 days, shifted days');
    expect(r.oddStores.filter((s) => s.boardId === 135)).toHaveLength(3);
    // Every window starts after the shipment's day and ends within the horizon; the forecasts are not empty.
    expect(r.windowStartMin).toBeGreaterThanOrEqual(1);
    expect(r.windowEndMax).toBeLessThanOrEqual(WINDOW_HORIZON_DAYS);
    expect(r.shipments).toBeGreaterThan(1000);
    expect(r.recalled).toBeGreaterThan(0);
    expect(r.namedHits).toBeGreaterThan(0);
  }, (DEADLINE_S + 30) * 1000);

  // Issue 37: the varied world's board habits (rotation lists, a Saturday drop, tiers, business-day lags) through
  // the same functions. A season, not the year, to stay well within the deadline; the year is bench:forecast's.
  it(`replays a season of the varied world within ${DEADLINE_S} s`, async () => {
    const { result, seconds, timedOut, stderr } = await runReplay(['--world', 'varied', '--warm', '45', '--days', '75']);
    expect(timedOut, `the replay did not finish within ${DEADLINE_S} s`).toBe(false);
    expect(result, stderr).not.toBeNull();
    const r = result!;
    console.log(
      `replay-model (varied, a season): ${r.shipments} shipments, ${r.forecasts} store forecasts (${r.named} named); ` +
        `recall ${((100 * r.recalled) / r.arrivals).toFixed(1)}% of ${r.arrivals}, precision ${((100 * r.namedHits) / r.namedScored).toFixed(1)}% of ${r.namedScored}; ${seconds.toFixed(1)} s`,
    );
    expect(r.world).toBe('varied');
    expect(r.days).toBe(120);
    expect(r.windowStartMin).toBeGreaterThanOrEqual(1);
    expect(r.windowEndMax).toBeLessThanOrEqual(WINDOW_HORIZON_DAYS);
    expect(r.shipments).toBeGreaterThan(200);
    expect(r.recalled).toBeGreaterThan(0);
  }, (DEADLINE_S + 30) * 1000);
});
