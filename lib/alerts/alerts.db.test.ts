import { spawn, type ChildProcess } from 'node:child_process';
import { EMAIL_ALERTS } from '@/testing/alerts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../env.ts';
import { runCycle } from '../ingest/runner.ts';
import { SimWorld } from '../../simulator/index.ts';
import type { RunningSimulator } from '../../simulator/server.ts';
import { startAlertScenario, type AlertScenario } from '../../testing/alert-scenario.ts';
import { routeHandler, TestClient } from '../../testing/api.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { readMailbox, type ReceivedMail } from '../../testing/mail-server.ts';
import { newUser, query as q, type TestUser } from '../../testing/harness.ts';
import { nyDate, nyParts, nyTimeToUtc } from '../time.ts';
import { processArrivalAlerts } from './process.ts';
import { moreArrivalsLine } from './words.ts';
import { insertArrival, setAlertSettings, type ControlledMailServer } from '../../testing/alerts.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const unsubscribeRoute = await routeHandler('/api/alerts/unsubscribe', 'POST');

// Arrival alerts end to end: the scraper reads the simulator's pages over loopback, writes arrivals to a
// real database, and the alert step e-mails them through nodemailer to a real SMTP server.

const SEED = 7;
const START = '2026-11-16T12:00:00Z'; // Monday 07:00 New York
const PREMIUM = 60;

let scenario: AlertScenario;
let database: TestDatabase;
let sim: RunningSimulator;
let mail: ControlledMailServer;
let mailDir: string;
const mailsTo = (user: TestUser): ReceivedMail[] => scenario.mailsTo(user);

beforeAll(async () => {
  // Configuration is read once per process: everything must be in place before anything reads it.
  scenario = await startAlertScenario('alerts', { seed: SEED, start: START }, { PREMIUM_MIN_PRICE: String(PREMIUM) });
  ({ database, sim, mail, mailDir } = scenario);
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
}, 120_000);

afterAll(() => scenario?.stop());

/** A delivery of allocated bottles that also restocks a tracked everyday (non-premium) Listed product. */
async function planDelivery() {
  const preview = new SimWorld({ seed: SEED, start: START });
  for (let i = 0; i < 40; i++) {
    const next = preview
      .nextDeliveries()
      .filter((d) => d.at)
      .sort((a, b) => a.at!.getTime() - b.at!.getTime())[0];
    preview.setTime(new Date(next.at!.getTime() + 60_000));
    const record = preview.deliveriesOn(nyDate(next.at!)).find((d) => d.storeNumber === next.storeNumber && d.at.getTime() === next.at!.getTime());
    if (!record || !record.items.some((item) => item.listingType !== 'Listed' && item.after > item.before)) continue;
    const listed = record.items.filter((item) => item.listingType === 'Listed' && item.after - item.before >= 2).map((item) => item.plu);
    if (!listed.length) continue;
    const everyday = await q<{ plu: string }>(
      `SELECT plu FROM products WHERE plu = ANY($1::text[]) AND retail_price < $2 ORDER BY plu`,
      [listed, PREMIUM],
    );
    const allocatedPlus = record.items.filter((item) => item.listingType !== 'Listed' && item.after > item.before).map((item) => item.plu);
    if (everyday.length) return { at: next.at!, storeNumber: record.storeNumber, everydayPlu: everyday[0].plu, allocatedPlus };
  }
  throw new Error('the simulator delivers no allocated bottles with an everyday restock in 40 deliveries');
}

interface Expected {
  plu: string;
  name: string;
  storeId: number;
  nickname: string;
  address: string;
  quantity: number;
}

/** Arrivals at `at` (computed here from the spec's definitions, not by the code under test). */
async function arrivalsAt(at: Date, where = 'true', params: unknown[] = []): Promise<Expected[]> {
  return q<Expected>(
    `SELECT h.plu, p.name, s.id AS "storeId", s.nickname, s.address, h.new_quantity AS quantity
       FROM inventory_history h JOIN products p ON p.plu = h.plu JOIN stores s ON s.id = h.store_id
      WHERE h.checked_at = $1 AND h.change_type IN ('first', 'increase') AND (${where})
      ORDER BY h.plu, s.id`,
    [at, ...params],
  );
}

/** The default watch list with the default alert types (Premium restocks are off until chosen). */
const DEFAULT_TYPES = `p.listing_type IN ('Allocation', 'Limited', 'Barrel')`;
const WITH_PREMIUM = `(p.listing_type IN ('Allocation', 'Limited', 'Barrel') OR (p.listing_type = 'Listed' AND p.retail_price >= ${PREMIUM}))`;

