import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator/index.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { sql } from '../../testing/sql.ts';
import { rangeDayNotes } from '../reports/extract-days.ts';
import { boardLeftOut } from '../../simulator/extract-faults.ts';
import { nyTimeToUtc } from '../time.ts';
import { runCycle } from './runner.ts';
import { normalizeBoardName } from './shipments.ts';

// The real scraper reads the simulator's shipments extract through extract days: a baseline, a whole day,
// a day it never read (missing: its shipments are dated on the next read), a cut-off extract (a failed run:
// the day stays missing), and after each the dated shipments equal the rise of the simulator's own totals;
// dayStatus says what each day was. (Scenario d0–d5 of issue 24's plan §5, without alerts.)

let sim: RunningSimulator;
let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
const q = <T>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);

beforeAll(async () => {
  // Monday 16 Nov 2026, 07:00 New York.
  ({ sim, database, stop } = await startScraperScenario('extractdays', { seed: 31, start: '2026-11-16T12:00:00Z' }, { SOURCE_TIMEOUT_MS: '2000' }));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

/** The simulator's latest extract: total units per (NC code, board). */
const totals = () => new Map(sim.world.extract().records.map((r) => [`${r.product.plu}|${normalizeBoardName(r.board.name)}`, r.units]));

/** Reads the shipments extract at 11:30 New York time on `ymd` (it comes out at 11:15). */
async function readOn(ymd: string) {
  sim.world.setTime(nyTimeToUtc(ymd, 11, 30));
  return (await runCycle({ now: sim.world.now(), sources: ['shipments'] })).runs[0].outcome;
}

/** The shipments dated `ymd` are exactly the rises from the previous applied extract's totals to this one's. */
async function expectDated(ymd: string, before: Map<string, number>, after: Map<string, number>, shipped = true) {
  const rows = await q<{ key: string; units: number }>(
    `SELECT s.plu || '|' || b.name AS key, s.units FROM shipments s JOIN boards b ON b.id = s.board_id WHERE s.ship_date = $1::date`,
    [ymd],
  );
  const dated = new Map(rows.map((r) => [`${r.key.split('|')[0]}|${normalizeBoardName(r.key.split('|')[1])}`, r.units]));
  const rises = new Map([...after].filter(([k, units]) => units > (before.get(k) ?? 0)).map(([k, units]) => [k, units - (before.get(k) ?? 0)]));
  expect(rises.size > 0, `the simulator shipped ${shipped ? 'something' : 'nothing'} in the periods up to ${ymd}`).toBe(shipped);
  expect(Object.fromEntries(dated)).toEqual(Object.fromEntries(rises));
}

describe('shipment extract days against the simulator', () => {
  it('dates what shipped, says which days had no extract, and never makes a missing day "nothing shipped"', async () => {
    expect(await readOn('2026-11-16')).toMatchObject({ status: 'ok', details: expect.objectContaining({ baseline: true }) });
    const d16 = totals();
    expect(await readOn('2026-11-17')).toMatchObject({ status: 'ok' });
    const d17 = totals();
    await expectDated('2026-11-17', d16, d17);
    // 11/18: the scraper never reads it. 11/19 dates both days' shipments.
    expect(await readOn('2026-11-19')).toMatchObject({ status: 'ok', details: expect.objectContaining({ coversFrom: '2026-11-18' }) });
    const d19 = totals();
    await expectDated('2026-11-19', d17, d19);
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM shipments WHERE ship_date = '2026-11-18'`))[0].n).toBe(0);
    // 11/20: the extract comes cut off: a failed run, nothing written, the day without a row.
    sim.setFault('/Search/StockShippedData', 'truncated-json');
    expect(await readOn('2026-11-20')).toMatchObject({ status: 'failed' });
    sim.setFault('*', 'none');
    expect(await readOn('2026-11-21')).toMatchObject({ status: 'ok', details: expect.objectContaining({ coversFrom: '2026-11-20' }) });
    const d21 = totals();
    await expectDated('2026-11-21', d19, d21);
    // Sunday 11/22, a day nothing ships, and its extract is without its busiest board's records: their
    // totals are kept, the run partial.
    const leftOut = normalizeBoardName(boardLeftOut(sim.world.extract())!);
    sim.setFault('/Search/StockShippedData', 'short-extract');
    expect(await readOn('2026-11-22')).toMatchObject({ status: 'partial' });
    sim.setFault('*', 'none');
    const d22 = totals();
    // What the product holds after it: the left-out board's totals of 11/21 (all of them, also those whose
    // shipment aged out on 11/22: it cannot see that), every other board's of 11/22.
    const seen22 = new Map([...[...d22].filter(([k]) => !k.endsWith(`|${leftOut}`)), ...[...d21].filter(([k]) => k.endsWith(`|${leftOut}`))]);
    await expectDated('2026-11-22', d21, new Map([...seen22].filter(([k]) => !k.endsWith(`|${leftOut}`))), false);
    // 11/23, whole again: the left-out board's shipments of 11/22 and 11/23 are dated 11/23, none invented.
    expect(await readOn('2026-11-23')).toMatchObject({ status: 'ok' });
    await expectDated('2026-11-23', seen22, totals());

    const days = await rangeDayNotes('2026-11-15', '2026-11-24', nyTimeToUtc('2026-11-24', 13, 0));
    expect(days.map((d) => [d.date, d.status])).toEqual([
      ['2026-11-24', 'late'],
      ['2026-11-23', 'complete'],
      ['2026-11-22', 'truncated'],
      ['2026-11-21', 'spans'],
      ['2026-11-20', 'missing'],
      ['2026-11-19', 'spans'],
      ['2026-11-18', 'missing'],
      ['2026-11-17', 'complete'],
      ['2026-11-16', 'baseline'],
      ['2026-11-15', 'not_tracked'],
    ]);
    expect(days.find((d) => d.date === '2026-11-18')!.note).toBe('No shipment report for 11/18 — shipments that day are counted on 11/19.');
    expect(days.find((d) => d.date === '2026-11-20')!.note).toBe('No shipment report for 11/20 — shipments that day are counted on 11/21.');
    expect(days.find((d) => d.date === '2026-11-22')!.note).toBe("The report for 11/22 was incomplete: some boards' shipments are counted on 11/23.");
    // A board the simulator shipped nothing to on 11/17: no rows, and the day is complete, so "nothing shipped" is true.
    const shippedTo = new Set([...d17].filter(([k, u]) => u > (d16.get(k) ?? 0)).map(([k]) => k.split('|')[1]));
    const [quiet] = await q<{ id: number; name: string }>(`SELECT id, name FROM boards ORDER BY id`).then((bs) => bs.filter((b) => !shippedTo.has(normalizeBoardName(b.name))));
    expect(quiet, 'a board without shipments on 11/17').toBeDefined();
    const forQuiet = await rangeDayNotes('2026-11-17', '2026-11-17', nyTimeToUtc('2026-11-22', 13, 0), quiet.id);
    expect(forQuiet).toEqual([{ date: '2026-11-17', status: 'complete', note: null }]);
  }, 180_000);
});
