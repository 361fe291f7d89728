import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { createLimiter } from './http.ts';
import { matchStores, parsePrice, parseQuantity, parseSizeMl, parseWakeInventory, searchWakeInventory, type WakeProduct } from './wake-inventory.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';
import { WAKE_INVENTORY_ADDRESSES, knownWakeStores, storeId } from './fixtures/wake-stores.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parseFailure(html: string): SourceError {
  try {
    parseWakeInventory(html);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('parse');
    return error as SourceError;
  }
  throw new Error('expected a parse error');
}

const block = (inner: string) => `<html><body><div class="wake-product">${inner}</div></body></html>`;

describe('parseWakeInventory', () => {
  const products = parseWakeInventory(fixture('wake-search-results.html'));
  const byPlu = (plu: string) => products.find((p) => p.plu === plu)!;

  it('reads every product block, ignoring look-alikes in scripts, styles and comments', () => {
    expect(products.map((p) => p.plu)).toEqual(['27090', '27169', '20581', '20029', '00028', '18338']);
  });

  it('reads name, PLU, price, size and stores', () => {
    expect(byPlu('27090')).toEqual({
      name: "Blanton's Single Barrel",
      plu: '27090',
      price: 79.95,
      sizeLabel: '.750L',
      sizeMl: 750,
      outOfStockEverywhere: false,
      stores: [
        { address: '7200 Sandy Fork Rd., Raleigh, NC 27609', quantity: 3 },
        { address: '1505 Banyon Pl., Wendell, NC 27571', quantity: 1 },
        { address: '2109-106 Avent Ferry Rd., Raleigh, NC 27606', quantity: 2 },
      ],
    } satisfies WakeProduct);
  });

  it('prints addresses exactly as the known store list has them (<br> → ", ", whitespace collapsed)', () => {
    const printed = products.flatMap((p) => p.stores.map((s) => s.address));
    for (const address of printed) expect(WAKE_INVENTORY_ADDRESSES).toContain(address);
  });

  it('accepts a dashed PLU and reads "Not Available" as no price', () => {
    expect(byPlu('20581')).toMatchObject({ name: 'E.H. Taylor Jr. Small Batch', price: null });
  });

  it('keeps leading zeros and reads a missing price as null', () => {
    expect(byPlu('00028')).toMatchObject({ name: 'Garrison Brothers Small Batch Bourbon', price: null, sizeMl: 750 });
  });

  it('reads thousands separators and zero quantities', () => {
    expect(byPlu('18338')).toMatchObject({
      sizeLabel: '.375L',
      sizeMl: 375,
      stores: [
        { address: '209 S Salisbury St, Raleigh, NC 27601', quantity: 1234 },
        { address: '100 Village Walk Dr, Holly Springs, NC 27540', quantity: 0 },
      ],
    });
  });

  it('reads a product out of stock everywhere', () => {
    expect(byPlu('20029')).toMatchObject({ name: 'Elijah Craig 18Y', outOfStockEverywhere: true, stores: [], price: 169.95 });
  });

  it('returns [] for a search that matches nothing', () => {
    expect(parseWakeInventory(fixture('wake-no-match.html'))).toEqual([]);
  });

  it('fails on changed inventory markup instead of reading "sold out"', () => {
    const error = parseFailure(fixture('wake-changed-markup.html'));
    expect(error.message).toBe(`wake inventory: product block 1: 20595 store 1 has no .address: '7336 Creedmoor Rd. Raleigh, NC 27613 3 in stock'`);
  });

  it('fails on a product block without a PLU', () => {
    const error = parseFailure(block('<h4>Weller 12Y</h4><p class="out-of-stock">All Locations Out of Stock</p>'));
    expect(error.message).toBe("wake inventory: product block 1: no PLU for 'Weller 12Y'");
  });

  it('fails on a PLU that is not 5 digits', () => {
    expect(parseFailure(block('<h4>X</h4><small>PLU: 2709</small><p class="out-of-stock">x</p>')).message).toContain("PLU '2709' for 'X' is not 5 digits");
  });

  it('accepts "PLU: 27-090" with the dash', () => {
    const [p] = parseWakeInventory(block('<h4>X</h4><small>PLU: 27-090</small><p class="out-of-stock">All Locations Out of Stock</p>'));
    expect(p.plu).toBe('27090');
  });

  it('fails when the product block class changed but product markup is still there', () => {
    const html = '<div class="product-card"><h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul></ul></div></div>';
    expect(parseFailure(html).message).toContain('no div.wake-product');
  });

  it('fails on a block with neither a store list nor the out-of-stock marker', () => {
    expect(parseFailure(block('<h4>X</h4><small>PLU: 27090</small>')).message).toContain('neither an inventory list');
  });

  it('fails on an empty store list without the out-of-stock marker', () => {
    expect(parseFailure(block('<h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul></ul></div>')).message).toContain('empty inventory list');
  });

  it('fails on a store item without a quantity', () => {
    const html = block('<h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul><li><span class="address">704 Money Ct.</span></li></ul></div>');
    expect(parseFailure(html).message).toContain('store 1 has no .quantity');
  });

  it('fails on an unreadable quantity', () => {
    const html = block('<h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul><li><span class="address">704 Money Ct.</span><span class="quantity">Call store</span></li></ul></div>');
    expect(parseFailure(html).message).toContain("unreadable quantity 'Call store'");
  });

  it('fails on a block both out of stock and listing stores', () => {
    const html = block('<h4>X</h4><small>PLU: 27090</small><p class="out-of-stock">All Locations Out of Stock</p><div class="inventory-collapse"><ul><li><span class="address">a</span><span class="quantity">1 in stock</span></li></ul></div>');
    expect(parseFailure(html).message).toContain('marked out of stock everywhere but lists 1 stores');
  });
});

