import { expect } from 'vitest';
import type { SimWorld } from '../simulator/index.ts';
import { addDays, nyDate } from '../lib/time.ts';
import { isArrival, type Verdict } from './ground-truth.ts';

// Moving the simulated clock to (or around) a board's store deliveries, for the scenario suites
// (lib/ingest/scenarios.db.test.ts for Wake, lib/ingest/board-scenarios.db.test.ts for the other boards).

const MINUTE = 60_000;

/** The board's upcoming deliveries, one per store, earliest first. */
function upcoming(world: SimWorld, boardId: number): { storeNumber: number; at: Date }[] {
  return world
    .nextDeliveries(boardId)
    .filter((d) => d.at)
    .map((d) => ({ storeNumber: d.storeNumber, at: d.at! }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.storeNumber - b.storeNumber);
}

/** Moves the clock just past the board's next store delivery that brings hunted bottles; returns its store. */
export function advanceToDelivery(world: SimWorld, boardId: number, tries = 30): number {
  for (let i = 0; i < tries; i++) {
    const next = upcoming(world, boardId)[0];
    world.setTime(new Date(next.at.getTime() + MINUTE));
    const delivered = world.deliveriesOn(nyDate(next.at), boardId).find((d) => d.storeNumber === next.storeNumber);
    if (delivered?.items.some((item) => item.listingType !== 'Listed')) return next.storeNumber;
  }
  throw new Error(`no delivery with hunted bottles at board ${boardId} in ${tries} deliveries`);
}

/** A product a store's next delivery is sure to bring back to par, from a shelf that is not empty. */
export interface SureRestock {
  storeNumber: number;
  /** When the delivery shows. */
  at: Date;
  plu: string;
  /** Bottles on the store's shelf now (at least one) and after the delivery. */
  shelf: number;
  par: number;
}

/**
 * The board's next store delivery that is sure to bring back a product `accept`s, rising by at least
 * `minRise` bottles from a shelf that holds some now (SimWorld.sureRestocks: known before it shows), so a
 * scenario can silence that very product before the delivery and check the arrival found after it. Right
 * after a board's delivery day its shelves are at par: the clock moves on, 6 hours at a time, until sales
 * leave such a product (at most two weeks).
 */
export function nextSureRestock(world: SimWorld, boardId: number, accept: (plu: string) => boolean, minRise = 2): SureRestock {
  for (let step = 0; step <= 56; step++) {
    if (step > 0) world.advance(360 * MINUTE);
    for (const { storeNumber, at } of upcoming(world, boardId)) {
      const [best] = world
        .sureRestocks(boardId, storeNumber)
        .filter((r) => r.shelf > 0 && r.par - r.shelf >= minRise && accept(r.plu))
        .sort((a, b) => b.par - b.shelf - (a.par - a.shelf) || a.plu.localeCompare(b.plu));
      if (best) return { storeNumber, at, ...best };
    }
  }
  throw new Error(`no delivery at board ${boardId} in two weeks is sure to restock an accepted product by ${minRise} bottles`);
}

/** The board's deliveries that showed after `from` and at or before `to`, by the simulator's log. */
export function deliveriesBetween(world: SimWorld, boardId: number, from: Date, to: Date) {
  const out = [];
  for (let day = nyDate(from); day <= nyDate(to); day = addDays(day, 1)) {
    out.push(...world.deliveriesOn(day, boardId).filter((d) => d.at.getTime() > from.getTime() && d.at.getTime() <= to.getTime()));
  }
  return out;
}

/**
 * Moves the clock (past deliveries if need be) to a time after which the board has no delivery for
 * `minutes`: what happens in that window is sales only.
 */
export function toQuietWindow(world: SimWorld, boardId: number, minutes: number): void {
  for (;;) {
    const next = upcoming(world, boardId)[0];
    if (!next || next.at.getTime() > world.nowMillis() + minutes * MINUTE) return;
    world.setTime(new Date(next.at.getTime() + MINUTE));
  }
}

/** Moves the clock up to 15 minutes on, staying a minute or more before `at` (a delivery). */
export function toShortlyBefore(world: SimWorld, at: Date): void {
  const to = Math.min(world.nowMillis() + 15 * MINUTE, at.getTime() - MINUTE);
  if (to <= world.nowMillis()) throw new RangeError(`the clock is already within a minute of ${at.toISOString()}`);
  world.setTime(to);
}

/**
 * The arrivals of a restocked product one poll wrote: the true one at the restocked store (from the shelf
 * last observed there, `restock.shelf`, to `after`), and any other only at a store the simulator's log
 * says the product was delivered to since `since`.
 */
export function expectRestockArrival(world: SimWorld, boardId: number, v: Verdict, restock: SureRestock, since: Date, after: number): void {
  const arrivals = v.written.filter((c) => c.plu === restock.plu && isArrival(c));
  expect(arrivals, 'the arrival the delivery made').toContainEqual({ storeNumber: restock.storeNumber, plu: restock.plu, before: restock.shelf, after, type: 'increase' });
  const delivered = new Set(
    deliveriesBetween(world, boardId, since, world.now())
      .filter((d) => d.items.some((i) => i.plu === restock.plu))
      .map((d) => d.storeNumber),
  );
  expect(arrivals.filter((c) => !delivered.has(c.storeNumber)), 'arrivals only where it was delivered').toEqual([]);
}
