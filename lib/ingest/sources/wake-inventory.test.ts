import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { createLimiter } from './http.ts';
import { matchStores } from './store-match.ts';
import { parseWakeInventory, searchWakeInventory, type WakeProduct } from './wake-inventory.ts';
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

const product = (inner: string) => `<div class="wake-product">${inner}</div>`;
const block = (inner: string) => `<html><body>${product(inner)}</body></html>`;

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

  it('reads store lines whose address and count sit in other elements than the documented spans', () => {
    // Once a failure ("no .address"); the issue makes equivalent markup an answer: the line still ends in "N in stock".
    expect(parseWakeInventory(fixture('wake-changed-markup.html'))).toEqual([
      {
        name: 'Stagg Bourbon',
        plu: '20595',
        price: 54.95,
        sizeLabel: '.750L',
        sizeMl: 750,
        outOfStockEverywhere: false,
        stores: [
          { address: '7336 Creedmoor Rd. Raleigh, NC 27613', quantity: 3 },
          { address: '6494 Tryon Rd. Cary, NC 27511', quantity: 1 },
        ],
      },
    ] satisfies WakeProduct[]);
  });

  it('fails on a redesigned page whose product blocks lost their PLU, instead of reading "no results"', () => {
    const error = parseFailure(fixture('wake-redesign-no-plu.html'));
    expect(error.message).toBe("wake inventory: product markup (div.wake-product 'Weller 12Y') but no readable PLU: the page layout changed");
  });

  it('fails on a product block without a PLU', () => {
    const error = parseFailure(block('<h4>Weller 12Y</h4><p class="out-of-stock">All Locations Out of Stock</p>'));
    expect(error.message).toContain('no readable PLU');
    expect(error.message).toContain("'Weller 12Y'");
  });

  it('fails when one product of several lost its PLU', () => {
    const html = `<main>${product('<h4>Stagg Bourbon</h4><small>PLU: 20595</small><p class="out-of-stock">All Locations Out of Stock</p>')}${product('<h4>Weller 12Y</h4><p class="out-of-stock">All Locations Out of Stock</p>')}</main>`;
    expect(parseFailure(html).message).toBe("wake inventory: div.wake-product 'Weller 12Y' has no readable PLU: the page layout changed");
  });

  it('fails on a PLU line without a readable PLU', () => {
    expect(parseFailure(block('<h4>X</h4><small>PLU: N/A</small><p class="out-of-stock">x</p>')).message).toBe(
      "wake inventory: product 1 ('X'): unreadable PLU 'PLU: N/A'",
    );
  });

  it('fails on a PLU that is not 5 digits', () => {
    expect(parseFailure(block('<h4>X</h4><small>PLU: 2709</small><p class="out-of-stock">x</p>')).message).toContain("PLU '2709' is not 5 digits");
  });

  it('accepts "PLU: 27-090" with the dash', () => {
    const [p] = parseWakeInventory(block('<h4>X</h4><small>PLU: 27-090</small><p class="out-of-stock">All Locations Out of Stock</p>'));
    expect(p.plu).toBe('27090');
  });

  it('does not need the documented block class: a product is its PLU and the heading above it', () => {
    const html = '<div class="product-card"><h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul><li>704 Money Ct.Knightdale, NC 27545 2 in stock</li></ul></div></div>';
    expect(parseWakeInventory(html)).toMatchObject([{ name: 'X', plu: '27090', stores: [{ address: '704 Money Ct.Knightdale, NC 27545', quantity: 2 }] }]);
  });

  it('fails on a product with no name (heading)', () => {
    expect(parseFailure(block('<small>PLU: 27090</small><p class="out-of-stock">All Locations Out of Stock</p>')).message).toBe(
      "wake inventory: product 1, PLU 27090: no product name: no heading in the block of 'PLU: 27090'",
    );
  });

  it('fails on a block with neither store lines nor the out-of-stock marker', () => {
    expect(parseFailure(block('<h4>X</h4><small>PLU: 27090</small>')).message).toBe(
      "wake inventory: product 1, PLU 27090 ('X'): neither store lines ('N in stock') nor an out-of-stock marker",
    );
  });

  it('fails on an empty store list without the out-of-stock marker', () => {
    expect(parseFailure(block('<h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul></ul></div>')).message).toContain(
      "PLU 27090 ('X'): neither store lines",
    );
  });

  it('fails on a store item without a quantity', () => {
    const html = block('<h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul><li><span class="address">704 Money Ct.</span></li></ul></div>');
    expect(parseFailure(html).message).toBe("wake inventory: product 1, PLU 27090 ('X'): store 1 has no quantity ('N in stock'): '704 Money Ct.'");
  });

  it('fails on a store line among good ones that does not end in "N in stock"', () => {
    const html = block(
      '<h4>X</h4><small>PLU: 27090</small><ul><li>7200 Sandy Fork Rd.Raleigh, NC 27609 1 in stock</li><li>704 Money Ct.Knightdale, NC 27545 call for stock</li></ul>',
    );
    expect(parseFailure(html).message).toBe(
      "wake inventory: product 1, PLU 27090 ('X'): store 2 has no quantity ('N in stock'): '704 Money Ct.Knightdale, NC 27545 call for stock'",
    );
    const bad = block('<h4>X</h4><small>PLU: 27090</small><ul><li>7200 Sandy Fork Rd.Raleigh, NC 27609 1,23 in stock</li></ul>');
    expect(parseFailure(bad).message).toContain('store 1 has no quantity');
  });

  it('fails on an unreadable quantity', () => {
    const html = block('<h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul><li><span class="address">704 Money Ct.</span><span class="quantity">Call store</span></li></ul></div>');
    expect(parseFailure(html).message).toContain("unreadable quantity 'Call store'");
  });

  it('fails on a count without an address', () => {
    const html = block('<h4>X</h4><small>PLU: 27090</small><ul><li>3 in stock</li><li>4 in stock</li></ul>');
    expect(parseFailure(html).message).toBe("wake inventory: product 1, PLU 27090 ('X'): store line without an address: '3 in stock'");
  });

  it('fails on a block both out of stock and listing stores', () => {
    const html = block('<h4>X</h4><small>PLU: 27090</small><p class="out-of-stock">All Locations Out of Stock</p><div class="inventory-collapse"><ul><li><span class="address">a</span><span class="quantity">1 in stock</span></li></ul></div>');
    expect(parseFailure(html).message).toContain("PLU 27090 ('X'): marked out of stock everywhere but lists 1 stores");
    const live = block('<h4>X</h4><small>PLU: 27090</small><div class="inventory-collapse"><ul><li>704 Money Ct.Knightdale, NC 27545\n 1 in stock</li></ul><p class="out-of-stock">All Locations Out of Stock</p></div>');
    expect(parseFailure(live).message).toContain('marked out of stock everywhere but lists 1 stores');
  });

  it('fails on a store line outside every product', () => {
    const html = `<main><form><input name="productSearch"></form>${product('<h4>X</h4><small>PLU: 27090</small><p class="out-of-stock">All Locations Out of Stock</p>')}<ul><li>704 Money Ct.Knightdale, NC 27545 1 in stock</li></ul></main>`;
    expect(parseFailure(html).message).toBe("wake inventory: store line outside any product (no PLU above it): '704 Money Ct.Knightdale, NC 27545 1 in stock'");
  });
});

