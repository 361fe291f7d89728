import { mkdtempSync, rmSync } from 'node:fs';
import { EMAIL_ALERTS } from '@/testing/alerts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { env } from '../env.ts';
import { insertArrival, insertShipment, setAlertSettings, startControlledMailServer } from '../../testing/alerts.ts';
import { newUser, query as q, withTestDatabase, type TestUser } from '../../testing/harness.ts';
import { readMailbox, type ReceivedMail } from '../../testing/mail-server.ts';
import { nyTimeToUtc } from '../time.ts';
import { processArrivalAlerts } from './process.ts';
import { REPORT_GAPS_HEADING } from '../reports-client/precision.ts';
import { moreArrivalsLine } from './words.ts';

// Shipment alerts (docs/decisions/023-shipment-alerts.md): shipments rows to boards whose shelves are not read,
// collected after the shelf arrivals in the same step, e-mailed through nodemailer to a real SMTP server.
// Boone (43) has one store, Mecklenburg County (53) has 31, Durham (78) is a shelf board.

const BOONE = 43;
const MECKLENBURG = 53;
const DURHAM = 78;
const WAKE = 179;
/** Boone's one store, named by its street in the reference data. */
const BOONE_STORE = '2067 Blowing Rock Rd, Boone, NC 28607';

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-ship-alerts-mail-'));
const mail = await startControlledMailServer(mailDir);
process.env.SMTP_URL = `smtp://127.0.0.1:${mail.port}`;
withTestDatabase('reference', 'shipalerts');

const mailsTo = (user: TestUser): ReceivedMail[] => readMailbox(mailDir).filter((m) => m.to.includes(user.email.toLowerCase()));
const url = () => process.env.DATABASE_URL!;
const at = (ymd: string, h: number, m = 0) => nyTimeToUtc(ymd, h, m);
const alertsOf = (user: TestUser) =>
  q<{ shipment_id: string | null; history_id: string | null; status: string }>(
    `SELECT shipment_id::text, history_id::text, status::text FROM ${EMAIL_ALERTS} WHERE user_id = $1 ORDER BY id`,
    [user.id],
  );

let products: { plu: string; name: string }[];
let booneStore: { id: number; nickname: string; address: string };
let mecklenburgStores: number;
let wakeStore: number;

