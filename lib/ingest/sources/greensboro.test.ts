import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { GREENSBORO_BOARD_ID } from '../../reference/boards.ts';
import type { BoardStore } from './board-stock.ts';
import { SourceError } from './errors.ts';
import {
  fetchGreensboroLocations,
  greensboroItemsByCode,
  placeGreensboroItem,
  greensboroLocationKind,
  matchGreensboroLocations,
  parseGreensboroItemsPage,
  parseGreensboroLocatorPage,
  searchGreensboroItems,
  type GreensboroItem,
  type GreensboroLocation,
} from './greensboro.ts';
import { judgeGreensboro } from './judgement.ts';
import { createLimiter } from './http.ts';
import { knownBoardStores, storeIdOf } from './fixtures/board-stores.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name)) as Record<string, unknown>;
const STORES = knownBoardStores(GREENSBORO_BOARD_ID);
const id = (street: string) => storeIdOf(STORES, street);
const LOCATIONS: GreensboroLocation[] = [
  ...parseGreensboroLocatorPage(json('greensboro-locations-page-1.json')).locations,
  ...parseGreensboroLocatorPage(json('greensboro-locations-page-2.json')).locations,
];
const ITEM_27090 = parseGreensboroItemsPage(json('greensboro-items-27090.json')).items[0] as GreensboroItem & { plu: string };

function failure(read: () => unknown, kind: SourceError['kind'] = 'parse'): SourceError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe(kind);
    return error as SourceError;
  }
  throw new Error('expected a source error');
}

/** An items page with `count` made-up items starting at code `first`. */
function itemsPage(total: number, codes: string[]) {
  const template = (json('greensboro-items-27090.json').items as Record<string, unknown>[])[0];
  return { total, items: codes.map((code) => ({ ...template, itemid: code, displayname: `Item ${code}` })) };
}

describe('parseGreensboroItemsPage', () => {
  it('reads the NC code, name, price and every location with its quantity ("2.0" and 2.0 are 2 bottles)', () => {
    const { total, items } = parseGreensboroItemsPage(json('greensboro-items-27090.json'));
    expect(total).toBe(1);
    expect(items).toHaveLength(1);
    expect(ITEM_27090).toMatchObject({ itemId: '27090', plu: '27090', name: "Blanton's Single Barrel", price: 79.95 });
    expect(ITEM_27090.locations).toHaveLength(23);
    expect(ITEM_27090.locations.slice(0, 6)).toEqual([
      { locationId: '23', quantity: 0 },
      { locationId: '24', quantity: 0 },
      { locationId: '25', quantity: 2 },
      { locationId: '26', quantity: 0 },
      { locationId: '27', quantity: 2 },
      { locationId: '28', quantity: 0 },
    ]);
    expect(ITEM_27090.locations.find((l) => l.locationId === '43')).toEqual({ locationId: '43', quantity: 120 });
  });

  it('reads an empty search, a numeric itemid (leading zeros restored), a missing price and a non-spirits item', () => {
    expect(parseGreensboroItemsPage(json('greensboro-items-none.json'))).toEqual({ total: 0, items: [] });
    const page = parseGreensboroItemsPage({
      total: 2,
      items: [
        { itemid: 28, displayname: 'Garrison Brothers Small Batch', quantityavailableforstorepickup_detail: { locations: [{ internalid: '27', qtyavailableforstorepickup: '1.0' }] } },
        { itemid: 'GIFTCARD-25', displayname: 'Gift Card', onlinecustomerprice_detail: { onlinecustomerprice: '25.00' }, quantityavailableforstorepickup_detail: { locations: [] } },
      ],
    });
    expect(page.items).toEqual([
      { itemId: '00028', plu: '00028', name: 'Garrison Brothers Small Batch', price: null, locations: [{ locationId: '27', quantity: 1 }] },
      { itemId: 'GIFTCARD-25', plu: null, name: 'Gift Card', price: 25, locations: [] },
    ]);
  });

  it('fails on JSON of the wrong shape, naming what the storefront said', () => {
    expect(failure(() => parseGreensboroItemsPage(json('greensboro-items-error.json'))).message).toMatch(
      /^greensboro items: unexpected items answer: total: .+; items: .+ \(the storefront says "An unexpected error occurred while processing the search\."\)$/,
    );
    expect(failure(() => parseGreensboroItemsPage([])).message).toBe('greensboro items: expected an object with total and items, got an array');
    expect(failure(() => parseGreensboroItemsPage({ total: 1, items: [{ itemid: '27090', displayname: 'X' }] })).message).toMatch(
      /^greensboro items: unexpected items answer: items\.0\.quantityavailableforstorepickup_detail: /,
    );
  });

  it('fails on fractional or negative bottles and on an unreadable location id', () => {
    const item = (location: unknown) => ({ total: 1, items: [{ itemid: '27090', displayname: 'X', quantityavailableforstorepickup_detail: { locations: [location] } }] });
    for (const qty of [2.5, '2.5', -1, 'two', null]) {
      expect(failure(() => parseGreensboroItemsPage(item({ internalid: 27, qtyavailableforstorepickup: qty }))).message, String(qty)).toContain(
        'items.0.quantityavailableforstorepickup_detail.locations.0.qtyavailableforstorepickup',
      );
    }
    expect(failure(() => parseGreensboroItemsPage(item({ internalid: 'Store 11', qtyavailableforstorepickup: 1 }))).message).toContain('locations.0.internalid: not an integer id');
  });
});

