// The two markups of sources.md (§1 Wake search, §3 warehouse report), respellings, and the ground truth
// (stockOf) against what the pages print.
import { beforeAll, describe, expect, it } from 'vitest';
import { nyInstant, parseYmd } from './clock.ts';
import { liveReportSize, MARKUPS, renderWakeSearch, renderWarehouseReport, SEARCH_LIMIT, WAREHOUSE_COLUMNS } from './render.ts';
import { addressAsRead, pageStock, readWakePage, readWarehousePage } from './test-pages.ts';
import { diffStock, EXAMPLE_RESPELLING, SimWorld } from './world.ts';
import { normalizeAddress } from '../lib/text/address.ts';

const MONDAY = parseYmd('2026-07-20')!;

describe('Wake search markups', () => {
  let world: SimWorld;
  beforeAll(() => {
    world = new SimWorld({ seed: 21, start: new Date(nyInstant(MONDAY, 14, 0)) });
  });

  it('documented: div.wake-product, span.address with <br>, span.quantity', () => {
    const html = renderWakeSearch(world, 'bourbon', { markup: 'documented' });
    expect(html).not.toContain('product-row');
    expect(html).toMatch(/<li><span class="address">[^<]+<br>[^<]+<\/span>\s*<span class="quantity">\d+ in stock<\/span><\/li>/);
    expect(html).toMatch(/<span class="price">\d+\.\d\d USD<\/span> <span class="size">\.750L<\/span>/);
    expect(renderWakeSearch(world, 'bourbon')).toBe(html); // the default
  });

  it('live: div.product-row, capitals, price | size in one <p>, store lines without spans, glued city line', () => {
    const html = renderWakeSearch(world, 'bourbon', { markup: 'live' });
    const page = readWakePage(html);
    expect(page.markup).toBe('live');
    expect(page.products).toHaveLength(SEARCH_LIMIT);
    expect(html.split('<div class="product-row">\n    <div class="wake-product">').length - 1).toBe(SEARCH_LIMIT);
    expect(html).not.toContain('class="address"');
    expect(html).not.toContain('class="quantity"');
    expect(html).not.toContain('<br>');
    expect(html).toMatch(/<p><span class="price">\d+\.\d\d USD<\/span> \| <span class="size">\.750L<\/span><\/p>/);
    for (const p of page.products) expect(p.name).toBe(p.name.toUpperCase());
    // sources.md's example line, byte for byte: "7200 Sandy Fork Rd.Raleigh, NC 27609" + newline + spaces + "N in stock".
    const sandy = world.products().find((p) => world.onWake(p) && world.stockOf(p.plu).get(1)! > 0)!;
    const one = renderWakeSearch(world, sandy.plu, { markup: 'live' });
    expect(one).toMatch(new RegExp(`<li>7200 Sandy Fork Rd\\.Raleigh, NC 27609\\n +${world.stockOf(sandy.plu).get(1)} in stock</li>`));
    expect(one).toContain(`<h4>${sandy.name.toUpperCase().replace(/&/g, '&amp;')}</h4>`);
  });

  it('live: a product out of stock everywhere is an empty <ul></ul> then p.out-of-stock inside div.inventory-collapse', () => {
    const never = world.data.products.find((p) => p.kind === 'listed' && p.warehousePeak30d === 0 && p.warehouseCurrent === 0)!;
    const html = renderWakeSearch(world, never.plu, { markup: 'live' });
    expect(html).toMatch(/<div class="inventory-collapse">\s*<ul><\/ul>\s*<p class="out-of-stock">All Locations Out of Stock<\/p>\s*<\/div>/);
    expect(readWakePage(html).products[0]).toMatchObject({ plu: never.plu, outOfStock: true, stores: [] });
    const documented = renderWakeSearch(world, never.plu, { markup: 'documented' });
    expect(documented).not.toContain('<ul></ul>');
    expect(documented).toContain('<p class="out-of-stock">All Locations Out of Stock</p>');
  });

  it('no results: the whole page (chrome, the productSearch form), no product block, in either markup', () => {
    for (const markup of MARKUPS) {
      const html = renderWakeSearch(world, 'no such product zzz', { markup });
      expect(readWakePage(html).products).toHaveLength(0);
      expect(html).toContain('<header id="masthead" class="site-header">');
      expect(html).toContain('name="productSearch" value="no such product zzz"');
      expect(html).toContain('</html>');
      expect(html).not.toContain('product-row');
    }
  });

  it('prints exactly stockOf, in both markups, for every product searched (after deliveries and sales)', () => {
    const w = new SimWorld({ seed: 5, start: new Date(nyInstant(MONDAY, 9, 0)) });
    const plus = [...w.data.allocated, ...w.data.trackedListed, ...w.data.products.filter((_, i) => i % 40 === 0)].map((p) => p.plu);
    for (const hour of [9, 12, 16]) {
      w.setTime(nyInstant(MONDAY, hour, 0));
      let listed = 0;
      for (const markup of MARKUPS) {
        for (const plu of plus) {
          const page = readWakePage(renderWakeSearch(w, plu, { markup }));
          expect(page.products, plu).toHaveLength(1);
          const shown = pageStock(w, page.products[0], markup);
          const truth = w.stockOf(plu);
          expect(truth.size).toBe(27);
          const nonZero = new Map([...truth].filter(([, q]) => q > 0));
          expect(shown, `${plu} ${markup}`).toEqual(nonZero);
          expect(page.products[0].outOfStock).toBe(nonZero.size === 0);
          listed += shown.size;
        }
      }
      expect(listed).toBeGreaterThan(100);
    }
  });

  it('stockSnapshot and diffStock: per PLU and store, what changed between two instants', () => {
    const w = new SimWorld({ seed: 5, start: new Date(nyInstant(MONDAY, 9, 0)) });
    const plus = [...w.data.allocated, ...w.data.trackedListed].map((p) => p.plu);
    const before = w.stockSnapshot(plus);
    expect([...before.keys()]).toEqual(plus);
    w.setTime(nyInstant(MONDAY + 1, 20, 0));
    const after = w.stockSnapshot(plus);
    const changes = diffStock(before, after);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) {
      expect(before.get(c.plu)!.get(c.storeNumber)).toBe(c.before);
      expect(after.get(c.plu)!.get(c.storeNumber)).toBe(c.after);
      expect(c.before).not.toBe(c.after);
    }
    const all = w.stockSnapshot();
    expect(all.size).toBe(w.data.products.length);
    expect(() => w.stockOf('00000')).toThrow(/no product/);
  });
});

