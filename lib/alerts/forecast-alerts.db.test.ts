import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { env } from '../env.ts';
import { insertArrival, insertShelfForecast, insertShipment, setAlertChannel, setAlertSettings, startControlledMailServer, startWebhookChannel } from '../../testing/alerts.ts';
import { newUser, query as q, withTestDatabase, type TestUser } from '../../testing/harness.ts';
import { readMailbox, type ReceivedMail } from '../../testing/mail-server.ts';
import { forecastNewShipments } from '../forecast/forecast.ts';
import { nyTimeToUtc } from '../time.ts';
import { processArrivalAlerts } from './process.ts';
import type { AlertSettingsDto } from './rules.ts';

// "On its way" alerts (docs/decisions/028-on-its-way-alerts.md): a shipment of a watched product to a chosen
// board, forecast by the real forecastNewShipments (a one-store board, a board of several stores) or with named
// stores written as the forecast of a shelf board would be, collected by the real alert step and e-mailed through
// nodemailer to a real SMTP server. Opt-in per channel; one per (user, incoming); never a second alert for the
// shipment it stands for. The arrival alert says whether a forecast named it.

const BOONE = 43;
const MECKLENBURG = 53;
const WAKE = 179;
const ALL_KINDS = ['arrival', 'shipment', 'forecast'] as const;

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-forecast-alerts-mail-'));
const mail = await startControlledMailServer(mailDir);
process.env.SMTP_URL = `smtp://127.0.0.1:${mail.port}`;
withTestDatabase('reference', 'forecastalerts');

const mailsTo = (user: TestUser): ReceivedMail[] => readMailbox(mailDir).filter((m) => m.to.includes(user.email.toLowerCase()));
const url = () => process.env.DATABASE_URL!;
const at = (ymd: string, h: number, m = 0) => nyTimeToUtc(ymd, h, m);
/** The user's alerts, each with its e-mail delivery's status ('none': e-mail does not take it, nothing is sent). */
const kindsOf = (user: TestUser) =>
  q<{ kind: string; status: string }>(
    `SELECT (CASE WHEN l.incoming_id IS NOT NULL THEN 'forecast' WHEN l.shipment_id IS NOT NULL THEN 'shipment' ELSE 'arrival' END) AS kind,
            COALESCE(d.status::text, 'none') AS status
       FROM alert_log l LEFT JOIN alert_deliveries d ON d.alert_id = l.id AND d.channel = 'email'
      WHERE l.user_id = $1 ORDER BY l.id`,
    [user.id],
  );

/** The shipments run and what the runner does right after it: forecast, then collect and deliver. */
async function shipmentsRun(now: Date): Promise<void> {
  await forecastNewShipments(now);
  await processArrivalAlerts({ checkedAt: now });
}

let products: { plu: string; name: string }[];
let premium: { plu: string; name: string };
let booneStore: { id: number; nickname: string };
let mecklenburgStores: number;
let wake: { id: number; nickname: string }[];

