import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID } from '../../reference/boards.ts';
import { fetchAbcgoDetails } from './abcgo.ts';
import type { BoardStore } from './board-stock.ts';
import { fetchDurhamProduct } from './durham.ts';
import { parseError, SourceError } from './errors.ts';
import { fetchGreensboroLocations, matchGreensboroLocations, searchGreensboroItems } from './greensboro.ts';
import { judgeAbcgo, judgeDurham, judged, judgeGreensboro, judgeWake, snapshotParts, type Judgement } from './judgement.ts';
import { searchWakeInventory } from './wake-inventory.ts';
import { knownBoardStores, storeIdOf } from './fixtures/board-stores.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';
import { knownWakeStores, storeId } from './fixtures/wake-stores.ts';

// One judgement of answers for every platform (judgement.ts): each shape a board's pages can take, served
// over HTTP and read by the product's own adapters, is stock per store, 0 everywhere (positive evidence
// only), no data (the site said nothing about the product) or failed. Only the first two write stock.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const WAKE: BoardStore[] = knownWakeStores().map((s) => ({ ...s, mixedBeverage: false, sourceKey: null }));
const DURHAM = knownBoardStores(DURHAM_BOARD_ID);
const GREENSBORO = knownBoardStores(GREENSBORO_BOARD_ID);
const NEW_HANOVER = knownBoardStores(NEW_HANOVER_BOARD_ID);

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const serveAll = async (body: string, status = 200, type = 'text/html') => {
  server = await startServer((_req, res) => send(res, status, body, { 'Content-Type': type }));
  return server.url;
};

/** The judgement's kind, and for stock its status and bottles per store (zeros dropped). */
function summary(j: Judgement<number>) {
  if (j.kind === 'stock') return { kind: j.kind, status: j.status, bottles: Object.fromEntries([...j.stock].filter(([, q]) => q > 0)), unmatched: j.unmatched.length };
  if (j.kind === 'failed') return { kind: j.kind, error: j.error.kind };
  return { kind: j.kind };
}

describe('Wake: the search for a PLU', () => {
  const read = async (plu: string, body: string, status = 200) => {
    const baseUrl = await serveAll(body, status);
    return judged(plu, async () => judgeWake(plu, await searchWakeInventory(plu, { baseUrl, retries: 0 }), WAKE));
  };

  it('a product block with store lines is stock per store', async () => {
    expect(summary(await read('27090', fixture('wake-search-results.html')))).toEqual({
      kind: 'stock',
      status: 'complete',
      bottles: { [storeId('7200 Sandy Fork Rd., Raleigh, NC 27609')]: 3, [storeId('1505 Banyon Pl., Wendell, NC 27571')]: 1, [storeId('2109-106 Avent Ferry Rd., Raleigh, NC 27606')]: 2 },
      unmatched: 0,
    });
  });

  it('a product block with the out-of-stock marker is 0 everywhere, confirmed (documented and live shapes)', async () => {
    expect(await read('20029', fixture('wake-search-results.html'))).toMatchObject({ kind: 'none', evidence: 'out-of-stock marker', product: { name: 'Elijah Craig 18Y' } });
    // The live capture: an empty <ul></ul> followed by the marker.
    expect(await read('27090', fixture('wake-live-2026-07-21.html'))).toMatchObject({ kind: 'none', evidence: 'out-of-stock marker' });
  });

  it('a product block whose every store line reads 0 in stock is 0 everywhere too', async () => {
    const page = fixture('wake-search-results.html').replace(/\b\d[\d,]* in stock/g, '0 in stock');
    expect(summary(await read('27090', page))).toEqual({ kind: 'none' });
  });

  it('"nothing matched" is no data, never a sell-out: a product out of stock everywhere is still printed', async () => {
    expect(await read('27090', fixture('wake-no-match.html'))).toEqual({
      kind: 'no_data',
      plu: '27090',
      reason: 'wake inventory: the search for 27090 matched nothing (a product out of stock everywhere is still printed)',
    });
  });

  it('a results page with other products and not this one is no data', async () => {
    expect(await read('99999', fixture('wake-search-results.html'))).toMatchObject({ kind: 'no_data', reason: expect.stringContaining('printed 6 other product(s) and not this one') });
  });

  it('a store line no known store has makes the answer partial, never a zero', async () => {
    const j = await read('25555', fixture('wake-unknown-address.html'));
    expect(j).toMatchObject({ kind: 'stock', status: 'partial' });
  });

  it.each([
    ['a server error page served with 200', 'wake-error-server.html', 200],
    ['a "Page Not Found" page inside the theme', 'wake-error-not-found.html', 200],
    ['a maintenance page', 'wake-error-maintenance.html', 503],
    ['a firewall challenge', 'wake-error-firewall-challenge.html', 200],
    ['an empty page', 'wake-error-empty.html', 200],
    ['a redesign whose blocks lost their PLU', 'wake-redesign-no-plu.html', 200],
  ])('%s is a failure', async (_what, name, status) => {
    expect(summary(await read('27090', fixture(name), status))).toMatchObject({ kind: 'failed' });
  });

  it('a page cut short is a failure: the stores after the cut are not zeros', async () => {
    const page = fixture('wake-search-results.html');
    expect(summary(await read('27090', page.slice(0, page.indexOf('PLU: 27169'))))).toEqual({ kind: 'failed', error: 'parse' });
  });
});

