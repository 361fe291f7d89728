// The varied world's board habits (issue 37, item 5; arrivals.ts boardHabit): rotation lists, a Saturday drop,
// tiers, business-day lags and a state truck to one-store boards 1 to 5 business days after the extract. The
// classic world (the default) keeps none of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { isTruckHoliday } from './delivery-patterns.ts';
import { ok } from '../testing/properties.ts';
import { addBusinessDays, isBusinessDay, planArrivals, rotationList, TIER_BOTTLES, tierThreshold, type CausingShipment, type HabitState } from './arrivals.ts';
import { nyInstant, nyLocal, parseYmd, weekdayOf, ymd } from './clock.ts';
import { isDeliveryDay } from './shelves.ts';
import { SimWorld, type LedgerArrival } from './world.ts';

const MONDAY = parseYmd('2026-07-20')!;
const DAYS = 35;
const SHELF_BOARDS = [WAKE_BOARD_ID, DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID];
const ALLOCATED = new Set(['Allocation', 'Limited', 'Barrel']);
const SATURDAY = 6;

const varied = new SimWorld({ seed: 6, start: new Date(nyInstant(MONDAY, 8, 0)), historyDays: 0, habits: 'varied' });
varied.setTime(nyInstant(MONDAY + DAYS, 23, 0));
/** Every arrival of the shipments counted by the span's extracts, the planned ones to come included (arrivalsOn lists those). */
const arrivals = (boardId?: number): LedgerArrival[] => {
  const out: LedgerArrival[] = [];
  for (let day = MONDAY; day <= MONDAY + DAYS + 60; day++) out.push(...varied.arrivalsOn(ymd(day), boardId).filter((a) => a.extractDay <= MONDAY + DAYS));
  return out;
};
const typeOf = (plu: string) => varied.product(plu)!.listingType;
const bySerial = (list: readonly LedgerArrival[]) => {
  const out = new Map<number, LedgerArrival[]>();
  for (const a of list) out.set(a.serial, [...(out.get(a.serial) ?? []), a]);
  return out;
};