describe('parseWakeInventory on the live page (2026-07-21 capture shape)', () => {
  const products = parseWakeInventory(fixture('wake-live-2026-07-21.html'));
  const byPlu = (plu: string) => products.find((p) => p.plu === plu)!;

  it('reads every product inside its div.product-row, names as printed (capitals)', () => {
    expect(products.map((p) => [p.plu, p.name])).toEqual([
      ['17666', 'WELLER ANTIQUE 107 (BTB)'],
      ['20595', 'STAGG BOURBON'],
      ['27090', "BLANTON'S SINGLE BARREL"],
      ['18366', 'BUFFALO TRACE KY STRAIGHT BOURBON'],
      ['32477', "JACK DANIEL'S BLACK LABEL"],
      ['21217', 'ELIJAH CRAIG SMALL BATCH'],
    ]);
  });

  it('reads span-less store lines: the address as printed (street glued to the city), the count at the end', () => {
    expect(byPlu('17666')).toEqual({
      name: 'WELLER ANTIQUE 107 (BTB)',
      plu: '17666',
      price: 61.95,
      sizeLabel: '.750L',
      sizeMl: 750,
      outOfStockEverywhere: false,
      stores: [
        { address: '7200 Sandy Fork Rd.Raleigh, NC 27609', quantity: 1 },
        { address: '7336 Creedmoor Rd.Raleigh, NC 27613', quantity: 2 },
        { address: '1505 Banyon Pl.Wendell, NC 27571', quantity: 1 },
      ],
    } satisfies WakeProduct);
    expect(byPlu('20595').stores).toEqual([
      { address: '6494 Tryon Rd.Cary, NC 27511', quantity: 2 },
      { address: '11360 Capital Blvd.Wake Forest, NC 27587', quantity: 1 },
      { address: '1940 Cinema Dr.Fuquay Varina, NC 27526', quantity: 1 },
    ]);
  });

  it('reads price and size from one <p> separated by "|"', () => {
    expect(byPlu('20595')).toMatchObject({ price: 54.95, sizeLabel: '.750L', sizeMl: 750 });
  });

  it('reads an empty <ul></ul> followed by the out-of-stock marker as out of stock everywhere', () => {
    expect(byPlu('27090')).toEqual({
      name: "BLANTON'S SINGLE BARREL",
      plu: '27090',
      price: 79.95,
      sizeLabel: '.750L',
      sizeMl: 750,
      outOfStockEverywhere: true,
      stores: [],
    } satisfies WakeProduct);
  });

  it('reads every size label shape and thousands separators', () => {
    expect(byPlu('18366')).toMatchObject({
      sizeLabel: '.75L',
      sizeMl: 750,
      stores: [
        { address: '209 S Salisbury StRaleigh, NC 27601', quantity: 1204 },
        { address: '2109-106 Avent Ferry Rd.Raleigh, NC 27606', quantity: 0 },
      ],
    });
    expect(byPlu('32477')).toMatchObject({ price: 50.95, sizeLabel: '1.75L', sizeMl: 1750, stores: [{ address: '4009 Davis Dr.Morrisville, NC 27560', quantity: 14 }] });
    expect(byPlu('21217')).toMatchObject({ price: 2.75, sizeLabel: '50ML', sizeMl: 50, stores: [{ address: '1415 E. Williams St.Apex, NC 27617', quantity: 36 }] });
  });

  it('places every glued address on its known store', () => {
    const { matched, unmatched } = matchStores(products, knownWakeStores());
    expect(unmatched).toEqual([]);
    expect(matched.get('17666')).toEqual(
      new Map([
        [storeId('7200 Sandy Fork Rd., Raleigh, NC 27609'), 1],
        [storeId('7336 Creedmoor Rd., Raleigh, NC 27613'), 2],
        [storeId('1505 Banyon Pl., Wendell, NC 27571'), 1],
      ]),
    );
    expect(matched.get('20595')).toEqual(
      new Map([
        [storeId('6494 Tryon Rd., Cary, NC 27511'), 2],
        [storeId('11360 Capital Blvd., Wake Forest, NC 27587'), 1],
        [storeId('1940 Cinema Dr., Fuquay Varina, NC 27526'), 1],
      ]),
    );
    expect(matched.get('18366')).toEqual(
      new Map([
        [storeId('209 S Salisbury St, Raleigh, NC 27601'), 1204],
        [storeId('2109-106 Avent Ferry Rd., Raleigh, NC 27606'), 0],
      ]),
    );
    expect(matched.get('27090')).toEqual(new Map());
  });
});