describe('Durham: the product page', () => {
  const id = (street: string) => storeIdOf(DURHAM, street);
  const read = async (plu: string, body: string, status = 200) => {
    const baseUrl = await serveAll(body, status);
    return judged(plu, async () => judgeDurham(plu, await fetchDurhamProduct(plu, { baseUrl, retries: 0 }), DURHAM));
  };

  it('a store table is stock per store', async () => {
    expect(summary(await read('18366', fixture('durham-product.html')))).toMatchObject({
      kind: 'stock',
      status: 'complete',
      bottles: { [id('1928 Holloway St')]: 6, [id('5122 N. Roxboro Rd')]: 12 },
    });
  });

  it('price and badge and no table is 0 everywhere, confirmed', async () => {
    expect(await read('27090', fixture('durham-product-carried-nowhere.html'))).toMatchObject({ kind: 'none', evidence: 'product page with price and badge and no store table' });
  });

  it('a table whose every row is Out of Stock is 0 everywhere', async () => {
    const page = fixture('durham-product.html').replace(/In Stock\s*\(\s*(?:<[^>]+>)?\s*[\d,]+\s*(?:<\/[^>]+>)?\s*\)/gi, 'Out of Stock');
    expect(summary(await read('18366', page))).toEqual({ kind: 'none' });
  });

  it('"Product Not Found" is no data, never a zero', async () => {
    expect(await read('12345', fixture('durham-product-not-found.html'))).toMatchObject({ kind: 'no_data' });
  });

  it('a store row no known store has makes the answer partial', async () => {
    expect(summary(await read('20595', fixture('durham-product-unknown-store.html')))).toMatchObject({ kind: 'stock', status: 'partial', unmatched: 1 });
  });

  it.each([
    ['a firewall page', 'durham-error-firewall.html', 200],
    ['a maintenance page', 'durham-error-maintenance.html', 503],
    ['a table whose header changed', 'durham-product-changed-header.html', 200],
  ])('%s is a failure', async (_what, name, status) => {
    expect(summary(await read('18366', fixture(name), status))).toMatchObject({ kind: 'failed' });
  });
});

describe('Greensboro: the items search for the code', () => {
  const LOCATIONS_JSON = [fixture('greensboro-locations-page-1.json'), fixture('greensboro-locations-page-2.json')];
  // The three locations our reference data lacks (34, 35, 125) are known here, so an item can be complete.
  const STORES: BoardStore[] = [
    ...GREENSBORO,
    { id: 901, addressKey: '1214 redbourne dr', city: 'Greensboro', mixedBeverage: false, sourceKey: '34' },
    { id: 902, addressKey: '1101 rotherwood rd', city: 'Greensboro', mixedBeverage: false, sourceKey: '35' },
    { id: 903, addressKey: '4712 hicone rd', city: 'Greensboro', mixedBeverage: false, sourceKey: '125' },
  ];
  const read = async (plu: string, items: string, stores = STORES) => {
    server = await startServer((req, res) => {
      const page = new URL(req.url, 'http://x').searchParams.get('page');
      if (req.url.startsWith('/scs/')) return send(res, 200, LOCATIONS_JSON[Number(page) - 1], { 'Content-Type': 'application/json' });
      send(res, 200, items, { 'Content-Type': items.startsWith('<') ? 'text/html' : 'application/json' });
    });
    const options = { baseUrl: server.url, retries: 0 };
    const match = matchGreensboroLocations(await fetchGreensboroLocations(options), stores);
    return judged(plu, async () => judgeGreensboro(plu, await searchGreensboroItems(plu, options), match, stores));
  };
  const item = fixture('greensboro-items-27090.json');

  it('an item lists every location: stock per store, complete when every location is known', async () => {
    const j = await read('27090', item);
    expect(summary(j)).toMatchObject({ kind: 'stock', status: 'complete', unmatched: 0 });
    expect(summary(j)).toMatchObject({ bottles: { 901: 1, 903: 2 } });
  });

  it('partial while a location is a store our reference data does not know', async () => {
    expect(summary(await read('27090', item, GREENSBORO))).toMatchObject({ kind: 'stock', status: 'partial', unmatched: 3 });
  });

  it('an item with every location at 0 is 0 everywhere, confirmed', async () => {
    const zeros = item.replace(/"qtyavailableforstorepickup":\s*("?[\d.]+"?)/g, '"qtyavailableforstorepickup": 0');
    expect(await read('27090', zeros)).toMatchObject({ kind: 'none', evidence: 'every location at 0' });
  });

  it('a search that does not return the code is no data: the storefront\'s search is no proof of absence', async () => {
    expect(await read('27090', fixture('greensboro-items-none.json'))).toMatchObject({ kind: 'no_data' });
  });

  it.each([
    ['a firewall challenge served with 200', fixture('greensboro-error-challenge.html')],
    ['the storefront\'s error JSON', fixture('greensboro-items-error.json')],
    ['a truncated body', item.slice(0, 300)],
  ])('%s is a failure', async (_what, body) => {
    expect(summary(await read('27090', body))).toMatchObject({ kind: 'failed' });
  });
});

