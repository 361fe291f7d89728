import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './server.ts';

const START = '2026-07-20T16:00:00Z'; // Monday 12:00 New York

const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('simulator HTTP server', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 4, start: START });
  });
  afterAll(async () => {
    await sim.stop();
  });

  async function fault(path: string, kind: string, count?: number) {
    const res = await fetch(`${sim.url}/__sim/fault`, json({ path, kind, count }));
    expect(res.status).toBe(200);
  }

  it('listens on loopback and answers every data path', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const search = await fetch(`${sim.url}/search-results`, form({ productSearch: 'blanton' }));
    expect(search.status).toBe(200);
    expect(search.headers.get('content-type')).toMatch(/text\/html/);
    expect(await search.text()).toContain('<div class="wake-product">');

    const locator = await fetch(
      `${sim.url}/wp-admin/admin-ajax.php?action=store_search&lat=35.7796&lng=-78.6382&max_results=100&search_radius=500&autoload=1`,
    );
    expect(locator.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await locator.json()) as unknown[]).length).toBe(29);
    expect((await fetch(`${sim.url}/wp-admin/admin-ajax.php?action=other`)).status).toBe(400);

    const stocks = await fetch(`${sim.url}/StoresBoards/Stocks`);
    const stocksHtml = await stocks.text();
    expect(stocksHtml).toContain('<table class="table table-bordered table-striped">');
    expect(stocksHtml.split('<tr id="StockItemDetails">').length - 1).toBe(sim.world.data.products.length);

    const dated = await fetch(`${sim.url}/StoresBoards/Stocks`, form({ ReportDate: '7/18/2026', BrandName: 'blanton' }));
    const datedHtml = await dated.text();
    expect(datedHtml).toContain('value="7/18/2026"');
    const rows = datedHtml.split('<tr id="StockItemDetails">').length - 1;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(20);

    const shipped = await fetch(`${sim.url}/Search/StockShippedData`);
    expect(shipped.headers.get('content-type')).toMatch(/application\/json/);
    const extract = (await shipped.json()) as { metadata: { extractDatetime: string }; records: unknown[] };
    expect(extract.metadata.extractDatetime).toMatch(/^2026-07-20 11:/);
    expect(extract.records.length).toBeGreaterThan(1000);

    expect((await fetch(`${sim.url}/nope`)).status).toBe(404);
  });

  it('control: state, advance by duration or to a time, deliveries', async () => {
    const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as {
      now: string;
      nextDeliveries: { storeNumber: number; at: string | null }[];
      counters: { ticks: number };
    };
    expect(state.nextDeliveries).toHaveLength(28);
    expect(state.counters.ticks).toBeGreaterThan(0);
    const t0 = Date.parse(state.now);

    const advanced = (await (await fetch(`${sim.url}/__sim/advance`, json({ hours: 2, minutes: 30 }))).json()) as { now: string };
    expect(Date.parse(advanced.now) - t0).toBe(2.5 * 3600_000);
    const to = new Date(t0 + 3 * 86400_000).toISOString();
    const moved = (await (await fetch(`${sim.url}/__sim/advance`, json({ to }))).json()) as { now: string };
    expect(moved.now).toBe(to);
    expect(sim.world.now().toISOString()).toBe(to);
    expect((await fetch(`${sim.url}/__sim/advance`, json({ to: START }))).status).toBe(400); // backwards
    expect((await fetch(`${sim.url}/__sim/advance`, json({}))).status).toBe(400);
    expect((await fetch(`${sim.url}/__sim/advance`, { method: 'POST', body: 'nope' })).status).toBe(400);

    const deliveries = (await (await fetch(`${sim.url}/__sim/deliveries?date=2026-07-21`)).json()) as {
      deliveries: { storeNumber: number; items: unknown[] }[];
    };
    expect(deliveries.deliveries.length).toBeGreaterThan(0);
    expect((await fetch(`${sim.url}/__sim/deliveries?date=bad`)).status).toBe(400);
  });

  it('fault http500 affects `count` requests, then the page is back', async () => {
    await fault('/StoresBoards/Stocks', 'http500', 2);
    expect((await fetch(`${sim.url}/StoresBoards/Stocks`)).status).toBe(500);
    expect((await fetch(`${sim.url}/StoresBoards/Stocks`)).status).toBe(500);
    expect((await fetch(`${sim.url}/StoresBoards/Stocks`)).status).toBe(200);
  });

  it('fault timeout never answers until the client gives up; none resets it', async () => {
    await fault('/search-results', 'timeout');
    const started = Date.now();
    await expect(fetch(`${sim.url}/search-results`, { ...form({ productSearch: 'x' }), signal: AbortSignal.timeout(300) })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // unlimited until reset
    await expect(fetch(`${sim.url}/search-results`, { ...form({ productSearch: 'x' }), signal: AbortSignal.timeout(200) })).rejects.toThrow();
    await fault('/search-results', 'none');
    expect((await fetch(`${sim.url}/search-results`, form({ productSearch: 'x' }))).status).toBe(200);
  });

  it('fault refuse destroys the connection', async () => {
    await fault('/Search/StockShippedData', 'refuse', 1);
    await expect(fetch(`${sim.url}/Search/StockShippedData`)).rejects.toThrow();
    expect((await fetch(`${sim.url}/Search/StockShippedData`)).status).toBe(200);
  });

  it('fault bad-html drops a warehouse column and changes the Wake markup', async () => {
    await fault('/StoresBoards/Stocks', 'bad-html', 1);
    const html = await (await fetch(`${sim.url}/StoresBoards/Stocks`)).text();
    const header = /<thead>([\s\S]*?)<\/thead>/.exec(html)![1];
    expect(header.match(/<th>/g)).toHaveLength(8);

    await fault('/search-results', 'bad-html', 1);
    const wake = await (await fetch(`${sim.url}/search-results`, form({ productSearch: 'bourbon' }))).text();
    expect(wake).toContain('class="wake-product"');
    expect(wake).not.toContain('PLU:');
    expect(wake).not.toContain('class="quantity"');

    await fault('/Search/StockShippedData', 'bad-html', 1);
    const notJson = await fetch(`${sim.url}/Search/StockShippedData`);
    expect(notJson.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('fault truncated-json cuts the shipments body in half', async () => {
    const full = await (await fetch(`${sim.url}/Search/StockShippedData`)).text();
    await fault('/Search/StockShippedData', 'truncated-json', 1);
    const cut = await (await fetch(`${sim.url}/Search/StockShippedData`)).text();
    expect(Math.abs(cut.length - full.length / 2)).toBeLessThan(4);
    expect(full.startsWith(cut)).toBe(true);
    expect(() => JSON.parse(cut)).toThrow();
  });

  it('fault path * matches every data path; unknown kinds and paths are rejected', async () => {
    await fault('*', 'http500');
    expect((await fetch(`${sim.url}/StoresBoards/Stocks`)).status).toBe(500);
    expect((await fetch(`${sim.url}/wp-admin/admin-ajax.php?action=store_search`)).status).toBe(500);
    expect((await fetch(`${sim.url}/__sim/state`)).status).toBe(200); // control is never faulted
    await fault('*', 'none');
    expect((await fetch(`${sim.url}/StoresBoards/Stocks`)).status).toBe(200);
    expect((await fetch(`${sim.url}/__sim/fault`, json({ path: '/StoresBoards/Stocks', kind: 'explode' }))).status).toBe(400);
    expect((await fetch(`${sim.url}/__sim/fault`, json({ path: '/elsewhere', kind: 'http500' }))).status).toBe(400);
  });
});

describe('simulator clock modes', () => {
  it('tickOnRequest advances 15 minutes per data request', async () => {
    const sim = await startSimulator({ seed: 4, start: START, historyDays: 1, tickOnRequest: true });
    try {
      const t0 = sim.world.nowMillis();
      await (await fetch(`${sim.url}/StoresBoards/Stocks`)).text();
      await (await fetch(`${sim.url}/search-results`, form({ productSearch: 'rye' }))).text();
      expect(sim.world.nowMillis() - t0).toBe(30 * 60_000);
      await (await fetch(`${sim.url}/__sim/state`)).text();
      expect(sim.world.nowMillis() - t0).toBe(30 * 60_000);
    } finally {
      await sim.stop();
    }
  });

  it('realtime follows the wall clock times the speed factor', async () => {
    const sim = await startSimulator({ seed: 4, start: START, historyDays: 1, realtime: true, speed: 3600 });
    try {
      const t0 = sim.world.nowMillis();
      await new Promise((r) => setTimeout(r, 300));
      const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as { now: string };
      const elapsed = Date.parse(state.now) - t0;
      expect(elapsed).toBeGreaterThanOrEqual(300 * 3600 * 0.9);
      expect(elapsed).toBeLessThan(60 * 3600 * 1000);
    } finally {
      await sim.stop();
    }
  });

  it('stop() ends held (timeout) requests and closes the port', async () => {
    const sim = await startSimulator({ seed: 4, start: START, historyDays: 0 });
    sim.setFault('/StoresBoards/Stocks', 'timeout');
    const pending = fetch(`${sim.url}/StoresBoards/Stocks`).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((r) => setTimeout(r, 100));
    await sim.stop();
    expect(await pending).toBe('failed');
    await expect(fetch(`${sim.url}/__sim/state`)).rejects.toThrow();
  });
});
