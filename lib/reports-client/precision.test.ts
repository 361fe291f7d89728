import { describe, expect, it } from 'vitest';
import { PRECISIONS } from '../reference/precision.ts';
import type { DayNote } from '../reports/shipment-days.ts';
import * as w from './precision.ts';
import { dayWords, failingWords, placeSentence, PRECISION_BADGES, shipmentAlertLine, spanWords } from './precision.ts';

// 2026-11-20 15:05 UTC is 10:05 AM in New York.
const AT = '2026-11-20T15:05:00.000Z';

describe('the words of each precision', () => {
  it('has a badge for every precision', () => {
    expect(PRECISIONS.map((p) => PRECISION_BADGES[p])).toEqual([
      'On the shelf',
      "Shipped to this store's board",
      'Shipped to the board',
      'At the state warehouse',
    ]);
  });

  it('says a shelf is a shelf, with when it was checked', () => {
    expect(placeSentence({ precision: 'shelf', store: 'Sandy Forks', bottles: 3, checkedAt: AT })).toBe('On the shelf at Sandy Forks: 3 bottles (checked 11/20/2026 10:05 AM)');
    expect(placeSentence({ precision: 'shelf', store: 'Sandy Forks', bottles: 1, checkedAt: AT })).toBe('On the shelf at Sandy Forks: 1 bottle (checked 11/20/2026 10:05 AM)');
    expect(placeSentence({ precision: 'shelf', store: 'Sandy Forks', arrivedAt: AT })).toBe('Arrived on the shelf at Sandy Forks, 11/20/2026 10:05 AM');
  });

  it("names a one-store board's store, and says its shelves are not published", () => {
    expect(placeSentence({ precision: 'store_by_shipment', board: 'Boone', store: '2067 Blowing Rock Rd', date: '2026-11-20', cases: 2, units: 12 })).toBe(
      "Shipped to this store's board on 11/20/2026: 2 cases (12 bottles) for 2067 Blowing Rock Rd, Boone's only store. Its shelves are not published.",
    );
  });

  it('never names a store of a board with several: the state does not say which', () => {
    expect(placeSentence({ precision: 'board', board: 'Mecklenburg County', stores: 31, date: '2026-11-20', cases: 1, units: 6 })).toBe(
      'Shipped to Mecklenburg County on 11/20/2026: 1 case (6 bottles) for one of its 31 stores — the state does not say which.',
    );
    // No store known (Catawba Tribal), or only an outlet: no "one of its 0 stores".
    expect(placeSentence({ precision: 'board', board: 'Catawba Tribal ABC Commission', stores: 0, date: '2026-11-20', cases: 3, units: 36 })).toBe(
      'Shipped to Catawba Tribal ABC Commission on 11/20/2026: 3 cases (36 bottles) — the state does not say for which store.',
    );
  });

  it('never dates a total over several days as one day', () => {
    expect(placeSentence({ precision: 'store_by_shipment', board: 'Boone', store: '2067 Blowing Rock Rd', date: '2026-11-20', cases: 3, units: 18, withinDays: 30 })).toBe(
      "Shipped to this store's board in the last 30 days (latest 11/20/2026): 3 cases (18 bottles) for 2067 Blowing Rock Rd, Boone's only store. Its shelves are not published.",
    );
    expect(placeSentence({ precision: 'board', board: 'Mecklenburg County', stores: 31, date: '2026-11-20', cases: 5, units: 30, withinDays: 30 })).toBe(
      'Shipped to Mecklenburg County in the last 30 days (latest 11/20/2026): 5 cases (30 bottles) for one of its 31 stores — the state does not say which.',
    );
  });

  it('names the sections of Where is it now, finest first', () => {
    expect(PRECISIONS.map((p) => w.WHERE_SECTIONS[p])).toEqual(['On the shelf', 'Shipped to a board with one store', 'Shipped to a board', 'At the state warehouse']);
  });

  it('says the warehouse is the warehouse', () => {
    expect(placeSentence({ precision: 'warehouse', bottles: 1234, checkedAt: AT })).toBe('1,234 bottles at the state warehouse (checked 11/20/2026 10:05 AM)');
  });
});

describe("the words of a day's shipments", () => {
  const day = (status: DayNote['status'], note: string | null = null): DayNote => ({ date: '2026-11-20', status, note });

  it("keeps the note the extract's day already has (missing, late, truncated, spans)", () => {
    const missing = day('missing', 'No shipment report for 11/20 — shipments that day are counted on 11/21.');
    expect(dayWords(missing, '2026-11-01')).toBe(missing.note);
    const spans = day('spans', 'Shipments on 11/20 also include 11/19, which had no usable report of its own.');
    expect(dayWords(spans, '2026-11-01')).toBe(spans.note);
  });

  it('words the days it leaves without a note, and none for a complete day', () => {
    expect(dayWords(day('pending'), '2026-11-01')).toBe("The state publishes today's shipments at about 11 AM. Not known yet — this is not 'nothing shipped'.");
    expect(dayWords(day('baseline'), '2026-11-20')).toBe('11/20/2026 is the first shipment report read: shipments up to that day are not dated.');
    expect(dayWords({ date: '2026-10-30', status: 'not_tracked', note: null }, '2026-11-01')).toBe('Shipments before 11/01/2026 were not tracked.');
    expect(dayWords(day('not_tracked'), null)).toBe('Shipments are not tracked yet: no shipment report has been read.');
    expect(dayWords(day('complete'), '2026-11-01')).toBeNull();
  });

  it('says since when the report could not be read', () => {
    expect(failingWords(AT)).toBe("The state's shipment report could not be read since 11/20/2026 10:05 AM.");
  });
});

