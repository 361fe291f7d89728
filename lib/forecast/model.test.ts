import { describe, expect, it } from 'vitest';
import { ymdToDayNumber } from '../time.ts';
import {
  BOARD_WINDOW,
  calibrate,
  CALIBRATION_PRIOR,
  fitCalibration,
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

describe("a board's habits, learned from its own history (issue 37)", () => {
  const weekly = (ids: number[], weekday: string) => new Map(ids.map((id) => [id, pattern(id, weekday, 7, MON)]));

  it('learns a Saturday drop: a type shelved on Saturdays while the stores\' trucks come on Tuesdays', () => {
    const shipments: ShipmentFact[] = [];
    const arrivals: ArrivalFact[] = [];
    for (let w = 0; w < 8; w++) {
      shipments.push({ plu: `5000${w}`, day: MON + 7 * w, units: 6, listingType: 'Allocation', price: 70 });
      // Shelved on the Saturday of the week, at two of four stores in turn.
      for (const id of [1 + (w % 4), 1 + ((w + 1) % 4)]) arrivals.push({ plu: `5000${w}`, storeId: id, day: MON + 7 * w + 5, bottles: 3 });
    }
    const model = learnBoard(matchHistory(shipments, arrivals), weekly([1, 2, 3, 4], 'Tuesday'));
    expect(model.typeDrops.get('Allocation')?.day).toBe('Saturday');
    const forecast = forecastShelfBoard(model, { plu: '59999', day: MON + 70, units: 6, listingType: 'Allocation', price: 70 });
    const named = forecast.filter((f) => f.named);
    expect(named.length).toBeGreaterThan(0);
    for (const f of named) {
      expect(new Date(f.windowStart * 86_400_000).getUTCDay()).toBe(6);
      expect(f.reason).toMatch(/; Saturday drop$/);
    }
  });

  it('learns a tier: a store that gets the type only when 24 or more bottles come', () => {
    const shipments: ShipmentFact[] = [];
    const arrivals: ArrivalFact[] = [];
    for (let i = 0; i < 16; i++) {
      const units = i % 2 ? 24 : 6;
      shipments.push({ plu: `6000${i}`, day: MON + 7 * i, units, listingType: 'Barrel', price: 60 });
      arrivals.push({ plu: `6000${i}`, storeId: 1, day: MON + 7 * i + 3, bottles: 6 });
      if (units === 24) arrivals.push({ plu: `6000${i}`, storeId: 2, day: MON + 7 * i + 3, bottles: 6 });
    }
    const model = learnBoard(matchHistory(shipments, arrivals), weekly([1, 2], 'Thursday'));
    expect(model.tiers.get('t:Barrel')?.get(2)).toBe(24);
    expect(model.tiers.get('t:Barrel')?.has(1)).toBe(false);
    const small = forecastShelfBoard(model, { plu: '69999', day: MON + 120, units: 6, listingType: 'Barrel', price: 60 });
    expect(small.find((f) => f.storeId === 2)?.likelihood ?? 0).toBe(0);
    const big = forecastShelfBoard(model, { plu: '69999', day: MON + 120, units: 24, listingType: 'Barrel', price: 60 });
    expect(big.find((f) => f.storeId === 2)).toMatchObject({ named: true, reason: 'only when 24 or more bottles come' });
    expect(big.find((f) => f.storeId === 1)).toMatchObject({ named: true, reason: 'gets every Barrel' });
  });

  it('learns a rotation: each shipment to the next two stores of a fixed list, so who is next is named', () => {
    const list = [3, 1, 4, 2, 5, 6];
    const shipments: ShipmentFact[] = [];
    const arrivals: ArrivalFact[] = [];
    for (let i = 0; i < 15; i++) {
      shipments.push({ plu: `7000${i}`, day: MON + 7 * i, units: 4, listingType: 'Allocation', price: 80 });
      for (const id of [list[(2 * i) % 6], list[(2 * i + 1) % 6]]) arrivals.push({ plu: `7000${i}`, storeId: id, day: MON + 7 * i + 3, bottles: 2 });
    }
    const model = learnBoard(matchHistory(shipments, arrivals), weekly(list, 'Thursday'), { boardName: 'Wake County' });
    expect(model.rotation.get('t:Allocation')?.length).toBe(6);
    // Shipment 15 goes to list[0] and list[1]: stores 3 and 1.
    const forecast = forecastShelfBoard(model, { plu: '79999', day: MON + 7 * 15, units: 4, listingType: 'Allocation', price: 80 });
    const named = forecast.filter((f) => f.named);
    expect(named.map((f) => f.storeId).sort()).toEqual([1, 3]);
    expect(named[0].reason).toBe("next in Wake County's Allocation rotation");
    // A board drawing at random has no rotation to tell.
    const h = history(12);
    expect(learnBoard(matchHistory(h.shipments, h.arrivals), h.patterns).rotation.size).toBe(0);
  });

  it('calibrates: a raw figure maps to the share that came true in the past, never less for a likelier one', () => {
    // Raw 0.8 came true 4 times in 10, raw 0.3 once in 10: the model was overconfident.
    const pairs = [...Array.from({ length: 200 }, (_, i) => ({ p: 0.8, hit: i % 10 < 4 })), ...Array.from({ length: 200 }, (_, i) => ({ p: 0.3, hit: i % 10 < 1 }))];
    const c = fitCalibration(pairs);
    expect(calibrate(c, 0.8)).toBeCloseTo((80 + CALIBRATION_PRIOR * 0.8) / (200 + CALIBRATION_PRIOR), 5);
    expect(calibrate(c, 0.3)).toBeCloseTo((20 + CALIBRATION_PRIOR * 0.3) / (200 + CALIBRATION_PRIOR), 5);
    expect(calibrate(c, 0.5)).toBeGreaterThan(calibrate(c, 0.3));
    expect(calibrate(c, 0)).toBe(0);
  });
});
