import { describe, expect, it } from 'vitest';
import { ymdToDayNumber } from '../time.ts';
import {
  BOARD_WINDOW,
  deliveryOnOrAfter,
  forecastBoard,
  forecastOneStore,
  forecastShelfBoard,
  inclusion,
  learnBoard,
  matchHistory,
  priceBand,
  remainingLikelihood,
  type ArrivalFact,
  type DeliveryPattern,
  type ShipmentFact,
} from './model.ts';

const day = ymdToDayNumber;
const MON = day('2026-03-02'); // a Monday
const pattern = (storeId: number, deliveryDay: string | null, intervalDays: number | null = 7, lastDelivery: number | null = null): DeliveryPattern => ({ storeId, deliveryDay, intervalDays, lastDelivery });

describe('deliveryOnOrAfter', () => {
  it("is the store's weekday on or after the day; a fortnightly store keeps its phase; Random and unknown give none", () => {
    expect(deliveryOnOrAfter(pattern(1, 'Thursday'), MON)).toBe(MON + 3);
    expect(deliveryOnOrAfter(pattern(1, 'Monday'), MON)).toBe(MON);
    expect(deliveryOnOrAfter(pattern(1, 'Monday'), MON + 1)).toBe(MON + 7);
    expect(deliveryOnOrAfter(pattern(1, 'Wednesday', 14, MON - 5), MON)).toBe(MON + 9);
    expect(deliveryOnOrAfter(pattern(1, 'Random'), MON)).toBeNull();
    expect(deliveryOnOrAfter(pattern(1, null), MON)).toBeNull();
  });
});

/** A board of 6 stores: stores 1 and 2 get every Allocation shipment, 3 half of them; all deliver on Thursday. */
function history(weeks = 10) {
  const shipments: ShipmentFact[] = [];
  const arrivals: ArrivalFact[] = [];
  for (let w = 0; w < weeks; w++) {
    const d = MON + 7 * w; // shipped (dated) Monday, on the shelves Thursday: lag 2 → first Thursday from Wednesday
    const plu = `1000${w % 3}`;
    shipments.push({ plu, day: d, units: 6, listingType: 'Allocation', price: 49.99 });
    arrivals.push({ plu, storeId: 1, day: d + 3, bottles: 2 }, { plu, storeId: 2, day: d + 3, bottles: 2 });
    if (w % 2 === 0) arrivals.push({ plu, storeId: 3, day: d + 3, bottles: 2 });
  }
  const patterns = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, pattern(id, 'Thursday')]));
  return { shipments, arrivals, patterns };
}

describe('learning a shelf board', () => {
  it('matches each arrival to the latest earlier shipment of its product, within the matching days', () => {
    const matched = matchHistory(
      [
        { plu: 'a', day: MON, units: 6, listingType: 'Barrel', price: 80 },
        { plu: 'a', day: MON + 7, units: 6, listingType: 'Barrel', price: 80 },
      ],
      [
        { plu: 'a', storeId: 1, day: MON + 3, bottles: 3 },
        { plu: 'a', storeId: 1, day: MON + 10, bottles: 3 },
        { plu: 'a', storeId: 2, day: MON + 40, bottles: 3 }, // too late for either
        { plu: 'b', storeId: 1, day: MON + 3, bottles: 3 }, // never shipped
      ],
    );
    expect(matched.map((m) => m.arrivals.map((a) => [a.storeId, a.day]))).toEqual([[[1, MON + 3]], [[1, MON + 10]]]);
  });

  it("finds the board's ready lag and names the stores its history sends the type to, in their delivery window", () => {
    const { shipments, arrivals, patterns } = history();
    const model = learnBoard(matchHistory(shipments, arrivals), patterns);
    expect(model.windowHit).toBe(1);
    const next = { plu: '99999', day: MON + 70, units: 4, listingType: 'Allocation', price: 45 };
    const forecast = forecastShelfBoard(model, next);
    const named = forecast.filter((f) => f.named).map((f) => f.storeId);
    expect(named).toEqual([1, 2, 3]);
    expect(forecast[0]).toMatchObject({ expected: MON + 73, windowStart: MON + 73, windowEnd: MON + 80, basis: 'type_band' });
    expect(forecast.find((f) => f.storeId === 3)!.likelihood).toBeLessThan(forecast[0].likelihood);
    expect(forecast.map((f) => f.storeId)).not.toContain(4); // never sent there
    // More bottles, more stores: a bigger shipment raises every likelihood.
    const bigger = forecastShelfBoard(model, { ...next, units: 6 });
    expect(bigger.find((f) => f.storeId === 3)!.likelihood).toBeGreaterThan(forecast.find((f) => f.storeId === 3)!.likelihood);
  });

  it("uses the product's own history once it has some, and nothing for a type the board never got", () => {
    const { shipments, arrivals, patterns } = history();
    // Product 77777 went to store 5 alone, twice.
    shipments.push({ plu: '77777', day: MON + 1, units: 2, listingType: 'Allocation', price: 49.99 }, { plu: '77777', day: MON + 8, units: 2, listingType: 'Allocation', price: 49.99 });
    arrivals.push({ plu: '77777', storeId: 5, day: MON + 3, bottles: 2 }, { plu: '77777', storeId: 5, day: MON + 10, bottles: 2 });
    const model = learnBoard(matchHistory(shipments, arrivals), patterns);
    const forecast = forecastShelfBoard(model, { plu: '77777', day: MON + 70, units: 2, listingType: 'Allocation', price: 49.99 });
    expect(forecast[0].basis).toBe('product');
    expect(forecast.find((f) => f.storeId === 5)!.likelihood).toBeGreaterThan(0.05);
    expect(forecastShelfBoard(learnBoard([], patterns), { plu: '1', day: MON, units: 6, listingType: 'Barrel', price: 80 })).toEqual([]);
  });
});

