import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, DEFAULT_ALERT_SETTINGS, noKindMessage, storeOfWholeBoardMessage, type AlertBoardOption } from '@/lib/alerts/rules';
import { expectClientError, query, signedIn, withTestDatabase } from '@/testing/harness';
import { insertArrival, setAlertChannel, setAlertSettings, startWebhookChannel, EMAIL_ALERTS } from '@/testing/alerts';
import { TestClient } from '@/testing/api';
import { GET, PUT } from './route';

// GET and PUT /api/alerts/settings: the "Arrival alerts" card of the profile page.

withTestDatabase('reference', 'alerts_api');

const valid = {
  enabled: true,
  mode: 'digest',
  digest_hour: 18,
  listing_types: ['Barrel', 'Allocation'],
  min_quantity: 2,
  board_ids: [179],
  store_ids: [] as number[],
};
const put = (browser: TestClient, body: unknown) => browser.call(PUT, '/api/alerts/settings', { method: 'PUT', body });
/** A covered board's stores (Wake 179, Durham 78, Greensboro 58, New Hanover 135). */
const storeIds = async (boardIds = [179]) =>
  (await query<{ id: number }>('SELECT id FROM stores WHERE board_id = ANY($1::int[]) ORDER BY id', [boardIds])).map((r) => r.id);
const COVERED = [179, 78, 58, 135];

describe('GET /api/alerts/settings', () => {
  it('answers the defaults (alerts off, Wake\'s stores) and every board with its precision, and the stores to choose from', async () => {
    const { browser } = await signedIn();
    const res = await browser.call(GET, '/api/alerts/settings');
    expect(res.status).toBe(200);
    expect(res.json.settings).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(res.json.settings.enabled).toBe(false);
    expect(res.json.settings.board_ids).toEqual([179]);
    // Every board: the shelf boards first, then the one-store boards, then the others.
    const [{ n: boards }] = await query<{ n: number }>('SELECT count(*)::int AS n FROM boards');
    expect(res.json.boards).toHaveLength(boards);
    const options = res.json.boards as AlertBoardOption[];
    expect(options.slice(0, 4).map((b) => [b.board_id, b.name, b.precision])).toEqual([
      [179, 'Wake County', 'shelf'],
      [78, 'Durham County', 'shelf'],
      [58, 'Greensboro', 'shelf'],
      [135, 'New Hanover County', 'shelf'],
    ]);
    const precisions = options.map((b) => b.precision);
    expect(precisions).toEqual([...precisions].sort((a, b) => ['shelf', 'store_by_shipment', 'board'].indexOf(a) - ['shelf', 'store_by_shipment', 'board'].indexOf(b)));
    const [booneStore] = await query<{ id: number; store_number: number; nickname: string; address: string }>('SELECT id, store_number, nickname, address FROM stores WHERE board_id = 43');
    expect(options.find((b) => b.board_id === 43)).toEqual({
      board_id: 43,
      name: 'Boone',
      precision: 'store_by_shipment',
      stores: 1,
      only_store: { store_id: booneStore.id, board_id: 43, store_number: booneStore.store_number, nickname: booneStore.nickname, address: booneStore.address },
    });
    expect(options.find((b) => b.board_id === 53)).toMatchObject({ name: 'Mecklenburg County', precision: 'board', stores: 31, only_store: null });
    // Stores: the shelf boards' stores and the one store of each one-store board (a retail store, not an outlet).
    const onlyStores = await query<{ id: number }>(
      `SELECT min(s.id) AS id FROM stores s WHERE s.board_id <> ALL ($1::int[])
        GROUP BY s.board_id HAVING count(*) = 1 AND bool_and(NOT s.mixed_beverage)`,
      [COVERED],
    );
    expect(onlyStores.length).toBe(options.filter((b) => b.precision === 'store_by_shipment').length);
    expect(res.json.stores.map((s: { store_id: number }) => s.store_id).sort((a: number, b: number) => a - b)).toEqual(
      [...(await storeIds(COVERED)), ...onlyStores.map((r) => r.id)].sort((a, b) => a - b),
    );
    expect(res.json.premium_min_price).toBe(60);
    expect(res.json.stores[0]).toEqual({
      store_id: expect.any(Number),
      board_id: expect.any(Number),
      store_number: expect.any(Number),
      nickname: expect.any(String),
      address: expect.any(String),
    });
  });

  it('alerts for the user\'s home board until settings are saved', async () => {
    const { browser, user } = await signedIn();
    await query('UPDATE users SET home_board_id = 58 WHERE id = $1', [user.id]);
    expect((await browser.call(GET, '/api/alerts/settings')).json.settings).toEqual({ ...DEFAULT_ALERT_SETTINGS, board_ids: [58] });
    // Whatever the home board's precision.
    await query('UPDATE users SET home_board_id = 53 WHERE id = $1', [user.id]);
    expect((await browser.call(GET, '/api/alerts/settings')).json.settings).toEqual({ ...DEFAULT_ALERT_SETTINGS, board_ids: [53] });
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(GET, '/api/alerts/settings'), 401);
  });
});