describe('value readers', () => {
  it('parseQuantity', () => {
    expect(parseQuantity('3 in stock')).toBe(3);
    expect(parseQuantity('1,234 in stock')).toBe(1234);
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('1,23 in stock')).toBeNull();
    expect(parseQuantity('Out of stock')).toBeNull();
  });
  it('parsePrice', () => {
    expect(parsePrice('79.95 USD')).toBe(79.95);
    expect(parsePrice('$1,299.99')).toBe(1299.99);
    expect(parsePrice('Not Available')).toBeNull();
    expect(parsePrice('')).toBeNull();
  });
  it('parseSizeMl', () => {
    expect(parseSizeMl('.750L')).toBe(750);
    expect(parseSizeMl('1.75L')).toBe(1750);
    expect(parseSizeMl('.050L')).toBe(50);
    expect(parseSizeMl('375ml')).toBe(375);
    expect(parseSizeMl('large')).toBeNull();
  });
});

describe('matchStores', () => {
  const known = knownWakeStores();

  it('maps every printed address to a known store and keeps sold-out products as empty maps', () => {
    const { matched, unmatched } = matchStores(parseWakeInventory(fixture('wake-search-results.html')), known);
    expect(unmatched).toEqual([]);
    expect(matched.get('27090')).toEqual(
      new Map([
        [storeId('7200 Sandy Fork Rd., Raleigh, NC 27609'), 3],
        [storeId('1505 Banyon Pl., Wendell, NC 27571'), 1],
        [storeId('2109-106 Avent Ferry Rd., Raleigh, NC 27606'), 2],
      ]),
    );
    expect(matched.get('18338')!.get(storeId('209 S Salisbury St, Raleigh, NC 27601'))).toBe(1234);
    expect(matched.get('20029')).toEqual(new Map());
    expect([...matched.keys()]).toEqual(['27090', '27169', '20581', '20029', '00028', '18338']);
  });

  it('reports an address that matches no known store instead of dropping it', () => {
    const { matched, unmatched } = matchStores(parseWakeInventory(fixture('wake-unknown-address.html')), known);
    expect(matched.get('25555')).toEqual(new Map([[storeId('704 Money Ct., Knightdale, NC 27545'), 2]]));
    expect(unmatched).toEqual([{ plu: '25555', address: '5800 Duraleigh Rd., Raleigh, NC 27612', reason: 'unknown' }]);
  });

  it('tolerates spelling drift the normaliser covers (Road/Rd., suite numbers, case)', () => {
    const products: WakeProduct[] = [
      { name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false, stores: [
        { address: '7200 SANDY FORK ROAD, Raleigh, NC 27609', quantity: 1 },
        { address: '2109-100 Avent Ferry Rd, Raleigh, NC 27606', quantity: 2 },
      ] },
    ];
    const { matched, unmatched } = matchStores(products, known);
    expect(unmatched).toEqual([]);
    expect(matched.get('27090')!.size).toBe(2);
  });

  it('reports a second listing for the same store and an address two known stores share', () => {
    const products: WakeProduct[] = [
      { name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false, stores: [
        { address: '704 Money Ct., Knightdale, NC 27545', quantity: 1 },
        { address: '704 Money Court, Knightdale', quantity: 5 },
        { address: '1 Main St, Raleigh', quantity: 3 },
      ] },
    ];
    const stores = [...known, { id: 100, address: '1 Main St', addressKey: '1 main st' }, { id: 101, address: '1 Main Street', addressKey: '1 main st' }];
    const { matched, unmatched } = matchStores(products, stores);
    expect(matched.get('27090')).toEqual(new Map([[storeId('704 Money Ct., Knightdale, NC 27545'), 1]]));
    expect(unmatched).toEqual([
      { plu: '27090', address: '704 Money Court, Knightdale', reason: 'duplicate' },
      { plu: '27090', address: '1 Main St, Raleigh', reason: 'ambiguous' },
    ]);
  });
});

describe('searchWakeInventory', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('POSTs productSearch to /search-results and parses the page', async () => {
    server = await startServer((req, res) => send(res, 200, req.url === '/search-results' ? fixture('wake-search-results.html') : 'wrong path'));
    const products = await searchWakeInventory('27090', { baseUrl: `${server.url}/`, retries: 0, limiter: createLimiter({ concurrency: 1, delayMs: 0 }) });
    expect(products).toHaveLength(6);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/search-results', body: 'productSearch=27090' });
  });

  it('names the URL and the search term in a parse error', async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('wake-changed-markup.html')));
    await expect(searchWakeInventory('Stagg', { baseUrl: server.url, retries: 0 })).rejects.toThrow(
      `(POST ${server.url}/search-results productSearch=Stagg)`,
    );
  });
});