describe("the words of a board whose shelves are not read", () => {
  it('say it is what the state shipped, not a shelf', () => {
    expect(w.shipmentsSubtitle('Mecklenburg County')).toBe(
      'Hunted products the state shipped to Mecklenburg County on this day. Mecklenburg County does not publish its shelves, so this is what left the state warehouse, not what is on a shelf.',
    );
    expect(w.noShipmentsWords('Boone', '2026-11-20')).toBe('No hunted products were shipped to Boone on 11/20/2026.');
    expect(w.shipmentsFooter(null)).toBe("Shipments come from the state's daily report, published about 11 AM. Report read: not yet.");
    expect(w.shelvesNotReadWords('Boone')).toBe("We can't read Boone's store shelves: it publishes no store inventory. What the state shipped to it is on Today's Arrivals.");
  });

  it("say once above a board's stores that its shelves are not published, and whose its shipments are", () => {
    expect(w.storesNotReadWords('Boone', 'store_by_shipment')).toBe(
      "Boone does not publish its shelves. It has one store, so what the state ships to Boone is that store's: its page lists those shipments.",
    );
    expect(w.storesNotReadWords('Mecklenburg County', 'board')).toBe(
      "Mecklenburg County does not publish its shelves, and the state's report names only the board, not which of its stores: what was shipped to it is on Today's Arrivals.",
    );
    expect(w.storesSubtitle('Wake County ABC', true)).toBe('Wake County ABC stores: where they are, when their trucks come and what they got.');
    expect(w.storesSubtitle('Mecklenburg County ABC', false)).toBe('Mecklenburg County ABC stores: where they are and how to reach them.');
  });
});

describe('the shipment lines of an alert e-mail', () => {
  it("names a one-store board's store and says no shelf has shown it yet", () => {
    expect(
      shipmentAlertLine({ precision: 'store_by_shipment', board: 'Boone', store: 'Boone', address: '2067 Blowing Rock Rd', date: '2026-11-20', cases: 1, units: 6, alsoCovers: [] }),
    ).toBe("Shipped to this store's board on 11/20/2026: Boone, 2067 Blowing Rock Rd (Boone's only store) — 1 case (6 bottles). Not yet seen on a shelf.");
    // A store named by its street is named once.
    expect(
      shipmentAlertLine({ precision: 'store_by_shipment', board: 'Boone', store: '2067 Blowing Rock Rd', address: '2067 Blowing Rock Rd, Boone, NC 28607', date: '2026-11-20', cases: 1, units: 6, alsoCovers: [] }),
    ).toBe("Shipped to this store's board on 11/20/2026: 2067 Blowing Rock Rd, Boone, NC 28607 (Boone's only store) — 1 case (6 bottles). Not yet seen on a shelf.");
  });

  it('never names a store of a board with several', () => {
    expect(shipmentAlertLine({ precision: 'board', board: 'Mecklenburg County', stores: 31, date: '2026-11-20', cases: 2, units: 12, alsoCovers: [] })).toBe(
      'Shipped to Mecklenburg County on 11/20/2026 — 2 cases (12 bottles) for one of its 31 stores; the state does not say which.',
    );
    expect(shipmentAlertLine({ precision: 'board', board: 'Catawba Tribal', stores: 0, date: '2026-11-20', cases: 1, units: 6, alsoCovers: [] })).toBe(
      'Shipped to Catawba Tribal on 11/20/2026 — 1 case (6 bottles); the state does not say for which store.',
    );
  });

  it('says which earlier days a shipment also counts, and why they had no report of their own', () => {
    expect(spanWords('2026-11-17', [])).toBe('');
    expect(spanWords('2026-11-17', [{ date: '2026-11-16', why: 'missing' }])).toBe('(between 11/16/2026 and 11/17/2026: the report for 11/16/2026 was missing)');
    expect(spanWords('2026-11-19', [{ date: '2026-11-18', why: 'incomplete' }])).toBe('(between 11/18/2026 and 11/19/2026: the report for 11/18/2026 was incomplete)');
    expect(spanWords('2026-11-19', [{ date: '2026-11-17', why: 'missing' }, { date: '2026-11-18', why: 'missing' }])).toBe(
      '(between 11/17/2026 and 11/19/2026: the reports for 11/17/2026 and 11/18/2026 were missing)',
    );
    expect(
      spanWords('2026-11-20', [
        { date: '2026-11-17', why: 'missing' },
        { date: '2026-11-18', why: 'incomplete' },
        { date: '2026-11-19', why: 'missing' },
      ]),
    ).toBe('(between 11/17/2026 and 11/20/2026: the reports for 11/17/2026–11/19/2026 were missing or incomplete)');
    expect(shipmentAlertLine({ precision: 'board', board: 'Mecklenburg County', stores: 31, date: '2026-11-17', cases: 4, units: 24, alsoCovers: [{ date: '2026-11-16', why: 'missing' }] })).toBe(
      'Shipped to Mecklenburg County on 11/17/2026 (between 11/16/2026 and 11/17/2026: the report for 11/16/2026 was missing) — 4 cases (24 bottles) for one of its 31 stores; the state does not say which.',
    );
  });
});