describe('PUT /api/alerts/settings', () => {
  it('saves every field and GET reads them back, types in display order and stores once each', async () => {
    const { browser, user } = await signedIn();
    const [s1, s2] = await storeIds();
    const res = await put(browser, { ...valid, store_ids: [s2, s1, s2] });
    expect(res.status).toBe(200);
    // The original client sends no distance: none is saved, and the answer says so.
    const expected = { ...valid, listing_types: ['Allocation', 'Barrel'], store_ids: [s1, s2].sort((a, b) => a - b), radius_miles: null };
    expect(res.json).toEqual({ success: true, settings: expected, message: ALERT_MESSAGES.saved });
    expect((await browser.call(GET, '/api/alerts/settings')).json.settings).toEqual(expected);
    const [row] = await query<{ listing_types: string; store_ids: number[] }>(
      'SELECT listing_types::text, store_ids FROM alert_settings WHERE user_id = $1',
      [user.id],
    );
    expect(row.listing_types).toBe('{Allocation,Barrel}');
    // Saving again replaces; "all stores" is the empty list.
    expect((await put(browser, { ...valid, store_ids: [] })).json.settings.store_ids).toEqual([]);
  });

  it('saves the chosen boards, in the covered boards\' order, with stores of those boards', async () => {
    const { browser, user } = await signedIn();
    const [durhamStore] = await storeIds([78]);
    const [wakeStore] = await storeIds([179]);
    const res = await put(browser, { ...valid, board_ids: [78, 179, 78], store_ids: [durhamStore, wakeStore] });
    expect(res.status).toBe(200);
    expect(res.json.settings).toMatchObject({ board_ids: [179, 78], store_ids: [wakeStore, durhamStore].sort((a, b) => a - b) });
    const [row] = await query<{ board_ids: number[] }>('SELECT board_ids FROM alert_settings WHERE user_id = $1', [user.id]);
    expect(row.board_ids).toEqual([179, 78]);
  });

  it('saves any board, whatever its precision, and a one-store board\'s store beside shelf stores', async () => {
    const { browser } = await signedIn();
    const [booneStore] = await storeIds([43]);
    const [wakeStore] = await storeIds([179]);
    const res = await put(browser, { ...valid, board_ids: [53, 43, 179, 43] });
    expect(res.status).toBe(200);
    expect(res.json.settings.board_ids).toEqual([179, 43, 53]);
    const narrowed = await put(browser, { ...valid, board_ids: [43, 179], store_ids: [booneStore, wakeStore] });
    expect(narrowed.status).toBe(200);
    expect(narrowed.json.settings).toMatchObject({ board_ids: [179, 43], store_ids: [booneStore, wakeStore].sort((a, b) => a - b) });
    // 25 boards at most, repeats folded.
    const ids = (await query<{ id: number }>('SELECT id FROM boards ORDER BY id LIMIT 25')).map((b) => b.id);
    expect((await put(browser, { ...valid, board_ids: [...ids, ...ids] })).json.settings.board_ids).toHaveLength(25);
  });

  it('refuses invalid settings with a readable 400 and keeps what was saved', async () => {
    const { browser, user } = await signedIn();
    expect((await put(browser, valid)).status).toBe(200);
    const cases: [unknown, string | RegExp][] = [
      [{ ...valid, listing_types: [] }, ALERT_MESSAGES.noListingType],
      [{ ...valid, listing_types: ['Unknown'] }, /listing_types/],
      [{ ...valid, digest_hour: 24 }, ALERT_MESSAGES.digestHour],
      [{ ...valid, digest_hour: -1 }, ALERT_MESSAGES.digestHour],
      [{ ...valid, min_quantity: 0 }, ALERT_MESSAGES.minQuantity],
      [{ ...valid, min_quantity: 100 }, ALERT_MESSAGES.minQuantity],
      [{ ...valid, min_quantity: 2.5 }, ALERT_MESSAGES.minQuantity],
      [{ ...valid, mode: 'weekly' }, /mode/],
      [{ ...valid, store_ids: [999_999] }, ALERT_MESSAGES.unknownStore],
      [{ ...valid, store_ids: [(await storeIds([78]))[0]] }, ALERT_MESSAGES.storeOutsideBoards],
      [{ ...valid, board_ids: [] }, ALERT_MESSAGES.noBoard],
      [{ ...valid, board_ids: [179, 9999] }, ALERT_MESSAGES.unknownBoard],
      [{ ...valid, board_ids: (await query<{ id: number }>('SELECT id FROM boards ORDER BY id LIMIT 26')).map((b) => b.id) }, ALERT_MESSAGES.tooManyBoards],
      // Shipments to Mecklenburg County name no store: narrowing would silence it, and none of its stores can be chosen.
      [{ ...valid, board_ids: [179, 53], store_ids: [(await storeIds([179]))[0]] }, storeOfWholeBoardMessage('Mecklenburg County')],
      [{ ...valid, board_ids: [53], store_ids: [(await storeIds([53]))[0]] }, 'Shipments name only the board: choose all stores of Mecklenburg County.'],
      // Boone's one store, without choosing Boone.
      [{ ...valid, store_ids: [(await storeIds([43]))[0]] }, ALERT_MESSAGES.storeOutsideBoards],
      [{ ...valid, board_ids: undefined }, /board_ids/],
      [{ ...valid, store_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, ALERT_MESSAGES.tooManyStores],
      [{ ...valid, enabled: 'yes' }, /enabled/],
      [{ ...valid, user_id: 1 }, /user_id|Unrecognized/i],
      [{ enabled: true }, /mode|Invalid/],
    ];
    for (const [body, message] of cases) {
      const res = await put(browser, body);
      expectClientError(res, 400);
      if (typeof message === 'string') expect(res.json.error).toContain(message);
      else expect(res.json.error).toMatch(message);
    }
    const [row] = await query<{ digest_hour: number; min_quantity: number }>('SELECT digest_hour, min_quantity FROM alert_settings WHERE user_id = $1', [user.id]);
    expect(row).toEqual({ digest_hour: 18, min_quantity: 2 });
  });

  it('is 401 without a session and 403 without X-Requested-With', async () => {
    expectClientError(await put(new TestClient(), valid), 401);
    const { browser } = await signedIn();
    expectClientError(await browser.call(PUT, '/api/alerts/settings', { method: 'PUT', body: valid, noXhr: true }), 403);
  });

  it('drops waiting alerts when alerts are turned off, and sends waiting digest items with the next run when switched to instant', async () => {
    const { browser, user } = await signedIn();
    await setAlertSettings(process.env.DATABASE_URL!, user.id, { mode: 'digest' });
    const [store] = await storeIds();
    const [{ plu }] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 1`);
    const history = await insertArrival(process.env.DATABASE_URL!, { storeId: store, plu, at: new Date('2026-11-20T16:00:00Z'), quantity: 2 });
    const log = (status: string) =>
      query(
        `WITH a AS (INSERT INTO alert_log (user_id, history_id, run_checked_at) VALUES ($1, $2, now()) RETURNING id)
         INSERT INTO alert_deliveries (alert_id, user_id, channel, status, next_attempt_at) SELECT a.id, $1, 'email', $3::"AlertStatus", now() FROM a`,
        [user.id, history, status],
      );
    const statusOf = async () => (await query<{ status: string }>(`SELECT status::text FROM ${EMAIL_ALERTS} WHERE user_id = $1`, [user.id]))[0].status;
    await log('digest_pending');

    expect((await put(browser, { ...valid, mode: 'instant' })).status).toBe(200);
    expect(await statusOf()).toBe('pending');
    expect((await put(browser, { ...valid, enabled: false })).status).toBe(200);
    expect(await statusOf()).toBe('cancelled');
  });
});

describe('channels and quiet hours (newer clients)', () => {
  const channel = (name: string, over: object = {}) => ({ channel: name, enabled: false, mode: 'instant', kinds: ['arrival', 'shipment'], ...over });

  it('answers every channel this server delivers on and the quiet hours; the original fields are the e-mail channel', async () => {
    const { browser } = await signedIn();
    const res = await browser.call(GET, '/api/alerts/settings');
    expect(res.json.channels).toEqual([channel('email'), channel('push'), channel('discord')]);
    expect(res.json.quiet_hours).toBeNull();
    expect((await put(browser, valid)).status).toBe(200);
    expect((await browser.call(GET, '/api/alerts/settings')).json.channels).toEqual([channel('email', { enabled: true, mode: 'digest' }), channel('push'), channel('discord')]);
  });

  it('saves each channel and the quiet hours in one request, and keeps alerts on while any channel is', async () => {
    const discord = await startWebhookChannel('discord');
    try {
      const { browser, user } = await signedIn();
      const channels = [channel('email', { enabled: false, mode: 'instant' }), channel('discord', { enabled: true, mode: 'digest', kinds: ['shipment', 'arrival', 'shipment'] })];
      const quiet = { start_hour: 22, end_hour: 7, hold_email: true };
      const res = await put(browser, { ...valid, enabled: false, mode: 'instant', channels, quiet_hours: quiet });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      // Push, not in the request, keeps what it was (off).
      const saved = [channel('email'), channel('push'), channel('discord', { enabled: true, mode: 'digest' })];
      expect(res.json).toMatchObject({ settings: { enabled: false, mode: 'instant' }, channels: saved, quiet_hours: quiet });
      const again = (await browser.call(GET, '/api/alerts/settings')).json;
      expect([again.channels, again.quiet_hours]).toEqual([saved, quiet]);
      expect(await query('SELECT quiet_start_hour, quiet_end_hour, quiet_hold_email FROM alert_settings WHERE user_id = $1', [user.id])).toEqual([
        { quiet_start_hour: 22, quiet_end_hour: 7, quiet_hold_email: true },
      ]);

      // A client with only the original fields changes e-mail and leaves Discord and the quiet hours as they are.
      expect((await put(browser, { ...valid, enabled: true })).json).toEqual({ success: true, settings: { ...valid, listing_types: ['Allocation', 'Barrel'], radius_miles: null }, message: ALERT_MESSAGES.saved });
      expect((await browser.call(GET, '/api/alerts/settings')).json).toMatchObject({
        channels: [channel('email', { enabled: true, mode: 'digest' }), channel('push'), channel('discord', { enabled: true, mode: 'digest' })],
        quiet_hours: quiet,
      });
      // Quiet hours off; every channel off: alerts off.
      const off = await put(browser, { ...valid, enabled: false, channels: [channel('email', { mode: 'digest' }), channel('discord')], quiet_hours: null });
      expect(off.json.quiet_hours).toBeNull();
      expect(await query(`SELECT enabled FROM alert_channels WHERE user_id = $1 AND channel = 'email'`, [user.id])).toEqual([{ enabled: false }]);
    } finally {
      await discord.stop();
    }
  });

  it("drops a channel's waiting alerts when it is turned off or stops alerting about their kind, and no other channel's", async () => {
    const discord = await startWebhookChannel('discord');
    try {
      const { browser, user } = await signedIn();
      await setAlertSettings(process.env.DATABASE_URL!, user.id);
      await setAlertChannel(process.env.DATABASE_URL!, user.id, { channel: 'discord', mode: 'digest' });
      const [store] = await storeIds();
      const [{ plu }] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 1`);
      const history = await insertArrival(process.env.DATABASE_URL!, { storeId: store, plu, at: new Date('2026-11-21T16:00:00Z'), quantity: 2 });
      const [{ id }] = await query<{ id: string }>(
        `INSERT INTO alert_log (user_id, history_id, run_checked_at) VALUES ($1, $2, now()) RETURNING id::text`,
        [user.id, history],
      );
      await query(
        `INSERT INTO alert_deliveries (alert_id, user_id, channel, status, next_attempt_at) VALUES ($1, $2, 'email', 'pending', now()), ($1, $2, 'discord', 'digest_pending', now())`,
        [id, user.id],
      );
      const states = async () => [
        (await query<{ status: string }>(`SELECT status::text FROM ${EMAIL_ALERTS} WHERE id = $1`, [id]))[0].status,
        (await query<{ status: string }>(`SELECT status::text FROM alert_deliveries WHERE alert_id = $1 AND channel = 'discord'`, [id]))[0].status,
      ];

      // Discord now only for shipments: its waiting shelf arrival goes; e-mail's stays.
      const body = { ...valid, enabled: true, mode: 'instant', channels: [channel('email', { enabled: true }), channel('discord', { enabled: true, mode: 'digest', kinds: ['shipment'] })] };
      expect((await put(browser, body)).status).toBe(200);
      expect(await states()).toEqual(['pending', 'cancelled']);
      // E-mail off: its waiting alert goes.
      expect((await put(browser, { ...body, enabled: false, channels: [channel('email'), body.channels[1]] })).status).toBe(200);
      expect(await states()).toEqual(['cancelled', 'cancelled']);
    } finally {
      await discord.stop();
    }
  });

  it('"on its way" is a kind a channel chooses: opt-in (never saved, or saved before it existed: off), saved and answered in the card\'s order', async () => {
    const { browser, user } = await signedIn();
    expect((await put(browser, valid)).status).toBe(200);
    expect((await browser.call(GET, '/api/alerts/settings')).json.channels[0].kinds).toEqual(['arrival', 'shipment']);
    const res = await put(browser, { ...valid, channels: [channel('email', { enabled: true, mode: 'digest', kinds: ['forecast', 'arrival'] }), channel('push', { enabled: true, kinds: ['forecast'] })] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.channels).toEqual([
      channel('email', { enabled: true, mode: 'digest', kinds: ['arrival', 'forecast'] }),
      channel('push', { enabled: true, kinds: ['forecast'] }),
      channel('discord'),
    ]);
    expect((await browser.call(GET, '/api/alerts/settings')).json.channels).toEqual(res.json.channels);
    expect(await query('SELECT channel::text, kinds::text FROM alert_channels WHERE user_id = $1 ORDER BY channel', [user.id])).toEqual([
      { channel: 'email', kinds: '{arrival,forecast}' },
      { channel: 'push', kinds: '{forecast}' },
    ]);
    // A client sending only the original fields keeps the kinds chosen.
    expect((await put(browser, { ...valid, mode: 'instant' })).status).toBe(200);
    expect((await browser.call(GET, '/api/alerts/settings')).json.channels[0]).toEqual(channel('email', { enabled: true, kinds: ['arrival', 'forecast'] }));
  });

  it('"coming to NC" is a fourth kind, opt-in like on its way, saved and answered in the card\'s order', async () => {
    const { browser, user } = await signedIn();
    expect((await put(browser, valid)).status).toBe(200);
    expect((await browser.call(GET, '/api/alerts/settings')).json.channels[0].kinds).toEqual(['arrival', 'shipment']);
    const res = await put(browser, { ...valid, channels: [channel('email', { enabled: true, mode: 'digest', kinds: ['coming', 'forecast', 'arrival'] }), channel('push', { enabled: true, kinds: ['coming'] })] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.channels).toEqual([
      channel('email', { enabled: true, mode: 'digest', kinds: ['arrival', 'forecast', 'coming'] }),
      channel('push', { enabled: true, kinds: ['coming'] }),
      channel('discord'),
    ]);
    expect(await query('SELECT channel::text, kinds::text FROM alert_channels WHERE user_id = $1 ORDER BY channel', [user.id])).toEqual([
      { channel: 'email', kinds: '{arrival,forecast,coming}' },
      { channel: 'push', kinds: '{coming}' },
    ]);
  });

  it('refuses channels it cannot deliver on, twice the same, an e-mail channel unlike enabled and mode, nothing to alert about, and bad quiet hours', async () => {
    const { browser, user } = await signedIn();
    expect((await put(browser, valid)).status).toBe(200);
    const cases: [unknown, string | RegExp][] = [
      [{ ...valid, channels: [channel('sms', { enabled: true })] }, /channel/],
      [{ ...valid, channels: [channel('email', { enabled: true, mode: 'digest' }), channel('email', { enabled: true, mode: 'digest' })] }, ALERT_MESSAGES.channelTwice],
      [{ ...valid, channels: [channel('email', { enabled: false, mode: 'digest' })] }, ALERT_MESSAGES.emailMismatch],
      [{ ...valid, channels: [channel('email', { enabled: true, mode: 'digest', kinds: [] })] }, noKindMessage('email')],
      [{ ...valid, channels: [channel('email', { enabled: true, mode: 'digest', kinds: ['on_its_way'] })] }, /kinds/],
      [{ ...valid, channels: [{ channel: 'email', enabled: true }] }, /mode|kinds/],
      [{ ...valid, quiet_hours: { start_hour: 7, end_hour: 7, hold_email: false } }, ALERT_MESSAGES.quietHours],
      [{ ...valid, quiet_hours: { start_hour: 22, end_hour: 24, hold_email: false } }, /end_hour/],
      [{ ...valid, quiet_hours: { start_hour: 22, end_hour: 7 } }, /hold_email/],
    ];
    for (const [body, message] of cases) {
      const res = await put(browser, body);
      expectClientError(res, 400);
      if (typeof message === 'string') expect(res.json.error).toContain(message);
      else expect(res.json.error).toMatch(message);
    }
    expect(await query('SELECT channel::text, enabled, mode::text FROM alert_channels WHERE user_id = $1', [user.id])).toEqual([
      { channel: 'email', enabled: true, mode: 'digest' },
    ]);
    expect(await query('SELECT quiet_start_hour FROM alert_settings WHERE user_id = $1', [user.id])).toEqual([{ quiet_start_hour: null }]);
  });
});

describe('a distance from the hunter\'s place (issue 39)', () => {
  it('saves a distance once the hunter has a place, keeps it when a client sends none, and turns it off with null', async () => {
    const { browser, user } = await signedIn();
    // No place yet: a distance could alert nothing, so it is refused in words the card shows.
    const early = await put(browser, { ...valid, radius_miles: 25 });
    expectClientError(early, 400);
    expect(early.json.error).toBe(ALERT_MESSAGES.radiusNeedsPlace);
    expect(await query('SELECT count(*)::int AS n FROM alert_settings WHERE user_id = $1', [user.id])).toEqual([{ n: 0 }]);

    await query(`INSERT INTO hunter_places (user_id, source, zip, latitude, longitude) VALUES ($1, 'zip', '27513', 35.8, -78.8)`, [user.id]);
    const saved = await put(browser, { ...valid, radius_miles: 25 });
    expect(saved.status).toBe(200);
    expect(saved.json.settings.radius_miles).toBe(25);
    expect((await browser.call(GET, '/api/alerts/settings')).json.settings.radius_miles).toBe(25);
    // The original client knows nothing of distances: its saves keep the one chosen.
    expect((await put(browser, { ...valid, min_quantity: 3 })).json.settings).toMatchObject({ min_quantity: 3, radius_miles: 25 });
    expect((await put(browser, { ...valid, radius_miles: null })).json.settings.radius_miles).toBeNull();
    expect(await query('SELECT radius_miles FROM alert_settings WHERE user_id = $1', [user.id])).toEqual([{ radius_miles: null }]);
  });

  it('refuses a distance that is not a whole number of miles from 1 to 100', async () => {
    const { browser, user } = await signedIn();
    await query(`INSERT INTO hunter_places (user_id, source, zip, latitude, longitude) VALUES ($1, 'zip', '27513', 35.8, -78.8)`, [user.id]);
    for (const radius_miles of [0, -5, 101, 12.5, '25', true]) {
      const res = await put(browser, { ...valid, radius_miles });
      expectClientError(res, 400);
      expect(res.json.error).toContain(ALERT_MESSAGES.radius);
    }
    expect(await query('SELECT count(*)::int AS n FROM alert_settings WHERE user_id = $1', [user.id])).toEqual([{ n: 0 }]);
  });
});
