// The server's error-page faults, markup selection, respellings, debuts and ground truth over HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './server.ts';
import { readWakePage, readWarehousePage } from './test-pages.ts';
import { EXAMPLE_RESPELLING } from './world.ts';

const START = '2026-07-20T16:00:00Z'; // Monday 12:00 New York

const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const PATHS = {
  search: '/search-results',
  locator: '/wp-admin/admin-ajax.php',
  stocks: '/StoresBoards/Stocks',
  shipped: '/Search/StockShippedData',
} as const;

describe('simulator control: faults, markup, respell, debuts, stock', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 4, start: START });
  });
  afterAll(async () => {
    await sim.stop();
  });
  beforeEach(() => {
    sim.setFault('*', 'none');
    sim.setMarkup({ wake: 'documented', warehouse: 'documented' });
  });

  const get = (path: string) =>
    path === PATHS.search
      ? fetch(`${sim.url}${path}`, form({ productSearch: 'blanton' }))
      : fetch(`${sim.url}${path}${path === PATHS.locator ? '?action=store_search&lat=35.7796&lng=-78.6382&max_results=100' : ''}`);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${sim.url}${path}`, json(body));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('error-200, not-found-200, maintenance(-200), firewall(-200) answer on every data path', async () => {
    const cases: [kind: string, status: number, titles: { wake: RegExp; ncabc: RegExp }, text: RegExp][] = [
      ['error-200', 200, { wake: /^Server Error/, ncabc: /^Server Error/ }, /Server Error/],
      ['not-found-200', 200, { wake: /^Page Not Found/, ncabc: /^Page Not Found/ }, /Page Not Found/],
      ['maintenance', 503, { wake: /^Maintenance$/, ncabc: /^Site Maintenance/ }, /maintenance/i],
      ['maintenance-200', 200, { wake: /^Maintenance$/, ncabc: /^Site Maintenance/ }, /maintenance/i],
      ['firewall', 403, { wake: /^Attention Required! \| Cloudflare$/, ncabc: /^Attention Required! \| Cloudflare$/ }, /Sorry, you have been blocked/],
      ['firewall-200', 200, { wake: /^Just a moment\.\.\.$/, ncabc: /^Just a moment\.\.\.$/ }, /Checking if the site connection is secure/],
    ];
    for (const [kind, status, titles, text] of cases) {
      for (const path of Object.values(PATHS)) {
        sim.setFault(path, kind as never, 1);
        const res = await get(path);
        const body = await res.text();
        expect(res.status, `${kind} ${path}`).toBe(status);
        expect(res.headers.get('content-type'), `${kind} ${path}`).toMatch(/text\/html/);
        expect(title(body), `${kind} ${path}`).toMatch(path === PATHS.search || path === PATHS.locator ? titles.wake : titles.ncabc);
        expect(body).toMatch(text);
        expect(readWakePage(body).products).toHaveLength(0);
        expect(body).not.toContain('Listing Type');
        if (kind === 'maintenance') expect(res.headers.get('retry-after')).toBe('600');
        if (kind.startsWith('firewall')) {
          expect(res.headers.get('server')).toBe('cloudflare');
          expect(res.headers.get('cf-ray')).toMatch(/^[0-9a-f]{16}-IAD$/);
        }
        // count 1: the next request is the real page again.
        const again = await get(path);
        expect(again.status).toBe(200);
        await again.arrayBuffer();
      }
    }
    // Wake's error pages keep the theme and the product search form: only the title and text say "error".
    sim.setFault(PATHS.search, 'error-200', 1);
    const wake = await (await get(PATHS.search)).text();
    expect(wake).toContain('<header id="masthead" class="site-header">');
    expect(wake).toContain('name="productSearch" value="blanton"');
    expect(wake).toContain('<title>Server Error &#8211; Wake ABC</title>');
    sim.setFault(PATHS.stocks, 'error-200', 1);
    expect(await (await get(PATHS.stocks)).text()).toContain("<h1>Server Error in '/' Application.</h1>");
  });

  it('empty-table: the warehouse header with no rows (HTTP 200), only on the warehouse path', async () => {
    for (const warehouse of ['documented', 'live'] as const) {
      sim.setMarkup({ warehouse });
      sim.setFault(PATHS.stocks, 'empty-table', 1);
      const res = await get(PATHS.stocks);
      expect(res.status).toBe(200);
      const page = readWarehousePage(await res.text());
      expect(page.header).toHaveLength(9);
      expect(page.rows).toHaveLength(0);
      expect(readWarehousePage(await (await get(PATHS.stocks)).text()).rows.length).toBeGreaterThan(3000);
    }
    expect((await post('/__sim/fault', { path: PATHS.search, kind: 'empty-table' })).status).toBe(400);
    // On '*' it passes the other paths by without using up its count.
    sim.setFault('*', 'empty-table', 1);
    expect(readWakePage(await (await get(PATHS.search)).text()).products.length).toBeGreaterThan(0);
    expect((await get(PATHS.shipped)).status).toBe(200);
    expect(readWarehousePage(await (await get(PATHS.stocks)).text()).rows).toHaveLength(0);
    expect(readWarehousePage(await (await get(PATHS.stocks)).text()).rows.length).toBeGreaterThan(3000);
  });

  it('markup: documented by default, live, and alternate request by request; POST /__sim/markup', async () => {
    const shape = async () => readWakePage(await (await get(PATHS.search)).text()).markup;
    const warehouseShape = async () => ((await (await get(PATHS.stocks)).text()).includes('StockItemDetails') ? 'documented' : 'live');
    expect(await shape()).toBe('documented');
    expect(await warehouseShape()).toBe('documented');

    const set = await post('/__sim/markup', { wake: 'alternate', warehouse: 'live' });
    expect(set.status).toBe(200);
    expect(set.body.markup).toEqual({ wake: 'alternate', warehouse: 'live' });
    expect([await shape(), await shape(), await shape(), await shape()]).toEqual(['documented', 'live', 'documented', 'live']);
    expect(await warehouseShape()).toBe('live');
    expect(sim.markup()).toEqual({ wake: 'alternate', warehouse: 'live' });

    sim.setMarkup({ warehouse: 'alternate' });
    expect([await warehouseShape(), await warehouseShape()]).toEqual(['documented', 'live']);
    expect((await post('/__sim/markup', { wake: 'fancy' })).status).toBe(400);
    const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as { markup: unknown };
    expect(state.markup).toEqual({ wake: 'alternate', warehouse: 'alternate' });
  });

  it('markup options at start', async () => {
    const other = await startSimulator({ port: 0, seed: 4, start: START, wakeMarkup: 'live', warehouseMarkup: 'alternate' });
    try {
      const page = await (await fetch(`${other.url}/search-results`, form({ productSearch: 'bourbon' }))).text();
      expect(readWakePage(page).markup).toBe('live');
      expect(other.markup()).toEqual({ wake: 'live', warehouse: 'alternate' });
    } finally {
      await other.stop();
    }
  });

  it('respell on and off over HTTP; ground truth unchanged', async () => {
    const world = sim.world;
    const p = world.products().find((x) => world.onWake(x) && world.stockOf(x.plu).get(EXAMPLE_RESPELLING.storeNumber)! > 0)!;
    const search = async () => (await (await fetch(`${sim.url}/search-results`, form({ productSearch: p.plu }))).text());
    expect(await search()).toContain('7200 Sandy Fork Rd.<br>Raleigh, NC 27609');

    const on = await post('/__sim/respell', EXAMPLE_RESPELLING);
    expect(on.status).toBe(200);
    expect(on.body.respellings).toEqual({ '1': EXAMPLE_RESPELLING.address });
    const respelled = await search();
    expect(respelled).toContain('7200 Sandy Forks Road<br>Raleigh, NC 27609');
    expect(respelled).not.toContain('7200 Sandy Fork Rd.');
    const stock = (await (await fetch(`${sim.url}/__sim/stock?plu=${p.plu}`)).json()) as { stock: Record<string, Record<string, number>> };
    expect(stock.stock[p.plu]['1']).toBe(world.stockOf(p.plu).get(1));

    expect((await post('/__sim/respell', { storeNumber: 1, address: null })).body.respellings).toEqual({});
    expect(await search()).toContain('7200 Sandy Fork Rd.<br>Raleigh, NC 27609');
    expect((await post('/__sim/respell', { storeNumber: 99, address: 'x' })).status).toBe(400);

    sim.respell(1, EXAMPLE_RESPELLING.address);
    expect(await search()).toContain('Sandy Forks Road');
    sim.respell(1, null);
  });

  it('debut over HTTP: POST /__sim/debut, GET /__sim/debuts, then found on Wake at release; GET /__sim/stock', async () => {
    const now = sim.world.nowMillis();
    const plu = '99124';
    expect(sim.world.data.byPlu.has(plu)).toBe(false);
    const res = await post('/__sim/debut', {
      plu,
      name: 'Control Test Barrel Proof Bourbon',
      listingTypeLabel: '',
      retailPrice: '64.95',
      sizeMl: 750,
      releaseAt: new Date(now + 60 * 60_000).toISOString(),
      stores: [{ storeNumber: 3, quantity: 4 }],
      classifyAt: new Date(now + 26 * 3600_000).toISOString(),
      classifyAs: 'Limited',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plu, knownPlu: false, released: false, listingTypeLabel: '', classifyAs: 'Limited' });
    const before = await (await fetch(`${sim.url}/search-results`, form({ productSearch: plu }))).text();
    expect(readWakePage(before).products).toHaveLength(0);

    await post('/__sim/advance', { minutes: 60 });
    const after = readWakePage(await (await fetch(`${sim.url}/search-results`, form({ productSearch: plu }))).text());
    expect(after.products).toHaveLength(1);
    expect(after.products[0].stores).toEqual([{ address: '3615 SW Cary Parkway, Cary, NC 27513', quantity: 4 }]);
    const stock = (await (await fetch(`${sim.url}/__sim/stock?plu=${plu},27090`)).json()) as { stock: Record<string, Record<string, number>> };
    expect(Object.keys(stock.stock[plu])).toHaveLength(27);
    expect(stock.stock[plu]['3']).toBe(4);
    expect(Object.keys(stock.stock['27090'])).toHaveLength(27);
    const list = (await (await fetch(`${sim.url}/__sim/debuts`)).json()) as { debuts: { plu: string; released: boolean }[] };
    expect(list.debuts.find((d) => d.plu === plu)?.released).toBe(true);

    expect((await post('/__sim/debut', { plu, name: 'again' })).status).toBe(400);
    expect((await fetch(`${sim.url}/__sim/stock?plu=00000`)).status).toBe(400);
    expect((await post('/__sim/relabel', { plu: '27090', label: 'Special Release' })).status).toBe(200);
    const row = readWarehousePage(await (await fetch(`${sim.url}/StoresBoards/Stocks`, form({ BrandName: 'blanton' }))).text()).rows.find(
      (r) => r.cells[0].replace('-', '') === '27090',
    );
    expect(row?.cells[2]).toBe('Special Release');
  });

  it('shipments over HTTP: POST /__sim/shipment; extract faults drop-boards, drop-records, stale-extract; GET /__sim/extract-days', async () => {
    const extract = async () => (await (await get(PATHS.shipped)).json()) as { metadata: { extractDatetime: string }; records: { NCcode: string; boardName: string; NUMUNITS: number }[] };
    const whole = await extract();
    const plu = sim.world.data.allocated[1].plu;
    const at = new Date(sim.world.nowMillis() + 30 * 60_000).toISOString();
    const shipped = await post('/__sim/shipment', { plu, boardId: 43, at, units: 6 });
    expect(shipped).toMatchObject({ status: 200, body: { plu, boardId: 43, units: 6 } });
    expect((await post('/__sim/shipment', { plu, boardId: 43, at: '2020-01-01T00:00:00Z', units: 6 })).status).toBe(400);

    expect((await post('/__sim/fault', { path: PATHS.shipped, kind: 'drop-boards', boardIds: [53] })).status).toBe(200);
    const dropped = await extract();
    expect(dropped.records.length).toBeLessThan(whole.records.length);
    expect(dropped.records.some((r) => r.boardName.startsWith('Mecklenburg'))).toBe(false);
    expect((await post('/__sim/fault', { path: PATHS.shipped, kind: 'drop-records', percent: 60 })).status).toBe(200);
    expect((await extract()).records.length).toBeLessThan(whole.records.length * 0.5);
    expect((await post('/__sim/fault', { path: PATHS.shipped, kind: 'drop-boards' })).status).toBe(400);
    expect((await post('/__sim/fault', { path: PATHS.shipped, kind: 'drop-records', percent: 0 })).status).toBe(400);
    expect((await post('/__sim/fault', { path: PATHS.stocks, kind: 'stale-extract' })).status).toBe(400);

    // The next day, a stale extract is yesterday's again; the day never published, then the fault cleared.
    await post('/__sim/advance', { minutes: 24 * 60 });
    await post('/__sim/fault', { path: PATHS.shipped, kind: 'stale-extract' });
    expect((await extract()).metadata.extractDatetime).toBe(whole.metadata.extractDatetime);
    const days = async () => ((await (await fetch(`${sim.url}/__sim/extract-days`)).json()) as { days: { date: string; published: boolean; publishedTo: number[] }[] }).days;
    expect((await days()).map((d) => d.date)).not.toContain('2026-07-21');
    sim.setFault('*', 'none');
    expect((await extract()).metadata.extractDatetime).not.toBe(whole.metadata.extractDatetime);
    expect((await days()).find((d) => d.date === '2026-07-21')).toMatchObject({ published: true });
  });

  it('arrivals over HTTP: a shipment that lands (POST /__sim/shipment with lands) shows in GET /__sim/arrivals', async () => {
    const plu = sim.world.data.allocated.find((p) => p.listingType === 'Barrel')!.plu;
    const at = new Date(sim.world.nowMillis() + 30 * 60_000).toISOString();
    expect((await post('/__sim/shipment', { plu, boardId: 43, at, units: 6, lands: true })).status).toBe(200);
    expect((await post('/__sim/shipment', { plu: sim.world.data.trackedListed[0].plu, boardId: 43, at, units: 6, lands: true })).status).toBe(400);
    await post('/__sim/advance', { hours: 1 });
    const landed = [];
    for (let k = 1; k <= 7; k++) {
      const date = new Date(Date.parse(START) + k * 86_400_000).toISOString().slice(0, 10);
      const answer = (await (await fetch(`${sim.url}/__sim/arrivals?date=${date}&board=43`)).json()) as { arrivals: { plu: string; quantity: number; storeNumber: number }[] };
      landed.push(...answer.arrivals.filter((a) => a.plu === plu));
    }
    expect(landed.reduce((n, a) => n + a.quantity, 0)).toBeGreaterThanOrEqual(6);
    expect((await fetch(`${sim.url}/__sim/arrivals?date=nope`)).status).toBe(400);
    expect((await fetch(`${sim.url}/__sim/arrivals?board=99999`)).status).toBe(400);
  });
});
