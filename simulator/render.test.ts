import { beforeAll, describe, expect, it } from 'vitest';
import { mdy, nyInstant, parseYmd } from './clock.ts';
import {
  printedNcCode,
  renderShipmentsExtract,
  renderStoreLocator,
  renderWakeSearch,
  renderWarehouseReport,
  SEARCH_LIMIT,
  splitAddress,
  WAREHOUSE_COLUMNS,
} from './render.ts';
import { SimWorld } from './world.ts';

const MONDAY = parseYmd('2026-07-20')!;

// Simple structural parsers, as a scraper would write them against sources.md.
function wakeBlocks(html: string): string[] {
  return html.split('<div class="wake-product">').slice(1);
}

function parseWakeBlock(block: string) {
  const name = /<h4>([^<]*)<\/h4>/.exec(block)?.[1];
  const plu = /<p><small>PLU: (\d{5})<\/small><\/p>/.exec(block)?.[1];
  const price = /<span class="price">([^<]*)<\/span>/.exec(block)?.[1];
  const size = /<span class="size">([^<]*)<\/span>/.exec(block)?.[1];
  const outOfStock = block.includes('<p class="out-of-stock">All Locations Out of Stock</p>');
  const stores = [...block.matchAll(/<li><span class="address">([^<]*)<br>([^<]*)<\/span>\s*<span class="quantity">(\d+) in stock<\/span><\/li>/g)].map(
    (m) => ({ line1: m[1], line2: m[2], quantity: Number(m[3]) }),
  );
  return { name, plu, price, size, outOfStock, stores, hasList: block.includes('<div class="inventory-collapse">') };
}

function tables(html: string): string[] {
  return [...html.matchAll(/<table class="table table-bordered table-striped">([\s\S]*?)<\/table>/g)].map((m) => m[1]);
}

const cells = (row: string, tag: 'td' | 'th') =>
  [...row.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1].trim().replace(/&amp;/g, '&').replace(/&quot;/g, '"'));

function parseWarehouse(html: string) {
  const detail = tables(html).find((t) => t.includes('Listing Type'));
  if (!detail) throw new Error('no detail table');
  const header = cells(/<thead>([\s\S]*?)<\/thead>/.exec(detail)![1], 'th');
  const rows = [...detail.matchAll(/<tr id="StockItemDetails">([\s\S]*?)<\/tr>/g)].map((m) => cells(m[1], 'td'));
  return { header, rows, tableCount: tables(html).length };
}

