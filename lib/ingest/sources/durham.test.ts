import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID } from '../../reference/boards.ts';
import { fetchDurhamProduct, parseDurhamProduct, parseDurhamSearch, searchDurham, type DurhamProduct } from './durham.ts';
import { judgeDurham } from './judgement.ts';
import { SourceError } from './errors.ts';
import { createLimiter } from './http.ts';
import { knownBoardStores, storeIdOf } from './fixtures/board-stores.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const STORES = knownBoardStores(DURHAM_BOARD_ID);
const id = (street: string) => storeIdOf(STORES, street);

function failure(parse: () => unknown, kind: SourceError['kind'] = 'parse'): SourceError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe(kind);
    return error as SourceError;
  }
  throw new Error('expected a source error');
}

const page = (main: string, title = 'Durham County ABC') =>
  `<html><head><title>${title}</title></head><body><header><form action="/search"><input name="q"></form></header><main>${main}</main></body></html>`;
const TABLE_HEAD = '<tr><th>Store</th><th>Address</th><th>Phone</th><th>Hours</th><th>Availability</th><th>Directions</th></tr>';
const row = (address: string, availability: string) => `<tr><td>S</td><td>${address}</td><td>919</td><td>9-9</td><td>${availability}</td><td><a href="#">Directions</a></td></tr>`;
const product = (rows: string) => page(`<span class="badge">Limited</span><h1>Stagg Bourbon</h1><p class="price">$54.95</p><table>${TABLE_HEAD}${rows}</table>`);

describe('parseDurhamSearch', () => {
  it('reads every product card: NC code from the link, name from the heading, the category badge', () => {
    expect(parseDurhamSearch(fixture('durham-search-results.html'))).toEqual([
      { plu: '18366', name: 'Buffalo Trace KY Straight Bourbon', badge: 'Limited / Allocated' },
      { plu: '18010', name: 'Buffalo Trace (BTB)', badge: 'Barrel' },
      { plu: '20624', name: 'Buffalo Trace Bourbon Cream', badge: 'Cordials & Liqueurs' },
      { plu: '62059', name: 'Buffalo Trace White Dog Mash', badge: 'Bourbon' },
    ]);
  });

  it('returns [] for "No products found"', () => {
    expect(parseDurhamSearch(fixture('durham-search-no-results.html'))).toEqual([]);
  });

  it('reads cards by their link and heading, whatever their classes; a dashed code; a second link to the same product', () => {
    const html = page(
      '<ul><li><a href="https://durhamabc.com/products/27-090?q=x"><img src="x.jpg"></a><a href="/products/27090"><span>Allocated</span><h4>Blanton\'s Single Barrel</h4></a></li>' +
        '<li><a href="/products/00028"><h2>Garrison Brothers Small Batch</h2></a></li></ul>',
    );
    expect(parseDurhamSearch(html)).toEqual([
      { plu: '27090', name: "Blanton's Single Barrel", badge: 'Allocated' },
      { plu: '00028', name: 'Garrison Brothers Small Batch', badge: null },
    ]);
  });

  it('fails on a page with neither cards nor "No products found": not a search page', () => {
    expect(failure(() => parseDurhamSearch(page('<h1>Welcome to Durham ABC</h1><p>Find a store near you.</p>', 'Home | Durham County ABC'))).message).toBe(
      "durham inventory: not a search results page: no product cards and no 'No products found' (title 'Home | Durham County ABC')",
    );
  });

  it('fails on product links without a name: the card layout changed', () => {
    const html = page('<div><a href="/products/27090" class="card"><span>Allocated</span><div class="title">Blanton\'s</div></a></div>');
    expect(failure(() => parseDurhamSearch(html)).message).toBe('durham inventory: product 27090: a card without a name (no heading in its link): the page layout changed');
  });

  it('fails on a code that is not 5 digits, and on cards beside "No products found"', () => {
    expect(failure(() => parseDurhamSearch(page('<a href="/products/2709"><h3>X</h3></a>'))).message).toContain("NC code '2709' is not 5 digits");
    expect(failure(() => parseDurhamSearch(page('<p>No products found</p><a href="/products/27090"><h3>X</h3></a>'))).message).toBe(
      "durham inventory: the page says 'No products found' but links 1 products",
    );
  });

  it.each([
    ['durham-error-firewall.html', "durham inventory: not a search results page: a firewall or challenge page (title 'Attention Required! | Cloudflare', heading 'Sorry, you have been blocked')"],
    ['durham-error-maintenance.html', "durham inventory: not a search results page: a maintenance page (title 'Down for maintenance | Durham County ABC', heading 'We'll be back soon')"],
    ['wake-error-server.html', "durham inventory: not a search results page: a server error page (title 'Server Error – Wake County ABC')"],
  ])('fails on %s, whatever the status it came with', (name, message) => {
    expect(failure(() => parseDurhamSearch(fixture(name))).message).toBe(message);
  });

  it('fails on an empty page', () => {
    expect(failure(() => parseDurhamSearch('')).message).toBe('durham inventory: not a search results page: an empty page');
  });
});

