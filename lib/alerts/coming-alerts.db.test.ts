import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../env.ts';
import { setAlertChannel, setAlertSettings, startControlledMailServer } from '../../testing/alerts.ts';
import { newUser, query as q, withTestDatabase, type TestUser } from '../../testing/harness.ts';
import { readMailbox, type ReceivedMail } from '../../testing/mail-server.ts';
import { nyDate, nyTimeToUtc } from '../time.ts';
import { processArrivalAlerts } from './process.ts';

// "Coming to NC" alerts (issue 40, item 4): a product matching a hunter's watchlist — an item by its code, or a
// custom item ("not in the catalog yet") by name — announced in the Commission's price list, moved onto the allocated
// list as Allocation or Limited, or received at the state warehouse. The product and its product_events rows are
// written as the scraper writes them (lib/ingest/catalog-lists.ts, warehouse.ts), collected by the real alert step
// and e-mailed through nodemailer to a real SMTP server. Opt-in per channel; once per (user, product event).

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-coming-alerts-mail-'));
const mail = await startControlledMailServer(mailDir);
process.env.SMTP_URL = `smtp://127.0.0.1:${mail.port}`;
withTestDatabase('reference', 'comingalerts');

const mailsTo = (user: TestUser): ReceivedMail[] => readMailbox(mailDir).filter((m) => m.to.includes(user.email.toLowerCase()));
const url = () => process.env.DATABASE_URL!;
const at = (ymd: string, h: number, m = 0) => nyTimeToUtc(ymd, h, m);
const WITH_COMING = ['arrival', 'shipment', 'coming'] as const;

const PLU = '98123';
const NAME = 'Blue Run High Rye 2026';

/** A product the price list announced: a new code, a new release, its list price (applyPriceList). */
async function announce(plu: string, name: string, listPrice: number, seenAt: Date): Promise<void> {
  await q(
    `INSERT INTO products (plu, name, listing_type, list_price, created_at, updated_at) VALUES ($1, $2, 'Unknown', $3, $4, $4)`,
    [plu, name, listPrice, seenAt],
  );
  await event(plu, 'announced', 'price_list', seenAt);
}

/** A product_events row as the scraper writes it. */
async function event(
  plu: string,
  kind: 'announced' | 'price' | 'listing' | 'received',
  source: 'price_list' | 'allocated_list' | 'warehouse',
  seenAt: Date,
  values: { from?: string | null; to?: string | null; bottles?: number } = {},
): Promise<void> {
  await q(
    `INSERT INTO product_events (plu, kind, day, seen_at, source, from_value, to_value, bottles)
     VALUES ($1, $2::"ProductEventKind", $3::date, $4, $5, $6, $7, $8)`,
    [plu, kind, nyDate(seenAt), seenAt, source, values.from ?? null, values.to ?? null, values.bottles ?? null],
  );
}

async function watch(user: TestUser, item: { plu: string; customName?: string; notInterested?: boolean }): Promise<void> {
  await q(
    `INSERT INTO watch_items (user_id, plu, custom_name, interest_type) VALUES ($1, $2, $3, $4::"InterestType")`,
    [user.id, item.plu, item.customName ?? null, item.notInterested ? 'not_interested' : 'interested'],
  );
}

/** A hunter on e-mail, instant, with the given kinds. */
async function hunter(kinds: readonly string[]): Promise<TestUser> {
  const user = await newUser();
  await setAlertSettings(url(), user.id);
  await setAlertChannel(url(), user.id, { channel: 'email', kinds: [...kinds] as never });
  return user;
}

const comingOf = (user: TestUser) =>
  q<{ kind: string; status: string | null }>(
    `SELECT e.kind::text AS kind, d.status::text AS status
       FROM alert_log l JOIN product_events e ON e.id = l.product_event_id
       LEFT JOIN alert_deliveries d ON d.alert_id = l.id AND d.channel = 'email'
      WHERE l.user_id = $1 ORDER BY l.id`,
    [user.id],
  );

let custom: TestUser, byCode: TestUser, withoutKind: TestUser, notInterested: TestUser, tooShort: TestUser;

beforeAll(async () => {
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
});

