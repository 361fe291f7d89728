import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { NEW_HANOVER_BOARD_ID } from '../../reference/boards.ts';
import { fetchAbcgoDetails, parseAbcgoDetails, parseAbcgoSearch, searchAbcgo, type AbcgoStoreRow } from './abcgo.ts';
import { judgeAbcgo } from './judgement.ts';
import { SourceError } from './errors.ts';
import { createLimiter, fetchText } from './http.ts';
import { knownBoardStores, storeIdOf } from './fixtures/board-stores.ts';
import { send, startServer, type RecordedRequest, type TestServer } from './fixtures/test-server.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name)) as unknown;
const STORES = knownBoardStores(NEW_HANOVER_BOARD_ID);
const retail = (street: string) => storeIdOf(STORES.filter((s) => !s.mixedBeverage), street);

function failure(read: () => unknown): SourceError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('parse');
    return error as SourceError;
  }
  throw new Error('expected a source error');
}

describe('parseAbcgoSearch', () => {
  it('reads code, brand, size, price, the board\'s total and how many stores carry it', () => {
    expect(parseAbcgoSearch(json('abcgo-search.json'))).toEqual([
      { plu: '27090', brand: 'BLANTONS SINGLE BARREL', size: '750ML', retail: 79.95, onHand: 9, stores: 3, modifiedOn: '2026-07-18T09:12:33.217' },
      { plu: '19730', brand: 'BLANTONS GOLD BOURBON', size: '750ML', retail: 144.95, onHand: 2, stores: 1, modifiedOn: '2026-07-17T15:40:02.5' },
      { plu: '00028', brand: 'GARRISON BROTHERS SMALL BATCH', size: null, retail: null, onHand: 1, stores: 1, modifiedOn: null },
    ]);
    expect(parseAbcgoSearch([])).toEqual([]);
  });

  it('fails on JSON of the wrong shape', () => {
    expect(failure(() => parseAbcgoSearch(json('abcgo-error.json'))).message).toBe(
      "abcgo inventory: search: expected a JSON array, got an object (the platform says 'An error has occurred.')",
    );
    expect(failure(() => parseAbcgoSearch([{ Code: '27090', Brand: 'X', OnHand: 1.5, Stores: 1 }])).message).toMatch(/^abcgo inventory: search: row 1: OnHand: not a whole/);
    expect(failure(() => parseAbcgoSearch([{ Code: '2709', Brand: 'X', OnHand: 1, Stores: 1 }])).message).toContain('Code: not a 5-digit NC code');
  });
});

describe('parseAbcgoDetails', () => {
  it('reads one row per store holding the product', () => {
    expect(parseAbcgoDetails(json('abcgo-details-27090.json'), '27090')).toEqual([
      { storeId: '3', boardId: '12', plu: '27090', address: '523 S 17TH STREET', city: 'WILMINGTON', state: 'NC', zip: '28401', onHand: 4 },
      { storeId: '7', boardId: '12', plu: '27090', address: '5410 Market St.', city: 'Wilmington', state: 'NC', zip: '28405', onHand: 3 },
      { storeId: '11', boardId: '12', plu: '27090', address: '1020 North Lake Park Boulevard', city: 'Carolina Beach', state: 'NC', zip: '28428', onHand: 2 },
    ] satisfies AbcgoStoreRow[]);
  });

  it('reads an empty list as no store holding it', () => {
    expect(parseAbcgoDetails(json('abcgo-details-empty.json'), '27090')).toEqual([]);
  });

  it('fails on rows for another code, rows without an address, fractional bottles and a non-array', () => {
    const row = { StoreId: 3, Code: '27090', Address1: '523 S 17th St', City: 'Wilmington', OnHand: 1 };
    expect(failure(() => parseAbcgoDetails([row], '20595')).message).toBe('abcgo inventory: details for 20595: row 1 is for code 27090');
    expect(failure(() => parseAbcgoDetails([{ ...row, Address1: ' ' }], '27090')).message).toBe('abcgo inventory: details for 27090: row 1: Address1: must not be empty');
    expect(failure(() => parseAbcgoDetails([{ ...row, OnHand: 0.5 }], '27090')).message).toContain('OnHand: not a whole, non-negative number of bottles');
    expect(failure(() => parseAbcgoDetails(null, '27090')).message).toBe('abcgo inventory: details for 27090: expected a JSON array, got null');
    expect(failure(() => parseAbcgoDetails({ rows: [] }, '27090')).message).toBe('abcgo inventory: details for 27090: expected a JSON array, got an object');
  });
});

