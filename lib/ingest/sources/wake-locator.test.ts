import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { WAKE_LOCATOR_QUERY, fetchWakeLocator, parseWakeLocator } from './wake-locator.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';

const body = readFileSync(new URL('./fixtures/wake-locator.json', import.meta.url), 'utf8');
const rows = () => JSON.parse(body) as Record<string, unknown>[];

function failure(text: string): SourceError {
  try {
    parseWakeLocator(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return error as SourceError;
  }
  throw new Error('expected an error');
}

describe('parseWakeLocator', () => {
  const stores = parseWakeLocator(body);

  it('reads 28 stores (27 retail + 1 mixed-beverage) and drops the warehouse (id 186)', () => {
    expect(rows()).toHaveLength(29);
    expect(stores).toHaveLength(28);
    expect(stores.some((s) => s.locatorId === 186)).toBe(false);
    expect(stores.filter((s) => !s.mixedBeverageOnly)).toHaveLength(27);
  });

  it('flags the mixed-beverage-only outlet', () => {
    const mxb = stores.filter((s) => s.mixedBeverageOnly);
    expect(mxb).toHaveLength(1);
    expect(mxb[0]).toMatchObject({ name: 'Wake County ABC – Mixed Beverage Sales', address: '600 S. Greenfield Pkwy', city: 'Garner' });
  });

  it('coerces string ids and coordinates and turns HTML hours into text', () => {
    const first = stores[0];
    expect(first).toMatchObject({ locatorId: 150, address: '7112 Sandy Forks Rd', city: 'Raleigh', state: 'NC', zip: '27609', phone: '919-896-8850' });
    expect(first.lat).toBeCloseTo(35.8, 1);
    expect(first.lng).toBeCloseTo(-78.66, 1);
    expect(stores[1].hours).toBe('Mon-Thur 11am-9pm Fri-Sat 10am-9pm');
    expect(first.hours).toBe('Mon-Thur: 11am-9pm & Fri-Sat: 10am-9pm');
  });

  it('flags MXB from the name as well as the hours', () => {
    const data = rows();
    data[0].store = 'Wake ABC (MXB)';
    expect(parseWakeLocator(JSON.stringify(data))[0].mixedBeverageOnly).toBe(true);
  });

  it('fails on a response that is not an array', () => {
    const error = failure(JSON.stringify({ stores: rows() }));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe('wake store locator: expected a JSON array of stores, got object');
  });

  it('fails on a row missing a field, naming the row and field', () => {
    const data = rows();
    delete data[3].city;
    const error = failure(JSON.stringify(data));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe('wake store locator: row 4 (id 153): missing city');
    expect(failure(JSON.stringify([null])).message).toBe('wake store locator: row 1 is not an object');
  });

  it('fails on a bad coordinate', () => {
    const data = rows();
    data[0].lat = 'north';
    expect(failure(JSON.stringify(data)).message).toContain('row 1 (id 150): lat: not a number');
  });

  it('fails on HTML instead of JSON', () => {
    const error = failure('<!DOCTYPE html><html><body>Maintenance</body></html>');
    expect(error.kind).toBe('parse');
    expect(error.message).toContain('response is not JSON');
  });

  it('reports an empty list as no data', () => {
    expect(failure('[]').kind).toBe('no_data');
  });
});

describe('fetchWakeLocator', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('GETs the documented admin-ajax query', async () => {
    server = await startServer((_req, res) => send(res, 200, body, { 'Content-Type': 'application/json' }));
    const stores = await fetchWakeLocator({ baseUrl: server.url, retries: 0 });
    expect(stores).toHaveLength(28);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: `/wp-admin/admin-ajax.php?${WAKE_LOCATOR_QUERY}` });
    expect(WAKE_LOCATOR_QUERY).toBe('action=store_search&lat=35.7796&lng=-78.6382&max_results=100&search_radius=500&autoload=1');
  });
});
