import { describe, expect, it } from 'vitest';
import { expectClientError, newUser, query, signedIn, withTestDatabase } from '@/testing/harness';
import { insertArrival } from '@/testing/alerts';
import { TestClient } from '@/testing/api';
import { addDays, nyDate, nyTimeToUtc } from '@/lib/time';
import { GET } from './route';

// GET /api/alerts/stats: alert volume for the admin page (admin and power_user only).

withTestDatabase('reference', 'alerts_api');

const stats = (browser: TestClient, query?: Record<string, string>) => browser.call(GET, '/api/alerts/stats', { query });

describe('GET /api/alerts/stats', () => {
  it('counts sent and failed alert e-mails and suppressed arrivals per New York day', async () => {
    const { browser } = await signedIn(await newUser({ role: 'admin' }));
    const today = nyDate();
    const yesterday = addDays(today, -1);
    const noon = (ymd: string) => nyTimeToUtc(ymd, 12);
    const mail = (kind: string, status: string, at: Date) =>
      query(`INSERT INTO email_log ("to", kind, subject, status, created_at) VALUES ('x@example.test', $1, 's', $2, $3)`, [kind, status, at]);
    await mail('arrival_alert', 'sent', noon(today));
    await mail('arrival_digest', 'sent', noon(today));
    await mail('arrival_alert', 'outbox', noon(today));
    await mail('arrival_alert', 'failed', noon(today));
    await mail('arrival_alert', 'sent', noon(yesterday));
    await mail('verification', 'sent', noon(today)); // not an alert
    const user = await newUser();
    const [{ id: store }] = await query<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1');
    const [{ plu }] = await query<{ plu: string }>(`SELECT plu FROM products ORDER BY plu LIMIT 1`);
    const history = await insertArrival(process.env.DATABASE_URL!, { storeId: store, plu, at: new Date('2026-11-20T16:00:00Z'), quantity: 2 });
    await query(
      `WITH a AS (INSERT INTO alert_log (user_id, history_id, run_checked_at, created_at) VALUES ($1, $2, now(), $3) RETURNING id)
       INSERT INTO alert_deliveries (alert_id, user_id, channel, status, next_attempt_at, created_at) SELECT a.id, $1, 'email', 'suppressed', now(), $3 FROM a`,
      [user.id, history, noon(today)],
    );

    const res = await stats(browser);
    expect(res.status).toBe(200);
    expect(res.json.days).toHaveLength(7);
    expect(res.json.days[0]).toEqual({ date: today, sent: 3, failed: 1, suppressed: 1 });
    expect(res.json.days[1]).toEqual({ date: yesterday, sent: 1, failed: 0, suppressed: 0 });
    expect(res.json.queue).toEqual({ retrying: 0, awaiting_digest: 0, given_up: 0 });
    expect(res.json.subscribers).toBe(0);
    expect((await stats(browser, { days: '3' })).json.days).toHaveLength(3);
  });

  it('is for staff: 401 signed out, 403 for a user, 200 for a power user; 400 for a bad period', async () => {
    expectClientError(await stats(new TestClient()), 401);
    expectClientError(await stats((await signedIn()).browser), 403);
    const { browser } = await signedIn(await newUser({ role: 'power_user' }));
    expect((await stats(browser)).status).toBe(200);
    expectClientError(await stats(browser, { days: '0' }), 400);
    expectClientError(await stats(browser, { days: 'week' }), 400);
  });
});