beforeAll(async () => {
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
  // Allocated products of six bottles a case, so 12 bottles read "2 cases (12 bottles)".
  products = await q(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' AND bottles_per_case = 6 ORDER BY plu LIMIT 30`);
  expect(products.length).toBe(30);
  [booneStore] = await q(`SELECT id, nickname, address FROM stores WHERE board_id = $1`, [BOONE]);
  expect(booneStore.address).toBe(BOONE_STORE);
  [{ n: mecklenburgStores }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM stores WHERE board_id = $1`, [MECKLENBURG]);
  [{ id: wakeStore }] = await q<{ id: number }>(`SELECT id FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 1`, [WAKE]);
  expect(mecklenburgStores).toBeGreaterThan(1);
});

afterAll(async () => {
  await mail.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

// Each test's users are its own: the ones before are done.
beforeEach(async () => {
  await q('UPDATE alert_channels SET enabled = false');
});

describe('shipment alerts', () => {
  it('starts at the lookback (no flood of earlier shipments), names a one-store board\'s store and never a store of a board with several', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [WAKE, BOONE, MECKLENBURG] });
    // Dated before the first collection's lookback: already in the database when alerts first look.
    await insertShipment(url(), { plu: products[0].plu, boardId: BOONE, shipDate: '2026-11-02', units: 6 });
    await insertShipment(url(), { plu: products[1].plu, boardId: BOONE, shipDate: '2026-11-20', units: 12 });
    await insertShipment(url(), { plu: products[1].plu, boardId: MECKLENBURG, shipDate: '2026-11-20', units: 12 });
    await processArrivalAlerts({ checkedAt: at('2026-11-20', 11, 30) });

    const got = mailsTo(user);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`Shipped: ${products[1].name} to 2 places`);
    expect(got[0].text).not.toContain(products[0].name);
    expect(got[0].text).toContain(
      `  • Shipped to this store's board on 11/20/2026: ${BOONE_STORE} (Boone's only store) — 2 cases (12 bottles). Not yet seen on a shelf.`,
    );
    expect(got[0].text).toContain(`/stores/${booneStore.id}`);
    expect(got[0].text).toContain(
      `  • Shipped to Mecklenburg County on 11/20/2026 — 2 cases (12 bottles) for one of its ${mecklenburgStores} stores; the state does not say which.`,
    );
    expect(got[0].text).toContain('/todays-arrivals?board=53&date=2026-11-20');
    expect(got[0].text).not.toMatch(/On the shelf|arrived on store shelves/);
    expect(got[0].html).toMatch(/href="http:\/\/localhost:3000\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}"/);
  });

  it('gives a shelf board no shipment alerts: its shelves alert, as before', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [DURHAM, BOONE] });
    const durham = await insertShipment(url(), { plu: products[2].plu, boardId: DURHAM, shipDate: '2026-11-21', units: 24 });
    await insertShipment(url(), { plu: products[3].plu, boardId: BOONE, shipDate: '2026-11-21', units: 6 });
    await processArrivalAlerts({ checkedAt: at('2026-11-21', 11, 30) });
    const got = mailsTo(user);
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain(products[3].name);
    expect(got[0].text).not.toContain(products[2].name);
    expect(await q('SELECT 1 FROM alert_log WHERE shipment_id = $1', [durham])).toEqual([]);
  });

  it("narrows to a one-store board's store, and alerts at least the minimum bottles shipped", async () => {
    const onlyBoone = await newUser();
    const onlyWake = await newUser();
    const twelve = await newUser();
    await setAlertSettings(url(), onlyBoone.id, { board_ids: [WAKE, BOONE], store_ids: [booneStore.id] });
    await setAlertSettings(url(), onlyWake.id, { board_ids: [WAKE, BOONE], store_ids: [wakeStore] });
    await setAlertSettings(url(), twelve.id, { board_ids: [BOONE], min_quantity: 12 });
    await insertShipment(url(), { plu: products[4].plu, boardId: BOONE, shipDate: '2026-11-22', units: 6 });
    await insertShipment(url(), { plu: products[5].plu, boardId: BOONE, shipDate: '2026-11-22', units: 12 });
    await processArrivalAlerts({ checkedAt: at('2026-11-22', 11, 30) });
    expect(mailsTo(onlyBoone)).toHaveLength(1);
    expect(mailsTo(onlyWake)).toHaveLength(0);
    const [toTwelve] = mailsTo(twelve);
    expect(toTwelve.text).toContain(products[5].name);
    expect(toTwelve.text).not.toContain(products[4].name);
  });

  it('alerts a shipments row once: not on the next run, nor when a later extract adds units to it', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [MECKLENBURG] });
    const first = await insertShipment(url(), { plu: products[6].plu, boardId: MECKLENBURG, shipDate: '2026-11-23', units: 6 });
    await processArrivalAlerts({ checkedAt: at('2026-11-23', 11, 30) });
    expect(mailsTo(user)).toHaveLength(1);
    await processArrivalAlerts({ checkedAt: at('2026-11-23', 11, 45) });
    // The day's second extract: the same row, more units.
    expect(await insertShipment(url(), { plu: products[6].plu, boardId: MECKLENBURG, shipDate: '2026-11-23', units: 6 })).toBe(first);
    await processArrivalAlerts({ checkedAt: at('2026-11-23', 14, 30) });
    expect(mailsTo(user)).toHaveLength(1);
    expect(await alertsOf(user)).toEqual([{ shipment_id: String(first), history_id: null, status: 'sent' }]);
  });

  it('sends nothing to users who are pending, disabled, or turned alerts off', async () => {
    const pending = await newUser({ status: 'pending' });
    const disabled = await newUser({ status: 'disabled' });
    const off = await newUser();
    for (const user of [pending, disabled]) await setAlertSettings(url(), user.id, { board_ids: [BOONE] });
    await setAlertSettings(url(), off.id, { board_ids: [BOONE], enabled: false });
    await insertShipment(url(), { plu: products[7].plu, boardId: BOONE, shipDate: '2026-11-24', units: 6 });
    await processArrivalAlerts({ checkedAt: at('2026-11-24', 11, 30) });
    for (const user of [pending, disabled, off]) {
      expect(mailsTo(user)).toHaveLength(0);
      expect(await alertsOf(user)).toEqual([]);
    }
  });

  it('counts shelf arrivals and shipments against one daily cap, and the next e-mail says how many more', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [WAKE, BOONE], store_ids: [wakeStore, booneStore.id] });
    const policy = { dailyCap: 2 };
    const run = (when: Date) => processArrivalAlerts({ checkedAt: when, policy });
    await insertArrival(url(), { storeId: wakeStore, plu: products[8].plu, at: at('2026-11-25', 10, 0), quantity: 2 });
    await run(at('2026-11-25', 10, 0));
    await insertShipment(url(), { plu: products[9].plu, boardId: BOONE, shipDate: '2026-11-25', units: 6 });
    await run(at('2026-11-25', 11, 30));
    // Over the cap: a shipment and an arrival held back.
    await insertShipment(url(), { plu: products[10].plu, boardId: BOONE, shipDate: '2026-11-25', units: 6 });
    await insertArrival(url(), { storeId: wakeStore, plu: products[11].plu, at: at('2026-11-25', 13, 0), quantity: 2 });
    await run(at('2026-11-25', 13, 0));
    let got = mailsTo(user);
    expect(got).toHaveLength(2);
    expect(got[0].text).toContain(products[8].name);
    expect(got[1].text).toContain(products[9].name);
    expect(got[1].text).toContain('This is your last alert e-mail today (limit 2 a day)');
    expect((await alertsOf(user)).filter((a) => a.status === 'suppressed').map((a) => (a.shipment_id ? 'shipment' : 'shelf')).sort()).toEqual(['shelf', 'shipment']);

    await insertShipment(url(), { plu: products[12].plu, boardId: BOONE, shipDate: '2026-11-26', units: 6 });
    await run(at('2026-11-26', 11, 30)); // the next New York day
    got = mailsTo(user);
    expect(got).toHaveLength(3);
    expect(got[2].text).toContain(products[12].name);
    expect(got[2].text).toContain(moreArrivalsLine(2));
  });

  it('puts shelf arrivals and shipments in one digest, at its hour', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [WAKE, MECKLENBURG], store_ids: [], mode: 'digest', digest_hour: 17, last_digest_at: at('2026-11-26', 17, 0) });
    await insertArrival(url(), { storeId: wakeStore, plu: products[13].plu, at: at('2026-11-27', 10, 0), quantity: 3 });
    await processArrivalAlerts({ checkedAt: at('2026-11-27', 10, 0) });
    await insertShipment(url(), { plu: products[14].plu, boardId: MECKLENBURG, shipDate: '2026-11-27', units: 12 });
    await processArrivalAlerts({ checkedAt: at('2026-11-27', 11, 30) });
    expect(mailsTo(user)).toHaveLength(0);
    expect((await alertsOf(user)).map((a) => a.status)).toEqual(['digest_pending', 'digest_pending']);

    await processArrivalAlerts({ checkedAt: at('2026-11-27', 17, 5) });
    const got = mailsTo(user);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe('Your daily arrivals digest: 2 watched products at 2 places');
    expect(got[0].text).toContain(`${products[13].name} (PLU ${products[13].plu})`);
    expect(got[0].text).toContain(`Shipped to Mecklenburg County on 11/27/2026 — 2 cases (12 bottles) for one of its ${mecklenburgStores} stores`);
    expect(got[0].text).toContain('Here is what arrived on store shelves or was shipped to your boards from your watchlist since your last digest:');
    await processArrivalAlerts({ checkedAt: at('2026-11-27', 17, 20) });
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('says which days a shipment also counts when the report of the day before was missing, or incomplete for its board', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [BOONE, MECKLENBURG] });
    // 11/28 whole, 11/29 no report, 11/30 counts 11/29 and 11/30; 12/01 without Mecklenburg, 12/02 whole.
    const day = (date: string, coversFrom: string, status: string, missing: number[] = []) =>
      q(
        `INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
         VALUES ($1::date, $2::date, $3::"ShipmentDayStatus", true, now(), now(), 1000, $4::int[])`,
        [date, coversFrom, status, missing],
      );
    await day('2026-11-28', '2026-11-28', 'complete');
    await day('2026-11-30', '2026-11-29', 'complete');
    await day('2026-12-01', '2026-12-01', 'truncated', [MECKLENBURG]);
    await day('2026-12-02', '2026-12-02', 'complete');
    await insertShipment(url(), { plu: products[15].plu, boardId: BOONE, shipDate: '2026-11-30', units: 6 });
    await insertShipment(url(), { plu: products[16].plu, boardId: MECKLENBURG, shipDate: '2026-12-02', units: 6 });
    await insertShipment(url(), { plu: products[17].plu, boardId: BOONE, shipDate: '2026-12-02', units: 6 });
    await processArrivalAlerts({ checkedAt: at('2026-12-02', 11, 30) });
    const [got] = mailsTo(user);
    expect(got.text).toContain(`Shipped to this store's board on 11/30/2026 (between 11/29/2026 and 11/30/2026: the report for 11/29/2026 was missing): ${BOONE_STORE} (Boone's only store)`);
    expect(got.text).toContain('Shipped to Mecklenburg County on 12/02/2026 (between 12/01/2026 and 12/02/2026: the report for 12/01/2026 was incomplete) — 1 case (6 bottles)');
    // Boone was in 12/01's report: its 12/02 shipment is that day's alone.
    expect(got.text).toContain(`Shipped to this store's board on 12/02/2026: ${BOONE_STORE} (Boone's only store)`);
  });
  it("lists in the digest each day since the last one whose report was missing, late or incomplete for a chosen board, and sends none for those days alone", async () => {
    // 1/03 and 1/04 whole, 1/05 no report (counted on 1/06), 1/07 without Mecklenburg, 1/08 none by 17:05.
    const day = (date: string, coversFrom: string, status: string, missing: number[] = []) =>
      q(
        `INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
         VALUES ($1::date, $2::date, $3::"ShipmentDayStatus", true, now(), now(), 1000, $4::int[])`,
        [date, coversFrom, status, missing],
      );
    await day('2027-01-03', '2027-01-03', 'complete');
    await day('2027-01-04', '2027-01-04', 'complete');
    await day('2027-01-06', '2027-01-05', 'complete');
    await day('2027-01-07', '2027-01-07', 'truncated', [MECKLENBURG]);
    const digest = { mode: 'digest' as const, digest_hour: 17, last_digest_at: at('2027-01-04', 17, 0) };
    const user = await newUser();
    const quiet = await newUser();
    // Durham's shelves are read: no report lines for it.
    await setAlertSettings(url(), user.id, { board_ids: [DURHAM, BOONE, MECKLENBURG], ...digest });
    await setAlertSettings(url(), quiet.id, { board_ids: [BOONE], min_quantity: 12, ...digest });
    await insertShipment(url(), { plu: products[18].plu, boardId: BOONE, shipDate: '2027-01-07', units: 6 });
    await processArrivalAlerts({ checkedAt: at('2027-01-08', 17, 5) });

    let got = mailsTo(user);
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain(products[18].name);
    expect(got[0].text).toContain(
      [
        REPORT_GAPS_HEADING,
        '  • Boone: The shipment report for 1/8 is late — shipments that day will show up when it comes.',
        '  • Mecklenburg County: The shipment report for 1/8 is late — shipments that day will show up when it comes.',
        "  • Mecklenburg County: The report for 1/7 was incomplete: this board's shipments will show up with the next complete report.",
        '  • Boone: No shipment report for 1/5 — shipments that day are counted on 1/6.',
        '  • Mecklenburg County: No shipment report for 1/5 — shipments that day are counted on 1/6.',
      ].join('\n'),
    );
    expect(got[0].text).not.toMatch(/Durham: |for 1\/4|for 1\/3/);
    expect(got[0].html).toContain('<li style="margin:0 0 6px">Boone: No shipment report for 1/5 — shipments that day are counted on 1/6.</li>');
    // Nothing watched for the quiet user: no e-mail for the report's days alone.
    expect(mailsTo(quiet)).toHaveLength(0);

    // The next day: 1/08 never came (counted on 1/09). Only days since the last digest are listed again.
    await day('2027-01-09', '2027-01-08', 'complete');
    await insertShipment(url(), { plu: products[19].plu, boardId: BOONE, shipDate: '2027-01-09', units: 12 });
    await processArrivalAlerts({ checkedAt: at('2027-01-09', 17, 5) });
    got = mailsTo(user);
    expect(got).toHaveLength(2);
    expect(got[1].text).toContain(
      [
        REPORT_GAPS_HEADING,
        '  • Boone: No shipment report for 1/8 — shipments that day are counted on 1/9.',
        '  • Mecklenburg County: No shipment report for 1/8 — shipments that day are counted on 1/9.',
      ].join('\n') + '\n\n',
    );
    // The quiet user's first digest since 1/04 carries that week's days for its board.
    const [toQuiet] = mailsTo(quiet);
    expect(toQuiet.text).toContain(products[19].name);
    expect(toQuiet.text).toContain(
      [
        REPORT_GAPS_HEADING,
        '  • Boone: No shipment report for 1/8 — shipments that day are counted on 1/9.',
        '  • Boone: No shipment report for 1/5 — shipments that day are counted on 1/6.',
      ].join('\n') + '\n\n',
    );
  });
});