describe('parseDurhamProduct', () => {
  it('reads name, price, badge and every store row; "In Stock ( 6 )" with the count in its own element', () => {
    expect(parseDurhamProduct(fixture('durham-product.html'), '18366')).toEqual({
      plu: '18366',
      name: 'Buffalo Trace KY Straight Bourbon',
      price: 33.95,
      badge: 'Limited / Allocated',
      carriedNowhere: false,
      stores: [
        { store: 'Holloway Street', address: '1928 Holloway St, Durham, NC 27703', quantity: 6 },
        { store: 'Hillsborough Road', address: '2806 Hillsborough Rd, Durham, NC 27705', quantity: 0 },
        { store: 'Roxboro Road', address: '5122 N. Roxboro Rd, Durham, NC 27712', quantity: 12 },
        { store: 'South Square', address: '3620 Durham Chapel Hill Blvd, Durham, NC 27707', quantity: 1 },
        { store: 'Highway 55', address: '5608 NC Hwy 55, Durham, NC 27713', quantity: 0 },
        { store: 'North Pointe', address: '1515 North Pointe Dr, Suite 101, Durham, NC 27705', quantity: 3 },
        { store: 'Page Road', address: '2525 Page Rd, Morrisville, NC 27560', quantity: 0 },
        { store: 'NC 54', address: '1112 NC-54, Durham, NC 27707', quantity: 2 },
        { store: 'Sherron Road', address: '115 Sherron Rd, Durham, NC 27703', quantity: 0 },
        { store: 'Glenn School', address: '1517 Glenn School Rd - Ste 8, Durham, NC 27704', quantity: 1204 },
      ],
    } satisfies DurhamProduct);
  });

  it('reads "In Stock (N)" however the count is spaced', () => {
    for (const cell of ['In Stock (6)', 'In Stock ( 6 )', 'In Stock (<b>6</b>)', 'In Stock (\n  <span>6</span>\n)', 'IN STOCK(6)', 'In Stock (<div>6</div>)']) {
      expect(parseDurhamProduct(product(row('1928 Holloway St', cell)), '20595')!.stores[0].quantity, cell).toBe(6);
    }
    expect(parseDurhamProduct(product(row('1928 Holloway St', 'Out of Stock')), '20595')!.stores[0].quantity).toBe(0);
  });

  it('reads a page with price and badge but no store table as 0 everywhere', () => {
    expect(parseDurhamProduct(fixture('durham-product-carried-nowhere.html'), '27090')).toEqual({
      plu: '27090',
      name: "Blanton's Single Barrel",
      price: 79.95,
      badge: 'Allocated',
      carriedNowhere: true,
      stores: [],
    } satisfies DurhamProduct);
  });

  it('reads "Product Not Found" as Durham\'s own page saying nothing about the code (null)', () => {
    expect(parseDurhamProduct(fixture('durham-product-not-found.html'), '12345')).toBeNull();
  });

  it('fails on a page without a table that lacks the price or the badge: not a product page', () => {
    expect(failure(() => parseDurhamProduct(page('<h1>Stagg Bourbon</h1><p>Coming soon.</p>'), '20595')).message).toBe(
      'durham inventory: product 20595: no store table and neither a price nor a category badge: not a product page',
    );
    expect(failure(() => parseDurhamProduct(page('<h1>Stagg Bourbon</h1><p class="price">$54.95</p>'), '20595')).message).toContain('no store table and a price but no category badge');
    expect(failure(() => parseDurhamProduct(page('<span class="badge">Limited</span><h1>Stagg Bourbon</h1>'), '20595')).message).toContain("no store table and a badge 'Limited' but no price");
    expect(failure(() => parseDurhamProduct(page('<p>Stagg Bourbon $54.95</p>'), '20595')).message).toBe("durham inventory: product 20595: no product name (no <h1>) (title 'Durham County ABC')");
  });

  it('does not take another product\'s card for this product\'s price and badge (a redirect to a featured list)', () => {
    const home = page(
      '<h1>Welcome to Durham ABC</h1><div class="grid"><a href="/products/27090" class="card"><span class="badge">Allocated</span><h3>Blanton\'s Single Barrel</h3><p>$79.95</p></a></div>',
      'Home | Durham County ABC',
    );
    expect(failure(() => parseDurhamProduct(home, '20595')).message).toBe(
      'durham inventory: product 20595: no store table and neither a price nor a category badge: not a product page',
    );
  });

  it('fails on a store table whose header changed', () => {
    expect(failure(() => parseDurhamProduct(fixture('durham-product-changed-header.html'), '20595')).message).toBe(
      "durham inventory: product 20595: store table header changed: 'location' | 'phone' | 'availability' (expected Store, Address and Availability)",
    );
  });

  it('fails on an unreadable availability, a row without an address, a short row and a table without rows', () => {
    expect(failure(() => parseDurhamProduct(product(row('1928 Holloway St', 'Call store')), '20595')).message).toBe(
      "durham inventory: product 20595: store row 1 ('S'): unreadable availability 'Call store' (expected 'In Stock (N)' or 'Out of Stock')",
    );
    expect(failure(() => parseDurhamProduct(product(row('1928 Holloway St', 'In Stock')), '20595')).message).toContain("unreadable availability 'In Stock'");
    expect(failure(() => parseDurhamProduct(product(row('', 'In Stock (2)')), '20595')).message).toBe("durham inventory: product 20595: store row 1 ('S') has no address");
    expect(failure(() => parseDurhamProduct(product('<tr><td colspan="6">No stores</td></tr>'), '20595')).message).toContain('store row 1 has 1 cells, the header 6');
    expect(failure(() => parseDurhamProduct(product(''), '20595')).message).toBe('durham inventory: product 20595: a store table without store rows');
  });

  it('fails on error and firewall pages served instead of the product', () => {
    expect(failure(() => parseDurhamProduct(fixture('durham-error-firewall.html'), '27090')).message).toBe(
      "durham inventory: not product 27090's page: a firewall or challenge page (title 'Attention Required! | Cloudflare', heading 'Sorry, you have been blocked')",
    );
    expect(failure(() => parseDurhamProduct(fixture('wake-error-not-found.html'), '27090')).message).toContain("not product 27090's page: a 'page not found' page");
  });
});