describe('ABC/GO over HTTP', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** The platform as public trackers describe it: POST only, 403 without X-Requested-With, 415 without a JSON body. */
  const platform = (details: Record<string, string>, override?: (req: RecordedRequest) => [number, string] | undefined) =>
    startServer((req, res) => {
      const answer = override?.(req);
      if (answer) return send(res, answer[0], answer[1]);
      if (req.method !== 'POST') return send(res, 405, 'Method Not Allowed');
      if (req.headers['x-requested-with'] !== 'XMLHttpRequest') return send(res, 403, fixture('abcgo-error-forbidden.html'));
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return send(res, 415, 'Unsupported Media Type');
      const body = JSON.parse(req.body) as { filter?: string; code?: string };
      if (req.url === '/api/inventory/search') return send(res, 200, fixture('abcgo-search.json'), { 'Content-Type': 'application/json' });
      if (req.url === '/api/inventory/details') return send(res, 200, fixture(details[body.code ?? ''] ?? 'abcgo-details-empty.json'), { 'Content-Type': 'application/json' });
      send(res, 404, 'Not Found');
    });
  const options = () => ({ boardUrl: `${server!.url}/`, retries: 0, limiter: createLimiter({ concurrency: 1, delayMs: 0 }) });

  it('POSTs the search as JSON with X-Requested-With', async () => {
    server = await platform({});
    expect(await searchAbcgo("blanton's", options())).toHaveLength(3);
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/api/inventory/search' });
    expect(req.headers).toMatchObject({ 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', accept: 'application/json' });
    expect(JSON.parse(req.body)).toEqual({ filter: "blanton's" });
  });

  /** The board's shelf for one product, as the scraper reads it: the details answer, judged. */
  const stockOf = async (plu: string) => judgeAbcgo(plu, await fetchAbcgoDetails(plu, options()), STORES);

  it('places each details row on its known store by address: a complete answer', async () => {
    server = await platform({ '27090': 'abcgo-details-27090.json' });
    const answer = await stockOf('27090');
    expect(JSON.parse(server.requests[0].body)).toEqual({ code: '27090' });
    expect(server.requests[0].url).toBe('/api/inventory/details');
    expect(answer).toEqual({
      kind: 'stock',
      plu: '27090',
      status: 'complete',
      // 523 S 17th St is both the retail store and the LBD counter: the public inventory names the retail store.
      stock: new Map([[retail('523 S. 17th St'), 4], [retail('5410 Market St'), 3], [retail('1020 N. Lake Park Blvd'), 2]]),
      unmatched: [],
      unlisted: [],
      product: null,
    });
  });

  it('confirms a sell-out only by a real empty details list: 0 everywhere', async () => {
    server = await platform({});
    expect(await stockOf('27090')).toEqual({ kind: 'none', plu: '27090', evidence: 'details answered []', product: null });
  });

  it('lists a row for a store it does not know instead of dropping it: a partial answer', async () => {
    server = await platform({ '20595': 'abcgo-details-unknown-store.json' });
    const answer = await stockOf('20595');
    if (answer.kind !== 'stock') throw new Error(`expected stock, got ${answer.kind}`);
    expect(answer.status).toBe('partial');
    expect(answer.stock).toEqual(new Map([[retail('5410 Market St'), 1]]));
    expect(answer.unmatched).toEqual([{ plu: '20595', address: '7211 Ogden Business Ln, Wilmington', reason: 'unknown', quantity: 5 }]);
  });

  it('surfaces the platform\'s 403 (no X-Requested-With) and 415 (a form body) as HTTP failures, not retried', async () => {
    server = await platform({});
    const url = `${server.url}/api/inventory/details`;
    await expect(fetchText(url, { source: 'abcgo inventory', json: { code: '27090' }, retries: 2 })).rejects.toMatchObject({ kind: 'http', status: 403 });
    await expect(fetchText(url, { source: 'abcgo inventory', form: { code: '27090' }, headers: { 'X-Requested-With': 'XMLHttpRequest' }, retries: 2 })).rejects.toMatchObject({
      kind: 'http',
      status: 415,
    });
    expect(server.requests).toHaveLength(2);
    // When the platform refuses our own requests, the failure says so and names the request.
    await server.close();
    server = await platform({}, () => [403, fixture('abcgo-error-forbidden.html')]);
    await expect(stockOf('27090')).rejects.toMatchObject({
      kind: 'http',
      status: 403,
      message: `abcgo inventory: HTTP 403 Forbidden (${server.url}/api/inventory/details)`,
    });
  });

  it.each([
    ['the forbidden page served with HTTP 200', fixture('abcgo-error-forbidden.html'), "response is not JSON: a firewall or challenge page (title '403 - Forbidden: Access is denied.', heading 'Server Error')"],
    ['the app\'s HTML page instead of JSON', fixture('abcgo-app-page.html'), "response is not JSON but an HTML page (title 'ABC/GO - New Hanover County ABC')"],
    ['a firewall challenge', fixture('greensboro-error-challenge.html'), 'response is not JSON: a firewall or challenge page'],
    ['the platform\'s error JSON', fixture('abcgo-error.json'), "details for 27090: expected a JSON array, got an object (the platform says 'An error has occurred.')"],
    ['an empty body', '', 'response is not JSON: an empty body'],
  ])('fails on %s, never reading it as "sold out"', async (_what, body, message) => {
    server = await platform({}, (req) => (req.url === '/api/inventory/details' ? [200, body] : undefined));
    await expect(stockOf('27090')).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringContaining(`abcgo inventory: ${message}`),
    });
    await expect(fetchAbcgoDetails('27090', options())).rejects.toMatchObject({ message: expect.stringContaining(`(POST ${server.url}/api/inventory/details {"code":"27090"})`) });
  });

  it('fails on an HTTP error and refuses a code that is not 5 digits before asking', async () => {
    server = await platform({}, () => [502, 'Bad Gateway']);
    await expect(searchAbcgo('blanton', options())).rejects.toMatchObject({ kind: 'http', status: 502 });
    await expect(fetchAbcgoDetails('2709', options())).rejects.toThrow(TypeError);
  });
});
