import { describe, expect, it } from 'vitest';
import { forecastLeadWords, onItsWayBrief, onItsWayLine, type OnItsWayFigure } from './on-its-way.ts';

// The words of "on its way" alerts: the shipment, where and when it will likely land at each precision, and
// whether an arrival was forecast.

const figure = (over: Partial<OnItsWayFigure>): OnItsWayFigure => ({
  product: "Blanton's Single Barrel",
  board: 'Wake County',
  precision: 'shelf',
  boardStores: 26,
  date: '2026-11-30',
  units: 12,
  named: [],
  ...over,
});

describe('on its way words', () => {
  it('a shelf board names its likely stores, most likely first, in words and numbers, with their days', () => {
    const f = figure({
      named: [
        { store: 'North Hills', likelihood: 0.81, windowStart: '2026-12-01', windowEnd: '2026-12-04' },
        { store: 'Cary', likelihood: 0.24, windowStart: '2026-12-02', windowEnd: '2026-12-02' },
      ],
    });
    expect(onItsWayLine(f)).toBe(
      "On its way: Blanton's Single Barrel shipped to Wake County (12 bottles) on 11/30/2026. Likely at: North Hills (very likely, 8 in 10) Tue 12/1 – Fri 12/4; Cary (possible, 2 in 10) Wed 12/2",
    );
    expect(onItsWayBrief(f)).toBe('12 bottles to Wake County: North Hills (8 in 10) Tue 12/1 – Fri 12/4');
  });

  it('a one-store board names its store; another board says the state does not say which store, with the window', () => {
    const boone = figure({ board: 'Boone', precision: 'store_by_shipment', boardStores: 1, units: 6, named: [{ store: 'King St', likelihood: 1, windowStart: '2026-12-01', windowEnd: '2026-12-04' }] });
    expect(onItsWayLine(boone).endsWith("(6 bottles) on 11/30/2026. Expected at King St, Boone's only store: Tue 12/1 – Fri 12/4")).toBe(true);
    expect(onItsWayBrief(boone)).toBe("6 bottles to Boone's only store, King St, Tue 12/1 – Fri 12/4");
    const meck = figure({ board: 'Mecklenburg County', precision: 'board', boardStores: 31, named: [{ store: null, likelihood: 1, windowStart: '2026-12-01', windowEnd: '2026-12-09' }] });
    expect(onItsWayLine(meck).endsWith('. The state does not say which of its 31 stores; expected on shelves Tue 12/1 – Wed 12/9')).toBe(true);
    expect(onItsWayBrief(meck)).toBe('12 bottles to Mecklenburg County, on shelves Tue 12/1 – Wed 12/9');
    expect(onItsWayLine(figure({ named: [] }))).toMatch(/\. No store is likely enough to name yet\.$/);
  });

  it('an arrival was forecast days or hours ahead, or not at all', () => {
    expect(forecastLeadWords(2 * 1440 + 150)).toBe('Forecast 2 days ahead');
    expect(forecastLeadWords(1440)).toBe('Forecast 1 day ahead');
    expect(forecastLeadWords(5 * 60 + 59)).toBe('Forecast 5 hours ahead');
    expect(forecastLeadWords(20)).toBe('Forecast less than an hour ahead');
    expect(forecastLeadWords(null)).toBe('Not forecast');
  });
});
