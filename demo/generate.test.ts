import { describe, expect, it } from 'vitest';
import { WAKE_DEMO_DELIVERIES } from '../simulator/delivery-patterns.ts';
import { generateObservations, type GeneratedData } from './generate.ts';
import { ALLOCATED_TYPES } from '../lib/reference/products.ts';
import { loadReferenceData } from '../lib/reference/reference.ts';
import { DELIVERY_FIRST_SLOT } from './timeline.ts';
import { nyParts } from './time.ts';

const ref = loadReferenceData();
const stores = ref.stores
  .filter((s) => !s.mixed_beverage)
  .map((s) => ({
    storeId: 100 + s.store_number,
    storeNumber: s.store_number,
    deliveryDay: WAKE_DEMO_DELIVERIES[s.store_number].deliveryDay,
    intervalDays: WAKE_DEMO_DELIVERIES[s.store_number].intervalDays,
    alsoOn: WAKE_DEMO_DELIVERIES[s.store_number].alsoOn,
    shifted: WAKE_DEMO_DELIVERIES[s.store_number].shifted,
    region: s.region,
  }));
const byPlu = new Map(ref.products.map((p) => [p.plu, p]));
const generate = (now: string) => generateObservations({ now: new Date(now), stores, products: ref.products, boards: ref.boards });

/** The weekdays that must show arrivals: today once 10:00 has passed on a weekday, and the weekdays before it, 5 in all. */
function expectedArrivalDays(g: GeneratedData): string[] {
  const t = g.timeline;
  const out: string[] = [];
  let d = t.todayIndex;
  if (!(t.isWeekday(d) && t.lastSlotOn(d) >= DELIVERY_FIRST_SLOT)) d--;
  for (; out.length < 5; d--) if (t.isWeekday(d)) out.push(t.isoDate(d));
  return out;
}

const CASES = [
  ['a Wednesday at 12:40, three days after the spring DST change', '2026-03-11T16:40:00Z'],
  ['a Saturday evening', '2026-11-21T23:35:00Z'],
  ['a Monday at 08:30, before any delivery', '2026-06-01T12:30:00Z'],
  ['a Monday at 10:05', '2026-06-01T14:05:00Z'],
  ['the Sunday the clocks go back, before 07:00', '2026-11-01T10:30:00Z'],
] as const;