describe('the varied world', () => {
  it('gives each shelf board its habit, the one-store boards the spread truck, the other boards none; the classic world none', () => {
    expect(varied.boardHabit(WAKE_BOARD_ID)?.name).toBe('rotation');
    expect(varied.boardHabit(DURHAM_BOARD_ID)?.name).toBe('Saturday drop');
    expect(varied.boardHabit(GREENSBORO_BOARD_ID)?.tiers).toBe(true);
    expect(varied.boardHabit(GREENSBORO_BOARD_ID)?.businessLag).toBe(true);
    expect(varied.boardHabit(NEW_HANOVER_BOARD_ID)).toMatchObject({ rotation: ['Allocation'], drop: ['Barrel'], businessLag: true });
    expect(varied.boardHabit(43)?.truckSpread).toBe(true); // Boone: one store
    expect(varied.boardHabit(53)).toBeNull(); // Mecklenburg: many stores, no public shelves
    const classic = new SimWorld({ seed: 6, start: new Date(nyInstant(MONDAY, 8, 0)), historyDays: 0 });
    expect(classic.habits).toBe('classic');
    for (const id of [...SHELF_BOARDS, 43, 53]) expect(classic.boardHabit(id)).toBeNull();
    expect(() => new SimWorld({ seed: 6, historyDays: 0, habits: 'odd' as 'varied' })).toThrow(/habits/);
  });

  it("a shelf board's allocated arrivals are still exactly its deliveries' allocated items, each after its extract", () => {
    for (let day = MONDAY; day <= MONDAY + DAYS; day++) {
      for (const boardId of SHELF_BOARDS) {
        const delivered = new Map<string, number>();
        for (const r of varied.deliveriesOn(ymd(day), boardId)) {
          for (const item of r.items) if (ALLOCATED.has(item.listingType)) delivered.set(`${r.storeNumber}|${item.plu}`, (delivered.get(`${r.storeNumber}|${item.plu}`) ?? 0) + item.quantity);
        }
        const caused = new Map<string, number>();
        for (const a of varied.arrivalsOn(ymd(day), boardId)) {
          expect(a.extractDay).toBeLessThan(day);
          expect(nyLocal(a.at).dayNumber).toBe(day);
          caused.set(`${a.storeNumber}|${a.plu}`, (caused.get(`${a.storeNumber}|${a.plu}`) ?? 0) + a.quantity);
        }
        expect(delivered, `board ${boardId} on ${ymd(day)}`).toEqual(caused);
      }
    }
  });

  it("a rotation board sends each Allocation shipment to the next stores of its list: consecutive shipments, successive stores", () => {
    const stores = varied.retailStoresOf(WAKE_BOARD_ID);
    const list = rotationList(6, WAKE_BOARD_ID, stores, 'Allocation').map((i) => stores[i].storeNumber);
    expect(list.length).toBe(Math.ceil(stores.length * 0.67));
    const shipments = [...bySerial(arrivals(WAKE_BOARD_ID).filter((a) => typeOf(a.plu) === 'Allocation')).entries()].sort((a, b) => a[0] - b[0]);
    expect(shipments.length).toBeGreaterThan(20);
    let successive = 0;
    let checked = 0;
    for (let k = 0; k < shipments.length; k++) {
      const got = [...new Set(shipments[k][1].map((a) => a.storeNumber))];
      const positions = got.map((s) => list.indexOf(s));
      expect(Math.min(...positions), 'only stores of the list').toBeGreaterThanOrEqual(0);
      // A run of the list, wrapping around: its first position p and p+1, p+2, … in turn.
      const first = positions.find((p) => !positions.includes((p - 1 + list.length) % list.length)) ?? positions[0];
      expect([...positions].sort((a, b) => a - b)).toEqual([...Array(got.length).keys()].map((j) => (first + j) % list.length).sort((a, b) => a - b));
      // Serials count every board's shipments, so only adjacent shipments whose every bottle landed in the span are compared.
      if (k > 0 && shipments[k - 1][0] < shipments[k][0]) {
        const prev = shipments[k - 1][1].map((a) => list.indexOf(a.storeNumber));
        const prevFirst = prev.find((p) => !prev.includes((p - 1 + list.length) % list.length)) ?? prev[0];
        const prevLen = new Set(prev).size;
        checked++;
        if (first === (prevFirst + prevLen) % list.length) successive++;
      }
    }
    // A shipment whose first arrival falls before the span (or after it) breaks a pair now and then; nearly all follow on.
    expect(successive / checked).toBeGreaterThan(0.9);
  });

  it("a drop board's Allocation and Barrel bottles reach its shelves on Saturdays only; its Limited ones on the stores' delivery days", () => {
    const durham = arrivals(DURHAM_BOARD_ID);
    const dropped = durham.filter((a) => typeOf(a.plu) !== 'Limited');
    expect(dropped.length).toBeGreaterThan(20);
    for (const a of dropped) expect(weekdayOf(a.day), `${a.plu} at store ${a.storeNumber} on ${ymd(a.day)}`).toBe(SATURDAY);
    const stores = varied.retailStoresOf(DURHAM_BOARD_ID);
    for (const a of durham.filter((x) => typeOf(x.plu) === 'Limited')) expect(isDeliveryDay(6, stores[a.retailIndex], a.day)).toBe(true);
    // New Hanover drops its Barrel bottles only.
    for (const a of arrivals(NEW_HANOVER_BOARD_ID)) expect(weekdayOf(a.day) === SATURDAY).toBe(typeOf(a.plu) === 'Barrel');
    // A drop is no store delivery: its record brings allocated bottles only.
    const drops = [...Array(DAYS + 1).keys()].flatMap((k) => varied.deliveriesOn(ymd(MONDAY + k), DURHAM_BOARD_ID)).filter((r) => r.drop);
    expect(drops.length).toBeGreaterThan(0);
    for (const r of drops) for (const item of r.items) expect(ALLOCATED.has(item.listingType)).toBe(true);
  });

  it('a tier store never gets a product from a shipment below its threshold (property)', () => {
    const stores = varied.retailStoresOf(GREENSBORO_BOARD_ID);
    const habit = varied.boardHabit(GREENSBORO_BOARD_ID);
    const tiered = stores.filter((s) => tierThreshold(6, GREENSBORO_BOARD_ID, s.storeNumber) === TIER_BOTTLES);
    expect(tiered.length).toBeGreaterThan(0);
    expect(tiered.length).toBeLessThan(stores.length);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 30 }), fc.constantFrom('Allocation', 'Limited', 'Barrel'), (serial, units, listingType) => {
        const plan = planArrivals(6, stores, { ...shipmentOf(GREENSBORO_BOARD_ID, serial, listingType, units) }, habit);
        for (const a of plan) ok(units >= tierThreshold(6, GREENSBORO_BOARD_ID, a.storeNumber), () => `store ${a.storeNumber} got ${units} bottles' shipment`);
        ok(plan.reduce((t, a) => t + a.quantity, 0) <= units, 'more bottles than shipped');
      }),
    );
    // And in the world: a shipment that reached a tier store landed at least the threshold (every bottle lands here).
    const tierNumbers = new Set(tiered.map((s) => s.storeNumber));
    let reached = 0;
    for (const list of bySerial(arrivals(GREENSBORO_BOARD_ID)).values()) {
      if (!list.some((a) => tierNumbers.has(a.storeNumber))) continue;
      reached++;
      expect(list.reduce((t, a) => t + a.quantity, 0)).toBeGreaterThanOrEqual(TIER_BOTTLES);
    }
    expect(reached).toBeGreaterThan(0);
  });

  it("a business-day board's warehouse is ready its lag in business days after the extract's day", () => {
    for (const boardId of [GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID]) {
      const lag = varied.boardLagDays(boardId);
      const list = arrivals(boardId);
      expect(list.length).toBeGreaterThan(20);
      for (const a of list) expect(a.day, `${ymd(a.day)} after the extract of ${ymd(a.extractDay)}`).toBeGreaterThanOrEqual(addBusinessDays(a.extractDay, lag));
    }
  });

  it("a one-store board's truck comes 1 to 5 business days after the extract's day, mostly the first two, never on a weekend or holiday", () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const a of arrivals().filter((x) => varied.boardHabit(x.boardId)?.truckSpread)) {
      expect([weekdayOf(a.day) === 0 || weekdayOf(a.day) === SATURDAY, isTruckHoliday(a.day)]).toEqual([false, false]);
      let k = 0;
      while (k < 6 && addBusinessDays(a.extractDay, k + 1) <= a.day) k++;
      expect(addBusinessDays(a.extractDay, k)).toBe(a.day);
      expect(k).toBeGreaterThanOrEqual(1);
      expect(k).toBeLessThanOrEqual(5);
      counts[k]++;
    }
    const n = counts.reduce((a, b) => a + b, 0);
    expect(n).toBeGreaterThan(500);
    expect((counts[1] + counts[2]) / n).toBeGreaterThan(0.6);
    expect((counts[3] + counts[4] + counts[5]) / n).toBeGreaterThan(0.15);
    expect(counts[5]).toBeGreaterThan(0);
  });

  it('planArrivals on one store over the holidays: business days 1..5 after the extract, never a closed day (property)', () => {
    const store = varied.retailStoresOfAnyBoard(43);
    const habit = varied.boardHabit(43);
    const from = parseYmd('2026-01-01')!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 729 }), (serial, offset) => {
        const e = from + offset;
        const [a] = planArrivals(6, store, { ...shipmentOf(43, serial, 'Allocation', 6), shipDay: e, extractDay: e }, habit);
        ok(isBusinessDay(a.day), () => `${ymd(a.day)} is closed`);
        ok(a.day >= addBusinessDays(e, 1) && a.day <= addBusinessDays(e, 5), () => `${ymd(a.day)} after the extract of ${ymd(e)}`);
      }),
    );
  });

  it('rotation state: the next shipment starts where the last one ended, wrapping around the list (property)', () => {
    const stores = varied.retailStoresOf(WAKE_BOARD_ID);
    const habit = varied.boardHabit(WAKE_BOARD_ID);
    const list = rotationList(6, WAKE_BOARD_ID, stores, 'Barrel');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 20 }), (units) => {
        const state: HabitState = { rotationNext: new Map() };
        let next = 0;
        units.forEach((u, k) => {
          const plan = planArrivals(6, stores, shipmentOf(WAKE_BOARD_ID, k, 'Barrel', u), habit, state);
          const got = [...new Set(plan.map((a) => a.retailIndex))];
          const expected = [...Array(got.length).keys()].map((j) => list[(next + j) % list.length]);
          ok(JSON.stringify([...got].sort()) === JSON.stringify([...expected].sort()), () => `shipment ${k}: ${got} instead of ${expected}`);
          next = (next + got.length) % list.length;
          ok(state.rotationNext.get('Barrel') === next, 'the state moved on by the stores served');
        });
      }),
    );
  });
});

function shipmentOf(boardId: number, serial: number, listingType: string, units: number): CausingShipment {
  return { serial, boardId, plu: '22222', listingType, price: 59.95, tick: nyInstant(MONDAY, 9, 0), shipDay: MONDAY, extractDay: MONDAY, units };
}
