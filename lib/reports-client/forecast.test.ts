import { describe, expect, it } from 'vitest';
import { forecastOneStore } from '../forecast/model.ts';
import type { ForecastPlace, IncomingShipment } from '../forecast/types.ts';
import { dayNumberToYmd, ymdToDayNumber } from '../time.ts';
import { boardPlaceWords, onItsWayCardLine, placeName, precisionLine, whenWords, windowWords } from './forecast.ts';

const place = (over: Partial<ForecastPlace> = {}): ForecastPlace => ({
  store: { store_id: 1, store_number: 12, nickname: 'North Hills' },
  likelihood: 0.83,
  likelihood_words: 'very likely',
  likelihood_in_ten: '8 in 10',
  named: true,
  why: null,
  expected_date: '2026-12-01',
  window_start: '2026-12-01',
  window_end: '2026-12-08',
  outcome: 'open',
  arrived_at: null,
  ...over,
});

describe('forecast words', () => {
  it('names the expected delivery day and the window it may slip to', () => {
    expect(windowWords(place())).toBe('Tue 12/1 – Tue 12/8');
    expect(whenWords(place(), '2026-11-30')).toBe('Expected Tue 12/1, or by Tue 12/8');
    expect(whenWords(place({ window_end: '2026-12-01' }), '2026-11-30')).toBe('Expected Tue 12/1');
    expect(whenWords(place({ expected_date: null }), '2026-11-30')).toBe('Between Tue 12/1 and Tue 12/8');
    // Its day has passed and it has not shown yet: still open until the window ends.
    expect(whenWords(place(), '2026-12-03')).toBe('Due since Tue 12/1, not seen yet; window ends Tue 12/8');
  });
  it("words a one-store forecast of a Saturday extract for the state's next truck, a weekday (issue 37)", () => {
    // Before: "Expected Sun 11/29, or by Wed 12/2" (E + 1 … E + 4 calendar days; no store is open on a Sunday).
    const f = forecastOneStore(7, { plu: '10001', day: ymdToDayNumber('2026-11-28'), units: 6, listingType: 'Allocation', price: 49.99 });
    const dated = place({ expected_date: dayNumberToYmd(f.expected!), window_start: dayNumberToYmd(f.windowStart), window_end: dayNumberToYmd(f.windowEnd) });
    expect(whenWords(dated, '2026-11-28')).toBe('Expected Mon 11/30, or by Fri 12/4');
  });
  it('says what became of a closed forecast', () => {
    expect(whenWords(place({ outcome: 'not_arrived' }), '2026-11-30')).toBe('Not seen by Tue 12/8');
    expect(whenWords(place({ outcome: 'arrived', arrived_at: '2026-12-01T15:30:00.000Z' }), '2026-11-30')).toBe('Arrived 12/01/2026 10:30 AM');
  });
  it("puts a product's open shipments on one line for a card, each store once at its likeliest", () => {
    const cary = { store_id: 2, store_number: 3, nickname: 'Cary' };
    const first = { board_id: 179, board_name: 'Wake', units: 6, places: [place(), place({ store: cary, likelihood: 0.3, likelihood_words: 'possible' }), place({ named: false })] } as IncomingShipment;
    const second = { board_id: 179, board_name: 'Wake', units: 12, places: [place({ store: cary, likelihood: 0.6, likelihood_words: 'likely', expected_date: '2026-12-03' })] } as IncomingShipment;
    expect(onItsWayCardLine([first, second])).toBe('On its way: 18 bottles, to North Hills (very likely, Tue 12/1), Cary (likely, Thu 12/3)');
    expect(onItsWayCardLine([first, second], 1)).toBe('On its way: 18 bottles, to North Hills (very likely, Tue 12/1) and 1 more');
    expect(onItsWayCardLine([{ ...first, places: [] }])).toBe('On its way: 6 bottles to Wake');
  });
});

describe('precision in words (issue 37)', () => {
  it('says a board-level forecast in board words, never as a store', () => {
    expect(boardPlaceWords('Mecklenburg County', 29)).toBe("somewhere in Mecklenburg County's 29 stores; the state does not say which");
    expect(boardPlaceWords('Tiny', 1)).toBe('somewhere in Tiny; the state does not say which store');
    expect(boardPlaceWords('Tiny')).toBe('somewhere in Tiny; the state does not say which store');
    expect(placeName(place({ store: null }), 'Mecklenburg County', 29)).toBe("Somewhere in Mecklenburg County's 29 stores; the state does not say which");
    expect(placeName(place(), 'Wake County', 40)).toBe('North Hills');
  });

  it("names a one-store board's store once, as this board's only store", () => {
    const line = precisionLine({ precision: 'store_by_shipment', board: 'Boone', onlyStore: { nickname: '2067 Blowing Rock Rd', store_number: 1 } });
    expect(line).toBe("2067 Blowing Rock Rd #1, this board's only store");
    expect(line.split('2067 Blowing Rock Rd').length - 1).toBe(1);
    expect(precisionLine({ precision: 'store_by_shipment', board: 'Boone' })).toBe("This board's only store");
    expect(precisionLine({ precision: 'board', board: 'Mecklenburg County', stores: 29 })).toBe("Somewhere in Mecklenburg County's 29 stores; the state does not say which");
    expect(precisionLine({ precision: 'shelf', board: 'Wake County' })).toBe("Wake County's stores, the likeliest first");
  });

  it("words a card's board-level place without a likelihood", () => {
    const s = { board_id: 53, board_name: 'Mecklenburg County', units: 12, places: [place({ store: null, likelihood: 1, likelihood_words: 'very likely', expected_date: null })] } as unknown as IncomingShipment;
    expect(onItsWayCardLine([s])).toBe('On its way: 12 bottles, to somewhere in Mecklenburg County; the state does not say which store (Tue 12/1 – Tue 12/8)');
  });
});