describe('the other boards and the evidence', () => {
  it('a store whose delivery day is not known takes the weekday its hunted arrivals keep to', () => {
    const { shipments, arrivals } = history(4);
    const unknown = new Map([1, 2, 3].map((id) => [id, pattern(id, null, null)]));
    const model = learnBoard(matchHistory(shipments, arrivals), unknown);
    expect(model.patterns.get(1)).toMatchObject({ deliveryDay: 'Thursday', intervalDays: 7 });
    expect(forecastShelfBoard(model, { plu: 'x', day: MON + 70, units: 4, listingType: 'Allocation', price: 45 })[0]).toMatchObject({ expected: MON + 73 });
  });

  it("a one-store board names its store for the state's first to fifth business day after the extract; any other board is named as a whole, Sundays off", () => {
    const s = { plu: '1', day: MON, units: 6, listingType: 'Limited', price: 30 };
    expect(forecastOneStore(42, s)).toMatchObject({ storeId: 42, named: true, likelihood: 1, expected: MON + 1, windowStart: MON + 1, windowEnd: MON + 7 });
    expect(forecastBoard(s)).toMatchObject({ storeId: null, named: true, windowStart: MON + BOARD_WINDOW[0], windowEnd: MON + BOARD_WINDOW[1] });
    // Issue 37: a Saturday extract (11/28/2026, after Thanksgiving) was "Expected Sun 11/29"; the state's next
    // truck is Monday 11/30, the fifth business day Friday 12/4. A board's window opens Monday, not Sunday.
    const saturday = { ...s, day: day('2026-11-28') };
    expect(forecastOneStore(42, saturday)).toMatchObject({ expected: day('2026-11-30'), windowStart: day('2026-11-30'), windowEnd: day('2026-12-04') });
    expect(forecastBoard(saturday)).toMatchObject({ windowStart: day('2026-11-30'), windowEnd: day('2026-12-07') });
    // The Wednesday before Thanksgiving: Thursday and Friday are state holidays.
    expect(forecastOneStore(42, { ...s, day: day('2026-11-25') })).toMatchObject({ expected: day('2026-11-30'), windowEnd: day('2026-12-04') });
    // Christmas on a Friday: Thursday 24, Friday 25 and Monday 28 closed, then New Year's Day.
    expect(forecastOneStore(42, { ...s, day: day('2026-12-23') })).toMatchObject({ expected: day('2026-12-29'), windowEnd: day('2027-01-05') });
  });

  it('inclusion chances add up to the expected number of stores; bottles seen elsewhere lower the rest', () => {
    const chances = inclusion([0.5, 0.3, 0.1, 0.1], 2);
    expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(2, 6);
    expect(chances[0]).toBeGreaterThan(chances[1]);
    expect(inclusion([0.5, 0.5, 0], 5)).toEqual([1, 1, 0]);
    expect(remainingLikelihood(0.6, 12, 0)).toBe(0.6);
    expect(remainingLikelihood(0.6, 12, 6)).toBeLessThan(0.6);
    expect(remainingLikelihood(0.6, 12, 6)).toBeCloseTo(1 - Math.sqrt(0.4), 6);
    expect(remainingLikelihood(0.6, 12, 12)).toBe(0);
    expect([priceBand(null), priceBand(59.99), priceBand(60), priceBand(100)]).toEqual(['unknown', 'low', 'mid', 'high']);
  });
});
