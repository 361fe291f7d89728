import { spawn, type ChildProcess } from 'node:child_process';
import { EMAIL_ALERTS } from '@/testing/alerts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { env } from '../env.ts';
import { insertArrival, insertShipment, setAlertChannel, setAlertSettings, startControlledMailServer, startWebhookChannel } from '../../testing/alerts.ts';
import { newUser, query as q, withTestDatabase, type TestUser } from '../../testing/harness.ts';
import { readMailbox, waitForMail, type ReceivedMail } from '../../testing/mail-server.ts';
import { nyTimeToUtc } from '../time.ts';
import { collectAlerts, processArrivalAlerts } from './process.ts';
import { startAlertWorker } from './worker.ts';

// Alert delivery through the durable queue (docs/decisions/026-alert-delivery-queue.md): workers on the wall
// clock and in other processes, over real SMTP; processes killed with SIGKILL between detection and delivery and
// in the middle of a delivery; quiet hours and each channel's mode and kinds. Push and Discord are stood in for by
// a channel that POSTs to a local receiver (testing/alerts.ts startWebhookChannel).

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-alert-queue-mail-'));
const mail = await startControlledMailServer(mailDir);
process.env.SMTP_URL = `smtp://127.0.0.1:${mail.port}`;
withTestDatabase('reference', 'alertqueue');