beforeAll(async () => {
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
  products = await q(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' AND bottles_per_case = 6 AND name !~ '[&<>"]' ORDER BY plu LIMIT 30`);
  expect(products.length).toBe(30);
  [premium] = await q(`SELECT plu, name FROM products WHERE listing_type = 'Listed' AND retail_price >= 100 ORDER BY plu LIMIT 1`);
  [booneStore] = await q(`SELECT id, nickname FROM stores WHERE board_id = $1`, [BOONE]);
  [{ n: mecklenburgStores }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM stores WHERE board_id = $1`, [MECKLENBURG]);
  wake = await q(`SELECT id, nickname FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 3`, [WAKE]);
});

afterAll(async () => {
  await mail.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

// Each test's users are its own: the ones before are done.
beforeEach(async () => {
  await q('UPDATE alert_channels SET enabled = false');
});

describe('on its way alerts', () => {
  it('are opt-in, start at the lookback, name a one-store board\'s store and a board\'s window, and stand for the shipment alert', async () => {
    // Forecast before alerts ever collected, dated before the first collection's lookback: not news.
    await insertShipment(url(), { plu: products[0].plu, boardId: BOONE, shipDate: '2026-11-02', units: 6 });
    await forecastNewShipments(at('2026-11-02', 11, 20));

    const optedIn = await newUser();
    const notOptedIn = await newUser();
    await setAlertSettings(url(), optedIn.id, { board_ids: [BOONE, MECKLENBURG] });
    await setAlertChannel(url(), optedIn.id, { channel: 'email', kinds: [...ALL_KINDS] });
    await setAlertSettings(url(), notOptedIn.id, { board_ids: [BOONE, MECKLENBURG] });
    await insertShipment(url(), { plu: products[1].plu, boardId: BOONE, shipDate: '2026-11-20', units: 12 });
    await insertShipment(url(), { plu: products[2].plu, boardId: MECKLENBURG, shipDate: '2026-11-20', units: 6 });
    await shipmentsRun(at('2026-11-20', 11, 30));

    const [got, ...more] = mailsTo(optedIn);
    expect(more).toHaveLength(0);
    expect(got.subject).toBe('2 watched products on their way to 2 places');
    expect(got.text).not.toContain(products[0].name);
    // Issue 37: the state's truck runs on state business days — from Friday 11/20's extract the first is Monday
    // 11/23 and the fifth Tuesday 12/1 (Thanksgiving and the day after are holidays); this said "Sat 11/21 – Tue
    // 11/24", a Saturday truck and the calendar days that missed later trucks. A board's window ends on the seventh
    // state business day, Thursday 12/3 ("Sun 11/29" before issue 37, then "Sat 11/28": E + 9 calendar days).
    expect(got.text).toContain(
      `  • On its way: ${products[1].name} shipped to Boone (12 bottles) on 11/20/2026. Expected at ${booneStore.nickname}, Boone's only store: Mon 11/23 – Tue 12/1`,
    );
    expect(got.text).toContain(
      `  • On its way: ${products[2].name} shipped to Mecklenburg County (6 bottles) on 11/20/2026. The state does not say which of its ${mecklenburgStores} stores; expected on shelves Sat 11/21 – Thu 12/3`,
    );
    expect(got.text).toContain(`${env().APP_URL}/incoming?board=${BOONE}`);
    expect(got.text).toContain(`${env().APP_URL}/incoming?board=${MECKLENBURG}`);
    expect(got.text).toContain('On its way is a forecast');
    // One alert per shipment: the on-its-way alert says the shipment; its shipment alert is logged, never sent.
    expect(got.text).not.toMatch(/Shipped to this store's board|Shipped to Mecklenburg County/);
    expect(await kindsOf(optedIn)).toEqual([
      { kind: 'shipment', status: 'none' },
      { kind: 'shipment', status: 'none' },
      { kind: 'forecast', status: 'sent' },
      { kind: 'forecast', status: 'sent' },
    ]);

    // Not opted in: the shipment alerts, as before, and no on-its-way alert logged at all.
    const [plain, ...plainMore] = mailsTo(notOptedIn);
    expect(plainMore).toHaveLength(0);
    expect(plain.text).toContain("Shipped to this store's board on 11/20/2026");
    expect(plain.text).not.toContain('On its way');
    expect((await kindsOf(notOptedIn)).map((r) => r.kind)).toEqual(['shipment', 'shipment']);

    // Once per (user, incoming): later runs, and forecasting again, add nothing.
    await shipmentsRun(at('2026-11-20', 11, 45));
    expect(mailsTo(optedIn)).toHaveLength(1);
    expect(await kindsOf(optedIn)).toHaveLength(4);
  });

  it('follow the boards, listing types, minimum bottles and stores the user chose; store narrowing applies to the named stores', async () => {
    const wakeUser = await newUser();
    const otherBoard = await newUser();
    const limitedOnly = await newUser();
    const twelveBottles = await newUser();
    const namedStore = await newUser();
    const unnamedStore = await newUser();
    const choices: [TestUser, Partial<AlertSettingsDto>][] = [
      [wakeUser, { board_ids: [WAKE] }],
      [otherBoard, { board_ids: [BOONE] }],
      [limitedOnly, { board_ids: [WAKE], listing_types: ['Limited'] }],
      [twelveBottles, { board_ids: [WAKE], min_quantity: 12 }],
      [namedStore, { board_ids: [WAKE], store_ids: [wake[1].id] }],
      [unnamedStore, { board_ids: [WAKE], store_ids: [wake[2].id] }],
    ];
    for (const [user, settings] of choices) {
      await setAlertSettings(url(), user.id, settings);
      await setAlertChannel(url(), user.id, { channel: 'email', kinds: ['forecast'] });
    }
    const now = at('2026-11-23', 11, 30);
    const shipment = await insertShipment(url(), { plu: products[3].plu, boardId: WAKE, shipDate: '2026-11-23', units: 6 });
    await insertShelfForecast(url(), shipment, now, [
      { storeId: wake[0].id, likelihood: 0.83, named: true, from: '2026-11-24', to: '2026-11-27' },
      { storeId: wake[1].id, likelihood: 0.31, named: true, from: '2026-11-25', to: '2026-11-25' },
      { storeId: wake[2].id, likelihood: 0.12, named: false, from: '2026-11-25', to: '2026-11-26' },
    ]);
    await processArrivalAlerts({ checkedAt: now });

    const [got] = mailsTo(wakeUser);
    expect(got.subject).toBe(`On its way: ${products[3].name} to 1 place`);
    // Named stores by likelihood, in words and numbers, each with its window; an unnamed store is not listed.
    expect(got.text).toContain(
      `On its way: ${products[3].name} shipped to Wake County (6 bottles) on 11/23/2026. ` +
        `Likely at: ${wake[0].nickname} (very likely, 8 in 10) Tue 11/24 – Fri 11/27; ${wake[1].nickname} (possible, 3 in 10) Wed 11/25`,
    );
    expect(got.text).not.toContain(`${wake[2].nickname} (`);
    expect(mailsTo(namedStore)).toHaveLength(1);
    for (const user of [otherBoard, limitedOnly, twelveBottles, unnamedStore]) expect(mailsTo(user), user.email).toHaveLength(0);
    expect(await kindsOf(unnamedStore)).toEqual([]);
  });

  it('on a channel that takes only shipments the shipment alert goes out there, and the on-its-way alert on the channel that takes it', async () => {
    const discord = await startWebhookChannel('discord');
    try {
      const user = await newUser();
      await setAlertSettings(url(), user.id, { board_ids: [BOONE] });
      await setAlertChannel(url(), user.id, { channel: 'email', kinds: ['shipment'] });
      await setAlertChannel(url(), user.id, { channel: 'discord', kinds: ['arrival', 'forecast'] });
      await insertShipment(url(), { plu: products[4].plu, boardId: BOONE, shipDate: '2026-11-24', units: 6 });
      await shipmentsRun(at('2026-11-24', 11, 30));
      const [email, ...more] = mailsTo(user);
      expect(more).toHaveLength(0);
      expect(email.text).toContain("Shipped to this store's board on 11/24/2026");
      expect(email.text).not.toContain('On its way');
      expect(discord.received.filter((m) => m.userId === user.id).map((m) => m.products)).toEqual([[products[4].name]]);
      expect(await q(`SELECT d.status::text FROM alert_deliveries d JOIN alert_log l ON l.id = d.alert_id WHERE d.user_id = $1 AND l.incoming_id IS NOT NULL`, [user.id])).toEqual([
        { status: 'sent' },
      ]);
    } finally {
      await discord.stop();
    }
  });

  it('a shipment alerted before it was forecast (forecasting failed right after the run) is not alerted again as on its way', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [MECKLENBURG] });
    await setAlertChannel(url(), user.id, { channel: 'email', kinds: [...ALL_KINDS] });
    await insertShipment(url(), { plu: products[5].plu, boardId: MECKLENBURG, shipDate: '2026-11-25', units: 6 });
    await processArrivalAlerts({ checkedAt: at('2026-11-25', 11, 30) });
    // The cycle's forecasting step, later.
    await shipmentsRun(at('2026-11-25', 11, 45));
    const [got, ...more] = mailsTo(user);
    expect(more).toHaveLength(0);
    expect(got.text).toContain('Shipped to Mecklenburg County on 11/25/2026');
    expect(await kindsOf(user)).toEqual([{ kind: 'shipment', status: 'sent' }]);
  });

  it('a shipment a second extract the same day raised is forecast again in place, and alerted once', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [BOONE] });
    await setAlertChannel(url(), user.id, { channel: 'email', kinds: [...ALL_KINDS] });
    const shipmentId = await insertShipment(url(), { plu: products[8].plu, boardId: BOONE, shipDate: '2026-11-27', units: 6 });
    await shipmentsRun(at('2026-11-27', 11, 30));
    const [first] = await q<{ id: string; units: number }>(`SELECT id::text, units FROM incoming WHERE shipment_id = $1`, [shipmentId]);
    expect(first.units).toBe(6);

    // The afternoon's extract counts 6 more that day: the same shipments row, now 12 bottles.
    await insertShipment(url(), { plu: products[8].plu, boardId: BOONE, shipDate: '2026-11-27', units: 6 });
    await shipmentsRun(at('2026-11-27', 15, 30));
    const after = await q<{ id: string; units: number; rows: number; named_at: Date; updated_at: Date }>(
      `SELECT i.id::text, i.units, count(f.id)::int AS rows, min(f.named_at) AS named_at, max(f.updated_at) AS updated_at
         FROM incoming i JOIN forecasts f ON f.incoming_id = i.id WHERE i.shipment_id = $1 GROUP BY i.id, i.units`,
      [shipmentId],
    );
    expect(after).toEqual([expect.objectContaining({ id: first.id, units: 12, rows: 1 })]);
    // Still named since the morning (its lead counts from then); changed this afternoon.
    expect(after[0].named_at.toISOString()).toBe(at('2026-11-27', 11, 30).toISOString());
    expect(after[0].updated_at.toISOString()).toBe(at('2026-11-27', 15, 30).toISOString());
    expect(mailsTo(user)).toHaveLength(1);
    expect(await kindsOf(user)).toEqual([
      { kind: 'shipment', status: 'none' },
      { kind: 'forecast', status: 'sent' },
    ]);
  });

  it('wait for the digest and are listed in it as on its way', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [BOONE], mode: 'digest', digest_hour: 17 });
    await setAlertChannel(url(), user.id, { channel: 'email', mode: 'digest', kinds: [...ALL_KINDS], last_digest_at: at('2026-11-26', 17, 0) });
    await insertShipment(url(), { plu: products[7].plu, boardId: BOONE, shipDate: '2026-11-27', units: 6 });
    await shipmentsRun(at('2026-11-27', 11, 30));
    expect(mailsTo(user)).toHaveLength(0);
    await processArrivalAlerts({ checkedAt: at('2026-11-27', 17, 0) });
    const [digest, ...more] = mailsTo(user);
    expect(more).toHaveLength(0);
    expect(digest.subject).toBe('Your daily arrivals digest: 1 watched product at 1 place');
    // Issue 37: the state's trucks run Monday to Friday on state business days; from Friday 11/27's extract that is
    // Monday 11/30 to the fifth, Friday 12/4 (this said "Sat 11/28 – Tue 12/1": a Saturday truck, calendar days).
    expect(digest.text).toContain(`  • On its way: ${products[7].name} shipped to Boone (6 bottles) on 11/27/2026. Expected at ${booneStore.nickname}, Boone's only store: Mon 11/30 – Fri 12/4`);
    expect(digest.text).not.toContain("Shipped to this store's board");
  });

  it('the arrival alert says whether a forecast named the store ahead of it, for the products forecasts are made for', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [WAKE], listing_types: ['Allocation', 'Limited', 'Barrel', 'Listed'] });
    const named = at('2026-11-26', 11, 30);
    const shipment = await insertShipment(url(), { plu: products[6].plu, boardId: WAKE, shipDate: '2026-11-26', units: 12 });
    await insertShelfForecast(url(), shipment, named, [
      { storeId: wake[0].id, likelihood: 0.6, named: true, from: '2026-11-27', to: '2026-11-30' },
      { storeId: wake[1].id, likelihood: 0.1, named: false, from: '2026-11-27', to: '2026-11-30' },
    ]);
    const arrived = at('2026-11-28', 14, 0); // 2 days and 2.5 hours after it was named
    await insertArrival(url(), { storeId: wake[0].id, plu: products[6].plu, at: arrived, quantity: 3 });
    await insertArrival(url(), { storeId: wake[1].id, plu: products[6].plu, at: arrived, quantity: 2 });
    await insertArrival(url(), { storeId: wake[0].id, plu: premium.plu, at: arrived, quantity: 4 });
    await processArrivalAlerts({ checkedAt: arrived });

    const [got] = mailsTo(user);
    const lineOf = (store: string, bottles: number) => got.text.split('\n').find((l) => l.includes(`• ${store} `) && l.includes(`${bottles} bottles`));
    expect(lineOf(wake[0].nickname, 3)).toMatch(/ — Forecast 2 days ahead$/);
    expect(lineOf(wake[1].nickname, 2)).toMatch(/ — Not forecast$/);
    // A Premium restock is never forecast: no line either way.
    expect(lineOf(wake[0].nickname, 4)).not.toMatch(/orecast/);
    expect(got.html).toContain('Forecast 2 days ahead');
  });
});
