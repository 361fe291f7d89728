// npm run bench:phone — how soon a hunter on a phone in a store line sees a screen's main data.
//
// Each load is cold (a new browser context: no cache, no service worker) and signed in, on a phone-sized
// viewport, over slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up) with the CPU 4× slower (Chrome
// DevTools Protocol throttling). It records, from the navigation's start, the first contentful paint and
// the moment the screen's main data is on screen: a MutationObserver installed before any script runs notes
// when the data's element first appears outside a hidden element, and the frame after that is painted (so
// Playwright's polling adds nothing, and a render-blocking stylesheet counts).
//
// It serves the production build with `npm start` in demo mode (eight weeks of demo history, the demo
// hunter signed in), on a fresh embedded database by default, or, with DATABASE_URL set, on a new database
// of its own on that Postgres server (created, then dropped), as production runs.
//
//   --runs=N      loads per screen (default 5); the median and the worst are printed
//   --verbose     show `npm start`'s output
//   --only=TEXT   measure only the screens whose name contains TEXT
//   --waterfall   after each screen, print its last load's requests (start and end, ms from navigation)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser } from '@playwright/test';
import { freePort } from '../lib/startup/http.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { runService, type RunningService } from '../testing/replay.ts';

const require = createRequire(import.meta.url);
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(arg('runs') ?? 5);
const verbose = process.argv.includes('--verbose');
const only = arg('only');
const waterfall = process.argv.includes('--waterfall');
const HUNTER = { email: 'hunter@demo.local', password: 'Demo-Hunter-2026!' };
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;