describe('the store locator', () => {
  it('reads every location and what it is', () => {
    expect(LOCATIONS).toHaveLength(23);
    expect(LOCATIONS.find((l) => l.locationId === '27')).toEqual({ locationId: '27', name: 'Store 11', address: '2731 Ring Road', city: 'Greensboro', kind: 'store' });
    expect(LOCATIONS.filter((l) => l.kind === 'not_a_store').map((l) => l.locationId)).toEqual(['23', '24', '43', '124']);
    expect(LOCATIONS.filter((l) => l.kind === 'mixed_beverage').map((l) => l.locationId)).toEqual(['26']);
  });

  it('tells stores from other locations by name', () => {
    expect(['Store 1', 'Store 19', 'Hicone', 'Store 7 - Cedar Street'].map(greensboroLocationKind)).toEqual(['store', 'store', 'store', 'store']);
    expect(['Store 10 - MXB', 'Mixed Beverage Sales', 'LBD Counter'].map(greensboroLocationKind)).toEqual(['mixed_beverage', 'mixed_beverage', 'mixed_beverage']);
    expect(['Home Office', 'Law Enforcement', 'Warehouse', 'Warehouse 2', 'Main Office', 'Distribution Center'].map(greensboroLocationKind)).toEqual(
      Array(6).fill('not_a_store'),
    );
  });

  it('fails on a page of the wrong shape', () => {
    expect(failure(() => parseGreensboroLocatorPage([{ internalid: 27 }])).message).toBe(
      'greensboro store locator: expected an object with records and totalRecordsFound, got an array',
    );
    expect(failure(() => parseGreensboroLocatorPage({ records: [{ internalid: 27, name: '' }], totalRecordsFound: 1 })).message).toContain('records.0.name');
  });
});

