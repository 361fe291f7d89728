import { describe, expect, it } from 'vitest';
import { judgeExtract, MIN_SHARE_OF_PREVIOUS, NEW_BASELINE_AFTER_DAYS, pairKey, STILL_IN_WINDOW_DAYS, type ExtractFacts } from './judge-extract.ts';

// Boone (43, one store), Mecklenburg (53), Durham (78); Blanton's 27090, Weller 22510, Eagle Rare 17766.
const BLANTONS_BOONE = pairKey('27090', 43);
const BLANTONS_MECK = pairKey('27090', 53);
const WELLER_MECK = pairKey('22510', 53);
const EAGLE_DURHAM = pairKey('17766', 78);
const totals = new Map([
  [BLANTONS_BOONE, 6],
  [BLANTONS_MECK, 24],
  [WELLER_MECK, 12],
  [EAGLE_DURHAM, 18],
]);

/** The facts applyShipmentsExtract reads for an extract (as its query does: the totals it lowers or leaves out). */
function facts(extract: Map<string, number>, over: { previousDay?: string | null; dated?: Map<string, number> } = {}): ExtractFacts {
  const previousDay = over.previousDay === undefined ? '2026-11-19' : over.previousDay;
  return {
    shipDate: '2026-11-20',
    pairs: extract.size,
    previous: previousDay === null ? null : { day: previousDay, pairs: totals.size },
    fallen: [...totals]
      .filter(([key, before]) => (extract.get(key) ?? 0) < before)
      .map(([key, before]) => ({ key, before, now: extract.get(key) ?? 0, datedInWindow: over.dated?.get(key) ?? 0 })),
  };
}
const whole = () => new Map(totals);

describe('judgeExtract', () => {
  it('the first extract is a baseline of its own day', () => {
    expect(judgeExtract(facts(whole(), { previousDay: null }))).toEqual({ verdict: 'baseline', cause: 'first', coversFrom: '2026-11-20' });
  });

  it('a whole extract the day after the last one dates that day only, keeping nothing', () => {
    expect(judgeExtract(facts(whole()))).toEqual({ verdict: 'applied', kept: new Map(), missingBoardIds: [], coversFrom: '2026-11-20' });
  });

  it('after days without an extract it covers them, from the day after the last applied one', () => {
    expect(judgeExtract(facts(whole(), { previousDay: '2026-11-17' }))).toMatchObject({ verdict: 'applied', coversFrom: '2026-11-18' });
  });

  it(`refuses an extract with fewer pairs than ${MIN_SHARE_OF_PREVIOUS * 100}% of the previous, saying how many`, () => {
    expect(judgeExtract(facts(new Map([...totals].slice(0, 2))))).toMatchObject({ verdict: 'applied' }); // exactly half passes
    expect(judgeExtract(facts(new Map([[BLANTONS_BOONE, 6]])))).toEqual({
      verdict: 'refused',
      reason: 'the extract of 11/20/2026 lists 1 product-board totals, 25% of the previous 4: treated as incomplete, nothing written',
    });
  });

  it(`keeps a total that fell below what was dated to it in the last ${STILL_IN_WINDOW_DAYS} days (it cannot have aged out), and names its board`, () => {
    const cut = whole().set(BLANTONS_MECK, 6); // 18 dated to it within the window
    expect(judgeExtract(facts(cut, { dated: new Map([[BLANTONS_MECK, 18]]) }))).toEqual({
      verdict: 'applied',
      kept: new Map([[BLANTONS_MECK, 24]]),
      missingBoardIds: [53],
      coversFrom: '2026-11-20',
    });
  });

  it('a fall to no less than what was dated in the window is ageing out, not a cut', () => {
    const aged = whole().set(BLANTONS_MECK, 18);
    expect(judgeExtract(facts(aged, { dated: new Map([[BLANTONS_MECK, 18]]) }))).toMatchObject({ kept: new Map(), missingBoardIds: [] });
  });

  it('a board cut from the extract keeps every total it left out, dated by us or not (the baseline’s)', () => {
    const without53 = new Map([...totals].filter(([k]) => !k.endsWith(':53')));
    expect(judgeExtract(facts(without53, { dated: new Map([[BLANTONS_MECK, 6]]) }))).toEqual({
      verdict: 'applied',
      kept: new Map([
        [BLANTONS_MECK, 24],
        [WELLER_MECK, 12],
      ]),
      missingBoardIds: [53],
      coversFrom: '2026-11-20',
    });
  });

  it('a pair that left the extract with nothing dated to it in the window aged out: not kept', () => {
    const noDurham = new Map([...totals].filter(([k]) => k !== EAGLE_DURHAM));
    expect(judgeExtract(facts(noDurham))).toMatchObject({ verdict: 'applied', kept: new Map(), missingBoardIds: [] });
  });

  it(`more than ${NEW_BASELINE_AFTER_DAYS} days since the last applied extract: every old total aged out, so a new baseline`, () => {
    expect(judgeExtract(facts(whole(), { previousDay: '2026-11-05' }))).toMatchObject({ verdict: 'applied', coversFrom: '2026-11-06' }); // 15 days
    const gap = judgeExtract(facts(whole().set(BLANTONS_MECK, 0), { previousDay: '2026-11-04', dated: new Map([[BLANTONS_MECK, 6]]) })); // 16 days
    expect(gap).toEqual({ verdict: 'baseline', cause: 'gap', coversFrom: '2026-11-20' });
  });

  it('even after a gap, an extract too short to be whole is refused rather than taken as the baseline', () => {
    expect(judgeExtract(facts(new Map([[BLANTONS_BOONE, 6]]), { previousDay: '2026-10-01' }))).toMatchObject({ verdict: 'refused' });
  });
});
