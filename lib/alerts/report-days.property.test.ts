import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
import type { ShipmentDayRow } from '../reports/shipment-days.ts';
import { addDays, dayNumberToYmd, nyDate, ymdToDayNumber } from '../time.ts';
import { REPORT_GAP_MAX_DAYS, reportGaps } from './report-days.ts';

// Property-based tests of the digest's report days (issue 36): any day to start from — years back, after today,
// or no date at all — ends after at most REPORT_GAP_MAX_DAYS days, with each board's gaps of those days only,
// newest first. (Counting back to a `fromDay` of '' used to run for as many days as the Date range holds.)

const TODAY = ymdToDayNumber('2026-12-13');
const dayArb = fc.integer({ min: TODAY - 40, max: TODAY + 3 }).map(dayNumberToYmd);
const rowArb: fc.Arbitrary<ShipmentDayRow> = fc
  .record({ ship: fc.integer({ min: TODAY - 40, max: TODAY }), spans: fc.nat(5), status: fc.constantFrom('baseline', 'complete', 'truncated'), applied: fc.boolean(), missing: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }) })
  .map(({ ship, spans, status, applied, missing }) => ({ shipDate: dayNumberToYmd(ship), coversFrom: dayNumberToYmd(ship - spans), status, applied, missingBoardIds: missing }));
const fromArb = fc.oneof(dayArb, fc.constantFrom('', '1970-01-01', '0000-01-01', 'not a day', '2026-02-30', '9999-12-31'), fc.string({ maxLength: 12 }));

describe('reportGaps', () => {
  it('lists at most a week of days from fromDay to today, each board once a day, newest first', () => {
    const arb = fc.record({
      boards: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 4 }), name: fc.constantFrom('Boone', 'Wilson', 'Durham', 'Cary') }), { selector: (b) => b.id, maxLength: 4 }),
      fromDay: fromArb,
      rows: fc.uniqueArray(rowArb, { selector: (r) => r.shipDate, maxLength: 30 }),
      firstTracked: fc.option(dayArb),
      now: fc.integer({ min: 0, max: 26 * 60 }).map((m) => new Date(Date.UTC(2026, 11, 13, 5) + m * 60_000)),
    });
    fc.assert(
      fc.property(arb, ({ boards, fromDay, rows, firstTracked, now }) => {
        const gaps = bounded(() => reportGaps(boards, fromDay, { rows, firstTracked }, now));
        const today = nyDate(now);
        const earliest = addDays(today, -(REPORT_GAP_MAX_DAYS - 1));
        ok(gaps.length <= REPORT_GAP_MAX_DAYS * boards.length, `${gaps.length} gaps`);
        for (const [i, g] of gaps.entries()) {
          ok(g.date <= today && g.date >= earliest && (!/^\d{4}-\d\d-\d\d$/.test(fromDay) || fromDay > today || g.date >= fromDay), `a gap on ${g.date} from ${fromDay}`);
          ok(['missing', 'late', 'truncated'].includes(g.status) && g.note.length > 0, g.status);
          if (i > 0) ok(g.date <= gaps[i - 1].date, 'not newest first');
        }
        ok(new Set(gaps.map((g) => `${g.date} ${g.boardId}`)).size === gaps.length, 'a board twice on one day');
      }),
      { numRuns: 2_000 },
    );
  });
});