function expectListsExactly(message: ReceivedMail, expected: Expected[], allProducts: { name: string }[]) {
  const names = new Set(expected.map((e) => e.name));
  for (const e of expected) {
    expect(message.text, e.name).toContain(`${e.name} (PLU ${e.plu})`);
    expect(message.text).toContain(`/products/${e.plu}`);
    expect(message.text).toContain(`${e.nickname} (store #`);
    expect(message.text).toContain(`${e.address} — ${e.quantity} bottle`);
    expect(message.text).toContain(`/stores/${e.storeId}`);
  }
  for (const other of allProducts) if (!names.has(other.name)) expect(message.text, `not ${other.name}`).not.toContain(`${other.name} (PLU`);
  expect(message.text).toMatch(/\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}/);
  expect(message.html).toMatch(/href="http:\/\/localhost:3000\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}"/);
}

const unsubscribeTokenOf = (message: ReceivedMail) => /\/unsubscribe\?token=([^\s"&]+)/.exec(message.text)![1];

describe('arrival alerts from scraper runs against the simulator', () => {
  let plan: Awaited<ReturnType<typeof planDelivery>>;
  let runAt: Date;
  let elsewhere: number;
  let a: TestUser, a2: TestUser, b: TestUser, e: TestUser, f: TestUser, g: TestUser, p: TestUser;
  let quiet: Record<string, TestUser>;

  beforeAll(async () => {
    plan = await planDelivery();
    [{ id: elsewhere }] = await q<{ id: number }>('SELECT id FROM stores WHERE board_id = 179 AND store_number <> $1 ORDER BY store_number DESC LIMIT 1', [plan.storeNumber]);
    [a, a2, b, e, f, g, p] = [await newUser(), await newUser(), await newUser(), await newUser(), await newUser(), await newUser(), await newUser()];
    quiet = {
      alertsOff: await newUser(),
      noSettings: await newUser(),
      highMinimum: await newUser(),
      pending: await newUser({ status: 'pending' }),
      disabled: await newUser({ status: 'disabled' }),
    };
    for (const user of [a, a2, b, quiet.pending, quiet.disabled]) await setAlertSettings(database.url, user.id);
    await setAlertSettings(database.url, e.id, { listing_types: ['Allocation'] });
    await setAlertSettings(database.url, p.id, { listing_types: ['Allocation', 'Limited', 'Barrel', 'Listed'] });
    await setAlertSettings(database.url, f.id, { store_ids: [elsewhere] });
    // The digest user had today's digest already (07:00): the next one is due at the hour after the delivery.
    await setAlertSettings(database.url, g.id, { mode: 'digest', digest_hour: nyParts(plan.at).hour + 1, last_digest_at: new Date(START) });
    await setAlertSettings(database.url, quiet.alertsOff.id, { enabled: false });
    await setAlertSettings(database.url, quiet.highMinimum.id, { min_quantity: 99 });
    // B switched one of the delivered allocated products off; E searched and added an everyday Listed one
    // (watched products are polled every cycle, so it has a baseline).
    await q(`INSERT INTO watch_items (user_id, plu, interest_type, active) VALUES ($1, $2, 'not_interested', true)`, [b.id, plan.allocatedPlus[0]]);
    await q(`INSERT INTO watch_items (user_id, plu, interest_type, active) VALUES ($1, $2, 'interested', true)`, [e.id, plan.everydayPlu]);

    // Baseline one tick before the delivery: the first poll of every store and product writes no history.
    sim.world.setTime(new Date(plan.at.getTime() - 15 * 60_000));
    const baseline = await runCycle({ now: sim.world.now(), sources: ['wake_inventory'] });
    expect(baseline.runs[0].outcome.status).toBe('ok');
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM inventory_history'))[0].n).toBe(0);
    expect(readMailbox(mailDir)).toHaveLength(0);

    sim.world.setTime(new Date(plan.at.getTime() + 60_000));
    runAt = sim.world.now();
    const cycle = await runCycle({ now: runAt, sources: ['wake_inventory'] });
    expect(cycle.runs[0].outcome.status).toBe('ok');
  }, 120_000);

  it('e-mails each watching user once, listing their products with stores, quantities and links', async () => {
    const all = await arrivalsAt(runAt);
    const forA = await arrivalsAt(runAt, DEFAULT_TYPES);
    expect(forA.map((x) => x.plu), 'the delivery brought allocated bottles').toContain(plan.allocatedPlus[0]);
    for (const user of [a, a2]) {
      const got = mailsTo(user);
      expect(got).toHaveLength(1);
      expectListsExactly(got[0], forA, all);
      expect(got[0].text).toContain(`Hi ${user.firstName},`);
    }

    // B: the same minus the product B switched off (no e-mail at all when nothing else arrived).
    const forB = forA.filter((x) => x.plu !== plan.allocatedPlus[0]);
    const gotB = mailsTo(b);
    expect(gotB).toHaveLength(forB.length ? 1 : 0);
    if (forB.length) expectListsExactly(gotB[0], forB, all);

    // E: Allocation bottles only, plus the everyday product E added (added products alert whatever their type).
    const forE = await arrivalsAt(runAt, `p.listing_type = 'Allocation' OR h.plu = $2`, [plan.everydayPlu]);
    expect(forE.map((x) => x.plu)).toContain(plan.everydayPlu);
    const gotE = mailsTo(e);
    expect(gotE).toHaveLength(1);
    expectListsExactly(gotE[0], forE, all);

    // F: one store only.
    const forF = forA.filter((x) => x.storeId === elsewhere);
    expect(mailsTo(f)).toHaveLength(forF.length ? 1 : 0);

    // P also chose Premium: everyday restocks of $60+ bottles are many, so the e-mail lists the first 20
    // products (allocated first) and counts the rest in one line instead of flooding.
    const forP = await arrivalsAt(runAt, WITH_PREMIUM);
    const rank = (t: string) => ['Allocation', 'Limited', 'Barrel', 'Listed'].indexOf(t);
    const products = await q<{ plu: string; name: string; listing_type: string }>(
      `SELECT plu, name, listing_type::text FROM products WHERE plu = ANY($1::text[])`,
      [[...new Set(forP.map((x) => x.plu))]],
    );
    products.sort((x, y) => rank(x.listing_type) - rank(y.listing_type) || x.name.localeCompare(y.name, 'en') || x.plu.localeCompare(y.plu));
    const listed = new Set(products.slice(0, 20).map((x) => x.plu));
    const gotP = mailsTo(p);
    expect(gotP).toHaveLength(1);
    expectListsExactly(gotP[0], forP.filter((x) => listed.has(x.plu)), all);
    const more = forP.filter((x) => !listed.has(x.plu)).length;
    expect(more, "seed 7's delivery restocks more than 20 premium products").toBeGreaterThan(0);
    expect(gotP[0].text).toContain(moreArrivalsLine(more));

    // No e-mail: alerts off, no settings (opt-in), a minimum above every arrival, accounts not active.
    for (const [why, user] of Object.entries(quiet)) expect(mailsTo(user), why).toHaveLength(0);
    // The digest user waits for the digest hour.
    expect(mailsTo(g)).toHaveLength(0);
    const waiting = await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${EMAIL_ALERTS} WHERE user_id = $1 AND status = 'digest_pending'`, [g.id]);
    expect(waiting[0].n).toBe(forA.length);
  });

  it('sends nothing on a second run without new arrivals', async () => {
    const before = readMailbox(mailDir).length;
    const again = await runCycle({ now: new Date(runAt.getTime() + 1000), sources: ['wake_inventory'] });
    expect(again.runs[0].outcome.changesWritten).toBe(0);
    expect(readMailbox(mailDir)).toHaveLength(before);
    const log = await q<{ user_id: number; n: number }>(`SELECT user_id, count(*)::int AS n FROM alert_log GROUP BY 1`);
    expect(log.every((r) => r.n > 0)).toBe(true);
  });

  it('sends the digest once, at its hour (New York time)', async () => {
    const hour = nyParts(plan.at).hour + 1;
    const digestRun = nyTimeToUtc(nyDate(plan.at), hour, 5);
    sim.world.setTime(digestRun);
    await runCycle({ now: digestRun, sources: ['wake_inventory'] });
    const got = mailsTo(g);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toMatch(/^Your daily arrivals digest: \d+ watched products? at \d+ stores?$/);
    const digested = await q<Expected>(
      `SELECT DISTINCT h.plu, p.name FROM ${EMAIL_ALERTS} JOIN inventory_history h ON h.id = email_alerts.history_id JOIN products p ON p.plu = h.plu
        WHERE email_alerts.user_id = $1 AND email_alerts.status = 'sent'`,
      [g.id],
    );
    for (const x of await arrivalsAt(runAt, DEFAULT_TYPES)) expect(digested.map((d) => d.plu)).toContain(x.plu);
    for (const d of digested) expect(got[0].text).toContain(`${d.name} (PLU ${d.plu})`);

    const later = new Date(digestRun.getTime() + 15 * 60_000);
    sim.world.setTime(later);
    await runCycle({ now: later, sources: ['wake_inventory'] });
    expect(mailsTo(g)).toHaveLength(1);
  });

  it('stops alerts after the unsubscribe link, without signing in', async () => {
    const [first] = mailsTo(a);
    const aBefore = mailsTo(a).length;
    const res = await new TestClient().call(unsubscribeRoute, '/api/alerts/unsubscribe', { method: 'POST', body: { token: unsubscribeTokenOf(first) } });
    expect(res.status).toBe(200);
    expect((await q<{ enabled: boolean }>(`SELECT enabled FROM alert_channels WHERE user_id = $1 AND channel = 'email'`, [a.id]))[0].enabled).toBe(false);

    // Run through deliveries until A2 (same settings as A) is alerted again.
    const sentBefore = mailsTo(a2).length;
    for (let i = 0; i < 12 && mailsTo(a2).length === sentBefore; i++) {
      const next = sim.world
        .nextDeliveries()
        .filter((d) => d.at)
        .sort((x, y) => x.at!.getTime() - y.at!.getTime())[0];
      sim.world.setTime(new Date(next.at!.getTime() + 60_000));
      await runCycle({ now: sim.world.now(), sources: ['wake_inventory'] });
    }
    expect(mailsTo(a2).length, 'a later delivery alerted a subscribed user').toBeGreaterThan(sentBefore);
    expect(mailsTo(a)).toHaveLength(aBefore);
  }, 120_000);
});

describe('delivery guarantees (synthetic arrivals, real SMTP)', () => {
  let storeIds: number[];
  let allocated: { plu: string; name: string }[];
  // A day after the simulated week, so the scraper's arrivals are outside every lookback window.
  const day = (ymd: string, h: number, m = 0) => nyTimeToUtc(ymd, h, m);

  beforeAll(async () => {
    await q('UPDATE alert_channels SET enabled = false'); // users of the scraper scenario are done
    storeIds = (await q<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 6')).map((r) => r.id);
    allocated = await q<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 30`);
  });

  it('does not send twice when the runner is killed mid-send and starts again', async () => {
    const users = [await newUser(), await newUser(), await newUser()].sort((x, y) => x.id - y.id);
    for (const user of users) await setAlertSettings(database.url, user.id, { store_ids: [storeIds[0]] });
    const at = day('2026-11-23', 11, 0);
    await insertArrival(database.url, { storeId: storeIds[0], plu: allocated[0].plu, at, quantity: 4 });
    mail.stall.add(users[1].email);

    // A scraper process: user 1's e-mail goes out, user 2's hangs in SMTP, and the process is killed.
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.resolve('testing/alerts-child.ts'), at.toISOString()], {
      env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${mail.port}` },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 30_000;
    while (!(mailsTo(users[0]).length && mail.recipientsSeen.includes(users[1].email))) {
      if (Date.now() > deadline) throw new Error('the child process never reached the second user');
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    mail.stall.delete(users[1].email);
    const states = await q<{ user_id: number; status: string }>(`SELECT user_id, status::text FROM ${EMAIL_ALERTS} WHERE user_id = ANY($1::int[]) ORDER BY user_id`, [users.map((x) => x.id)]);
    expect(states.map((s) => s.status)).toEqual(['sent', 'sending', 'pending']);

    // The next cycle: user 3 gets theirs; user 2's send is within its lease (a live runner may still own it).
    await processArrivalAlerts({ checkedAt: new Date(at.getTime() + 15 * 60_000) });
    expect(users.map((x) => mailsTo(x).length)).toEqual([1, 0, 1]);
    // Once the lease is over, the cut-short send is retried; user 1 is never e-mailed again.
    await processArrivalAlerts({ checkedAt: new Date(at.getTime() + 30 * 60_000) });
    await processArrivalAlerts({ checkedAt: new Date(at.getTime() + 45 * 60_000) });
    expect(users.map((x) => mailsTo(x).length)).toEqual([1, 1, 1]);
    await q('UPDATE alert_channels SET enabled = false WHERE user_id = ANY($1::int[])', [users.map((x) => x.id)]);
  }, 60_000);

  it('lets concurrent runners send each user exactly one e-mail', async () => {
    const users = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    for (const user of users) await setAlertSettings(database.url, user.id, { store_ids: [storeIds[1]] });
    const at = day('2026-11-23', 12, 0);
    await insertArrival(database.url, { storeId: storeIds[1], plu: allocated[1].plu, at, quantity: 2 });
    await insertArrival(database.url, { storeId: storeIds[1], plu: allocated[2].plu, at, quantity: 5 });
    await Promise.all([processArrivalAlerts({ checkedAt: at }), processArrivalAlerts({ checkedAt: at }), processArrivalAlerts({ checkedAt: at })]);
    for (const user of users) {
      const got = mailsTo(user);
      expect(got).toHaveLength(1);
      expect(got[0].text).toContain(allocated[1].name);
      expect(got[0].text).toContain(allocated[2].name);
    }
    await q('UPDATE alert_channels SET enabled = false WHERE user_id = ANY($1::int[])', [users.map((x) => x.id)]);
  });

  it('alerts the boards each user chose, and one e-mail lists the stores of every chosen board', async () => {
    const wakeOnly = await newUser();
    const both = await newUser();
    const durhamOnly = await newUser();
    await setAlertSettings(database.url, wakeOnly.id, {});
    await setAlertSettings(database.url, both.id, { board_ids: [179, 78] });
    await setAlertSettings(database.url, durhamOnly.id, { board_ids: [78] });
    const [durham] = await q<{ id: number; nickname: string }>('SELECT id, nickname FROM stores WHERE board_id = 78 ORDER BY id LIMIT 1');
    const [wake] = await q<{ id: number; nickname: string }>('SELECT id, nickname FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY id LIMIT 1');
    const at = day('2026-11-23', 13, 0);
    await insertArrival(database.url, { storeId: durham.id, plu: allocated[20].plu, at, quantity: 3 });
    await insertArrival(database.url, { storeId: wake.id, plu: allocated[21].plu, at, quantity: 2 });
    await processArrivalAlerts({ checkedAt: at });
    const [toWake, toBoth, toDurham] = [wakeOnly, both, durhamOnly].map(mailsTo);
    expect([toWake.length, toBoth.length, toDurham.length]).toEqual([1, 1, 1]);
    expect(toWake[0].text).toContain(allocated[21].name);
    expect(toWake[0].text).not.toContain(allocated[20].name);
    expect(toDurham[0].text).toContain(durham.nickname);
    expect(toDurham[0].text).not.toContain(allocated[21].name);
    for (const expected of [allocated[20].name, allocated[21].name, durham.nickname, wake.nickname]) expect(toBoth[0].text).toContain(expected);
    await q('UPDATE alert_channels SET enabled = false WHERE user_id = ANY($1::int[])', [[wakeOnly.id, both.id, durhamOnly.id]]);
  });

  it('retries a failed send with backoff and gives up after the last attempt', async () => {
    const flaky = await newUser();
    const dead = await newUser();
    for (const user of [flaky, dead]) await setAlertSettings(database.url, user.id, { store_ids: [storeIds[2]] });
    mail.refuse.add(flaky.email);
    mail.refuse.add(dead.email);
    const at = day('2026-11-24', 10, 0);
    await insertArrival(database.url, { storeId: storeIds[2], plu: allocated[3].plu, at, quantity: 3 });
    const minutes = (n: number) => new Date(at.getTime() + n * 60_000);
    const row = async (userId: number) =>
      (await q<{ status: string; attempts: number; next_attempt_at: Date; error: string | null }>(
        `SELECT status::text, attempts, next_attempt_at, error FROM ${EMAIL_ALERTS} WHERE user_id = $1`,
        [userId],
      ))[0];

    await processArrivalAlerts({ checkedAt: at });
    expect(await row(flaky.id)).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: minutes(5) });
    expect((await row(flaky.id)).error).toMatch(/451|unavailable/i);
    await processArrivalAlerts({ checkedAt: minutes(3) }); // not due yet
    expect((await row(flaky.id)).attempts).toBe(1);
    await processArrivalAlerts({ checkedAt: minutes(5) });
    expect(await row(flaky.id)).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: minutes(15) });

    mail.refuse.delete(flaky.email);
    await processArrivalAlerts({ checkedAt: minutes(15) });
    expect(await row(flaky.id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(mailsTo(flaky)).toHaveLength(1);

    for (const t of [35, 75, 155]) await processArrivalAlerts({ checkedAt: minutes(t) });
    expect(await row(dead.id)).toMatchObject({ status: 'failed', attempts: 5 });
    await processArrivalAlerts({ checkedAt: minutes(600) });
    expect((await row(dead.id)).attempts).toBe(5);
    expect(mailsTo(dead)).toHaveLength(0);
    mail.refuse.delete(dead.email);
    await q('UPDATE alert_channels SET enabled = false WHERE user_id = ANY($1::int[])', [[flaky.id, dead.id]]);
  });

  it('caps alert e-mails per day and says how many more arrived in the next allowed one', async () => {
    const user = await newUser();
    await setAlertSettings(database.url, user.id, { store_ids: [storeIds[3]], min_quantity: 2 });
    const policy = { dailyCap: 2 };
    const run = async (at: Date, plu: string, quantity = 3) => {
      await insertArrival(database.url, { storeId: storeIds[3], plu, at, quantity });
      await processArrivalAlerts({ checkedAt: at, policy });
    };
    await run(day('2026-11-25', 10, 0), allocated[4].plu);
    await run(day('2026-11-25', 10, 15), allocated[5].plu, 1); // below the user's minimum: no alert at all
    await run(day('2026-11-25', 10, 30), allocated[6].plu);
    await run(day('2026-11-25', 10, 45), allocated[7].plu);
    await run(day('2026-11-25', 11, 0), allocated[8].plu);
    let got = mailsTo(user);
    expect(got).toHaveLength(2);
    expect(got[0].text).toContain(allocated[4].name);
    expect(got[0].text).not.toContain(allocated[5].name);
    expect(got[1].text).toContain(allocated[6].name);
    expect(got[1].text).toContain('This is your last alert e-mail today (limit 2 a day)');
    const held = await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${EMAIL_ALERTS} WHERE user_id = $1 AND status = 'suppressed'`, [user.id]);
    expect(held[0].n).toBe(2);

    await run(day('2026-11-26', 10, 0), allocated[9].plu); // the next New York day
    got = mailsTo(user);
    expect(got).toHaveLength(3);
    expect(got[2].text).toContain(allocated[9].name);
    expect(got[2].text).toContain(moreArrivalsLine(2));
    expect(got[2].text).not.toContain(allocated[7].name);
    await run(day('2026-11-26', 10, 15), allocated[10].plu);
    got = mailsTo(user);
    expect(got).toHaveLength(4);
    expect(got[3].text).not.toContain('more arrival'); // counted once
  });

  it('alerts an arrival whose alert step never ran, however long ago the step failed', async () => {
    const user = await newUser();
    await setAlertSettings(database.url, user.id, { store_ids: [storeIds[4]] });
    const at = day('2026-11-27', 10, 0);
    await insertArrival(database.url, { storeId: storeIds[4], plu: allocated[11].plu, at, quantity: 2 });
    // The alert step after that poll failed (a crash, a database outage): the next one runs three days later.
    await processArrivalAlerts({ checkedAt: day('2026-11-30', 10, 0) });
    const got = mailsTo(user);
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain(allocated[11].name);
    await processArrivalAlerts({ checkedAt: day('2026-11-30', 10, 15) });
    expect(mailsTo(user), 'once only').toHaveLength(1);
    await q('UPDATE alert_channels SET enabled = false WHERE user_id = $1', [user.id]);
  });

  it('sends retries and new-release alerts on schedule while the Wake source is down', async () => {
    const user = await newUser();
    await setAlertSettings(database.url, user.id, { store_ids: [storeIds[5]] });
    // A new release: a PLU the state has not classified (Unknown) alerts whatever listing types the user chose.
    await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('99222', 'Mystery Barrel Proof 2026', 'Unknown', now())`);
    mail.refuse.add(user.email);
    const at = day('2026-12-01', 10, 0);
    await insertArrival(database.url, { storeId: storeIds[5], plu: '99222', at, quantity: 1 });
    await processArrivalAlerts({ checkedAt: at });
    expect(mailsTo(user)).toHaveLength(0);
    mail.refuse.delete(user.email);

    // Wake answers error pages now: its run fails, and the cycle's alert step still sends the retry.
    sim.setFault('/search-results', 'http500');
    try {
      const cycle = await runCycle({ now: new Date(at.getTime() + 5 * 60_000), sources: ['wake_inventory'] });
      expect(cycle.runs[0].outcome.status).toBe('failed');
    } finally {
      sim.setFault('*', 'none');
    }
    const got = mailsTo(user);
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain('Mystery Barrel Proof 2026');
    await q('UPDATE alert_channels SET enabled = false WHERE user_id = $1', [user.id]);
  }, 60_000);
});
