import { mkdtempSync, rmSync } from 'node:fs';
import { EMAIL_ALERTS } from '@/testing/alerts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator/index.ts';
import { setAlertChannel, setAlertSettings } from '../../testing/alerts.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { readMailbox, startMailServer } from '../../testing/mail-server.ts';
import { insertTestUser, type TestUser } from '../../testing/users.ts';
import { boardTotals, datedShipments, publication, shippedTruth } from '../../testing/shipment-truth.ts';
import { sql } from '../../testing/sql.ts';
import { rangeDayNotes } from '../reports/extract-days.ts';
import type { DayStatus } from '../reports/shipment-days.ts';
import { nyTimeToUtc } from '../time.ts';
import { runCycle } from './runner.ts';

// Issue 24 §5: the real scraper reads the simulator's shipments extract over HTTP, day by day, for a board
// with one store (Boone), one with 31 (Mecklenburg County) and a shelf board (Durham). After each read the
// shipments dated to them equal what the simulator shipped (world.shippedTo), and each day's status agrees
// with what the simulator published (world.extractDays). The world starts with no shipment history, so no
// total ages out within these days and a net diff is the whole truth (masking is a documented limit).
//
// d0 Fri 11/13 baseline · d1 Sat a shipment to each · d2 Sun none · d3 Mon stale (missing) · d4 Tue covers
// d3 · d5 Wed cut off (failed), then without Mecklenburg (truncated) · d6 Thu whole · d7 Fri 65% dropped (refused).
//
// A hunter follows the three boards (docs/decisions/023-shipment-alerts.md): every cycle's alert step e-mails
// the watched shipments to Boone and Mecklenburg through a real SMTP server, each shipments row once, and
// never Durham's (a shelf board alerts from its shelves).