/** The screens a hunter opens in a store line, and the element that means "the main data is here". */
const screens = (storeId: number, dayWithArrivals: string | null, onItsWay: string | null) => [
  { name: "Today's Arrivals", path: '/todays-arrivals', data: '[data-testid="arrival-product"], [data-testid="arrivals-empty"]' },
  // Before the day's first poll today has no arrivals yet: the last day that had some is the heavier page.
  ...(dayWithArrivals
    ? [{ name: `Today's Arrivals, ${dayWithArrivals} (last day with arrivals)`, path: `/todays-arrivals?date=${dayWithArrivals}`, data: '[data-testid="arrival-product"]' }]
    : []),
  { name: 'Current Inventory', path: '/inventory', data: '[data-testid="inventory-count"]' },
  { name: 'Store detail', path: `/stores/${storeId}`, data: '[data-testid="store-inventory"]' },
  { name: 'Watchlist', path: '/watchlist', data: '[data-testid="default-list"], [data-testid="my-items"]' },
  // The county map (issue 39): its first store point drawn on Wake's Incoming.
  { name: 'Incoming map', path: '/incoming', data: '[data-testid="incoming-map"] [data-testid="map-point"]' },
  // Where is it now's map, for a product on its way to Wake (its forecast stores are points).
  ...(onItsWay ? [{ name: 'Where is it now map', path: `/products/${onItsWay}`, data: '[data-testid="where-map"] [data-testid="map-point"]' }] : []),
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startApp(work: string, databaseUrl: string): Promise<{ app: RunningService; base: string }> {
  const port = await freePort();
  const app = runService('npm start', [process.execPath, require.resolve('tsx/cli'), 'scripts/start.ts'], {
    cwd: process.cwd(),
    imageEnv: {},
    env: {
      DATABASE_URL: databaseUrl,
      DEMO_MODE: 'true',
      SESSION_SECRET: randomBytes(36).toString('base64url'),
      EMBEDDED_DB_DIR: path.join(work, 'pglite'),
      MAIL_OUTBOX_DIR: path.join(work, 'outbox'),
      IMAGES_DIR: path.join(work, 'images'),
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  if (verbose) app.child.stdout!.on('data', (d) => process.stdout.write(String(d).replace(/^/gm, '  | ')));
  const deadline = Date.now() + 600_000;
  while (!/is ready/.test(app.output())) {
    if (app.child.exitCode !== null) throw new Error(`npm start exited:\n${app.output()}`);
    if (Date.now() > deadline) throw new Error(`npm start not ready after 600 s:\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { app, base: `http://127.0.0.1:${port}` };
}

/** One cold, throttled, signed-in load of `path`: milliseconds from navigation start to paint and to data. */
async function load(browser: Browser, base: string, cookies: { name: string; value: string }[], screen: { path: string; data: string }) {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL: base });
  await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  // A string, not a function: tsx compiles this file keeping function names (esbuild's `__name(...)` calls),
  // and a serialized function carrying them throws in the page before its observer is installed — which
  // had this bench silently timing Playwright's polling instead of the page.
  await context.addInitScript({
    content: `(() => {
      const selector = ${JSON.stringify(screen.data)};
      let found = false;
      const check = () => {
        // Not inside a hidden element: a streamed Suspense boundary's content waits hidden until it is revealed.
        if (found || ![...document.querySelectorAll(selector)].some((e) => !e.closest('[hidden]'))) return;
        found = true;
        window.__mainDataInDom = performance.now();
        // On screen: the frame after it is in the page has been painted (a render-blocking stylesheet holds
        // that frame back, as it holds the first paint).
        requestAnimationFrame(() => setTimeout(() => (window.__mainDataAt = performance.now())));
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
      document.addEventListener('DOMContentLoaded', check);
    })();`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(screen.path, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForSelector(screen.data, { timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __mainDataAt?: number }).__mainDataAt !== undefined, undefined, { timeout: 60_000 });
  // The transfer counts everything the phone downloads for the screen, its JavaScript included.
  await page.waitForLoadState('load', { timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 60_000 });
  const timing = await page.evaluate(() => ({
    // Nothing is on screen before the first paint.
    data: Math.max((window as unknown as { __mainDataAt: number }).__mainDataAt, performance.getEntriesByName('first-contentful-paint')[0].startTime),
    paint: performance.getEntriesByName('first-contentful-paint')[0].startTime,
    bytes: performance.getEntriesByType('resource').reduce((n, e) => n + ((e as PerformanceResourceTiming).transferSize || 0), 0),
    // The document first (its first byte, its last byte), then every resource.
    requests: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => {
      const r = e as PerformanceResourceTiming;
      const first = e.entryType === 'navigation' ? ` (first byte ${Math.round(r.responseStart)} ms)` : '';
      return `${Math.round(r.startTime)}–${Math.round(r.responseEnd)} ms  ${(r.transferSize / 1024).toFixed(1)} KB  ${r.name.replace(location.origin, '')}${first}`;
    }),
  }));
  if (new URL(page.url()).pathname !== new URL(screen.path, base).pathname) throw new Error(`${screen.path} ended at ${page.url()} (not signed in?)`);
  await context.close();
  return timing;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'nbt-bench-phone-'));
let database: TestDatabase | undefined;
let app: RunningService | undefined;
try {
  const server = process.env.DATABASE_URL;
  if (server) {
    process.env.TEST_PG_SERVER_URL = server;
    database = await createTestDatabase('bench_phone', 'empty');
  }
  const load1 = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`bench:phone: ${database ? 'Postgres' : 'the embedded database'}, ${runs} cold loads per screen; ${os.cpus().length} CPUs, load average ${load1}`);
  const started = await startApp(work, database?.url ?? '');
  app = started.app;
  const { base } = started;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(HUNTER) });
  if (login.status !== 200) throw new Error(`the demo hunter could not sign in: ${login.status} ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const stores = (await (await fetch(`${base}/api/stores`, { headers: { Cookie: cookie } })).json()) as { stores: { store_id: number }[] };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const latest = (await (await fetch(`${base}/api/inventory/available-dates?currentDate=${today}&direction=previous`, { headers: { Cookie: cookie } })).json()) as { availableDate: string | null };
  const incoming = (await (await fetch(`${base}/api/incoming`, { headers: { Cookie: cookie } })).json()) as { incoming: { plu: string }[] };
  const measured = screens(stores.stores[0].store_id, latest.availableDate, incoming.incoming[0]?.plu ?? null).filter((s) => !only || s.name.includes(only));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    // One unmeasured load warms the server (its first request of each route), not the browser.
    for (const screen of measured) await load(browser, base, cookies, screen);
    console.log('\n| screen | first contentful paint (median / worst) | main data on screen (median / worst) | transferred |');
    console.log('|---|---|---|---|');
    for (const screen of measured) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await load(browser, base, cookies, screen));
      const paints = results.map((r) => r.paint ?? NaN);
      const data = results.map((r) => r.data);
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `| ${screen.name} | ${s(median(paints))} / ${s(Math.max(...paints))} | ${s(median(data))} / ${s(Math.max(...data))} | ${Math.round(median(results.map((r) => r.bytes)) / 1024)} KB |`,
      );
      const last = results[results.length - 1];
      if (waterfall) {
        console.log(`  each load: ${results.map((r) => `${Math.round(r.data)} ms (document ${r.requests[0].split(' ')[0]}, ${/first byte \d+ ms/.exec(r.requests[0])?.[0]})`).join(', ')}`);
        console.log(`  the last: paint ${Math.round(last.paint)} ms, data ${Math.round(last.data)} ms\n${last.requests.map((r) => `    ${r}`).join('\n')}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await app?.stop();
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
}
