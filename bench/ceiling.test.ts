// The bench's ceiling (ceiling.ts) on a short span of each world: it redraws every shipment as the world drew it,
// and its figures move as a threshold should.
import { describe, expect, it } from 'vitest';
import { nyInstant, nyLocal, ymd } from '../simulator/clock.ts';
import { SimWorld, type LedgerArrival, type WorldHabits } from '../simulator/world.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { shelfCeiling } from './ceiling.ts';

const SHELF_BOARDS = [WAKE_BOARD_ID, 78, 58, 135];

function ceilingOf(habits: WorldHabits, days: number) {
  const world = new SimWorld({ seed: 11, start: new Date(nyInstant(20458, 0, 0)), historyDays: 0, habits });
  const day0 = nyLocal(world.nowMillis()).dayNumber;
  const arrivals: LedgerArrival[] = [];
  for (let d = day0; d < day0 + days; d++) {
    world.setTime(nyInstant(d, 12, 0));
    for (const b of SHELF_BOARDS) arrivals.push(...world.arrivalsOn(ymd(d - 1), b));
  }
  // The shipments' arrivals still to come are planned already (every shipment whole).
  for (let d = day0 + days - 1; d < day0 + days + 40; d++) for (const b of SHELF_BOARDS) arrivals.push(...world.arrivalsOn(ymd(d), b));
  return shelfCeiling(world, arrivals, day0 + 20, day0 + days - 12, 40);
}

describe('bench ceiling', () => {
  it('scores every shelf board, recall falling and precision rising as it names fewer stores', { timeout: 60_000 }, () => {
    for (const habits of ['classic', 'varied'] as const) {
      const ceiling = ceilingOf(habits, 60);
      expect(ceiling.map((c) => c.scope)).toEqual(['shelf', ...[...SHELF_BOARDS].sort((a, b) => a - b)]);
      const all = ceiling[0];
      expect(all.arrivals).toBeGreaterThan(1000);
      // The world's own draws, redrawn: (almost) every shipment lands where the world put it.
      expect(all.unexplained / all.points[0].named).toBeLessThan(0.02);
      for (let i = 1; i < all.points.length; i++) {
        expect(all.points[i].recall).toBeLessThanOrEqual(all.points[i - 1].recall);
        expect(all.points[i].named).toBeLessThanOrEqual(all.points[i - 1].named);
      }
      for (const p of all.points) expect(p.precision).toBeGreaterThan(0);
    }
  });

});
