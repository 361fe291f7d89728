import { describe, expect, it } from 'vitest';
import type { ShipmentDayRow } from '../reports/shipment-days.ts';
import { nyTimeToUtc } from '../time.ts';
import { reportGaps } from './report-days.ts';

// The digest's report days (lib/alerts/report-days.ts), on the reports' own day rules: 11/20 whole, 11/21 no
// report (counted on 11/22), 11/23 without board 90, 11/24 not read yet.
const row = (shipDate: string, extra: Partial<ShipmentDayRow> = {}): ShipmentDayRow => ({
  shipDate,
  coversFrom: shipDate,
  status: 'complete',
  applied: true,
  missingBoardIds: [],
  ...extra,
});
const days = {
  rows: [row('2026-11-20'), row('2026-11-22', { coversFrom: '2026-11-21' }), row('2026-11-23', { status: 'truncated', missingBoardIds: [90] })],
  firstTracked: '2026-11-20',
};
const boards = [
  { id: 90, name: 'Wilson' },
  { id: 43, name: 'Boone' },
];
const gapsAt = (now: Date, fromDay = '2026-11-20') => reportGaps(boards, fromDay, days, now).map((g) => `${g.date} ${g.boardName} ${g.status}: ${g.note}`);

describe('reportGaps', () => {
  it('lists missing, late and truncated days per board, newest first, and no whole, spanning or pending day', () => {
    expect(gapsAt(nyTimeToUtc('2026-11-24', 13))).toEqual([
      '2026-11-24 Boone late: The shipment report for 11/24 is late — shipments that day will show up when it comes.',
      '2026-11-24 Wilson late: The shipment report for 11/24 is late — shipments that day will show up when it comes.',
      "2026-11-23 Wilson truncated: The report for 11/23 was incomplete: this board's shipments will show up with the next complete report.",
      '2026-11-21 Boone missing: No shipment report for 11/21 — shipments that day are counted on 11/22.',
      '2026-11-21 Wilson missing: No shipment report for 11/21 — shipments that day are counted on 11/22.',
    ]);
    // Before 12:30 New York time today's report is not late yet.
    expect(gapsAt(nyTimeToUtc('2026-11-24', 9))[0]).toMatch(/^2026-11-23 Wilson truncated/);
  });

  it('starts at the day asked for', () => {
    expect(gapsAt(nyTimeToUtc('2026-11-24', 9), '2026-11-22')).toHaveLength(1);
  });
});