describe('parseWakeInventory on other markups', () => {
  it('reads a page mixing the documented and the live markup', () => {
    const products = parseWakeInventory(fixture('wake-mixed-markup.html'));
    expect(products).toEqual([
      {
        name: 'E.H. Taylor Jr. Small Batch', plu: '20581', price: 54.95, sizeLabel: '.750L', sizeMl: 750, outOfStockEverywhere: false,
        stores: [
          { address: '4215 The Circle at North Hills Rd, Raleigh, NC 27609', quantity: 2 },
          { address: '6301 Town Center Dr., Raleigh, NC 27614', quantity: 1 },
        ],
      },
      {
        name: 'EAGLE RARE 10Y', plu: '27169', price: 44.95, sizeLabel: '.750L', sizeMl: 750, outOfStockEverywhere: false,
        stores: [
          { address: '3320 Olympia Dr.Raleigh, NC 27603', quantity: 4 },
          { address: '665 Cary Towne Blvd.Cary, NC 27511', quantity: 6 },
        ],
      },
      { name: 'Elijah Craig 18Y', plu: '20029', price: 169.95, sizeLabel: '.750L', sizeMl: 750, outOfStockEverywhere: true, stores: [] },
      { name: 'FOUR ROSES LIMITED EDITION 2025', plu: '17679', price: 249.95, sizeLabel: '.750L', sizeMl: 750, outOfStockEverywhere: true, stores: [] },
      {
        name: "OLD FORESTER PRESIDENT'S CHOICE", plu: '17764', price: 224.95, sizeLabel: '.750L', sizeMl: 750, outOfStockEverywhere: false,
        stores: [
          { address: '704 Money Ct., Knightdale, NC 27545', quantity: 1 },
          { address: '1601-61 Cross Link Rd.Raleigh, NC 27610', quantity: 2 },
        ],
      },
    ] satisfies WakeProduct[]);
    const { matched, unmatched } = matchStores(products, knownWakeStores());
    expect(unmatched).toEqual([]);
    expect(matched.get('17764')).toEqual(
      new Map([
        [storeId('704 Money Ct., Knightdale, NC 27545'), 1],
        [storeId('1601-61 Cross Link Rd., Raleigh, NC 27610'), 2],
      ]),
    );
    expect(matched.get('27169')).toEqual(
      new Map([
        [storeId('3320 Olympia Dr., Raleigh, NC 27603'), 4],
        [storeId('665 Cary Towne Blvd., Cary, NC 27511'), 6],
      ]),
    );
  });

  it('reads equivalent markup without any documented class (other headings, attributes, $ prices, div and table store lines)', () => {
    const products = parseWakeInventory(fixture('wake-equivalent-markup.html'));
    expect(products).toEqual([
      {
        name: 'Weller Antique 107', plu: '25568', price: 55.95, sizeLabel: '750ML', sizeMl: 750, outOfStockEverywhere: false,
        stores: [
          { address: '1793 West Williams St., Apex, NC 27502', quantity: 5 },
          { address: '100 Village Walk Dr, Holly Springs, NC 27540', quantity: 1020 },
        ],
      },
      {
        name: 'WELLER FULL PROOF', plu: '19791', price: 64.95, sizeLabel: '1.75L', sizeMl: 1750, outOfStockEverywhere: false,
        stores: [
          { address: '2645 Appliance Ct., Raleigh, NC 27604', quantity: 3 },
          { address: '420 Woodburn Rd., Raleigh, NC 27605', quantity: 1 },
        ],
      },
      { name: 'Weller 12Y', plu: '25555', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: true, stores: [] },
      {
        name: 'Weller Special Reserve', plu: '19450', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false,
        stores: [{ address: '6809 Davis Circle, Raleigh, NC 27612', quantity: 12 }],
      },
    ] satisfies WakeProduct[]);
    expect(matchStores(products, knownWakeStores()).unmatched).toEqual([]);
  });

  it('reads one product whose block is the whole results area, taking its own heading, not the page\'s', () => {
    const html = `<html><head><title>Search Results – Wake County ABC</title></head><body><main><form><input name="productSearch" value="stagg"></form>
      <div class="results"><h2>Search Results for “stagg”</h2><h4>Stagg Bourbon</h4><p>PLU: 20595</p><p>$54.95 | .750L</p>
      <ul><li>7336 Creedmoor Rd.Raleigh, NC 27613\n 3 in stock</li></ul></div></main></body></html>`;
    expect(parseWakeInventory(html)).toEqual([
      { name: 'Stagg Bourbon', plu: '20595', price: 54.95, sizeLabel: '.750L', sizeMl: 750, outOfStockEverywhere: false, stores: [{ address: '7336 Creedmoor Rd.Raleigh, NC 27613', quantity: 3 }] },
    ] satisfies WakeProduct[]);
  });

  it('does not take a PLU in the search form, a script or a comment for a product', () => {
    const html = `<html><head><title>Search Results</title><script>var x = "PLU: 12345";</script></head><body>
      <form><label>PLU: <input name="productSearch" value="12345"></label></form><!-- PLU: 12345 --><p>Sorry, no products matched your search.</p></body></html>`;
    expect(parseWakeInventory(html)).toEqual([]);
    const wording = fixture('wake-no-match.html').replace('Sorry, no products matched your search.', 'No products found. Search by product name or PLU, e.g. 27090.');
    expect(parseWakeInventory(wording)).toEqual([]);
  });
});

