import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nyTimeToUtc, nyWallClock } from '../time.ts';
import { DAY_MINUTES, nextAskAt, nextCycleAfter, stalledSince } from './schedule.ts';

// When the scraper will ask about a product again (stock not confirmed by then ages: lib/reports/stock-age.ts):
// the first cycle of the schedule (every 15 minutes, 07:00–21:00 New York) at least its cadence later.

const ny = (ymd: string, hour: number, minute = 0, second = 0) => nyTimeToUtc(ymd, hour, minute, second);

describe('nextAskAt', () => {
  it('every cycle: the next cycle, a cycle that started a few seconds late included', () => {
    expect(nextAskAt(ny('2026-11-25', 10, 0), 15)).toEqual(ny('2026-11-25', 10, 15));
    expect(nextAskAt(ny('2026-11-25', 10, 0, 7), 15)).toEqual(ny('2026-11-25', 10, 15));
    expect(nextAskAt(ny('2026-11-25', 20, 45), 15)).toEqual(ny('2026-11-25', 21, 0));
  });

  it('after the last cycle of the day, or a cadence that ends in the night: 07:00 the next day', () => {
    expect(nextAskAt(ny('2026-11-25', 21, 0), 15)).toEqual(ny('2026-11-26', 7, 0));
    expect(nextAskAt(ny('2026-11-25', 19, 0), 240)).toEqual(ny('2026-11-26', 7, 0));
    // A manual run in the night: the first cycle of the morning.
    expect(nextAskAt(ny('2026-11-26', 2, 30), 15)).toEqual(ny('2026-11-26', 7, 0));
  });

  it('a board at its cadence: the cycle it falls due at (runner.ts boardDue)', () => {
    expect(nextAskAt(ny('2026-11-25', 7, 0, 6), 240)).toEqual(ny('2026-11-25', 11, 0));
    expect(nextAskAt(ny('2026-11-25', 12, 0), 240)).toEqual(ny('2026-11-25', 16, 0));
  });

  it("Wake's everyday products: the same slot the next day, across a DST change too", () => {
    expect(nextAskAt(ny('2026-11-25', 13, 30), DAY_MINUTES)).toEqual(ny('2026-11-26', 13, 30));
    expect(nextAskAt(ny('2026-10-31', 10, 0), DAY_MINUTES)).toEqual(ny('2026-11-01', 10, 0)); // clocks go back that night
    expect(nextAskAt(ny('2027-03-13', 10, 0), DAY_MINUTES)).toEqual(ny('2027-03-14', 10, 0)); // and forward
  });
});

describe('nextCycleAfter and stalledSince (every instant: property-based)', () => {
  // Any instant from 2020 to 2035, DST changes included.
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => new Date(ms));
  const isCycle = (d: Date) => {
    const wall = nyWallClock(d.getTime());
    const minute = wall.hour * 60 + wall.minute;
    return wall.second === 0 && minute % 15 === 0 && minute >= 7 * 60 && minute <= 21 * 60;
  };

  it('the next cycle is a cycle of the schedule, strictly after, within a night and a morning', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const next = nextCycleAfter(at);
        expect(isCycle(next)).toBe(true);
        expect(next.getTime()).toBeGreaterThan(at.getTime());
        expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(11 * 3600_000); // 21:00 → 07:00, an hour of DST
        // No cycle of the schedule lies between them.
        const halfway = new Date((at.getTime() + next.getTime()) / 2);
        expect(nextCycleAfter(halfway).getTime()).toBe(next.getTime());
      }),
      { numRuns: 5000 },
    );
  });

  it('stalled exactly when two cycles passed with their intervals, since the first of them', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 3 * 24 * 60 }), (reference, minutes) => {
        const now = new Date(reference.getTime() + minutes * 60_000);
        const since = stalledSince(now, reference);
        const first = nextCycleAfter(reference);
        const second = nextCycleAfter(first);
        expect(since === null).toBe(now.getTime() < second.getTime() + 15 * 60_000);
        if (since) expect(since).toEqual(first);
        // Later is never less stalled.
        if (since) expect(stalledSince(new Date(now.getTime() + 3600_000), reference)).toEqual(since);
      }),
      { numRuns: 5000 },
    );
  });

  it('a mid-day stall, and none overnight', () => {
    expect(stalledSince(ny('2026-11-24', 10, 44), ny('2026-11-24', 10, 5))).toBeNull();
    expect(stalledSince(ny('2026-11-24', 10, 45), ny('2026-11-24', 10, 5))).toEqual(ny('2026-11-24', 10, 15));
    expect(stalledSince(ny('2026-11-25', 7, 29), ny('2026-11-24', 21, 4))).toBeNull();
    expect(stalledSince(ny('2026-11-25', 7, 30), ny('2026-11-24', 21, 4))).toEqual(ny('2026-11-25', 7, 0));
  });
});