describe('respelled addresses', () => {
  it('prints the given spelling in both markups until cleared; ground truth is unchanged', () => {
    const world = new SimWorld({ seed: 21, start: new Date(nyInstant(MONDAY, 14, 0)) });
    const p = world.products().find((x) => world.onWake(x) && world.stockOf(x.plu).get(EXAMPLE_RESPELLING.storeNumber)! > 0)!;
    const truth = world.stockOf(p.plu);
    const original = { documented: renderWakeSearch(world, p.plu, { markup: 'documented' }), live: renderWakeSearch(world, p.plu, { markup: 'live' }) };
    expect(original.documented).toContain('<span class="address">7200 Sandy Fork Rd.<br>Raleigh, NC 27609</span>');

    world.respell(EXAMPLE_RESPELLING.storeNumber, EXAMPLE_RESPELLING.address);
    const documented = renderWakeSearch(world, p.plu, { markup: 'documented' });
    const live = renderWakeSearch(world, p.plu, { markup: 'live' });
    expect(documented).toContain('<span class="address">7200 Sandy Forks Road<br>Raleigh, NC 27609</span>');
    expect(documented).not.toContain('7200 Sandy Fork Rd.');
    expect(live).toMatch(/<li>7200 Sandy Forks RoadRaleigh, NC 27609\n +\d+ in stock<\/li>/);
    expect(world.stockOf(p.plu)).toEqual(truth);
    expect(world.respellings()).toEqual(new Map([[1, EXAMPLE_RESPELLING.address]]));
    // Still the same quantities at the same stores, now under the new spelling.
    expect(pageStock(world, readWakePage(documented).products[0], 'documented')).toEqual(new Map([...truth].filter(([, q]) => q > 0)));

    // Why a conservative matcher does not place it: its normalised street line is no known store's.
    const key = normalizeAddress(EXAMPLE_RESPELLING.address);
    expect(key).toBe('7200 sandy forks rd');
    const known = world.data.stores.flatMap((s) => [normalizeAddress(s.inventoryAddress), normalizeAddress(s.locatorAddress)]);
    expect(known).not.toContain(key);
    expect(addressAsRead(world, 1, 'live')).toBe('7200 Sandy Forks RoadRaleigh, NC 27609');

    world.respell(EXAMPLE_RESPELLING.storeNumber, null);
    expect(renderWakeSearch(world, p.plu, { markup: 'documented' })).toBe(original.documented);
    expect(renderWakeSearch(world, p.plu, { markup: 'live' })).toBe(original.live);
    expect(world.respellings().size).toBe(0);

    expect(() => world.respell(28, 'x')).toThrow(/retail/); // the MXB outlet is never printed
    expect(() => world.respell(1, '  ')).toThrow();
  });
});