describe('matchGreensboroLocations', () => {
  it('keys every known store on its location id; other stores are reported, other locations left out', () => {
    const match = matchGreensboroLocations(LOCATIONS, STORES);
    expect(Object.fromEntries(match.stores)).toEqual({
      '25': id('3707-E Battleground Ave'),
      '26': id('115-B North Cedar St'),
      '27': id('2731 Ring Rd'),
      '28': id('500 Hickory Branch Dr'),
      '29': id('2417 Lawndale Dr'),
      '30': id('4548 US Hwy 220 N'),
      '31': id('3919 Burlington Rd'),
      '32': id('2309 Fleming Rd'),
      '33': id('106 Bantiff Way'),
      '36': id('3100 E. Market St'),
      '37': id('3741 Farmington Dr'),
      '38': id('4633 W. Market St'),
      '39': id('307-A Pisgah Church Rd'),
      '40': id('115-C North Cedar St'),
      '41': id('4411 W. Wendover Ave'),
      '42': id('2701 Randleman Rd'),
    });
    expect([...match.notStores]).toEqual(['23', '24', '43', '124']);
    expect(match.learned).toEqual([]);
    // Three stores opened after the reference snapshot (May 2026): reported until the reference data knows them.
    expect(match.unmatched).toEqual([
      { locationId: '34', description: 'location 34 (Store 18, 1214 Redbourne Drive, Greensboro)', reason: 'unknown' },
      { locationId: '35', description: 'location 35 (Store 2, 1101 Rotherwood Road, Greensboro)', reason: 'unknown' },
      { locationId: '125', description: 'location 125 (Store 19, 4712 Hicone Road, Greensboro)', reason: 'unknown' },
    ]);
  });

  it('learns the id of a store without one by its exact address and kind, never by a near spelling', () => {
    const match = matchGreensboroLocations(LOCATIONS, STORES.map((s) => ({ ...s, sourceKey: null })));
    expect(match.learned).toContainEqual({ storeId: id('2731 Ring Rd'), locationId: '27' });
    // The outlet and the retail store at 115 N Cedar St share the address: each takes the location of its kind.
    expect(match.learned).toContainEqual({ storeId: id('115-B North Cedar St'), locationId: '26' });
    expect(match.learned).toContainEqual({ storeId: id('115-C North Cedar St'), locationId: '40' });
    expect(match.learned).toHaveLength(12);
    // "Battleground Plaza" / "Battleground Ave", "Hickory Branch" / "Hickory Branch Dr", "US Hwy 220" / "US Hwy 220 N",
    // "Farmington Road" / "Farmington Dr": why the reference data carries the ids.
    expect(match.unmatched.map((u) => [u.locationId, u.reason])).toEqual([
      ['25', 'unknown'],
      ['28', 'unknown'],
      ['30', 'unknown'],
      ['34', 'unknown'],
      ['35', 'unknown'],
      ['37', 'unknown'],
      ['125', 'unknown'],
    ]);
  });

  it('reports a keyed location whose address has another street number (a moved store, a reused id) instead of following the id', () => {
    const swapped = STORES.map((s) => (s.sourceKey === '27' ? { ...s, sourceKey: '33' } : s.sourceKey === '33' ? { ...s, sourceKey: '27' } : s));
    const match = matchGreensboroLocations(LOCATIONS, swapped);
    expect(match.stores.has('27')).toBe(false);
    expect(match.stores.has('33')).toBe(false);
    expect(match.unmatched.filter((u) => u.reason === 'conflict').map((u) => u.locationId)).toEqual(['27', '33']);
  });

  it('reports a second location at an address a store already took, and an address two stores share', () => {
    const twice: GreensboroLocation[] = [
      { locationId: '27', name: 'Store 11', address: '2731 Ring Road', city: 'Greensboro', kind: 'store' },
      { locationId: '99', name: 'Store 20', address: '2731 Ring Rd.', city: 'Greensboro', kind: 'store' },
    ];
    const stores: BoardStore[] = [{ id: 1, addressKey: '2731 ring rd', city: 'Greensboro', mixedBeverage: false, sourceKey: null }];
    expect(matchGreensboroLocations(twice, stores).unmatched).toEqual([{ locationId: '99', description: 'location 99 (Store 20, 2731 Ring Rd., Greensboro)', reason: 'duplicate' }]);
    const shared = [...stores, { ...stores[0], id: 2 }];
    expect(matchGreensboroLocations(twice.slice(0, 1), shared).unmatched.map((u) => u.reason)).toEqual(['ambiguous']);
  });
});

