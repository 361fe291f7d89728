// Debuts (scheduleDebut, autoDebuts) and listing-type relabels.
import { describe, expect, it } from 'vitest';
import { mdy, nyInstant, parseYmd, TICK_MS, ymd } from './clock.ts';
import { AUTO_DEBUT_LABELS, type DebutSpec } from './debuts.ts';
import { MARKUPS, renderShipmentsExtract, renderWakeSearch, renderWarehouseReport } from './render.ts';
import { pageStock, readWakePage, readWarehousePage } from './test-pages.ts';
import { SimWorld } from './world.ts';

const MONDAY = parseYmd('2026-07-20')!;
const at = (day: number, h: number, m = 0) => new Date(nyInstant(day, h, m));

function newCode(world: SimWorld): string {
  for (let code = 99123; ; code++) if (!world.data.byPlu.has(String(code))) return String(code);
}

function spec(plu: string, overrides: Partial<DebutSpec> = {}): DebutSpec {
  return {
    plu,
    name: 'Carolina Test Single Barrel Bourbon',
    listingTypeLabel: 'Special Release',
    retailPrice: 54.95,
    sizeMl: 750,
    warehouseFrom: at(MONDAY, 9),
    releaseAt: at(MONDAY, 11, 7), // rounded up to 11:15
    stores: [
      { storeNumber: 1, quantity: 3 },
      { storeNumber: 22, quantity: 2 },
      { storeNumber: 9, quantity: 6 },
    ],
    classifyAt: at(MONDAY + 1, 8),
    classifyAs: 'Allocation',
    warehouseUnits: 126,
    ...overrides,
  };
}

const expected = new Map([
  [1, 3],
  [22, 2],
  [9, 6],
]);

function warehouseRow(world: SimWorld, name: string, options: { reportDate?: string; markup?: 'documented' | 'live' } = {}) {
  return readWarehousePage(renderWarehouseReport(world, { ...options, brandName: name })).rows.map((r) => r.cells);
}

