import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
import { likelihoodWords } from '../forecast/words.ts';
import { dayNumberToYmd, ymdToDayNumber } from '../time.ts';
import { forecastLeadWords, onItsWayBrief, onItsWayHeadline, onItsWayLine, onItsWayPlaces, type OnItsWayFigure } from './on-its-way.ts';

// Property-based tests of the "on its way" alerts' words (issue 36): any forecast shipment — any likelihood,
// window, number of places and bottles — ends at once in words a hunter can read: no "NaN", no "undefined",
// "N in 10" with N from 1 to 10.

const TODAY = ymdToDayNumber('2026-12-13');
const likelihoodArb = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 0.2, 0.5, 0.8, Number.NaN, -0.5, 1.5, Infinity));
const namedArb = fc
  .record({ store: fc.option(fc.constantFrom('North Hills', 'Cary', "Boone's King St")), likelihood: likelihoodArb, start: fc.integer({ min: TODAY - 30, max: TODAY + 30 }), days: fc.integer({ min: 0, max: 240 }) })
  .map(({ store, likelihood, start, days }) => ({ store, likelihood, windowStart: dayNumberToYmd(start), windowEnd: dayNumberToYmd(start + days) }));
const figureArb: fc.Arbitrary<OnItsWayFigure> = fc.record({
  product: fc.string({ minLength: 1, maxLength: 30 }),
  board: fc.constantFrom('Wake County', 'Boone', 'Mecklenburg County'),
  precision: fc.constantFrom('shelf', 'store_by_shipment', 'board'),
  boardStores: fc.nat(40),
  date: fc.integer({ min: TODAY - 30, max: TODAY }).map(dayNumberToYmd),
  units: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.constantFrom(1, 0)),
  named: fc.array(namedArb, { maxLength: 30 }),
});

describe('on its way words', () => {
  it('every line reads: no NaN or undefined, the shipment first, the likeliest place in the brief', () => {
    fc.assert(
      fc.property(figureArb, (f) => {
        const [line, brief, places] = bounded(() => [onItsWayLine(f), onItsWayBrief(f), onItsWayPlaces(f)]);
        for (const text of [line, brief, places]) ok(!/NaN|undefined|null|Infinity/.test(text.replace(f.product, '')), text);
        ok(line.startsWith(onItsWayHeadline(f)), line);
        ok(brief.includes(f.board), brief);
        if (f.named[0]?.store && f.precision !== 'store_by_shipment') ok(brief.includes(f.named[0].store), brief);
      }),
      { numRuns: 3_000 },
    );
  });

  it('a likelihood reads as a band and "N in 10" with N from 1 to 10, whatever it holds', () => {
    fc.assert(
      fc.property(fc.oneof(likelihoodArb, fc.double()), (p) => {
        const { words, inTen } = likelihoodWords(p);
        ok(['very likely', 'likely', 'possible', 'unlikely'].includes(words), words);
        const n = Number(/^(\d+) in 10$/.exec(inTen)?.[1]);
        ok(n >= 1 && n <= 10, `${p} → ${inTen}`);
      }),
      { numRuns: 5_000 },
    );
  });

  it('a lead reads in days, hours, or less than an hour, or says it was not forecast', () => {
    fc.assert(
      fc.property(fc.option(fc.oneof(fc.integer({ min: -100, max: 100_000 }), fc.double())), (lead) => {
        const words = forecastLeadWords(lead);
        ok(/^(Not forecast|Forecast (\d[\d,]* (day|days|hour|hours)|less than an hour) ahead)$/.test(words), `${lead} → ${words}`);
      }),
      { numRuns: 5_000 },
    );
  });
});
