import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, nyInstant, nyLocal, parseYmd, TICK_MS, WEEKDAY_NAMES, weekdayOf, weekOf, ymd } from './clock.ts';
import { renderShipmentsExtract, renderWakeSearch, renderWarehouseReport } from './render.ts';
import { SimWorld } from './world.ts';

// 2026-07-20 is a Monday; 12:00 UTC = 08:00 New York (EDT).
const MONDAY_8AM = new Date('2026-07-20T12:00:00Z');
const MONDAY = parseYmd('2026-07-20')!;

const weekdayIndex = (name: string) => WEEKDAY_NAMES.indexOf(name as (typeof WEEKDAY_NAMES)[number]);

function pages(world: SimWorld): string[] {
  return [
    renderWarehouseReport(world),
    renderShipmentsExtract(world),
    renderWakeSearch(world, 'bourbon'),
    renderWakeSearch(world, 'blanton'),
    renderWakeSearch(world, '27090'),
  ];
}

function allocatedShelf(world: SimWorld): number {
  let total = 0;
  for (const store of world.data.retailStores) for (const p of world.data.allocated) total += world.quantityAt(store, p);
  return total;
}

describe('SimWorld', () => {
  it('is deterministic: same seed and steps give identical pages, however the time is advanced', () => {
    const a = new SimWorld({ seed: 7, start: MONDAY_8AM });
    const b = new SimWorld({ seed: 7, start: MONDAY_8AM });
    expect(pages(a)).toEqual(pages(b));
    a.advance(DAY_MS + 5 * HOUR_MS);
    for (let t = 0; t < DAY_MS + 5 * HOUR_MS; t += TICK_MS) b.advance(TICK_MS); // same time, 116 steps
    expect(b.now()).toEqual(a.now());
    expect(pages(a)).toEqual(pages(b));
    expect(a.deliveriesOn('2026-07-21')).toEqual(b.deliveriesOn('2026-07-21'));

    const c = new SimWorld({ seed: 8, start: MONDAY_8AM });
    c.advance(DAY_MS + 5 * HOUR_MS);
    expect(pages(c)).not.toEqual(pages(a));
  });

  it('only moves forward, and only when told', () => {
    const w = new SimWorld({ seed: 1, start: MONDAY_8AM, historyDays: 0 });
    expect(w.now()).toEqual(MONDAY_8AM);
    const version = w.version;
    expect(w.now()).toEqual(MONDAY_8AM);
    expect(w.version).toBe(version);
    w.advance(10 * 60_000); // 08:10, no tick crossed
    expect(w.version).toBe(version);
    w.advance(5 * 60_000); // 08:15
    expect(w.version).toBe(version + 1);
    w.setTime('2026-07-20T13:00:00Z');
    expect(w.now().toISOString()).toBe('2026-07-20T13:00:00.000Z');
    expect(() => w.setTime(MONDAY_8AM)).toThrow(/forward/);
    expect(() => w.advance(-1)).toThrow();
  });

  it('delivers on each store\'s delivery day between 10:00 and 13:00; allocated products reach at most 6 stores', () => {
    const w = new SimWorld({ seed: 3, start: MONDAY_8AM, historyDays: 0 });
    w.advance(28 * DAY_MS);
    const perStore = new Map<number, number[]>();
    let allocatedSeen = 0;
    for (let day = MONDAY; day < MONDAY + 28; day++) {
      const records = w.deliveriesOn(ymd(day));
      const allocatedStores = new Map<string, Set<number>>();
      for (const r of records) {
        const store = w.data.stores.find((s) => s.storeNumber === r.storeNumber)!;
        expect(store.retail).toBe(true);
        const local = nyLocal(r.at.getTime());
        expect(local.dayNumber).toBe(day);
        expect(local.minuteOfDay).toBeGreaterThanOrEqual(10 * 60);
        expect(local.minuteOfDay).toBeLessThanOrEqual(13 * 60);
        expect(local.minuteOfDay % 15).toBe(0);
        // A shifted store's truck may come on another weekday (holidays, some weeks): a weekday still.
        if (store.deliveryDay !== 'Random' && !store.shiftedDays) expect([store.deliveryDay, store.alsoDeliveryDay]).toContain(WEEKDAY_NAMES[local.weekday]);
        else expect(local.weekday).toBeGreaterThanOrEqual(1);
        expect(local.weekday).toBeLessThanOrEqual(5);
        perStore.set(store.storeNumber, [...(perStore.get(store.storeNumber) ?? []), day]);
        // many Listed products rise at a delivery
        expect(r.items.filter((i) => i.listingType === 'Listed').length).toBeGreaterThan(50);
        const inconsistent = r.items.filter((i) => !(i.quantity > 0 && i.after - i.before === i.quantity));
        expect(inconsistent).toEqual([]);
        for (const item of r.items) {
          if (item.listingType === 'Listed' || item.listingType === 'Unknown') continue;
          expect(item.quantity).toBeGreaterThanOrEqual(1);
          expect(item.quantity).toBeLessThanOrEqual(6);
          allocatedStores.set(item.plu, (allocatedStores.get(item.plu) ?? new Set()).add(r.storeNumber));
          allocatedSeen++;
        }
      }
      for (const stores of allocatedStores.values()) expect(stores.size).toBeLessThanOrEqual(6);
    }
    expect(allocatedSeen).toBeGreaterThan(20);
    // Pattern: weekly stores every 7 days, fortnightly every 14, Random stores once per week, twice-weekly stores
    // twice every week; a shifted store's truck once a week (every other week), a day off in some weeks.
    for (const store of w.data.retailStores) {
      const days = perStore.get(store.storeNumber) ?? [];
      if (store.deliveryIntervalDays === 14) {
        expect(days.length).toBe(2);
        if (store.shiftedDays) expect(Math.abs(days[1] - days[0] - 14)).toBeLessThanOrEqual(1);
        else expect(days[1] - days[0]).toBe(14);
      } else if (store.alsoDeliveryDay) {
        expect(days.length).toBe(8);
        expect(days.map((d) => WEEKDAY_NAMES[weekdayOf(d)])).toEqual(Array(4).fill([store.deliveryDay, store.alsoDeliveryDay].sort((a, b) => weekdayIndex(a!) - weekdayIndex(b!))).flat());
      } else {
        expect(days.length).toBe(4);
        if (store.deliveryDay !== 'Random' && !store.shiftedDays) expect(days.slice(1).map((d, k) => d - days[k])).toEqual([7, 7, 7]);
        else expect(new Set(days.map(weekOf)).size).toBe(4);
      }
    }
    // The world has stores of each kind.
    expect(w.data.retailStores.filter((s) => s.alsoDeliveryDay).length).toBeGreaterThanOrEqual(2);
    expect(w.data.retailStores.filter((s) => s.shiftedDays).length).toBeGreaterThanOrEqual(2);
    expect(w.data.retailStores.filter((s) => s.deliveryIntervalDays === 14).length).toBeGreaterThanOrEqual(2);
    // The MXB-only outlet gets nothing and is not in the inventory search.
    expect(w.storeStock(28).size).toBe(0);
  });

  it('has trucks of other habits, seeded: twice a week, every 14 days, and on shifted days (holidays, some weeks)', () => {
    const w = new SimWorld({ seed: 42, start: MONDAY_8AM, historyDays: 0 });
    const year = Array.from({ length: 364 }, (_, k) => MONDAY + k); // 52 weeks from Monday 2026-07-20
    const store = (n: number) => w.data.retailStores.find((s) => s.storeNumber === n)!;
    const daysOf = (n: number) => year.filter((d) => w.isDeliveryDay(store(n), d));
    const weekdays = (days: number[]) => new Set(days.map((d) => WEEKDAY_NAMES[weekdayOf(d)]));
    const gaps = (days: number[]) => new Set(days.slice(1).map((d, k) => d - days[k]));
    // North Hills (26): twice a week, Monday and Thursday, every week.
    expect(daysOf(26)).toHaveLength(104);
    expect(weekdays(daysOf(26))).toEqual(new Set(['Monday', 'Thursday']));
    // Rolesville (22): every 14 days, on Wednesday.
    expect(daysOf(22)).toHaveLength(26);
    expect(weekdays(daysOf(22))).toEqual(new Set(['Wednesday']));
    expect(gaps(daysOf(22))).toEqual(new Set([14]));
    // Cary Parkway (3), a shifted Monday store: once a week, on Monday in most weeks and on Tuesday in the others,
    // among them Labor Day, Martin Luther King Jr. Day and Memorial Day, when Sandy Forks (1) keeps its Monday.
    const cary = daysOf(3);
    expect(cary).toHaveLength(52);
    expect(new Set(cary.map(weekOf)).size).toBe(52);
    expect(weekdays(cary)).toEqual(new Set(['Monday', 'Tuesday']));
    expect(cary.filter((d) => weekdayOf(d) === 1).length).toBeGreaterThan(52 * 0.7);
    for (const holiday of ['2026-09-07', '2027-01-18', '2027-05-31']) {
      const d = parseYmd(holiday)!;
      expect([w.isDeliveryDay(store(3), d), w.isDeliveryDay(store(3), d + 1), w.isDeliveryDay(store(1), d)], holiday).toEqual([false, true, true]);
    }
    // Tryon Rd (17), a shifted Friday store: Thanksgiving's Thursday and Friday off, its truck comes on Wednesday;
    // Christmas and New Year's Day on a Friday, on the Thursday before.
    for (const [friday, instead] of [['2026-11-27', '2026-11-25'], ['2026-12-25', '2026-12-24'], ['2027-01-01', '2026-12-31']]) {
      expect([w.isDeliveryDay(store(17), parseYmd(friday)!), w.isDeliveryDay(store(17), parseYmd(instead)!)], friday).toEqual([false, true]);
    }
    // Zebulon (2), fortnightly and shifted: every other week, mostly on Tuesday, some deliveries on another weekday.
    const zebulon = daysOf(2);
    expect(zebulon).toHaveLength(26);
    expect(new Set(zebulon.slice(1).map((d, k) => weekOf(d) - weekOf(zebulon[k])))).toEqual(new Set([2]));
    expect(zebulon.filter((d) => weekdayOf(d) === 2).length).toBeGreaterThan(26 * 0.7);
    expect(weekdays(zebulon).size).toBeGreaterThan(1);
    // Seeded: another seed shifts other weeks (a store's fortnightly phase and off weeks are hashes of the seed).
    const other = new SimWorld({ seed: 43, start: MONDAY_8AM, historyDays: 0 });
    expect(year.filter((d) => other.isDeliveryDay(other.data.retailStores.find((s) => s.storeNumber === 3)!, d))).not.toEqual(cary);
  });

  it('predicts each store\'s next delivery', () => {
    const w = new SimWorld({ seed: 3, start: MONDAY_8AM, historyDays: 0 });
    const next = w.nextDeliveries();
    expect(next).toHaveLength(28);
    expect(next.find((n) => n.storeNumber === 28)?.at).toBeNull();
    const sandy = next.find((n) => n.storeNumber === 1)!; // Monday store: later today
    expect(nyLocal(sandy.at!.getTime()).dayNumber).toBe(MONDAY);
    w.setTime(sandy.at!);
    expect(w.deliveriesOn('2026-07-20').map((d) => d.storeNumber)).toContain(1);
  });

  it('sells stock down between polls during opening hours, never below 0; allocated bottles go within hours', () => {
    const w = new SimWorld({ seed: 5, start: MONDAY_8AM });
    w.setTime(nyInstant(MONDAY, 13, 15)); // after every delivery of the day
    const arrivals = w
      .deliveriesOn('2026-07-20')
      .flatMap((r) => r.items)
      .filter((i) => i.listingType !== 'Listed' && i.listingType !== 'Unknown')
      .reduce((sum, i) => sum + i.quantity, 0);
    expect(arrivals).toBeGreaterThan(0);
    const before = new Map(w.data.retailStores.map((s) => [s.storeNumber, w.storeStock(s.storeNumber)]));
    const allocatedBefore = allocatedShelf(w);
    w.setTime(nyInstant(MONDAY, 17, 15));
    let decreased = 0;
    for (const store of w.data.retailStores) {
      const now = w.storeStock(store.storeNumber);
      for (const [plu, q] of before.get(store.storeNumber)!) {
        const after = now.get(plu) ?? 0;
        expect(after).toBeLessThanOrEqual(q); // no deliveries after 13:00
        expect(after).toBeGreaterThanOrEqual(0);
        if (after < q) decreased++;
      }
    }
    expect(decreased).toBeGreaterThan(100);
    expect(allocatedShelf(w)).toBeLessThan(allocatedBefore);
    w.setTime(nyInstant(MONDAY, 21, 0));
    expect(allocatedShelf(w)).toBeLessThanOrEqual(Math.max(3, Math.ceil(allocatedBefore * 0.2)));

    // Nothing sells overnight or on Sunday.
    const night = w.storeStock(1);
    w.setTime(nyInstant(MONDAY + 1, 9, 45));
    expect(w.storeStock(1)).toEqual(night);
    const sunday = MONDAY + 6;
    w.setTime(nyInstant(sunday, 0, 15));
    const sat = w.storeStock(7);
    w.setTime(nyInstant(sunday, 23, 0));
    expect(w.storeStock(7)).toEqual(sat);

    // Never negative, a week long.
    let min = Infinity;
    for (let k = 0; k < 7 * 12; k++) {
      w.advance(2 * HOUR_MS);
      for (const store of w.data.retailStores) for (const q of w.storeStock(store.storeNumber).values()) min = Math.min(min, q);
    }
    expect(min).toBe(0);
  });

  it('drains the warehouse through the day as boards order and raises it on receipts', () => {
    const w = new SimWorld({ seed: 11, start: MONDAY_8AM });
    const plus = w.data.products.map((p) => p.plu);
    const levels = () => plus.map((plu) => w.warehouse(plu)!);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    let rises = 0;
    for (let day = MONDAY + 1; day <= MONDAY + 4; day++) {
      // Receipts only between 06:00 and 10:45; afterwards levels only fall.
      w.setTime(nyInstant(day, 5, 45));
      let prev = levels();
      for (let t = nyInstant(day, 6, 0); t <= nyInstant(day, 17, 0); t += TICK_MS) {
        w.setTime(t);
        const cur = levels();
        const m = nyLocal(t).minuteOfDay;
        const up = cur.filter((x, i) => x > prev[i]).length;
        if (m > 10 * 60 + 45) expect(up).toBe(0);
        rises += up;
        expect(Math.min(...cur)).toBeGreaterThanOrEqual(0);
        prev = cur;
      }
    }
    expect(rises).toBeGreaterThan(50);
    // 11:00 → 17:00 on a weekday: strictly lower in total.
    const day = MONDAY + 8;
    w.setTime(nyInstant(day, 11, 0));
    const morning = sum(levels());
    w.setTime(nyInstant(day, 17, 0));
    expect(sum(levels())).toBeLessThan(morning);
    // Nothing moves at night.
    const evening = levels();
    w.setTime(nyInstant(day + 1, 5, 45));
    expect(levels()).toEqual(evening);
  });

  it('regenerates the shipments extract once a day near 11:00 with rolling 16-day totals', () => {
    const w = new SimWorld({ seed: 13, start: MONDAY_8AM });
    const first = w.extract();
    expect(first.extractDatetime).toMatch(/^2026-07-19 11:(0\d|1[0-4]):\d\d$/);
    w.setTime(nyInstant(MONDAY, 11, 0));
    expect(w.extract()).toBe(first);
    w.setTime(nyInstant(MONDAY, 11, 15));
    const second = w.extract();
    expect(second).not.toBe(first);
    expect(second.extractDatetime.startsWith('2026-07-20 11:')).toBe(true);

    // Once a day over three days.
    const labels = new Set<string>();
    const from = w.nowMillis();
    for (let t = from; t <= from + 3 * DAY_MS; t += TICK_MS) {
      w.setTime(t);
      labels.add(w.extract().extractDatetime);
    }
    expect(labels.size).toBe(4); // today's plus three more

    const extract = w.extract();
    const day = extract.dayNumber;
    const keys = new Set<string>();
    expect(extract.records.length).toBeGreaterThan(1000);
    for (const r of extract.records) {
      const key = `${r.product.plu}|${r.board.name}`;
      expect(keys.has(key)).toBe(false);
      keys.add(key);
      expect(r.units).toBe(w.shippedUnits(r.product.plu, r.board.name, day - 15, day));
    }
    expect(new Set(extract.records.map((r) => r.board.name)).has('Wake County ABC Board')).toBe(true);

    // The next extract differs by the shipments of the new day minus the day that aged out.
    const before = new Map(extract.records.map((r) => [`${r.product.plu}|${r.board.name}`, r.units]));
    w.setTime(nyInstant(day + 1, 11, 15));
    const next = w.extract();
    expect(next.dayNumber).toBe(day + 1);
    let increased = 0;
    let decreased = 0;
    for (const r of next.records) {
      const old = before.get(`${r.product.plu}|${r.board.name}`) ?? 0;
      const added = w.shippedUnits(r.product.plu, r.board.name, day + 1, day + 1);
      const aged = w.shippedUnits(r.product.plu, r.board.name, day - 15, day - 15);
      expect(r.units).toBe(old + added - aged);
      if (r.units > old) increased++;
      if (r.units < old) decreased++;
    }
    expect(increased + decreased).toBeGreaterThan(0);
  });

  it('keeps each day\'s final warehouse levels for dated reports, and an empty table before 00:30', () => {
    const w = new SimWorld({ seed: 2, start: MONDAY_8AM });
    w.setTime(nyInstant(MONDAY, 23, 50));
    const endOfDay = w.data.products.map((p) => w.warehouse(p.plu));
    w.setTime(nyInstant(MONDAY + 1, 0, 15));
    expect(w.warehouseReport().levels).toBeNull(); // just after midnight: no data yet
    const past = w.warehouseReport(MONDAY);
    expect(Array.from(past.levels!)).toEqual(endOfDay);
    w.setTime(nyInstant(MONDAY + 1, 0, 30));
    expect(w.warehouseReport().levels).not.toBeNull();
    expect(w.warehouseReport(MONDAY + 5).levels).toBeNull(); // the future
    expect(w.warehouseReport(MONDAY - 10).levels).not.toBeNull(); // within the simulated history
    expect(w.warehouseReport(MONDAY - 60).levels).toBeNull(); // before it
  });

  it('advances a simulated day quickly', () => {
    const w = new SimWorld({ seed: 9, start: MONDAY_8AM, historyDays: 0 });
    const started = performance.now();
    w.advance(DAY_MS);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('SimWorld across daylight-saving changes', () => {
  for (const [label, from, days] of [
    ['spring forward (2026-03-08)', '2026-03-06T17:00:00Z', 4],
    ['fall back (2026-11-01)', '2026-10-30T16:00:00Z', 4],
  ] as const) {
    it(`keeps New York local times through the ${label}`, () => {
      const w = new SimWorld({ seed: 17, start: from, historyDays: 1 });
      const labels = new Set<string>();
      const startDay = nyLocal(w.nowMillis()).dayNumber;
      const end = nyInstant(startDay + days, 12, 0); // 96 ticks a day, except 92 / 100 on the change days
      while (w.nowMillis() < end) {
        w.advance(TICK_MS);
        labels.add(w.extract().extractDatetime);
      }
      // one extract per day, each labelled 11:00..11:14 local
      expect(labels.size).toBe(days + 1);
      for (const l of labels) expect(l).toMatch(/ 11:(0\d|1[0-4]):\d\d$/);
      for (let day = startDay; day < startDay + days; day++) {
        for (const r of w.deliveriesOn(ymd(day))) {
          const m = nyLocal(r.at.getTime()).minuteOfDay;
          expect(m).toBeGreaterThanOrEqual(600);
          expect(m).toBeLessThanOrEqual(780);
        }
      }
    });
  }
});