describe('parseWakeInventory: pages that are not an answer', () => {
  it.each([
    ['wake-error-server.html', "wake inventory: not a search results page: a server error page (title 'Server Error – Wake County ABC')"],
    ['wake-error-not-found.html', "wake inventory: not a search results page: a 'page not found' page (title 'Page not found – Wake County ABC', heading 'Oops! That page can’t be found.')"],
    ['wake-error-maintenance.html', "wake inventory: not a search results page: a maintenance page (title 'Maintenance', heading 'Briefly unavailable for scheduled maintenance. Check back in a minute.')"],
    ['wake-error-firewall-challenge.html', "wake inventory: not a search results page: a firewall or challenge page (title 'Just a moment...', heading 'wakeabc.com')"],
    ['wake-error-firewall-blocked.html', "wake inventory: not a search results page: a firewall or challenge page (title 'Attention Required! | Cloudflare', heading 'Sorry, you have been blocked')"],
    ['wake-error-empty.html', 'wake inventory: not a search results page: an empty page'],
  ])('%s is a parse error naming what was seen, even with the search form on it', (name, message) => {
    expect(parseFailure(fixture(name)).message).toBe(message);
  });

  it('error markers win over the search form and a "Search Results" title', () => {
    const html = fixture('wake-no-match.html').replace('<main id="main">', '<main id="main"><h1>Service Unavailable</h1>');
    expect(parseFailure(html).message).toBe("wake inventory: not a search results page: a server error page (title 'Search Results – Wake County ABC', heading 'Service Unavailable')");
    const blocked = fixture('wake-search-results.html').replace(/<title>[^<]*<\/title>/, '<title>Access denied | wakeabc.com used Cloudflare to restrict access</title>');
    expect(parseFailure(blocked).message).toContain('a firewall or challenge page');
  });

  it('fails on an empty body, a blank response and a page that is neither results nor an error page', () => {
    expect(parseFailure('').message).toBe('wake inventory: not a search results page: an empty page');
    expect(parseFailure('   \n').message).toBe('wake inventory: not a search results page: an empty page');
    expect(parseFailure('<html><head><title>Welcome to nginx!</title></head><body><p>If you see this page, the nginx web server is successfully installed.</p></body></html>').message).toBe(
      "wake inventory: not a search results page: no product, no search form (title 'Welcome to nginx!')",
    );
  });

  it('fails on the challenge page by its markers alone', () => {
    const html = '<html><head><title>wakeabc.com</title></head><body><div id="cf-wrapper"><p>One more step</p></div></body></html>';
    expect(parseFailure(html).message).toContain("a firewall or challenge page (title 'wakeabc.com', element #cf-wrapper)");
    const text = '<html><head><title>wakeabc.com</title></head><body><p>Enable JavaScript and cookies to continue</p></body></html>';
    expect(parseFailure(text).message).toContain('a firewall or challenge page');
  });

  it('reads an ordinary results page that loads Cloudflare\'s script as an answer', () => {
    const html = fixture('wake-search-results.html').replace('</body>', '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body>');
    expect(parseWakeInventory(html)).toHaveLength(6);
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
    server = await startServer((_req, res) => send(res, 200, fixture('wake-redesign-no-plu.html')));
    await expect(searchWakeInventory('Stagg', { baseUrl: server.url, retries: 0 })).rejects.toThrow(
      `(POST ${server.url}/search-results productSearch=Stagg)`,
    );
  });

  it('fails on an error page served with HTTP 200', async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('wake-error-server.html')));
    await expect(searchWakeInventory('27090', { baseUrl: server.url, retries: 0 })).rejects.toMatchObject({
      kind: 'parse',
      message: `wake inventory: not a search results page: a server error page (title 'Server Error – Wake County ABC') (POST ${server.url}/search-results productSearch=27090)`,
    });
  });
});