afterAll(async () => {
  await mail.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('coming to NC alerts', () => {
  it('start at the lookback: an event seen before the first collection is not news', async () => {
    await announce('98100', 'Blue Run Reserve Rye', 89.99, at('2026-11-30', 7, 0));
    custom = await hunter(WITH_COMING);
    await watch(custom, { plu: '99001', customName: 'Blue Run Rye' });
    await processArrivalAlerts({ checkedAt: at('2026-11-30', 9, 0) });
    expect(mailsTo(custom)).toHaveLength(0);
    expect(await comingOf(custom)).toEqual([]);
  });

  it('a product announced in the price list reaches a hunter whose custom item names it, once', async () => {
    byCode = await hunter(WITH_COMING);
    await watch(byCode, { plu: PLU });
    withoutKind = await hunter(['arrival', 'shipment', 'forecast']);
    await watch(withoutKind, { plu: '99001', customName: 'Blue Run Rye' });
    await watch(withoutKind, { plu: PLU });
    notInterested = await hunter(WITH_COMING);
    await watch(notInterested, { plu: '99001', customName: 'blue run rye' });
    await watch(notInterested, { plu: PLU, notInterested: true });
    tooShort = await hunter(WITH_COMING);
    await watch(tooShort, { plu: '99002', customName: 'Rye' });

    await announce(PLU, NAME, 129.99, at('2026-11-30', 10, 0));
    await processArrivalAlerts({ checkedAt: at('2026-11-30', 10, 5) });

    const [got, ...more] = mailsTo(custom);
    expect(more).toHaveLength(0);
    expect(got.subject).toBe(`Coming to NC: ${NAME}`);
    expect(got.text).toContain(`  • Coming to NC: ${NAME} announced in the price list at $129.99`);
    expect(got.text).toContain(`${NAME} (PLU ${PLU})`);
    expect(got.text).toContain(`${env().APP_URL}/products/${PLU}`);
    expect(got.text).toContain("Coming to NC comes from the Commission's price list");
    expect(got.html).toContain(`href="${env().APP_URL}/products/${PLU}"`);
    expect(mailsTo(byCode).map((m) => m.subject)).toEqual([`Coming to NC: ${NAME}`]);
    // Opt-in: a hunter whose channel does not take the kind gets nothing, and nothing is logged for them.
    expect(mailsTo(withoutKind)).toHaveLength(0);
    expect(await comingOf(withoutKind)).toEqual([]);
    // Not interested in the product: the custom item does not bring it back.
    expect(mailsTo(notInterested)).toHaveLength(0);
    // "Rye" would name half the catalog.
    expect(mailsTo(tooShort)).toHaveLength(0);
    expect(await comingOf(custom)).toEqual([{ kind: 'announced', status: 'sent' }]);

    // A second collection finds nothing new.
    await processArrivalAlerts({ checkedAt: at('2026-11-30', 10, 10) });
    expect(mailsTo(custom)).toHaveLength(1);
    expect(mailsTo(byCode)).toHaveLength(1);
  });

  it('then its receipt at the state warehouse, and its move onto the allocated list; other steps are not news', async () => {
    await event(PLU, 'received', 'warehouse', at('2026-11-30', 11, 0), { bottles: 240 });
    await processArrivalAlerts({ checkedAt: at('2026-11-30', 11, 5) });
    const [, received, ...more] = mailsTo(custom);
    expect(more).toHaveLength(0);
    expect(received.subject).toBe(`Coming to NC: ${NAME}`);
    expect(received.text).toContain(`  • Coming to NC: ${NAME} arrived at the state warehouse: 240 bottles (40 cases)`);
    expect(received.text).not.toContain('announced in the price list');

    // A price change, a warehouse label and a move onto the list as Barrel do not alert; onto Allocation does.
    await event(PLU, 'price', 'price_list', at('2026-11-30', 12, 0), { from: '129.99', to: '139.99' });
    await event(PLU, 'listing', 'warehouse', at('2026-11-30', 12, 0), { from: 'Unknown', to: 'Allocation' });
    await event(PLU, 'listing', 'allocated_list', at('2026-11-30', 12, 0), { from: null, to: 'Barrel' });
    await event(PLU, 'listing', 'allocated_list', at('2026-11-30', 12, 1), { from: 'Barrel', to: 'Allocation' });
    await processArrivalAlerts({ checkedAt: at('2026-11-30', 12, 5) });
    const mails = mailsTo(custom);
    expect(mails).toHaveLength(3);
    expect(mails[2].text).toContain(`  • Coming to NC: ${NAME} is now on the allocated list (Allocation)`);
    expect(mails[2].text.match(/Coming to NC: /g)).toHaveLength(1);
    expect(await comingOf(custom)).toEqual([
      { kind: 'announced', status: 'sent' },
      { kind: 'received', status: 'sent' },
      { kind: 'listing', status: 'sent' },
    ]);
    expect(mailsTo(byCode)).toHaveLength(3);
    expect(mailsTo(withoutKind)).toHaveLength(0);
    expect(mailsTo(notInterested)).toHaveLength(0);

    await processArrivalAlerts({ checkedAt: at('2026-11-30', 12, 10) });
    expect(mailsTo(custom)).toHaveLength(3);
  });
});
