import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '../../testing/replay.ts';
import { freePort } from '../startup/http.ts';

// A newcomer's `npm start` (no DATABASE_URL: the embedded database, demo mode) while a hunter's screens
// fire their calls side by side and the scraper's first cycle writes. Every process (web, scraper, the
// start process) talks to one PGlite through lib/db/pglite-server.ts; before it, statements of different
// connections interleaved and such bursts got 500s, 401s for a signed-in hunter, and other calls' rows.
// Needs the production build (scripts/test.sh runs this after `next build`).

const require = createRequire(import.meta.url);
const HUNTER = { email: 'hunter@demo.local', password: 'Demo-Hunter-2026!' };
const BURST = 24;

interface Answer {
  call: string;
  status: number;
  body: Record<string, unknown>;
}

describe('npm start in demo mode on the embedded database', () => {
  let work: string;
  let app: RunningService;
  let base: string;
  let cookie = '';

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'nbt-demo-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = runService('npm start', [process.execPath, require.resolve('tsx/cli'), 'scripts/start.ts'], {
      cwd: process.cwd(),
      imageEnv: {},
      env: {
        // Empty, not unset: a developer's .env must not change what is tested.
        DATABASE_URL: '',
        DEMO_MODE: '',
        EMBEDDED_DB_DIR: path.join(work, 'pglite'),
        PORT: String(port),
        NEXT_TELEMETRY_DISABLED: '1',
      },
    });
    const deadline = Date.now() + 300_000;
    while (!/is ready/.test(app.output())) {
      if (app.child.exitCode !== null) throw new Error(`npm start exited:\n${app.output()}`);
      if (Date.now() > deadline) throw new Error(`npm start not ready after 300 s:\n${app.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(HUNTER),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }, 360_000);

  afterAll(async () => {
    await app?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function get(call: string): Promise<Answer> {
    const res = await fetch(`${base}${call}`, { headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = { text };
    }
    return { call, status: res.status, body };
  }

  /** What makes an answer this call's own (not merely a 200): the fields another query could not give. */
  function wrongness(answer: Answer, storeIds: number[]): string | null {
    const { call, status, body } = answer;
    if (status !== 200) return `${call}: ${status} ${JSON.stringify(body).slice(0, 200)}`;
    const storeId = /\/api\/stores\/(\d+)\/inventory/.exec(call)?.[1];
    if (storeId && (body.store as { store_id?: number })?.store_id !== Number(storeId)) return `${call}: answered store ${JSON.stringify(body.store)}`;
    if (call === '/api/auth/whoami' && body.email !== HUNTER.email) return `${call}: answered ${JSON.stringify(body)}`;
    if (call === '/api/stores' && (body.stores as { store_id: number }[])?.map((s) => s.store_id).join() !== storeIds.join()) return `${call}: another store list`;
    if (call === '/api/watchlist' && !Array.isArray(body.data)) return `${call}: no watchlist`;
    if (body.success === false) return `${call}: success false`;
    return null;
  }

  it('bursts of 24 calls side by side while the scraper’s first cycle writes: no 5xx, no 401, every answer its own', async () => {
    const stores = await get('/api/stores');
    expect(stores.status).toBe(200);
    const storeIds = (stores.body.stores as { store_id: number }[]).map((s) => s.store_id);
    expect(storeIds.length).toBeGreaterThan(10);
    const calls = [
      '/api/auth/whoami',
      '/api/watchlist',
      '/api/stores',
      '/api/inventory/todays-arrivals',
      '/api/inventory/allocated-current',
      '/api/inventory/available-dates',
      ...storeIds.slice(0, 6).map((id) => `/api/stores/${id}/inventory`),
      ...storeIds.slice(0, 6).map((id) => `/api/inventory/store-history/${id}?days=30`),
    ];
    const cycleDone = () => /\[scraper\].*new_hanover_inventory: /.test(app.output());
    expect(cycleDone(), 'the scraper’s first cycle was over before the bursts began').toBe(false);
    let answers = 0;
    const problems: string[] = [];
    const started = Date.now();
    let burstsDuringCycle = 0;
    while (Date.now() - started < 150_000) {
      const during = !cycleDone();
      const burst = await Promise.all(Array.from({ length: BURST }, (_, i) => get(calls[(answers + i) % calls.length])));
      answers += burst.length;
      for (const answer of burst) {
        const problem = wrongness(answer, storeIds);
        if (problem) problems.push(problem);
      }
      if (during) burstsDuringCycle++;
      else if (burstsDuringCycle > 0) break;
    }
    expect(problems.slice(0, 10), `${problems.length} of ${answers} answers wrong`).toEqual([]);
    expect(burstsDuringCycle, app.output().slice(-3000)).toBeGreaterThan(3);
    expect(app.output()).not.toMatch(/failed: .*(invalid input syntax|prepared statement|portal)/);
  }, 300_000);
});