const BOONE = 43;
const MECKLENBURG = 53;
const DURHAM = 78;
const BOARDS = [BOONE, MECKLENBURG, DURHAM];
const [D0, D1, D2, D3, D4, D5, D6, D7] = ['2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const EXTRACT = '/Search/StockShippedData';

let sim: RunningSimulator;
let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
let mail: { port: number; stop(): Promise<void> };
let hunter: TestUser;
/** A hunter who also chose "on its way" (docs/decisions/028-on-its-way-alerts.md). */
let ahead: TestUser;
const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-shipscen-mail-'));

beforeAll(async () => {
  mail = await startMailServer(mailDir);
  // 00:00 New York on d0, no earlier shipments.
  ({ sim, database, stop } = await startScraperScenario(
    'shipscen',
    { seed: 24, start: nyTimeToUtc(D0, 0, 0).toISOString(), historyDays: 0 },
    { SOURCE_TIMEOUT_MS: '2000', SMTP_URL: `smtp://127.0.0.1:${mail.port}` },
  ));
  hunter = await insertTestUser(database.url);
  await setAlertSettings(database.url, hunter.id, { board_ids: BOARDS });
  ahead = await insertTestUser(database.url);
  await setAlertSettings(database.url, ahead.id, { board_ids: BOARDS });
  await setAlertChannel(database.url, ahead.id, { channel: 'email', kinds: ['arrival', 'shipment', 'forecast'] });
  // Shipments the scenario needs (besides the world's own orders): each leaves before its day's 11:15 extract.
  const [blantons, weller] = sim.world.data.allocated.map((p) => p.plu);
  const ship = (boardId: number, plu: string, ymd: string, hour: number, units: number) =>
    sim.world.scheduleShipment({ plu, boardId, at: nyTimeToUtc(ymd, hour, 0), units });
  for (const boardId of BOARDS) expect(ship(boardId, blantons, D0, 14, 6).extractDay).toBe(D1);
  expect(ship(BOONE, weller, D3, 9, 12).extractDay).toBe(D3);
  ship(MECKLENBURG, weller, D3, 9, 24);
  ship(BOONE, blantons, D5, 9, 6);
  ship(MECKLENBURG, blantons, D5, 9, 18);
  ship(MECKLENBURG, weller, D6, 9, 6);
}, 120_000);

afterAll(async () => {
  await stop?.();
  await mail?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

/** The scraper reads the shipments extract at that New York time. */
async function readAt(ymd: string, hour = 11, minute = 30) {
  sim.world.setTime(nyTimeToUtc(ymd, hour, minute));
  return (await runCycle({ now: sim.world.now(), sources: ['shipments'] })).runs[0].outcome;
}

/** Each board's status and note of a day, as the reports say it at `now`. */
async function day(ymd: string, now: Date) {
  const out: Record<number, { status: DayStatus; note: string | null }> = {};
  for (const boardId of BOARDS) {
    const [d] = await rangeDayNotes(ymd, ymd, now, boardId);
    out[boardId] = { status: d.status, note: d.note };
  }
  return out;
}

/** The statuses a day may read, per board, given what the simulator published. */
const WORDS_FOR = { published: ['baseline', 'complete', 'spans'], withheld: ['truncated'], unpublished: ['missing', 'late', 'pending'] } as const;
async function expectStatusesAgreeWithTruth(ymd: string, now: Date) {
  const said = await day(ymd, now);
  for (const boardId of BOARDS) expect(WORDS_FOR[publication(sim.world, ymd, boardId)], `board ${boardId} on ${ymd}`).toContain(said[boardId].status);
}

const datedOn = (ymd: string, boardIds = BOARDS) => datedShipments(database.url, boardIds, ymd);
const mails = () => readMailbox(mailDir).filter((m) => m.to.includes(hunter.email.toLowerCase()));

/**
 * The hunter's alerts against the data: every shipments row of a watched product (the default types, and new
 * releases) to Boone or Mecklenburg is alerted exactly once, and nothing else is.
 */
async function expectEachWatchedShipmentAlertedOnce() {
  const watched = await q<{ id: string }>(
    `SELECT sh.id::text FROM shipments sh JOIN products p ON p.plu = sh.plu
      WHERE sh.board_id = ANY($1::int[]) AND p.listing_type IN ('Allocation', 'Limited', 'Barrel', 'Unknown') ORDER BY sh.id`,
    [[BOONE, MECKLENBURG]],
  );
  const alerted = await q<{ id: string }>(`SELECT shipment_id::text AS id FROM alert_log WHERE user_id = $1 AND shipment_id IS NOT NULL ORDER BY shipment_id`, [hunter.id]);
  expect(alerted).toEqual(watched);
  expect(await q(`SELECT 1 FROM ${EMAIL_ALERTS} WHERE user_id = $1 AND status <> 'sent'`, [hunter.id])).toEqual([]);
}

/** The line one pair's shipment reads in the e-mail, up to its units. */
async function alertLine(plu: string, boardId: number, ymd: string, span = '') {
  // Boone's one store is named by its street: its address alone names it.
  const [row] = await q<{ units: number; address: string; stores: number }>(
    `SELECT sh.units, s.address, (SELECT count(*)::int FROM stores WHERE board_id = sh.board_id) AS stores
       FROM shipments sh LEFT JOIN stores s ON s.board_id = sh.board_id AND sh.board_id = ${BOONE}
      WHERE sh.plu = $1 AND sh.board_id = $2 AND sh.ship_date = $3::date`,
    [plu, boardId, ymd],
  );
  const date = `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}${span}`;
  return boardId === BOONE
    ? new RegExp(`• Shipped to this store's board on ${escapeRe(date)}: ${escapeRe(row.address)} \\(Boone's only store\\) — \\d+ cases? \\(${row.units} bottles?\\)\\. Not yet seen on a shelf\\.`)
    : new RegExp(`• Shipped to Mecklenburg County on ${escapeRe(date)} — \\d+ cases? \\(${row.units} bottles?\\) for one of its ${row.stores} stores; the state does not say which\\.`);
}
const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const truth = (from: string, to = from, boardIds = BOARDS) => shippedTruth(sim.world, boardIds, from, to);
const q = <T>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);

describe('shipments extract scenarios: one-store, many-store and shelf boards against the simulator', () => {
  it('d0 is the baseline: nothing dated, the day says so', async () => {
    expect(await readAt(D0)).toMatchObject({ status: 'ok', details: expect.objectContaining({ baseline: true }) });
    expect(await datedOn(D0)).toEqual({});
    expect(Object.values(await day(D0, nyTimeToUtc(D0, 13)))).toEqual(BOARDS.map(() => ({ status: 'baseline', note: null })));
    await expectStatusesAgreeWithTruth(D0, nyTimeToUtc(D0, 13));
    expect(mails()).toEqual([]);
  });

  it('d1: a shipment to each board, dated exactly as shipped, every pair', async () => {
    expect(await readAt(D1)).toMatchObject({ status: 'ok' });
    const dated = await datedOn(D1);
    for (const boardId of BOARDS) expect(Object.keys(dated).some((k) => k.endsWith(`|${boardId}`)), `a shipment to ${boardId}`).toBe(true);
    expect(dated).toEqual(truth(D1));
    await expectStatusesAgreeWithTruth(D1, nyTimeToUtc(D1, 13));

    // One e-mail: Boone's line names its store, Mecklenburg's only the board; nothing for Durham's shipment.
    const [blantons] = sim.world.data.allocated;
    expect(mails()).toHaveLength(1);
    const [alert] = mails();
    expect(alert.text).toMatch(await alertLine(blantons.plu, BOONE, D1));
    expect(alert.text).toMatch(await alertLine(blantons.plu, MECKLENBURG, D1));
    expect(alert.text).not.toContain('Durham');
    await expectEachWatchedShipmentAlertedOnce();

    // The runner forecast the shipments before collecting their alerts: a hunter who chose "on its way" gets one
    // e-mail saying each shipment with where and when (Durham's too: a shelf board is forecast), never the shipment
    // alerts besides.
    const toAhead = readMailbox(mailDir).filter((m) => m.to.includes(ahead.email.toLowerCase()));
    expect(toAhead).toHaveLength(1);
    for (const board of ['Boone', 'Mecklenburg County', 'Durham County']) {
      expect(toAhead[0].text).toContain(`On its way: ${blantons.name} shipped to ${board} (`);
    }
    expect(toAhead[0].text).not.toMatch(/Shipped to this store's board|Shipped to Mecklenburg County/);
    // Every alert is logged; the shipment alerts the forecast ones stand for have no e-mail delivery, so only those went.
    expect(await q(`SELECT DISTINCT (incoming_id IS NOT NULL) AS forecast FROM alert_log WHERE user_id = $1 ORDER BY 1`, [ahead.id])).toEqual([
      { forecast: false },
      { forecast: true },
    ]);
    expect(await q(`SELECT DISTINCT (incoming_id IS NOT NULL) AS forecast, status::text FROM ${EMAIL_ALERTS} WHERE user_id = $1 ORDER BY 1`, [ahead.id])).toEqual([
      { forecast: true, status: 'sent' },
    ]);

    // A second cycle the same day (the same extract again) sends nothing.
    expect(await readAt(D1, 12, 30)).toMatchObject({ status: 'ok', details: expect.objectContaining({ skipped: true }) });
    expect(mails()).toHaveLength(1);
  });

  it('d2: a day nothing shipped to them is complete — known to be nothing, not unknown', async () => {
    expect(await readAt(D2)).toMatchObject({ status: 'ok' });
    expect(truth(D2)).toEqual({});
    expect(await datedOn(D2)).toEqual({});
    expect(Object.values(await day(D2, nyTimeToUtc(D2, 13)))).toEqual(BOARDS.map(() => ({ status: 'complete', note: null })));
    expect(mails()).toHaveLength(1);
  });

  it('d3: the extract never comes (stale): late after 12:30, missing the next day; d4 dates d3 and d4 together', async () => {
    sim.setFault(EXTRACT, 'stale-extract');
    expect(await readAt(D3)).toMatchObject({ status: 'ok', details: expect.objectContaining({ skipped: true }) });
    expect((await day(D3, nyTimeToUtc(D3, 12, 29)))[BOONE].status).toBe('pending');
    expect(await day(D3, nyTimeToUtc(D3, 12, 30))).toMatchObject({ [BOONE]: { status: 'late' }, [MECKLENBURG]: { status: 'late' }, [DURHAM]: { status: 'late' } });
    expect((await day(D3, nyTimeToUtc(D4, 9)))[MECKLENBURG]).toEqual({
      status: 'missing',
      note: 'No shipment report for 11/16 — shipments that day will show up with the next report.',
    });
    await expectStatusesAgreeWithTruth(D3, nyTimeToUtc(D4, 9));
    sim.setFault('*', 'none');

    expect(await readAt(D4)).toMatchObject({ status: 'ok', details: expect.objectContaining({ coversFrom: D3 }) });
    expect(await datedOn(D3)).toEqual({});
    const dated = await datedOn(D4);
    expect(dated).toEqual(truth(D3, D4));
    expect(dated[`${sim.world.data.allocated[1].plu}|${BOONE}`]).toBeGreaterThanOrEqual(12);
    const [row] = await q<{ covers_from: string }>(`SELECT to_char(covers_from, 'YYYY-MM-DD') AS covers_from FROM shipment_days WHERE ship_date = $1`, [D4]);
    expect(row.covers_from).toBe(D3);
    expect((await day(D3, nyTimeToUtc(D4, 13)))[BOONE].note).toBe('No shipment report for 11/16 — shipments that day are counted on 11/17.');
    expect((await day(D4, nyTimeToUtc(D4, 13)))[BOONE].status).toBe('spans');

    // One e-mail for d3 and d4 together, each line saying which days it counts and why.
    expect(mails()).toHaveLength(2);
    const alert = mails()[1];
    const weller = sim.world.data.allocated[1].plu;
    const span = ' (between 11/16/2026 and 11/17/2026: the report for 11/16/2026 was missing)';
    expect(alert.text).toMatch(await alertLine(weller, BOONE, D4, span));
    expect(alert.text).toMatch(await alertLine(weller, MECKLENBURG, D4, span));
    await expectEachWatchedShipmentAlertedOnce();
  });

  it('d5: a cut-off extract is a failed run that writes nothing and says so; one without Mecklenburg keeps its totals', async () => {
    const totalsBefore = await boardTotals(database.url, MECKLENBURG);
    sim.setFault(EXTRACT, 'truncated-json');
    expect(await readAt(D5)).toMatchObject({ status: 'failed' });
    const failedAt = '11/18/2026 11:30 AM';
    expect(await datedOn(D5)).toEqual({});
    expect(await q(`SELECT 1 FROM shipment_days WHERE ship_date = $1`, [D5])).toEqual([]);
    expect((await day(D5, nyTimeToUtc(D6, 9)))[BOONE]).toEqual({
      status: 'missing',
      note: `No shipment report for 11/18 — shipments that day will show up with the next report. The state's shipment report could not be read since ${failedAt}.`,
    });
    expect((await day(D5, nyTimeToUtc(D5, 13)))[DURHAM].note).toContain(`could not be read since ${failedAt}.`);

    sim.setFault(EXTRACT, 'drop-boards', undefined, undefined, { boardIds: [MECKLENBURG] });
    expect(await readAt(D5, 13)).toMatchObject({ status: 'partial' });
    sim.setFault('*', 'none');
    const [d5] = await q<{ status: string; missing_board_ids: number[] }>(`SELECT status, missing_board_ids FROM shipment_days WHERE ship_date = $1`, [D5]);
    expect(d5).toEqual({ status: 'truncated', missing_board_ids: [MECKLENBURG] });
    expect(await boardTotals(database.url, MECKLENBURG)).toEqual(totalsBefore);
    expect(await datedOn(D5, [MECKLENBURG])).toEqual({});
    const boone = await datedOn(D5, [BOONE, DURHAM]);
    expect(Object.keys(boone).some((k) => k.endsWith(`|${BOONE}`))).toBe(true);
    expect(boone).toEqual(truth(D5, D5, [BOONE, DURHAM]));
    const now = nyTimeToUtc(D5, 14);
    expect(await day(D5, now)).toMatchObject({ [BOONE]: { status: 'complete', note: null }, [MECKLENBURG]: { status: 'truncated' }, [DURHAM]: { status: 'complete' } });
    await expectStatusesAgreeWithTruth(D5, now);

    // The failed read sent nothing; the truncated one alerts Boone's shipment only.
    expect(mails()).toHaveLength(3);
    expect(mails()[2].text).toMatch(await alertLine(sim.world.data.allocated[0].plu, BOONE, D5));
    expect(mails()[2].text).not.toContain('Mecklenburg County');
    await expectEachWatchedShipmentAlertedOnce();
  });

  it('d6: a whole extract dates Mecklenburg’s d5 and d6 shipments on d6 — no phantom 16-day totals', async () => {
    expect(await readAt(D6)).toMatchObject({ status: 'ok' });
    const dated = await datedOn(D6);
    expect(dated).toEqual({ ...truth(D6, D6, [BOONE, DURHAM]), ...truth(D5, D6, [MECKLENBURG]) });
    expect(dated[`${sim.world.data.allocated[0].plu}|${MECKLENBURG}`]).toBeGreaterThanOrEqual(18);
    // Over the whole scenario, every board's dated shipments add up to what was shipped after the baseline.
    const all = await q<{ key: string; units: number }>(
      `SELECT plu || '|' || board_id AS key, sum(units)::int AS units FROM shipments WHERE board_id = ANY($1::int[]) GROUP BY 1`,
      [BOARDS],
    );
    expect(Object.fromEntries(all.map((r) => [r.key, r.units]))).toEqual(truth(D1, D6));
    expect((await day(D5, nyTimeToUtc(D6, 13)))[MECKLENBURG].note).toBe("The report for 11/18 was incomplete: this board's shipments are counted on 11/19.");

    // Mecklenburg's kept totals, counted on d6, alert once, saying so; Boone's d5 shipment is not alerted again.
    expect(mails()).toHaveLength(4);
    const alert = mails()[3];
    const [blantons, weller] = sim.world.data.allocated.map((p) => p.plu);
    const span = ' (between 11/18/2026 and 11/19/2026: the report for 11/18/2026 was incomplete)';
    expect(alert.text).toMatch(await alertLine(blantons, MECKLENBURG, D6, span));
    expect(alert.text).toMatch(await alertLine(weller, MECKLENBURG, D6, span));
    expect(alert.text).not.toContain('on 11/18/2026:');
    await expectEachWatchedShipmentAlertedOnce();
  });

  it('d7: an extract without 65% of its records is refused whole: nothing dated, totals kept, the day truncated for every board', async () => {
    const totalsBefore = await q(`SELECT plu, board_id, units FROM shipment_totals ORDER BY plu, board_id`);
    sim.setFault(EXTRACT, 'drop-records', undefined, undefined, { percent: 65 });
    const outcome = await readAt(D7);
    sim.setFault('*', 'none');
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(/^shipments extract: the extract of 11\/20\/2026 lists [\d,]+ product-board totals, 4\d% of the previous [\d,]+: treated as incomplete, nothing written$/) });
    expect(await datedOn(D7)).toEqual({});
    expect(await q(`SELECT plu, board_id, units FROM shipment_totals ORDER BY plu, board_id`)).toEqual(totalsBefore);
    expect(Object.values(await day(D7, nyTimeToUtc(D7, 13))).map((d) => d.status)).toEqual(['truncated', 'truncated', 'truncated']);
    expect(mails()).toHaveLength(4);
    await expectEachWatchedShipmentAlertedOnce();
  });
});
