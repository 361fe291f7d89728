import { describe, expect, it } from 'vitest';
import { nyTimeToUtc } from '../time.ts';
import { dayNote, dayNotes, dayStatus, type ShipmentDayRow } from './shipment-days.ts';

// Days from 11/16 to 11/24/2026: 11/16 the first extract (baseline), 11/17 complete, 11/18 none, 11/19
// spans 11/18, 11/20 truncated for Durham (90), 11/21 refused, 11/22 complete (spans 11/21), 11/23 none.
const row = (shipDate: string, status: ShipmentDayRow['status'], extra: Partial<ShipmentDayRow> = {}): ShipmentDayRow => ({
  shipDate,
  coversFrom: shipDate,
  status,
  applied: true,
  missingBoardIds: [],
  ...extra,
});
const rows = [
  row('2026-11-16', 'baseline'),
  row('2026-11-17', 'complete'),
  row('2026-11-19', 'complete', { coversFrom: '2026-11-18' }),
  row('2026-11-20', 'truncated', { missingBoardIds: [90] }),
  row('2026-11-21', 'truncated', { applied: false }),
  row('2026-11-22', 'complete', { coversFrom: '2026-11-21' }),
];
const at = (ymd: string, hour: number, minute = 0) => nyTimeToUtc(ymd, hour, minute);
const ctx = (now: Date, boardId?: number) => ({ rows, firstTracked: '2026-11-16', now, boardId });

describe('dayStatus', () => {
  const now = at('2026-11-24', 9);
  it('reads each kind of day', () => {
    expect(dayStatus('2026-11-15', ctx(now))).toBe('not_tracked');
    expect(dayStatus('2026-11-16', ctx(now))).toBe('baseline');
    expect(dayStatus('2026-11-17', ctx(now))).toBe('complete');
    expect(dayStatus('2026-11-18', ctx(now))).toBe('missing');
    expect(dayStatus('2026-11-19', ctx(now))).toBe('spans');
    expect(dayStatus('2026-11-20', ctx(now))).toBe('truncated');
    expect(dayStatus('2026-11-21', ctx(now))).toBe('truncated');
    expect(dayStatus('2026-11-22', ctx(now))).toBe('spans'); // covers from 11/21, whose extract was refused
    expect(dayStatus('2026-11-23', ctx(now))).toBe('missing');
  });

  it('a truncated day is truncated only for the boards it left out', () => {
    expect(dayStatus('2026-11-20', ctx(now, 90))).toBe('truncated');
    expect(dayStatus('2026-11-20', ctx(now, 179))).toBe('complete');
    expect(dayStatus('2026-11-21', ctx(now, 179))).toBe('truncated'); // refused: for every board
  });

  it('today is pending until 12:30 New York time, then late', () => {
    expect(dayStatus('2026-11-24', ctx(at('2026-11-24', 0, 5)))).toBe('pending');
    expect(dayStatus('2026-11-24', ctx(at('2026-11-24', 12, 29)))).toBe('pending');
    expect(dayStatus('2026-11-24', ctx(at('2026-11-24', 12, 30)))).toBe('late');
  });

  it('nothing is tracked before any extract was judged', () => {
    expect(dayStatus('2026-11-18', { rows: [], firstTracked: null, now })).toBe('not_tracked');
  });
});

describe('dayNote', () => {
  const now = at('2026-11-24', 13);
  it('says in words what a hunter should know, and nothing on a whole day', () => {
    expect(dayNote('2026-11-17', ctx(now)).note).toBeNull();
    expect(dayNote('2026-11-16', ctx(now)).note).toBeNull();
    expect(dayNote('2026-11-18', ctx(now)).note).toBe('No shipment report for 11/18 — shipments that day are counted on 11/19.');
    expect(dayNote('2026-11-19', ctx(now)).note).toBe('Shipments on 11/19 also include 11/18, which had no usable report of its own.');
    expect(dayNote('2026-11-20', ctx(now)).note).toBe("The report for 11/20 was incomplete: some boards' shipments are counted on 11/22.");
    expect(dayNote('2026-11-20', ctx(now, 90)).note).toBe("The report for 11/20 was incomplete: this board's shipments are counted on 11/22.");
    const untilToday = { ...ctx(now), rows: rows.filter((r) => r.shipDate <= '2026-11-20') };
    expect(dayNote('2026-11-20', untilToday).note).toBe("The report for 11/20 was incomplete: some boards' shipments will show up with the next complete report.");
    expect(dayNote('2026-11-21', ctx(now)).note).toBe('The report for 11/21 was incomplete and not used — shipments that day are counted on 11/22.');
    expect(dayNote('2026-11-23', ctx(now)).note).toBe('No shipment report for 11/23 — shipments that day will show up with the next report.');
    expect(dayNote('2026-11-24', ctx(now)).note).toBe('The shipment report for 11/24 is late — shipments that day will show up when it comes.');
  });

  it('a span of several days names them all', () => {
    const spanning = [row('2026-11-10', 'complete'), row('2026-11-14', 'complete', { coversFrom: '2026-11-11' })];
    expect(dayNote('2026-11-14', { rows: spanning, firstTracked: '2026-11-10', now }).note).toBe(
      'Shipments on 11/14 also include 11/11–11/13, which had no usable report of its own.',
    );
  });

  it('lists a range newest first', () => {
    expect(dayNotes('2026-11-22', '2026-11-24', ctx(now)).map((d) => [d.date, d.status])).toEqual([
      ['2026-11-24', 'late'],
      ['2026-11-23', 'missing'],
      ['2026-11-22', 'spans'],
    ]);
  });

  it('a day read more than the window after the last one is a new baseline: the days between say their shipments were never dated', () => {
    const gap = [row('2026-11-01', 'complete'), row('2026-11-20', 'baseline')];
    expect(dayNote('2026-11-10', { rows: gap, firstTracked: '2026-11-01', now }).note).toBe(
      'No shipment report for 11/10 — its shipments were never dated: the next report came too long after to tell them apart.',
    );
  });
});

describe('the failing note', () => {
  const failingSince = at('2026-11-23', 11, 5);
  const failing = "The state's shipment report could not be read since 11/23/2026 11:05 AM.";
  it('is added to every day still waiting for its shipments while the latest run failed', () => {
    const c = { ...ctx(at('2026-11-24', 13)), failingSince };
    expect(dayNote('2026-11-24', c).note).toBe(`The shipment report for 11/24 is late — shipments that day will show up when it comes. ${failing}`);
    expect(dayNote('2026-11-23', c).note).toBe(`No shipment report for 11/23 — shipments that day will show up with the next report. ${failing}`);
    expect(dayNote('2026-11-24', { ...ctx(at('2026-11-24', 9)), failingSince })).toEqual({ date: '2026-11-24', status: 'pending', note: failing });
  });

  it('is not added to a day whose shipments are already counted, nor when the latest run read the report', () => {
    const c = { ...ctx(at('2026-11-24', 13)), failingSince };
    expect(dayNote('2026-11-18', c).note).toBe('No shipment report for 11/18 — shipments that day are counted on 11/19.');
    expect(dayNote('2026-11-17', c).note).toBeNull();
    expect(dayNote('2026-11-23', { ...c, failingSince: null }).note).toBe('No shipment report for 11/23 — shipments that day will show up with the next report.');
    // Asked about a moment before the failure: not known then.
    expect(dayNote('2026-11-23', { ...c, now: at('2026-11-23', 11) }).note).toBeNull();
  });
});