describe('a debut (new code)', () => {
  it('absent, then on the warehouse report with its new label, then on the listed shelves, then classified', () => {
    const world = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const plu = newCode(world);
    const info = world.scheduleDebut(spec(plu));
    expect(info).toMatchObject({ plu, knownPlu: false, released: false, onWarehouseReport: false, warehouseLevel: null, retailPrice: '54.95' });
    expect(info.releaseAt).toEqual(at(MONDAY, 11, 15));
    expect(info.warehouseFrom).toEqual(at(MONDAY, 9));

    // 08:00: nowhere. Wake answers its real no-results page.
    for (const markup of MARKUPS) {
      const page = renderWakeSearch(world, plu, { markup });
      expect(readWakePage(page).products).toHaveLength(0);
      expect(page).toContain(`name="productSearch" value="${plu}"`);
    }
    expect(readWakePage(renderWakeSearch(world, 'carolina test single')).products).toHaveLength(0);
    expect([...world.stockOf(plu).values()].every((q) => q === 0)).toBe(true);
    expect(world.warehouse(plu)).toBeUndefined();
    expect(warehouseRow(world, 'carolina test')).toEqual([]);

    // 09:00: on the warehouse report, Listing Type printed as given.
    world.setTime(at(MONDAY, 9));
    const row = warehouseRow(world, 'carolina test');
    expect(row).toHaveLength(1);
    expect(row[0][0].replace('-', '')).toBe(plu);
    expect(row[0].slice(1, 5)).toEqual(['Carolina Test Single Barrel Bourbon', 'Special Release', '126', '750ML']);
    expect(warehouseRow(world, 'carolina test', { markup: 'live' })[0].slice(1, 5)).toEqual(['Carolina Test Single Barrel Bourbon', 'Special Release', '126', '.75L']);
    expect(readWakePage(renderWakeSearch(world, plu)).products).toHaveLength(0); // not on the shelves yet

    // 11:00: still not released.
    world.setTime(at(MONDAY, 11, 14));
    expect(readWakePage(renderWakeSearch(world, plu)).products).toHaveLength(0);

    // 11:15 (the release tick): exactly the listed stores and quantities, in both markups; a delivery in the log.
    world.setTime(at(MONDAY, 11, 15));
    const truth = world.stockOf(plu);
    expect(new Map([...truth].filter(([, q]) => q > 0))).toEqual(expected);
    for (const markup of MARKUPS) {
      const products = readWakePage(renderWakeSearch(world, plu, { markup })).products;
      expect(products).toHaveLength(1);
      expect(products[0]).toMatchObject({ plu, price: '54.95 USD', size: '.750L' });
      expect(pageStock(world, products[0], markup)).toEqual(expected);
    }
    expect(readWakePage(renderWakeSearch(world, 'carolina test single')).products.map((p) => p.plu)).toEqual([plu]);
    const arrivals = world.deliveriesOn(ymd(MONDAY)).flatMap((r) => r.items.filter((i) => i.plu === plu).map((i) => ({ store: r.storeNumber, at: r.at, ...i })));
    expect(arrivals.map((a) => [a.store, a.quantity, a.before, a.after]).sort((a, b) => a[0] - b[0])).toEqual([
      [1, 3, 0, 3],
      [9, 6, 0, 6],
      [22, 2, 0, 2],
    ]);
    for (const a of arrivals) expect(a.at).toEqual(at(MONDAY, 11, 15));
    expect(world.storeStock(22).get(plu)).toBe(2);
    expect(world.storeStock(2).get(plu)).toBe(0);
    // The stores' bottles left the warehouse.
    expect(world.warehouse(plu)).toBe(126 - 11);
    expect(world.debut(plu)).toMatchObject({ released: true, onWarehouseReport: true });

    // Then it sells like allocated bottles; never below zero, never at other stores.
    world.setTime(at(MONDAY, 20));
    const evening = world.stockOf(plu);
    for (const [store, q] of evening) expect(q).toBeLessThanOrEqual(expected.get(store) ?? 0);
    expect([...evening.values()].reduce((a, b) => a + b, 0)).toBeLessThan(11);

    // Tuesday 08:00: classified.
    world.setTime(at(MONDAY + 1, 7, 59));
    expect(warehouseRow(world, 'carolina test')[0][2]).toBe('Special Release');
    world.setTime(at(MONDAY + 1, 8));
    expect(warehouseRow(world, 'carolina test')[0][2]).toBe('Allocation');
    // Monday's dated report keeps Monday's label and final level.
    const monday = warehouseRow(world, 'carolina test', { reportDate: mdy(MONDAY) });
    expect(monday[0][2]).toBe('Special Release');
    expect(Number(monday[0][3])).toBeLessThanOrEqual(126 - 11);
    // Earlier days' reports never had it.
    expect(warehouseRow(world, 'carolina test', { reportDate: mdy(MONDAY - 1) })).toEqual([]);

    // The Wake board's shipment is in the next extract.
    world.setTime(at(MONDAY + 1, 12));
    const extract = JSON.parse(renderShipmentsExtract(world)) as { records: { NCcode: string; boardName: string; NUMUNITS: number }[] };
    expect(extract.records.find((r) => r.NCcode === plu && r.boardName === 'Wake County ABC Board')?.NUMUNITS).toBe(11);
  });

  it('changes nothing else, and is the same however and whenever (before its effects) it is scheduled', () => {
    const plain = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const a = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const b = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const plu = newCode(a);
    a.scheduleDebut(spec(plu));
    b.setTime(at(MONDAY, 8, 45));
    b.scheduleDebut(spec(plu));
    for (let t = b.nowMillis(); t < at(MONDAY + 2, 12).getTime(); t += TICK_MS) b.advance(TICK_MS);
    a.setTime(at(MONDAY + 2, 12));
    plain.setTime(at(MONDAY + 2, 12));
    expect(b.now()).toEqual(a.now());
    expect(b.stockOf(plu)).toEqual(a.stockOf(plu));
    expect(renderWarehouseReport(b)).toBe(renderWarehouseReport(a));
    expect(renderShipmentsExtract(b)).toBe(renderShipmentsExtract(a));
    expect(b.deliveriesOn(ymd(MONDAY))).toEqual(a.deliveriesOn(ymd(MONDAY)));
    for (const q of ['27090', 'blanton', 'vodka']) expect(renderWakeSearch(a, q)).toBe(renderWakeSearch(plain, q));
    const withoutDebut = (html: string) => readWarehousePage(html).rows.filter((r) => r.cells[0].replace('-', '') !== plu).map((r) => r.cells);
    expect(withoutDebut(renderWarehouseReport(a))).toEqual(withoutDebut(renderWarehouseReport(plain)));
  });

  it('released at a store\'s delivery tick: one delivery record with the debut among the other items', () => {
    const world = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const next = world.nextDeliveries().find((d) => d.at && d.at.getTime() < at(MONDAY + 1, 0).getTime())!;
    expect(next).toBeDefined();
    const plu = newCode(world);
    world.scheduleDebut(spec(plu, { releaseAt: next.at!, warehouseFrom: undefined, stores: [{ storeNumber: next.storeNumber, quantity: 2 }] }));
    world.setTime(next.at!);
    const records = world.deliveriesOn(ymd(MONDAY)).filter((r) => r.storeNumber === next.storeNumber);
    expect(records).toHaveLength(1);
    expect(records[0].at).toEqual(next.at);
    expect(records[0].items.length).toBeGreaterThan(1);
    expect(records[0].items.find((i) => i.plu === plu)).toMatchObject({ quantity: 2, before: 0, after: 2, listingType: 'Special Release' });
  });

  it('rejects bad specs and schedules whose effects are already past', () => {
    const world = new SimWorld({ seed: 9, start: at(MONDAY, 12) });
    const plu = newCode(world);
    expect(() => world.scheduleDebut(spec(plu, { releaseAt: at(MONDAY, 11) }))).toThrow(/after the simulated now/);
    expect(() => world.scheduleDebut(spec(plu, { releaseAt: at(MONDAY, 15), warehouseFrom: at(MONDAY, 9) }))).toThrow(/warehouseFrom/);
    expect(() => world.scheduleDebut(spec('1234', { releaseAt: at(MONDAY, 15), warehouseFrom: undefined }))).toThrow(/5 digits/);
    expect(() => world.scheduleDebut(spec(plu, { releaseAt: at(MONDAY, 15), warehouseFrom: undefined, stores: [{ storeNumber: 28, quantity: 1 }] }))).toThrow(/retail/);
    expect(() => world.scheduleDebut(spec(plu, { releaseAt: at(MONDAY, 15), warehouseFrom: undefined, stores: [{ storeNumber: 1, quantity: 0 }] }))).toThrow(/quantity/);
    // Default warehouseFrom: 6 hours before release, but not before the next tick.
    const ok = world.scheduleDebut(spec(plu, { releaseAt: at(MONDAY, 15), warehouseFrom: undefined }));
    expect(ok.warehouseFrom).toEqual(at(MONDAY, 12, 15));
    expect(() => world.scheduleDebut(spec(plu, { releaseAt: at(MONDAY, 16), warehouseFrom: undefined }))).toThrow(/already scheduled/);
  });
});

