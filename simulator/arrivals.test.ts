// Shipments cause arrivals (issue 26, item 5): every allocated arrival on a shelf board's store follows a
// shipment to that board that an earlier extract counted; every board's shipments land on its stores'
// delivery days, spread consistently per board and listing type, with noise.
import { describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { isTruckHoliday } from './delivery-patterns.ts';
import { nyInstant, nyLocal, parseYmd, weekdayOf, ymd } from './clock.ts';
import { planArrivals, storeWeights, type CausingShipment } from './arrivals.ts';
import { isDeliveryDay } from './shelves.ts';
import { SimWorld } from './world.ts';

const MONDAY = parseYmd('2026-07-20')!;
const SHELF_BOARDS = [WAKE_BOARD_ID, DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID];
const ALLOCATED = new Set(['Allocation', 'Limited', 'Barrel']);
const MECKLENBURG = 53;
const BOONE = 43;

describe('shipments cause arrivals', () => {
  const w = new SimWorld({ seed: 6, start: new Date(nyInstant(MONDAY, 8, 0)), historyDays: 0 });
  w.setTime(nyInstant(MONDAY + 24, 23, 0));

  it("a shelf board's allocated arrivals are exactly its shipments' planned arrivals, each after the extract that counted it", () => {
    let arrivals = 0;
    for (let day = MONDAY; day <= MONDAY + 24; day++) {
      for (const boardId of SHELF_BOARDS) {
        const delivered = new Map<string, number>();
        for (const r of w.deliveriesOn(ymd(day), boardId)) {
          for (const item of r.items) if (ALLOCATED.has(item.listingType)) delivered.set(`${r.storeNumber}|${item.plu}`, item.quantity);
        }
        const caused = new Map<string, number>();
        for (const a of w.arrivalsOn(ymd(day), boardId)) {
          expect(a.day).toBe(day);
          expect(a.extractDay, 'on a shelf only after the extract that counts it').toBeLessThan(day);
          expect(nyLocal(a.at).dayNumber).toBe(day);
          const key = `${a.storeNumber}|${a.plu}`;
          caused.set(key, (caused.get(key) ?? 0) + a.quantity);
          arrivals++;
        }
        expect(delivered, `board ${boardId} on ${ymd(day)}`).toEqual(caused);
      }
    }
    expect(arrivals).toBeGreaterThan(200);
  });

  it("the extract counts every causing shipment; a shipment never lands more bottles than it carried", () => {
    const perShipment = new Map<number, { boardId: number; plu: string; extractDay: number; bottles: number }>();
    for (let day = MONDAY; day <= MONDAY + 24; day++) {
      for (const a of w.arrivalsOn(ymd(day))) {
        const s = perShipment.get(a.serial) ?? { boardId: a.boardId, plu: a.plu, extractDay: a.extractDay, bottles: 0 };
        s.bottles += a.quantity;
        perShipment.set(a.serial, s);
      }
    }
    expect(perShipment.size).toBeGreaterThan(500);
    for (const s of perShipment.values()) {
      if (s.extractDay < MONDAY + 24 - 15) continue; // the world keeps 16 days of its shipment log
      const shipped = w.shippedTo(s.boardId, ymd(s.extractDay), ymd(s.extractDay)).get(s.plu) ?? 0;
      expect(s.bottles).toBeLessThanOrEqual(shipped);
      expect(s.bottles).toBeGreaterThan(0);
    }
  });

  it("boards whose shelves nobody reads: arrivals on their stores' delivery days; a one-store board's whole shipment the next weekday or so", () => {
    const meck = w.retailStoresOfAnyBoard(MECKLENBURG);
    expect(meck.length).toBeGreaterThan(20);
    let seen = 0;
    for (let day = MONDAY; day <= MONDAY + 24; day++) {
      for (const a of w.arrivalsOn(ymd(day), MECKLENBURG)) {
        const store = meck.find((s) => s.storeNumber === a.storeNumber)!;
        expect(store.retail).toBe(true);
        expect(isDeliveryDay(6, store, day), `store ${a.storeNumber} on ${ymd(day)}`).toBe(true);
        seen++;
      }
      for (const a of w.arrivalsOn(ymd(day), BOONE)) {
        expect([0, 6]).not.toContain(weekdayOf(day));
        expect(isTruckHoliday(day), `${ymd(day)} is a truck holiday`).toBe(false);
        expect(day - a.extractDay).toBeGreaterThanOrEqual(1);
        expect(day - a.extractDay).toBeLessThanOrEqual(7);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(() => w.arrivalsOn(ymd(MONDAY), 99999)).toThrow(RangeError);
  });

  it('is a function of seed and time', () => {
    const again = new SimWorld({ seed: 6, start: new Date(nyInstant(MONDAY, 8, 0)), historyDays: 0 });
    again.setTime(nyInstant(MONDAY + 12, 6, 0));
    again.setTime(nyInstant(MONDAY + 24, 23, 0));
    for (const day of [MONDAY + 5, MONDAY + 17]) expect(again.arrivalsOn(ymd(day))).toEqual(w.arrivalsOn(ymd(day)));
  });

  it('a scheduled shipment that lands reaches the board\'s shelves; refused for a product that is not allocated', () => {
    const x = new SimWorld({ seed: 6, start: new Date(nyInstant(MONDAY, 8, 0)), historyDays: 0 });
    const product = x.data.allocated.find((p) => p.listingType === 'Barrel')!;
    x.scheduleShipment({ plu: product.plu, boardId: DURHAM_BOARD_ID, at: new Date(nyInstant(MONDAY, 9, 0)), units: 12, lands: true });
    x.setTime(nyInstant(MONDAY + 16, 23, 0));
    const landed = [];
    for (let day = MONDAY; day <= MONDAY + 16; day++) landed.push(...x.arrivalsOn(ymd(day), DURHAM_BOARD_ID).filter((a) => a.plu === product.plu && a.extractDay === MONDAY));
    expect(landed.reduce((n, a) => n + a.quantity, 0)).toBe(12);
    const listed = x.data.trackedListed[0];
    expect(() => x.scheduleShipment({ plu: listed.plu, boardId: DURHAM_BOARD_ID, at: new Date(nyInstant(MONDAY + 17, 9, 0)), units: 6, lands: true })).toThrow(/allocated/);
  });
});

describe('planArrivals', () => {
  const w = new SimWorld({ seed: 6, start: new Date(nyInstant(MONDAY, 8, 0)), historyDays: 0 });
  const wake = w.retailStoresOf(WAKE_BOARD_ID);
  const shipment = (serial: number, listingType: string, units = 12): CausingShipment => ({
    serial,
    boardId: WAKE_BOARD_ID,
    plu: listingType === 'Barrel' ? '11111' : '22222',
    listingType,
    price: 59.95,
    tick: nyInstant(MONDAY, 9, 0),
    shipDay: MONDAY,
    extractDay: MONDAY,
    units,
  });

  it('spreads consistently per board and listing type: Barrel picks go to a few stores, Limited broadly', () => {
    const share = (type: string) => {
      const count = new Map<number, number>();
      let n = 0;
      for (let k = 0; k < 400; k++) {
        for (const a of planArrivals(6, wake, shipment(k, type))) {
          count.set(a.storeNumber, (count.get(a.storeNumber) ?? 0) + 1);
          n++;
        }
      }
      const top3 = [...count.values()].sort((a, b) => b - a).slice(0, 3).reduce((a, b) => a + b, 0);
      return { top3: top3 / n, stores: count.size };
    };
    const barrel = share('Barrel');
    const limited = share('Limited');
    expect(barrel.top3).toBeGreaterThan(0.6);
    expect(limited.top3).toBeLessThan(barrel.top3);
    expect(limited.stores).toBeGreaterThan(barrel.stores);
    // The weights are the board's and the type's; a product only nudges them.
    const a = storeWeights(6, WAKE_BOARD_ID, wake, '11111', 'Allocation', 50);
    const b = storeWeights(6, WAKE_BOARD_ID, wake, '33333', 'Allocation', 50);
    const top = (ws: number[]) => ws.map((x, i) => [x, i]).sort((p, q) => q[0] - p[0]).slice(0, 5).map((p) => p[1]);
    expect(top(a).filter((i) => top(b).includes(i)).length).toBeGreaterThanOrEqual(3);
  });

  it('lands every bottle on delivery days from the ready day on, with late trucks, skips and splits among them', () => {
    let split = 0;
    let laterThanFirst = 0;
    const n = 1000;
    for (let k = 0; k < n; k++) {
      const plan = planArrivals(6, wake, shipment(k, 'Allocation'));
      expect(plan.reduce((t, a) => t + a.quantity, 0)).toBe(12);
      const stores = plan.map((a) => a.storeNumber);
      if (new Set(stores).size < stores.length) split++;
      for (const a of plan) {
        const store = wake[a.retailIndex];
        expect(isDeliveryDay(6, store, a.day)).toBe(true);
        expect(a.day).toBeGreaterThan(MONDAY);
        let first = MONDAY + 1;
        while (!isDeliveryDay(6, store, first)) first++;
        if (a.day > first) laterThanFirst++;
      }
    }
    expect(split / n).toBeGreaterThan(0.05);
    expect(laterThanFirst).toBeGreaterThan(n * 0.3); // the board's lag, late trucks and skips
  });

  it("a one-store board's state truck keeps off weekends and the world's truck holidays (issue 37)", () => {
    const one = [wake[0]];
    const wednesday = parseYmd('2026-11-25')!; // Thanksgiving is Thursday, the Friday after a holiday too
    const days = new Set<number>();
    for (let k = 0; k < 200; k++) {
      const plan = planArrivals(6, one, { ...shipment(k, 'Allocation', 6), tick: nyInstant(wednesday, 9, 0), shipDay: wednesday, extractDay: wednesday });
      expect(plan).toHaveLength(1);
      days.add(plan[0].day);
    }
    for (const d of days) expect([isTruckHoliday(d), weekdayOf(d) === 0 || weekdayOf(d) === 6], ymd(d)).toEqual([false, false]);
    expect(Math.min(...days)).toBe(parseYmd('2026-11-30')); // before: Thursday 11/26, Thanksgiving
  });
});