describe('warehouse report markups', () => {
  let world: SimWorld;
  beforeAll(() => {
    world = new SimWorld({ seed: 21, start: new Date(nyInstant(MONDAY, 14, 0)) });
  });

  it('live: no thead, header as the first <tr> of <th>, plain <tr> rows, styled cells, titled names, width:100%, the form above', () => {
    const html = renderWarehouseReport(world, { markup: 'live' });
    expect(html).not.toContain('<thead>');
    expect(html).not.toContain('StockItemDetails');
    expect(html).toContain('<table class="table table-bordered table-striped" style="width:100%">\n            <tr>\n                <th>NC Code</th>');
    expect(html).toContain('<table class="table  table-bordered table-striped" style="width:100%">');
    expect(html.indexOf('<form action="/StoresBoards/Stocks" method="post"')).toBeLessThan(html.indexOf('<table'));
    expect(html).toContain('name="ReportDate"');
    expect(html).toContain('name="BrandName"');

    const { header, rows, tables } = readWarehousePage(html);
    expect(header).toEqual([...WAREHOUSE_COLUMNS]);
    expect(tables).toHaveLength(2);
    expect(rows).toHaveLength(world.data.products.length);
    for (const r of rows) {
      expect(r.tag).toBe('<tr>');
      expect(r.cells).toHaveLength(9);
      expect(Number(r.cells[3].replace(/,/g, ''))).toBe(world.warehouse(r.cells[0].replace('-', '')));
    }
    const rowHtml = /<tr>\s*<td[\s\S]*?<\/tr>/.exec(html.slice(html.indexOf('<td')))![0];
    expect([...rowHtml.matchAll(/<td style="text-align:(left|right|center)"/g)]).toHaveLength(9);
    expect(rowHtml).toMatch(/<td style="text-align:left" title="([^"]+)">\1<\/td>/);
    const sizes = new Set(rows.map((r) => r.cells[4]));
    expect(sizes).toContain('.75L');
    expect([...sizes].some((s) => /ML$/.test(s))).toBe(false);
    expect(rows.filter((r) => r.cells[7] === '999999').length).toBeGreaterThan(10);
    expect(liveReportSize(750)).toBe('.75L');
    expect(liveReportSize(1750)).toBe('1.75L');
    expect(liveReportSize(50)).toBe('.05L');

    // The summary: 3 columns, NC Code | Brand Name | Total Available.
    const summary = tables[1];
    expect([...summary.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(['NC Code', 'Brand Name', 'Total Available']);
  });

  it('documented: thead and tr#StockItemDetails (the default); both markups print the same facts', () => {
    const documented = renderWarehouseReport(world, { markup: 'documented' });
    expect(documented).toBe(renderWarehouseReport(world));
    expect(documented).toContain('<thead>');
    const a = readWarehousePage(documented).rows.map((r) => r.cells);
    const b = readWarehousePage(renderWarehouseReport(world, { markup: 'live' })).rows.map((r) => r.cells);
    expect(b.length).toBe(a.length);
    for (let i = 0; i < a.length; i++) {
      for (const k of [0, 1, 2, 3, 5, 6, 8]) expect(b[i][k]).toBe(a[i][k]);
      if (a[i][7] !== '') expect(b[i][7]).toBe(a[i][7]);
    }
  });

  it('empty: the header and no rows, in both markups', () => {
    for (const markup of MARKUPS) {
      const { header, rows } = readWarehousePage(renderWarehouseReport(world, { markup, empty: true }));
      expect(header).toEqual([...WAREHOUSE_COLUMNS]);
      expect(rows).toHaveLength(0);
    }
  });
});