describe.each(CASES)('generated observations on %s', (_label, now) => {
  const g = generate(now);
  const t = g.timeline;

  it('has enough history, at poll times between 07:00 and 21:00 New York time, none in the future', () => {
    expect(g.history.length).toBeGreaterThan(40_000);
    expect(g.history.length).toBeLessThan(200_000);
    expect(g.lastPollAt).toBeLessThanOrEqual(new Date(now).getTime());
    expect(new Date(now).getTime() - g.lastPollAt).toBeLessThan(11 * 3600_000);
    const bad = [...new Set(g.history.map((h) => h.poll))].filter((poll) => {
      const p = nyParts(new Date(t.time(poll)));
      const minutes = p.hour * 60 + p.minute;
      return poll <= 0 || poll > t.lastPoll || p.minute % 15 !== 0 || minutes < 7 * 60 || minutes > 21 * 60;
    });
    expect(bad).toEqual([]);
    expect(nyParts(new Date(g.baselineAt))).toMatchObject({ hour: 7, minute: 0 });
  });

  it('chains every (store, product) history into the final inventory', () => {
    const inventory = new Map(g.inventory.map((i) => [`${i.storeId}|${i.plu}`, i]));
    const last = new Map<string, (typeof g.history)[number]>();
    const problems: string[] = [];
    const check = (ok: boolean, what: string, h: object) => ok || problems.push(`${what}: ${JSON.stringify(h)}`);
    for (const h of g.history) {
      const key = `${h.storeId}|${h.plu}`;
      const prev = last.get(key);
      if (prev) {
        check(h.poll > prev.poll, 'order', h);
        check(h.previous === prev.next, 'chain', h);
        check(h.type !== 'first', 'first after history', h);
      }
      if (h.type === 'first') check(h.previous === 0, 'first from stock', h);
      if (h.type === 'first' || h.type === 'increase') check(h.next > h.previous, 'increase', h);
      if (h.type === 'decrease') check(h.next > 0 && h.next < h.previous, 'decrease', h);
      if (h.type === 'sold_out') check(h.next === 0 && h.previous > 0, 'sold out', h);
      last.set(key, h);
    }
    for (const [key, h] of last) {
      check(inventory.get(key)?.quantity === h.next, 'final quantity', h);
      check(inventory.get(key)?.lastPoll === h.poll, 'last updated', h);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('has arrivals on the last 5 weekdays (today too once deliveries have started)', () => {
    const arrivalDays = new Map<string, Set<number>>();
    for (const h of g.history) {
      if (h.type !== 'first' && h.type !== 'increase') continue;
      const day = t.isoDate(t.dayOf(h.poll));
      arrivalDays.set(day, (arrivalDays.get(day) ?? new Set()).add(h.storeId));
    }
    for (const day of expectedArrivalDays(g)) expect(arrivalDays.get(day)?.size ?? 0, day).toBeGreaterThanOrEqual(2);
    if (!t.isWeekday(t.todayIndex) || t.lastSlotOn(t.todayIndex) < DELIVERY_FIRST_SLOT) {
      expect(arrivalDays.has(t.isoDate(t.todayIndex))).toBe(false);
    }
    // Deliveries: many products rise in one poll, between 10:00 and 14:00.
    const perPoll = new Map<string, number>();
    for (const h of g.history) if (h.type === 'increase' || h.type === 'first') perPoll.set(`${h.storeId}|${h.poll}`, (perPoll.get(`${h.storeId}|${h.poll}`) ?? 0) + 1);
    const big = [...perPoll].filter(([, n]) => n >= 10);
    expect(big.length).toBeGreaterThan(100);
    for (const [key] of big) {
      const p = nyParts(new Date(t.time(Number(key.split('|')[1]))));
      expect(p.hour).toBeGreaterThanOrEqual(10);
      expect(p.hour * 60 + p.minute).toBeLessThanOrEqual(14 * 60);
    }
  });

  it('sends an allocated product to at most 6 stores a day (Barrel 3), 1-6 bottles each', () => {
    const stores = new Map<string, Set<number>>();
    let allocatedArrivals = 0;
    for (const h of g.history) {
      const p = byPlu.get(h.plu)!;
      if (!ALLOCATED_TYPES.includes(p.listingType) || (h.type !== 'first' && h.type !== 'increase')) continue;
      allocatedArrivals++;
      if (h.next - h.previous > 6) throw new Error(`too many bottles: ${JSON.stringify(h)}`);
      const key = `${h.plu}|${t.dayOf(h.poll)}`;
      stores.set(key, (stores.get(key) ?? new Set()).add(h.storeId));
    }
    expect(allocatedArrivals).toBeGreaterThan(150);
    for (const [key, s] of stores) expect(s.size, key).toBeLessThanOrEqual(byPlu.get(key.split('|')[0])!.listingType === 'Barrel' ? 3 : 6);
  });

  it('ends each warehouse history at the catalog level, with shipments in whole cases', () => {
    const lastLevel = new Map<string, number>();
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const l of g.levels) {
      const key = `${l.plu}|${l.poll}`;
      if (seen.has(key) || l.total < 0 || l.poll > t.lastPoll) problems.push(`level ${JSON.stringify(l)}`);
      seen.add(key);
      lastLevel.set(l.plu, l.total);
    }
    for (const p of ref.products) {
      if (ALLOCATED_TYPES.includes(p.listingType) && !lastLevel.has(p.plu)) problems.push(`no levels: ${p.name}`);
      if (lastLevel.has(p.plu) && lastLevel.get(p.plu) !== p.warehouseCurrent) problems.push(`last level: ${p.name}`);
    }
    expect(lastLevel.size).toBeGreaterThan(256 + 200);
    for (const s of g.shipments) {
      const ok = s.units > 0 && s.units % byPlu.get(s.plu)!.bottlesPerCase === 0 && t.isWeekday(s.dayIndex) && s.dayIndex <= t.todayIndex;
      if (!ok) problems.push(`shipment ${JSON.stringify(s)}`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(g.shipments.length).toBeGreaterThan(1000);
  });

  it('is deterministic', () => {
    const again = generate(now);
    expect(again.history).toEqual(g.history);
    expect(again.levels).toEqual(g.levels);
    expect(again.shipments).toEqual(g.shipments);
  });
});