describe('ABC/GO: details for the code', () => {
  const retail = (street: string) => storeIdOf(NEW_HANOVER.filter((s) => !s.mixedBeverage), street);
  const read = async (plu: string, body: string, status = 200) => {
    const boardUrl = await serveAll(body, status, 'application/json');
    return judged(plu, async () => judgeAbcgo(plu, await fetchAbcgoDetails(plu, { boardUrl, retries: 0 }), NEW_HANOVER));
  };

  it('rows are stock per store', async () => {
    expect(summary(await read('27090', fixture('abcgo-details-27090.json')))).toEqual({
      kind: 'stock',
      status: 'complete',
      bottles: { [retail('523 S. 17th St')]: 4, [retail('5410 Market St')]: 3, [retail('1020 N. Lake Park Blvd')]: 2 },
      unmatched: 0,
    });
  });

  it('a real empty list is 0 everywhere, confirmed (the only sell-out ABC/GO can say)', async () => {
    expect(await read('27090', fixture('abcgo-details-empty.json'))).toEqual({ kind: 'none', plu: '27090', evidence: 'details answered []', product: null });
  });

  it('a row for a store we do not know makes the answer partial', async () => {
    expect(summary(await read('20595', fixture('abcgo-details-unknown-store.json')))).toMatchObject({ kind: 'stock', status: 'partial', unmatched: 1 });
  });

  it.each([
    ['the forbidden page served with 200', fixture('abcgo-error-forbidden.html'), 200],
    ['the platform\'s error JSON', fixture('abcgo-error.json'), 200],
    ['an empty body', '', 200],
    ['HTTP 502', 'Bad Gateway', 502],
  ])('%s is a failure, never "sold out"', async (_what, body, status) => {
    expect(summary(await read('27090', body, status))).toMatchObject({ kind: 'failed' });
  });
});

describe('judged and snapshotParts', () => {
  it('judged turns a SourceError into a failure and rethrows anything else (a shutdown, a bug)', async () => {
    const error = parseError('durham inventory', 'page changed');
    expect(await judged('27090', () => Promise.reject(error))).toEqual({ kind: 'failed', plu: '27090', error });
    await expect(judged('27090', () => Promise.reject(new Error('SIGTERM')))).rejects.toThrow('SIGTERM');
  });

  it('only stock and 0-everywhere write stock; no data and failures keep the last known stock', () => {
    const product = { plu: '27090', name: 'A', retailPrice: null, sizeMl: null };
    const parts = snapshotParts<number>([
      { kind: 'stock', plu: '27090', status: 'complete', stock: new Map([[1, 3], [2, 0]]), unmatched: [], unlisted: [], product },
      { kind: 'stock', plu: '20595', status: 'partial', stock: new Map([[1, 1]]), unmatched: [{ plu: '20595', address: '9 X St', reason: 'unknown', quantity: 2 }], unlisted: [], product: null },
      { kind: 'stock', plu: '17666', status: 'partial', stock: new Map(), unmatched: [], unlisted: [4], product: null },
      { kind: 'failed', plu: '12345', error: new SourceError({ kind: 'http', source: 'greensboro items', reason: 'HTTP 503', status: 503 }) },
      { kind: 'no_data', plu: '54321', reason: 'durham inventory: Product Not Found' },
      { kind: 'none', plu: '00028', evidence: 'details answered []', product: null },
    ]);
    expect(parts).toEqual({
      answeredPlus: ['27090', '00028'],
      partialPlus: ['20595', '17666'],
      stock: [
        { storeId: 1, plu: '27090', quantity: 3 },
        { storeId: 2, plu: '27090', quantity: 0 },
        { storeId: 1, plu: '20595', quantity: 1 },
      ],
      failures: [{ plu: '12345', error: 'greensboro items: HTTP 503' }],
      noData: [{ plu: '54321', reason: 'durham inventory: Product Not Found' }],
      noneAnywhere: ['00028'],
      unmatched: [{ plu: '20595', address: '9 X St', reason: 'unknown', quantity: 2 }],
      unlisted: [4],
      products: [product],
    });
  });
});