describe('a debut of a PLU the catalog knows', () => {
  it('replaces the catalog product everywhere until and after its release', () => {
    const world = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const known = world.data.byPlu.get('27090')!; // Blanton's Single Barrel
    world.scheduleDebut(spec('27090', { name: "Blanton's Single Barrel", listingTypeLabel: '', classifyAs: 'Allocation', retailPrice: known.retailPrice }));
    expect(world.debut('27090')?.knownPlu).toBe(true);
    expect(readWakePage(renderWakeSearch(world, '27090')).products).toHaveLength(0);
    expect(readWakePage(renderWakeSearch(world, 'blanton')).products.map((p) => p.plu)).not.toContain('27090');
    expect(world.warehouse('27090')).toBeUndefined();
    expect(readWarehousePage(renderWarehouseReport(world)).rows.some((r) => r.cells[0].replace('-', '') === '27090')).toBe(false);
    expect(JSON.parse(renderShipmentsExtract(world)).records.some((r: { NCcode: string }) => r.NCcode === '27090')).toBe(false);
    expect([...world.stockOf('27090').values()].every((q) => q === 0)).toBe(true);

    world.setTime(at(MONDAY, 9));
    expect(warehouseRow(world, 'blanton').find((r) => r[0].replace('-', '') === '27090')?.slice(2, 4)).toEqual(['', '126']);
    world.setTime(at(MONDAY, 11, 15));
    expect(new Map([...world.stockOf('27090')].filter(([, q]) => q > 0))).toEqual(expected);
    expect(pageStock(world, readWakePage(renderWakeSearch(world, '27090', { markup: 'live' })).products[0], 'live')).toEqual(expected);
    // The day's deliveries list the debut's arrivals only, never the catalog product's.
    const items = world.deliveriesOn(ymd(MONDAY)).flatMap((r) => r.items.filter((i) => i.plu === '27090').map((i) => [r.storeNumber, i.quantity]));
    expect(items.sort((x, y) => x[0] - y[0])).toEqual([
      [1, 3],
      [9, 6],
      [22, 2],
    ]);
    world.setTime(at(MONDAY + 1, 9));
    expect(warehouseRow(world, 'blanton').find((r) => r[0].replace('-', '') === '27090')?.[2]).toBe('Allocation');
  });
});

