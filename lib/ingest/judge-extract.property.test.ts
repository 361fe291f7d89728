import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
import { addDays, dayNumberToYmd, ymdToDayNumber } from '../time.ts';
import { boardOfPair, judgeExtract, MIN_SHARE_OF_PREVIOUS, NEW_BASELINE_AFTER_DAYS, pairKey, type ExtractFacts } from './judge-extract.ts';

// Property-based tests of the shipments extract's judgement (issue 36): any extract, previous one and fallen
// totals end in bounded time with one verdict whose parts say only what the rules allow.

const TODAY = ymdToDayNumber('2026-12-13');

const factsArb: fc.Arbitrary<ExtractFacts> = fc
  .record({
    ship: fc.integer({ min: TODAY - 3000, max: TODAY + 3000 }),
    // The previous extract: none, days before (a gap of any length), the same day, or even after (a clock set back).
    back: fc.option(fc.integer({ min: -5, max: 60 }), { freq: 6 }),
    pairs: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.constantFrom(0, 1)),
    had: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.constantFrom(0, 1)),
    fallen: fc.uniqueArray(
      fc.record({ plu: fc.constantFrom('27090', '22510', '17766', '11111'), board: fc.integer({ min: 1, max: 9 }), before: fc.integer({ min: 1, max: 120 }), cut: fc.integer({ min: 0, max: 120 }), dated: fc.integer({ min: 0, max: 120 }) }),
      { selector: (f) => pairKey(f.plu, f.board), maxLength: 30 },
    ),
  })
  .map(({ ship, back, pairs, had, fallen }) => ({
    shipDate: dayNumberToYmd(ship),
    pairs,
    previous: back === null ? null : { day: dayNumberToYmd(ship - back), pairs: had },
    // A fallen total is lower than before: left out (0) or cut.
    fallen: fallen.map((f) => ({ key: pairKey(f.plu, f.board), before: f.before, now: Math.min(f.cut, f.before - 1), datedInWindow: f.dated })),
  }));

describe('judgeExtract', () => {
  it('refuses a short extract, starts a baseline first and after a gap, else applies it covering days up to its own', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const j = bounded(() => judgeExtract(facts));
        const { shipDate, previous, pairs } = facts;
        if (!previous) return ok(j.verdict === 'baseline' && j.cause === 'first' && j.coversFrom === shipDate, () => JSON.stringify(j));
        if (pairs < previous.pairs * MIN_SHARE_OF_PREVIOUS) {
          return ok(j.verdict === 'refused' && /^the extract of \d\d\/\d\d\/\d{4} lists /.test(j.reason) && !/NaN|Infinity/.test(j.reason), () => JSON.stringify(j));
        }
        const gap = ymdToDayNumber(shipDate) - ymdToDayNumber(previous.day);
        if (gap > NEW_BASELINE_AFTER_DAYS) return ok(j.verdict === 'baseline' && j.cause === 'gap' && j.coversFrom === shipDate, () => JSON.stringify(j));
        ok(j.verdict === 'applied', j.verdict);
        if (j.verdict !== 'applied') return;
        // Covers from the day after the previous one (never earlier), up to its own day.
        const dayAfter = addDays(previous.day, 1);
        ok(j.coversFrom <= shipDate && j.coversFrom === (dayAfter < shipDate ? dayAfter : shipDate), `covers from ${j.coversFrom}`);
        // Kept: the totals cut below what was dated in the window, and the left-out totals of their boards, as they were.
        const cut = facts.fallen.filter((f) => f.now < f.datedInWindow);
        const boards = [...new Set(cut.map((f) => boardOfPair(f.key)))].sort((a, b) => a - b);
        const shouldKeep = facts.fallen.filter((f) => f.now < f.datedInWindow || (f.now === 0 && boards.includes(boardOfPair(f.key))));
        ok(j.kept.size === shouldKeep.length && shouldKeep.every((f) => j.kept.get(f.key) === f.before), 'kept other totals');
        ok(JSON.stringify(j.missingBoardIds) === JSON.stringify(boards), `missing boards ${j.missingBoardIds}`);
      }),
      { numRuns: 10_000 },
    );
  });
});