describe('Durham over HTTP', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const serve = (routes: Record<string, [number, string]>) =>
    startServer((req, res) => {
      const path = req.url.split('?')[0];
      const [status, body] = routes[path] ?? [404, fixture('wake-error-not-found.html')];
      send(res, status, body);
    });
  const options = () => ({ baseUrl: `${server!.url}/`, retries: 0, limiter: createLimiter({ concurrency: 1, delayMs: 0 }) });
  /** The board's shelf for one product, as the scraper reads it: the product page, judged. */
  const stockOf = async (plu: string) => judgeDurham(plu, await fetchDurhamProduct(plu, options()), STORES);

  it('searches with GET /search?q=<term>', async () => {
    server = await serve({ '/search': [200, fixture('durham-search-results.html')] });
    expect(await searchDurham("buffalo trace & co's", options())).toHaveLength(4);
    expect(server.requests[0].method).toBe('GET');
    const url = new URL(server.requests[0].url, server.url);
    expect([url.pathname, url.searchParams.get('q')]).toEqual(['/search', "buffalo trace & co's"]);
  });

  it('fetches a product page and places its rows on the known stores: a complete answer', async () => {
    server = await serve({ '/products/18366': [200, fixture('durham-product.html')] });
    const answer = await stockOf('18366');
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/products/18366' });
    expect(answer).toEqual({
      kind: 'stock',
      plu: '18366',
      status: 'complete',
      stock: new Map([
        [id('1928 Holloway St'), 6],
        [id('2806 Hillsborough Rd'), 0],
        [id('5122 N. Roxboro Rd'), 12],
        [id('3620 Durham Chapel Hill Blvd'), 1],
        [id('5608 NC Hwy 55'), 0],
        [id('1515 North Pointe Dr'), 3],
        [id('2525 Page Rd'), 0],
        [id('1112 NC-54'), 2],
        [id('115 Sherron Rd'), 0],
        [id('1517 Glenn School Rd - Ste 8'), 1204],
      ]),
      unmatched: [],
      unlisted: [],
      product: { plu: '18366', name: 'Buffalo Trace KY Straight Bourbon', retailPrice: 33.95, sizeMl: null },
    });
  });

  it('answers 0 everywhere (confirmed) for a product no store carries', async () => {
    server = await serve({ '/products/27090': [200, fixture('durham-product-carried-nowhere.html')] });
    expect(await stockOf('27090')).toEqual({
      kind: 'none',
      plu: '27090',
      evidence: 'product page with price and badge and no store table',
      product: { plu: '27090', name: "Blanton's Single Barrel", retailPrice: 79.95, sizeMl: null },
    });
  });

  it('lists a store line that matches no known store instead of dropping it: a partial answer', async () => {
    server = await serve({ '/products/20595': [200, fixture('durham-product-unknown-store.html')] });
    const answer = await stockOf('20595');
    if (answer.kind !== 'stock') throw new Error(`expected stock, got ${answer.kind}`);
    expect(answer.status).toBe('partial');
    expect(answer.stock).toEqual(new Map([[id('1928 Holloway St'), 2], [id('115 Sherron Rd'), 0]]));
    expect(answer.unmatched).toEqual([{ plu: '20595', address: '4711 Hope Valley Rd, Durham, NC 27707', reason: 'unknown', quantity: 4 }]);
    expect(answer.product).toEqual({ plu: '20595', name: 'Stagg Bourbon', retailPrice: 54.95, sizeMl: null });
  });

  it('reads "Product Not Found" as no data: never a zero', async () => {
    server = await serve({ '/products/12345': [200, fixture('durham-product-not-found.html')] });
    expect(await stockOf('12345')).toEqual({
      kind: 'no_data',
      plu: '12345',
      reason: "durham inventory: product 12345: 'Product Not Found': Durham does not list this code",
    });
  });

  it('fails on a firewall page served with HTTP 200, and on an HTTP error', async () => {
    server = await serve({ '/products/27090': [200, fixture('durham-error-firewall.html')], '/search': [503, 'busy'] });
    await expect(fetchDurhamProduct('27090', options())).rejects.toMatchObject({ kind: 'parse', message: expect.stringContaining('a firewall or challenge page') });
    await expect(searchDurham('stagg', options())).rejects.toMatchObject({ kind: 'http', status: 503 });
    await expect(fetchDurhamProduct('17666', options())).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('fails on a product page cut short: the stores after the cut are not zeros', async () => {
    const page = fixture('durham-product.html');
    server = await serve({ '/products/18366': [200, page.slice(0, page.indexOf('5608 NC Hwy 55'))] });
    await expect(stockOf('18366')).rejects.toMatchObject({
      kind: 'parse',
      message: expect.stringContaining('the page ends before </html>: it was cut short, so it is no answer'),
    });
  });

  it('refuses a code that is not 5 digits before asking', async () => {
    await expect(fetchDurhamProduct('2709')).rejects.toThrow(TypeError);
  });
});