describe('automatic debuts (demo)', () => {
  it('are seeded: the same seed gives the same debuts and pages; the catalog world is unchanged', () => {
    const a = new SimWorld({ seed: 42, start: at(MONDAY, 12), autoDebuts: true });
    const b = new SimWorld({ seed: 42, start: at(MONDAY, 12), autoDebuts: true });
    const plain = new SimWorld({ seed: 42, start: at(MONDAY, 12) });
    expect(plain.debuts()).toEqual([]);
    const debuts = a.debuts();
    expect(debuts.length).toBeGreaterThanOrEqual(4); // ~every 3 days over the 17 days of history
    expect(b.debuts()).toEqual(debuts);
    for (const d of debuts) {
      expect(d.auto).toBe(true);
      expect(d.knownPlu).toBe(false);
      expect(a.data.byPlu.has(d.plu)).toBe(false);
      expect(AUTO_DEBUT_LABELS).toContain(d.listingTypeLabel);
      expect(d.stores.length).toBeGreaterThanOrEqual(2);
      expect(d.warehouseFrom.getTime()).toBeLessThan(d.releaseAt.getTime());
    }
    const released = debuts.filter((d) => d.released);
    expect(released.length).toBeGreaterThan(0);
    // Each released one was an arrival on its release day.
    for (const d of released) {
      const day = ymd(parseYmd(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d.releaseAt))!);
      const stores = a.deliveriesOn(day).filter((r) => r.items.some((i) => i.plu === d.plu)).map((r) => r.storeNumber);
      expect(stores.sort((x, y) => x - y)).toEqual(d.stores.map((s) => s.storeNumber).sort((x, y) => x - y));
    }
    a.advance(4 * 24 * 3600_000);
    b.advance(4 * 24 * 3600_000);
    plain.advance(4 * 24 * 3600_000);
    expect(a.debuts().length).toBeGreaterThan(debuts.length);
    expect(renderWarehouseReport(a, { markup: 'live' })).toBe(renderWarehouseReport(b, { markup: 'live' }));
    for (const q of ['27090', 'blanton', 'vodka']) expect(renderWakeSearch(a, q)).toBe(renderWakeSearch(plain, q));
    const latest = a.debuts().at(-1)!;
    expect(renderWakeSearch(a, latest.plu)).toBe(renderWakeSearch(b, latest.plu));
  });
});

describe('relabels', () => {
  it('print a catalog product\'s listing type as given from `from` until `classifyAt`, then its own (or classifyAs)', () => {
    const world = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const p = world.data.byPlu.get('27090')!;
    world.relabel('27090', { label: '', from: at(MONDAY, 10), classifyAt: at(MONDAY, 14) });
    const label = () => warehouseRow(world, 'blanton').find((r) => r[0].replace('-', '') === '27090')![2];
    expect(label()).toBe(p.listingType);
    world.setTime(at(MONDAY, 10));
    expect(label()).toBe('');
    expect(world.printedListingType(p)).toBe('');
    world.setTime(at(MONDAY, 14));
    expect(label()).toBe(p.listingType);
    world.relabel('27090', { label: 'Special Release', from: at(MONDAY, 15), classifyAt: at(MONDAY, 16), classifyAs: 'Limited' });
    world.setTime(at(MONDAY, 15));
    expect(label()).toBe('Special Release');
    world.setTime(at(MONDAY, 16));
    expect(label()).toBe('Limited');
    expect(() => world.relabel('00000', { label: '' })).toThrow(/no catalog product/);
  });
});
