import { describe, expect, it } from 'vitest';
import { nyTimeToUtc } from '../time.ts';
import { DAY_MINUTES, nextAskAt } from './schedule.ts';

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