describe('rendered pages', () => {
  let world: SimWorld;
  beforeAll(() => {
    world = new SimWorld({ seed: 21, start: new Date(nyInstant(MONDAY, 14, 0)) });
  });

  it('Wake search: one div.wake-product per product, PLU, price, size, per-store quantities or out of stock', () => {
    const html = renderWakeSearch(world, 'bourbon');
    const blocks = wakeBlocks(html).map(parseWakeBlock);
    expect(blocks.length).toBe(SEARCH_LIMIT);
    const addresses = new Map(world.data.retailStores.map((s) => [s.inventoryAddress, s]));
    let listed = 0;
    for (const b of blocks) {
      expect(b.name?.toLowerCase()).toContain('bourbon');
      expect(b.plu).toMatch(/^\d{5}$/);
      expect(b.price).toMatch(/^(\d+\.\d{2} USD)?$/);
      expect(b.size).toMatch(/^\d*\.\d+L$|^\d+L$/);
      expect(b.outOfStock).toBe(!b.hasList);
      const product = world.data.byPlu.get(b.plu!)!;
      for (const s of b.stores) {
        const store = addresses.get(`${s.line1}, ${s.line2}`);
        expect(store, `${s.line1} / ${s.line2}`).toBeDefined();
        expect(s.quantity).toBe(world.quantityAt(store!, product));
        expect(s.quantity).toBeGreaterThan(0);
        listed++;
      }
      const inStock = world.data.retailStores.filter((st) => world.quantityAt(st, product) > 0).length;
      expect(b.stores.length).toBe(inStock);
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('Wake search: exact PLU, out of stock everywhere, no match, and escaping', () => {
    const byPlu = wakeBlocks(renderWakeSearch(world, '27090')).map(parseWakeBlock);
    expect(byPlu).toHaveLength(1);
    expect(byPlu[0]).toMatchObject({ plu: '27090', name: "Blanton's Single Barrel", price: '79.95 USD', size: '.750L' });

    const never = world.data.products.find((p) => p.kind === 'listed' && p.warehousePeak30d === 0 && p.warehouseCurrent === 0)!;
    const out = wakeBlocks(renderWakeSearch(world, never.plu)).map(parseWakeBlock);
    expect(out[0]).toMatchObject({ plu: never.plu, outOfStock: true, hasList: false, stores: [] });

    const none = renderWakeSearch(world, 'no such product zzz');
    expect(wakeBlocks(none)).toHaveLength(0);
    expect(none).toContain('</html>');

    expect(renderWakeSearch(world, '<script>')).not.toContain('<script>');
    expect(wakeBlocks(renderWakeSearch(world, 'BLANTON')).length).toBeGreaterThan(0);
  });

  it('Wake search addresses are the inventory-search spellings split at the first comma', () => {
    expect(splitAddress('7200 Sandy Fork Rd., Raleigh, NC 27609')).toEqual(['7200 Sandy Fork Rd.', 'Raleigh, NC 27609']);
    const html = renderWakeSearch(world, 'bourbon');
    expect(html).not.toContain('7112 Sandy Forks Rd<br>'); // that is the locator's spelling
  });

  it('the broken Wake page keeps the container but loses the documented markup', () => {
    const blocks = wakeBlocks(renderWakeSearch(world, 'bourbon', { broken: true })).map(parseWakeBlock);
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) {
      expect(b.plu).toBeUndefined();
      expect(b.stores).toEqual([]);
      expect(b.outOfStock).toBe(false);
    }
  });

  it('store locator: 28 Wake outlets plus the warehouse (id 186), locator spellings', () => {
    const params = new URLSearchParams('action=store_search&lat=35.7796&lng=-78.6382&max_results=100&search_radius=500&autoload=1');
    const rows = JSON.parse(renderStoreLocator(world, params)) as Record<string, string>[];
    expect(rows).toHaveLength(29);
    expect(new Set(rows.map((r) => r.id)).size).toBe(29);
    expect(rows.filter((r) => r.id === '186')).toHaveLength(1);
    for (const r of rows) {
      for (const key of ['id', 'store', 'address', 'address2', 'city', 'state', 'zip', 'lat', 'lng', 'phone', 'hours', 'distance']) {
        expect(typeof r[key], key).toBe('string');
      }
      expect(Number.isFinite(Number(r.lat))).toBe(true);
    }
    const distances = rows.map((r) => Number(r.distance));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const addresses = rows.map((r) => r.address);
    expect(addresses).toContain('7112 Sandy Forks Rd');
    expect(addresses).toContain('1415 Hwy 55');
    expect(rows.find((r) => r.address === '600 S. Greenfield Pkwy')?.hours).toMatch(/MXB/);
    expect(JSON.parse(renderStoreLocator(world, new URLSearchParams('max_results=5')))).toHaveLength(5);
  });

  it('warehouse report: the 9-column detail table, one StockItemDetails row per product, then a 3-column summary', () => {
    const { header, rows, tableCount } = parseWarehouse(renderWarehouseReport(world));
    expect(tableCount).toBe(2);
    expect(header).toEqual([...WAREHOUSE_COLUMNS]);
    expect(rows).toHaveLength(world.data.products.length);
    let dashed = 0;
    let separated = 0;
    for (const r of rows) {
      expect(r).toHaveLength(9);
      const code = r[0].replace('-', '');
      expect(code).toMatch(/^\d{5}$/);
      if (r[0].includes('-')) dashed++;
      if (r[3].includes(',')) separated++;
      expect(r[3]).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(Number(r[3].replace(/,/g, ''))).toBe(world.warehouse(code));
      expect(['Listed', 'Limited', 'Allocation', 'Barrel', '']).toContain(r[2]);
    }
    expect(dashed).toBeGreaterThan(100);
    expect(separated).toBeGreaterThan(10);
    expect(printedNcCode('18650')).toMatch(/^18-?650$/);

    const summary = tables(renderWarehouseReport(world))[1];
    expect(cells(summary, 'th')).toHaveLength(3);
    expect(summary).not.toContain('Listing Type');
  });

  it('warehouse report: BrandName filter, dated reports, empty before 00:30, broken variant', () => {
    const blanton = parseWarehouse(renderWarehouseReport(world, { brandName: 'blanton' })).rows;
    expect(blanton.length).toBeGreaterThan(0);
    for (const r of blanton) expect(r[1].toLowerCase()).toContain('blanton');

    const past = parseWarehouse(renderWarehouseReport(world, { reportDate: mdy(MONDAY - 3) }));
    expect(past.rows).toHaveLength(world.data.products.length);
    const future = parseWarehouse(renderWarehouseReport(world, { reportDate: mdy(MONDAY + 3) }));
    expect(future.header).toHaveLength(9);
    expect(future.rows).toHaveLength(0);
    expect(parseWarehouse(renderWarehouseReport(world, { reportDate: 'yesterday' })).rows).toHaveLength(0);

    const early = new SimWorld({ seed: 21, start: new Date(nyInstant(MONDAY, 0, 15)), historyDays: 2 });
    const empty = parseWarehouse(renderWarehouseReport(early));
    expect(empty.header).toEqual([...WAREHOUSE_COLUMNS]);
    expect(empty.rows).toHaveLength(0);
    early.setTime(nyInstant(MONDAY, 0, 30));
    expect(parseWarehouse(renderWarehouseReport(early)).rows.length).toBe(world.data.products.length);

    const broken = parseWarehouse(renderWarehouseReport(world, { broken: true }));
    expect(broken.header).toHaveLength(8);
    expect(broken.rows[0]).toHaveLength(8);
  });

  it('shipments extract: metadata, lookups and unique (NCcode, boardName) records', () => {
    const body = JSON.parse(renderShipmentsExtract(world)) as {
      metadata: { extractDatetime: string };
      lookups: { codes: string[]; products: string[]; boards: string[] };
      records: { NUMUNITS: number; ProductName: string; boardName: string; website: string; item_id: number; NCcode: string }[];
    };
    expect(body.metadata.extractDatetime).toMatch(/^2026-07-20 11:(0\d|1[0-4]):\d\d$/);
    expect(body.lookups.boards).toHaveLength(173);
    expect(body.lookups.boards).toContain('Wake County ABC Board');
    expect(body.records.length).toBeGreaterThan(1000);
    const keys = new Set<string>();
    for (const r of body.records) {
      expect(Object.keys(r)).toEqual(['NUMUNITS', 'ProductName', 'boardName', 'website', 'item_id', 'NCcode']);
      expect(r.NCcode).toMatch(/^\d{5}$/);
      expect(r.NUMUNITS).toBeGreaterThan(0);
      expect(Number.isInteger(r.item_id)).toBe(true);
      keys.add(`${r.NCcode}|${r.boardName}`);
    }
    expect(keys.size).toBe(body.records.length);
    expect(new Set(body.lookups.codes)).toEqual(new Set(body.records.map((r) => r.NCcode)));
    expect(body.records.find((r) => r.boardName === 'Wake County ABC Board')?.website).toBe('www.wakeabc.com');
  });
});