describe('placeGreensboroItem', () => {
  const match = matchGreensboroLocations(LOCATIONS, STORES);

  it('gives every known store its quantity, leaves out non-stores and lists unknown stores\' lines: partial while stores are unknown', () => {
    const answer = placeGreensboroItem(ITEM_27090, match, STORES);
    expect(answer.stock.size).toBe(16);
    expect(answer.stock.get(id('2731 Ring Rd'))).toBe(2);
    expect(answer.stock.get(id('3707-E Battleground Ave'))).toBe(2);
    expect(answer.stock.get(id('3741 Farmington Dr'))).toBe(4);
    expect(answer.stock.get(id('115-B North Cedar St'))).toBe(0);
    expect(answer.stock.get(id('115-C North Cedar St'))).toBe(1);
    expect([...answer.stock.values()].reduce((a, b) => a + b, 0)).toBe(13); // the warehouse's 120 are not on a shelf
    expect(answer.unmatched).toEqual([
      { plu: '27090', address: 'location 34 (Store 18, 1214 Redbourne Drive, Greensboro)', reason: 'unknown', quantity: 1, sourceKey: '34' },
      { plu: '27090', address: 'location 35 (Store 2, 1101 Rotherwood Road, Greensboro)', reason: 'unknown', quantity: 0, sourceKey: '35' },
      { plu: '27090', address: 'location 125 (Store 19, 4712 Hicone Road, Greensboro)', reason: 'unknown', quantity: 2, sourceKey: '125' },
    ]);
    expect(answer.unlisted).toEqual([]);
    expect(judgeGreensboro('27090', [ITEM_27090], match, STORES)).toMatchObject({
      kind: 'stock',
      status: 'partial',
      product: { plu: '27090', name: "Blanton's Single Barrel", retailPrice: 79.95, sizeMl: null },
    });
  });

  it('is complete when every location is a known store or not a store: one answer is the whole board', () => {
    const more: BoardStore[] = [
      ...STORES,
      { id: 17, addressKey: '1214 redbourne dr', city: 'Greensboro', mixedBeverage: false, sourceKey: '34' },
      { id: 18, addressKey: '1101 rotherwood rd', city: 'Greensboro', mixedBeverage: false, sourceKey: '35' },
      { id: 19, addressKey: '4712 hicone rd', city: 'Greensboro', mixedBeverage: false, sourceKey: '125' },
    ];
    const answer = judgeGreensboro('27090', [ITEM_27090], matchGreensboroLocations(LOCATIONS, more), more);
    if (answer.kind !== 'stock') throw new Error(`expected stock, got ${answer.kind}`);
    expect(answer).toMatchObject({ status: 'complete', unmatched: [], unlisted: [] });
    expect(answer.stock.size).toBe(19);
    expect([answer.stock.get(17), answer.stock.get(18), answer.stock.get(19)]).toEqual([1, 0, 2]);
  });

  it('lists a known store the item leaves out as unlisted (not 0), and a location the locator does not know as unmatched', () => {
    const item = { ...ITEM_27090, locations: [...ITEM_27090.locations.filter((l) => l.locationId !== '27'), { locationId: '777', quantity: 3 }, { locationId: '25', quantity: 9 }] };
    const answer = placeGreensboroItem(item, match, STORES);
    expect(answer.stock.has(id('2731 Ring Rd'))).toBe(false);
    expect(answer.unlisted).toEqual([id('2731 Ring Rd')]);
    expect(answer.unmatched).toContainEqual({ plu: '27090', address: 'location 777 (not in the store locator)', reason: 'unknown', quantity: 3, sourceKey: '777' });
    expect(answer.unmatched).toContainEqual({ plu: '27090', address: 'location 25 (Store 1, 3707-E Battleground Plaza, Greensboro)', reason: 'duplicate', quantity: 9, sourceKey: '25' });
    expect(answer.stock.get(id('3707-E Battleground Ave'))).toBe(2); // the first line counts
  });

  it('finds every spirits item of a search by code, and refuses two items with one code', () => {
    const items = parseGreensboroItemsPage(itemsPage(2, ['27090', '20595'])).items;
    expect([...greensboroItemsByCode(items).keys()]).toEqual(['27090', '20595']);
    expect(failure(() => greensboroItemsByCode([...items, { ...items[0], itemId: '27-090' }])).message).toBe('greensboro items: two items with NC code 27090');
  });
});