const url = () => process.env.DATABASE_URL!;
const mailsTo = (user: TestUser): ReceivedMail[] => readMailbox(mailDir).filter((m) => m.to.includes(user.email.toLowerCase()));
const statuses = async (users: TestUser[]) =>
  (await q<{ status: string }>(`SELECT status::text FROM ${EMAIL_ALERTS} WHERE user_id = ANY($1::int[]) ORDER BY user_id, id`, [users.map((u) => u.id)])).map(
    (r) => r.status,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

/** testing/alerts-child.ts in a process of its own; `lines` is what it printed. */
function child(args: string[]): { process: ChildProcess; lines: string[]; printed(text: string): Promise<void>; kill(): Promise<void> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.resolve('testing/alerts-child.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: url(), SMTP_URL: env().SMTP_URL },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  proc.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return {
    process: proc,
    lines,
    printed: (text) => until(() => lines.some((l) => l.startsWith(text)), `the child printed "${text}"`, 60_000),
    kill: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

let storeIds: number[];
let allocated: { plu: string; name: string }[];

beforeAll(async () => {
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
  storeIds = (await q<{ id: number }>('SELECT id FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY id LIMIT 8')).map((r) => r.id);
  allocated = await q<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' AND bottles_per_case = 6 ORDER BY plu LIMIT 20`);
});

afterAll(async () => {
  await mail.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

// Each test's users are its own: the ones before are done.
beforeEach(async () => {
  await q('UPDATE alert_channels SET enabled = false');
});

/** `n` users alerted for one store, in id order. */
async function usersOf(n: number, storeId: number): Promise<TestUser[]> {
  const users = [];
  for (let i = 0; i < n; i++) users.push(await newUser());
  users.sort((a, b) => a.id - b.id);
  for (const user of users) await setAlertSettings(url(), user.id, { store_ids: [storeId] });
  return users;
}

describe('alert delivery through the queue (wall clock)', () => {
  it('records the delivery with the alert, and a worker sends it once over SMTP', async () => {
    const [user] = await usersOf(1, storeIds[0]);
    const now = new Date();
    await insertArrival(url(), { storeId: storeIds[0], plu: allocated[0].plu, at: now, quantity: 3 });
    expect(await collectAlerts({ checkedAt: now })).toBe(1);
    // Committed with the alert: its job waits on the queue, nothing was sent.
    const jobs = () => q<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1', [`alerts:deliver:email:${user.id}`]);
    expect(await jobs()).toEqual([{ n: 1 }]);
    expect(mailsTo(user)).toHaveLength(0);

    const worker = await startAlertWorker({ pollIntervalMs: 200 });
    try {
      const got = await waitForMail(mailDir, user.email);
      expect(got.text).toContain(`${allocated[0].name} (PLU ${allocated[0].plu})`);
      await until(async () => (await statuses([user])).join() === 'sent', 'the alert is marked sent');
    } finally {
      await worker.stop();
    }
    expect(await jobs()).toEqual([{ n: 0 }]);
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('retries after the SMTP server refuses, waiting longer each time, and sends once when it accepts', async () => {
    const [user] = await usersOf(1, storeIds[1]);
    const now = new Date();
    await insertArrival(url(), { storeId: storeIds[1], plu: allocated[1].plu, at: now, quantity: 2 });
    mail.refuse.add(user.email);
    const seenAt = () => mail.recipientsSeen.flatMap((to, i) => (to === user.email ? [mail.recipientsSeenAt[i]] : []));
    await collectAlerts({ checkedAt: now });
    const worker = await startAlertWorker({ pollIntervalMs: 100, policy: { retryBaseMs: 400 } });
    try {
      await until(() => seenAt().length >= 2, 'a second attempt');
      mail.refuse.delete(user.email);
      await waitForMail(mailDir, user.email);
    } finally {
      await worker.stop();
      mail.refuse.delete(user.email);
    }
    const [first, second, third] = seenAt();
    expect(seenAt()).toHaveLength(3);
    // 400 ms after the first failure, 800 ms after the second (a few ms either side for the SMTP handshakes).
    expect(second - first).toBeGreaterThan(350);
    expect(third - second).toBeGreaterThan(750);
    expect(await q(`SELECT status::text, attempts FROM ${EMAIL_ALERTS} WHERE user_id = $1`, [user.id])).toEqual([{ status: 'sent', attempts: 3 }]);
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('loses nothing when the process is killed between detection and delivery, and two workers send each user one e-mail', async () => {
    const users = await usersOf(8, storeIds[2]);
    const now = new Date();
    await insertArrival(url(), { storeId: storeIds[2], plu: allocated[2].plu, at: now, quantity: 4 });
    await insertArrival(url(), { storeId: storeIds[2], plu: allocated[3].plu, at: now, quantity: 1 });

    // A scraper process collects, and is killed before it delivers anything.
    const detector = child(['now', 'collect']);
    try {
      await detector.printed('collected 16');
    } finally {
      await detector.kill();
    }
    expect(await statuses(users)).toEqual(Array(16).fill('pending'));
    expect(users.flatMap(mailsTo)).toHaveLength(0);

    // Two new workers, one in a process of its own, share the jobs.
    const other = child(['now', 'worker']);
    const worker = await startAlertWorker({ pollIntervalMs: 200 });
    try {
      await until(() => users.every((u) => mailsTo(u).length > 0), 'every user has an e-mail', 60_000);
      await sleep(1000); // time for a second e-mail, should a worker send one
    } finally {
      await Promise.all([other.kill(), worker.stop()]);
    }
    expect(users.map((u) => mailsTo(u).length)).toEqual(Array(8).fill(1));
    for (const user of users) for (const product of [allocated[2], allocated[3]]) expect(mailsTo(user)[0].text).toContain(product.name);
    expect(await statuses(users)).toEqual(Array(16).fill('sent'));
  }, 90_000);

  it('sends nothing twice when the process is killed mid-delivery: a new worker sends the rest once the lease ends', async () => {
    const users = await usersOf(3, storeIds[3]);
    const now = new Date();
    await insertArrival(url(), { storeId: storeIds[3], plu: allocated[4].plu, at: now, quantity: 2 });
    mail.stall.add(users[1].email);
    const before = readMailbox(mailDir).length;

    // A scraper run with a 1.5 s lease: user 1's e-mail goes out, user 2's hangs in SMTP, and it is killed.
    const runner = child(['now', 'run', '1500']);
    try {
      await until(() => mailsTo(users[0]).length > 0 && mail.recipientsSeen.includes(users[1].email), 'the run reached the second user', 60_000);
    } finally {
      await runner.kill();
      mail.stall.delete(users[1].email);
    }
    expect(await statuses(users)).toEqual(['sent', 'sending', 'pending']);
    const [{ lease }] = await q<{ lease: Date }>(`SELECT next_attempt_at AS lease FROM ${EMAIL_ALERTS} WHERE user_id = $1`, [users[1].id]);
    await until(() => Date.now() > lease.getTime(), 'the lease ended');

    const worker = await startAlertWorker({ pollIntervalMs: 200 });
    try {
      await until(() => users.every((u) => mailsTo(u).length > 0), 'every user has an e-mail');
      await sleep(500);
    } finally {
      await worker.stop();
    }
    expect(users.map((u) => mailsTo(u).length)).toEqual([1, 1, 1]);
    expect(readMailbox(mailDir).length - before, 'messages the SMTP server received').toBe(3);
    expect(await q(`SELECT status::text, attempts FROM ${EMAIL_ALERTS} WHERE user_id = ANY($1::int[]) ORDER BY user_id`, [users.map((u) => u.id)])).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 2 },
      { status: 'sent', attempts: 1 },
    ]);
  }, 90_000);
});

describe('quiet hours and each channel on its own', () => {
  const at = (ymd: string, h: number, m = 0) => nyTimeToUtc(ymd, h, m);

  it('holds push and Discord during quiet hours, e-mail as each user chose, and sends them when quiet hours end', async () => {
    const hook = await startWebhookChannel('discord');
    try {
      const quiet = { start_hour: 22, end_hour: 7 };
      const [holdsEmail, sendsEmail, withDiscord] = [await newUser(), await newUser(), await newUser()];
      await setAlertSettings(url(), holdsEmail.id, { store_ids: [storeIds[4]], quiet_hours: { ...quiet, hold_email: true } });
      await setAlertSettings(url(), sendsEmail.id, { store_ids: [storeIds[4]], quiet_hours: { ...quiet, hold_email: false } });
      await setAlertSettings(url(), withDiscord.id, { store_ids: [storeIds[4]], quiet_hours: { ...quiet, hold_email: false } });
      await setAlertChannel(url(), withDiscord.id, { channel: 'discord' });
      await insertArrival(url(), { storeId: storeIds[4], plu: allocated[5].plu, at: at('2027-03-01', 23), quantity: 2 });

      await processArrivalAlerts({ checkedAt: at('2027-03-01', 23) });
      expect([holdsEmail, sendsEmail, withDiscord].map((u) => mailsTo(u).length)).toEqual([0, 1, 1]);
      expect(hook.received).toHaveLength(0);
      await processArrivalAlerts({ checkedAt: at('2027-03-02', 6, 45) });
      expect([holdsEmail, sendsEmail, withDiscord].map((u) => mailsTo(u).length)).toEqual([0, 1, 1]);
      expect(hook.received).toHaveLength(0);

      await processArrivalAlerts({ checkedAt: at('2027-03-02', 7, 5) });
      await processArrivalAlerts({ checkedAt: at('2027-03-02', 7, 20) });
      expect([holdsEmail, sendsEmail, withDiscord].map((u) => mailsTo(u).length)).toEqual([1, 1, 1]);
      expect(mailsTo(holdsEmail)[0].text).toContain(allocated[5].name);
      expect(hook.received.map((m) => [m.userId, m.kind, m.products])).toEqual([[withDiscord.id, 'instant', [allocated[5].name]]]);
    } finally {
      await hook.stop();
    }
  });

  it("sends each channel what it alerts about, right away or in its digest: one message per run and channel", async () => {
    const hook = await startWebhookChannel('discord');
    try {
      const user = await newUser();
      await setAlertSettings(url(), user.id, { board_ids: [179, 43], store_ids: [storeIds[5], (await q<{ id: number }>('SELECT id FROM stores WHERE board_id = 43'))[0].id] });
      await setAlertChannel(url(), user.id, { channel: 'email', kinds: ['arrival'] });
      await setAlertChannel(url(), user.id, { channel: 'discord', mode: 'digest', last_digest_at: at('2027-04-05', 17) });
      await insertArrival(url(), { storeId: storeIds[5], plu: allocated[6].plu, at: at('2027-04-06', 11), quantity: 3 });
      await insertShipment(url(), { plu: allocated[7].plu, boardId: 43, shipDate: '2027-04-06', units: 6 });

      await processArrivalAlerts({ checkedAt: at('2027-04-06', 11, 30) });
      const [email] = mailsTo(user);
      expect(email.text).toContain(allocated[6].name);
      expect(email.text, 'e-mail alerts about shelf arrivals only').not.toContain(allocated[7].name);
      expect(hook.received, 'Discord waits for its digest').toHaveLength(0);
      // The shipment is not e-mail's kind: it has no e-mail delivery at all.
      expect(await q(`SELECT shipment_id IS NULL AS shelf, status::text FROM ${EMAIL_ALERTS} WHERE user_id = $1 ORDER BY id`, [user.id])).toEqual([
        { shelf: true, status: 'sent' },
      ]);

      await processArrivalAlerts({ checkedAt: at('2027-04-06', 17, 5) });
      await processArrivalAlerts({ checkedAt: at('2027-04-06', 17, 20) });
      expect(hook.received.map((m) => [m.kind, [...m.products].sort()])).toEqual([['digest', [allocated[6].name, allocated[7].name].sort()]]);
      expect(mailsTo(user)).toHaveLength(1);
      expect(await q(`SELECT status::text, count(*)::int AS n FROM alert_deliveries WHERE user_id = $1 AND channel = 'discord' GROUP BY 1`, [user.id])).toEqual([
        { status: 'sent', n: 2 },
      ]);
    } finally {
      await hook.stop();
    }
  });
});