describe('Greensboro over HTTP', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const options = () => ({ baseUrl: `${server!.url}/`, retries: 0, limiter: createLimiter({ concurrency: 1, delayMs: 0 }) });
  const sendJson = (res: Parameters<typeof send>[0], body: unknown, status = 200) => send(res, status, JSON.stringify(body), { 'Content-Type': 'application/json' });
  const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
  /** The board's shelf for one product, as the scraper reads it: the items search for the code, judged. */
  const stockOf = async (plu: string) => judgeGreensboro(plu, await searchGreensboroItems(plu, options()), matchGreensboroLocations(LOCATIONS, STORES), STORES);

  it('pages the locator 20 records at a time until totalRecordsFound is read', async () => {
    server = await startServer((req, res) => {
      const { page } = params(req.url);
      send(res, 200, fixture(`greensboro-locations-page-${page}.json`), { 'Content-Type': 'application/json' });
    });
    const locations = await fetchGreensboroLocations(options());
    expect(locations).toEqual(LOCATIONS);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/scs/services/Location.Service.ss?page=1&results_per_page=20',
      '/scs/services/Location.Service.ss?page=2&results_per_page=20',
    ]);
  });

  it('fails when the locator runs out of records early, or lists no store', async () => {
    server = await startServer((req, res) => {
      const { page } = params(req.url);
      if (page === '1') send(res, 200, fixture('greensboro-locations-page-1.json'), { 'Content-Type': 'application/json' });
      else sendJson(res, { page: 2, recordsPerPage: 20, totalRecordsFound: 23, records: [] });
    });
    await expect(fetchGreensboroLocations(options())).rejects.toMatchObject({
      kind: 'parse',
      message: `greensboro store locator: page 2 has no records although 23 were found and 20 read (${server.url}/scs/services/Location.Service.ss?page=2&results_per_page=20)`,
    });
    await server.close();
    server = await startServer((_req, res) => sendJson(res, { totalRecordsFound: 1, records: [{ internalid: '43', name: 'Warehouse', address1: '', city: '' }] }));
    await expect(fetchGreensboroLocations(options())).rejects.toMatchObject({ kind: 'no_data', message: expect.stringContaining('the locator lists no store') });
  });

  it('pages the items search by offset, 50 a page, until total is covered', async () => {
    const codes = Array.from({ length: 103 }, (_, i) => String(10_000 + i));
    server = await startServer((req, res) => {
      const { offset } = params(req.url);
      sendJson(res, itemsPage(103, codes.slice(Number(offset), Number(offset) + 50)));
    });
    const items = await searchGreensboroItems('bourbon', options());
    expect(items.map((i) => i.plu)).toEqual(codes);
    expect(server.requests.map((r) => params(r.url))).toEqual(
      [0, 50, 100].map((offset) => ({ q: 'bourbon', limit: '50', offset: String(offset), fieldset: 'details', country: 'US', language: 'en', currency: 'USD' })),
    );
    expect(server.requests.map((r) => new URL(r.url, 'http://x').pathname)).toEqual(['/api/items', '/api/items', '/api/items']);
    expect(server.requests[0].headers.accept).toBe('application/json');
  });

  it('fails when a page comes back empty before total is covered, or total moves', async () => {
    server = await startServer((req, res) => {
      const { offset } = params(req.url);
      sendJson(res, offset === '0' ? itemsPage(60, Array.from({ length: 50 }, (_, i) => String(10_000 + i))) : itemsPage(60, []));
    });
    await expect(searchGreensboroItems('bourbon', options())).rejects.toMatchObject({ kind: 'parse', message: expect.stringContaining('no items at offset 50 although total is 60') });
    await server.close();
    server = await startServer((req, res) => {
      const { offset } = params(req.url);
      sendJson(res, itemsPage(offset === '0' ? 60 : 61, ['10000']));
    });
    await expect(searchGreensboroItems('bourbon', options())).rejects.toMatchObject({ message: expect.stringContaining('total changed while paging (60, then 61)') });
  });

  it('fetches one product\'s shelf by its code, found on a later page', async () => {
    const codes = [...Array.from({ length: 60 }, (_, i) => String(10_000 + i)), '27090'];
    const item27090 = (json('greensboro-items-27090.json').items as unknown[])[0];
    server = await startServer((req, res) => {
      const { offset, q } = params(req.url);
      expect(q).toBe('27090');
      const page = itemsPage(61, codes.slice(Number(offset), Number(offset) + 50));
      sendJson(res, { ...page, items: page.items.map((it) => (it.itemid === '27090' ? item27090 : it)) });
    });
    const answer = await stockOf('27090');
    expect(server.requests).toHaveLength(2);
    if (answer.kind !== 'stock') throw new Error(`expected stock, got ${answer.kind}`);
    expect(answer).toMatchObject({ plu: '27090', status: 'partial', unlisted: [] });
    expect(answer.stock.get(id('2731 Ring Rd'))).toBe(2);
  });

  it('does not read a search that misses the code as "sold out": no data', async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('greensboro-items-none.json'), { 'Content-Type': 'application/json' }));
    expect(await stockOf('27090')).toEqual({
      kind: 'no_data',
      plu: '27090',
      reason: 'greensboro items: the search for 27090 did not return that code (0 other item(s))',
    });
  });

  it.each([
    ['a firewall challenge served with HTTP 200', 200, fixture('greensboro-error-challenge.html'), "response is not JSON: a firewall or challenge page (title 'Just a moment...', heading 'shop.greensboroabc.com')"],
    ['a maintenance page served with HTTP 200', 200, fixture('greensboro-error-unavailable.html'), "response is not JSON: a server error page (title 'Service Temporarily Unavailable')"],
    ['the storefront\'s error JSON', 200, fixture('greensboro-items-error.json'), 'unexpected items answer'],
    ['a truncated body', 200, fixture('greensboro-items-27090.json').slice(0, 300), 'response is not JSON ('],
  ])('fails on %s', async (_what, status, body, message) => {
    server = await startServer((_req, res) => send(res, status, body));
    await expect(stockOf('27090')).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringContaining(`greensboro items: ${message}`),
    });
  });

  it('fails on an HTTP error', async () => {
    server = await startServer((_req, res) => send(res, 503, fixture('greensboro-error-unavailable.html')));
    await expect(searchGreensboroItems('27090', options())).rejects.toMatchObject({ kind: 'http', status: 503 });
    await expect(fetchGreensboroLocations(options())).rejects.toMatchObject({ kind: 'http', status: 503, source: 'greensboro store locator' });
  });
});
