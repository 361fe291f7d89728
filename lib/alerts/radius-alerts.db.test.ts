import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../env.ts';
import { runCycle } from '../ingest/runner.ts';
import { SimWorld } from '../../simulator/index.ts';
import type { RunningSimulator } from '../../simulator/server.ts';
import { startAlertScenario, type AlertScenario } from '../../testing/alert-scenario.ts';
import { routeHandler } from '../../testing/api.ts';
import type { TestDatabase } from '../../testing/database.ts';
import type { ReceivedMail } from '../../testing/mail-server.ts';
import { newUser, query as q, signedIn, type TestUser } from '../../testing/harness.ts';
import { insertShipment, setAlertSettings } from '../../testing/alerts.ts';
import { nyDate } from '../time.ts';
import { processArrivalAlerts } from './process.ts';

// Alerts by radius (issue 39), end to end: hunters set their place and "within N miles" through the real routes,
// the scraper reads the simulator's Wake pages over loopback and writes arrivals, and the alert step e-mails them
// through nodemailer to a real SMTP server. A store across a board line but within the radius alerts, with its
// distance; one outside it does not. Shipments (a one-store board, a board whose shipments name no store) follow
// the same rule. Distances are checked against a haversine computed here, not by the code under test.

const SEED = 11;
const START = '2026-11-16T12:00:00Z'; // Monday 07:00 New York
const WAKE = 179;
const DURHAM = 78;
const RADIUS = 6;

let scenario: AlertScenario;
let database: TestDatabase;
let sim: RunningSimulator;
const mailsTo = (user: TestUser): ReceivedMail[] => scenario.mailsTo(user);

const placeRoute = await routeHandler('/api/user/place', 'PUT');
const settingsRoute = await routeHandler('/api/alerts/settings', 'PUT');

interface Placed {
  id: number;
  board_id: number;
  nickname: string;
  address: string;
  store_number: number;
  latitude: number;
  longitude: number;
}

/** Miles by the haversine on a sphere of Earth's mean radius: close to the product's figure, not its code. */
function haversineMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

/** A hunter who sets a place (a point, kept to two decimals) and alerts for `boards` plus every store within `radius`. */
async function hunter(place: { latitude: number; longitude: number }, boards: number[], radius: number | null): Promise<TestUser> {
  const user = await newUser();
  const { browser } = await signedIn(user);
  const put = await browser.call(placeRoute, '/api/user/place', { method: 'PUT', body: { latitude: place.latitude, longitude: place.longitude } });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  const body = { enabled: true, mode: 'instant', digest_hour: 17, listing_types: ['Allocation', 'Limited', 'Barrel'], min_quantity: 1, board_ids: boards, store_ids: [], radius_miles: radius };
  const saved = await browser.call(settingsRoute, '/api/alerts/settings', { method: 'PUT', body });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return user;
}

beforeAll(async () => {
  scenario = await startAlertScenario('radius', { seed: SEED, start: START });
  ({ database, sim } = scenario);
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
}, 120_000);

afterAll(() => scenario?.stop());

/** The next Wake delivery that brings hunted (not Listed) bottles: its time and its store's number. */
function nextHuntedDelivery(): { at: Date; storeNumber: number } {
  const preview = new SimWorld({ seed: SEED, start: START });
  for (let i = 0; i < 60; i++) {
    const next = preview.nextDeliveries().filter((d) => d.at).sort((a, b) => a.at!.getTime() - b.at!.getTime())[0];
    preview.setTime(new Date(next.at!.getTime() + 60_000));
    const record = preview.deliveriesOn(nyDate(next.at!)).find((d) => d.storeNumber === next.storeNumber && d.at.getTime() === next.at!.getTime());
    if (record?.items.some((item) => item.listingType !== 'Listed' && item.after > item.before)) return { at: next.at!, storeNumber: record.storeNumber };
  }
  throw new Error('the simulator delivers no hunted bottles in 60 deliveries');
}

describe('alerts within N miles of the hunter, from scraper runs against the simulator', () => {
  let delivered: Placed;
  let near: TestUser, far: TestUser, noRadius: TestUser;
  let runAt: Date;

  beforeAll(async () => {
    const plan = nextHuntedDelivery();
    const wake = await q<Placed>(
      `SELECT id, board_id, nickname, address, store_number, latitude, longitude FROM stores WHERE board_id = $1 AND NOT mixed_beverage AND latitude IS NOT NULL`,
      [WAKE],
    );
    delivered = wake.find((s) => s.store_number === plan.storeNumber)!;
    expect(delivered, 'the delivered store has a place').toBeDefined();
    // Far: the Wake store farthest from the delivered one, well outside the radius.
    const farthest = wake.reduce((best, s) => (haversineMiles(delivered, s) > haversineMiles(delivered, best) ? s : best));
    expect(haversineMiles(delivered, farthest)).toBeGreaterThan(RADIUS * 2);
    // Every hunter follows Durham's board only: Wake is across the board line.
    near = await hunter(delivered, [DURHAM], RADIUS);
    far = await hunter(farthest, [DURHAM], RADIUS);
    noRadius = await hunter(delivered, [DURHAM], null);

    sim.world.setTime(new Date(plan.at.getTime() - 15 * 60_000));
    const baseline = await runCycle({ now: sim.world.now(), sources: ['wake_inventory'] });
    expect(baseline.runs[0].outcome.status).toBe('ok');
    sim.world.setTime(new Date(plan.at.getTime() + 60_000));
    runAt = sim.world.now();
    const cycle = await runCycle({ now: runAt, sources: ['wake_inventory'] });
    expect(cycle.runs[0].outcome.status).toBe('ok');
  }, 180_000);

  it('alerts a store across the board line within the radius, saying how far, and no store outside it', async () => {
    const arrivals = await q<{ store_id: number; plu: string; name: string; latitude: number; longitude: number }>(
      `SELECT h.store_id, h.plu, p.name, s.latitude, s.longitude FROM inventory_history h
         JOIN products p ON p.plu = h.plu JOIN stores s ON s.id = h.store_id
        WHERE h.checked_at = $1 AND h.change_type IN ('first', 'increase') AND p.listing_type IN ('Allocation', 'Limited', 'Barrel')`,
      [runAt],
    );
    expect(arrivals.map((a) => a.store_id), 'the scraper wrote the delivery').toContain(delivered.id);
    const [place] = await q<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM hunter_places WHERE user_id = $1', [near.id]);
    // What the near hunter should get: every hunted arrival at a store within the radius (a tenth of a mile's slack
    // either way for the two formulas), whatever its board.
    const within = arrivals.filter((a) => haversineMiles(place, a) <= RADIUS - 0.1);
    const outside = arrivals.filter((a) => haversineMiles(place, a) > RADIUS + 0.1);
    expect(within.map((a) => a.store_id)).toContain(delivered.id);

    const logged = await q<{ store_id: number }>(
      `SELECT h.store_id FROM alert_log l JOIN inventory_history h ON h.id = l.history_id WHERE l.user_id = $1`,
      [near.id],
    );
    for (const a of within) expect(logged.map((l) => l.store_id)).toContain(a.store_id);
    for (const a of outside) expect(logged.map((l) => l.store_id)).not.toContain(a.store_id);

    const [message] = mailsTo(near);
    expect(mailsTo(near)).toHaveLength(1);
    const line = message.text.split('\n').find((l) => l.includes(`${delivered.nickname} (store #${delivered.store_number}), ${delivered.address}`))!;
    expect(line, message.text).toBeDefined();
    const shown = /· (≈ )?(\d+\.\d) mi away —/.exec(line);
    expect(shown, line).not.toBeNull();
    expect(Math.abs(Number(shown![2]) - haversineMiles(place, delivered))).toBeLessThanOrEqual(0.15);
    expect(message.html).toContain('mi away');

    // Outside the radius, or with no radius, Wake's delivery is nobody's business of theirs: they follow Durham.
    expect(await q('SELECT 1 FROM alert_log l JOIN inventory_history h ON h.id = l.history_id WHERE l.user_id = $1 AND h.store_id = $2', [far.id, delivered.id])).toEqual([]);
    expect(await q('SELECT 1 FROM alert_log WHERE user_id = $1', [noRadius.id])).toEqual([]);
    expect(mailsTo(noRadius)).toHaveLength(0);
  });

  it('alerts shipments within the radius: a one-store board\'s store, and a board of several stores by its nearest store', async () => {
    // Two boards the simulator does not read shelves of: a one-store board, and a board of several stores.
    const [oneStore] = await q<Placed>(
      `SELECT s.id, s.board_id, s.nickname, s.address, s.store_number, s.latitude, s.longitude FROM stores s
        WHERE s.latitude IS NOT NULL AND s.board_id IN (
          SELECT board_id FROM stores GROUP BY board_id HAVING count(*) = 1 AND bool_and(NOT mixed_beverage))
          AND s.board_id NOT IN (SELECT board_id FROM board_sources WHERE enabled)
        ORDER BY s.board_id LIMIT 1`,
    );
    const several = await q<Placed>(
      `SELECT s.id, s.board_id, s.nickname, s.address, s.store_number, s.latitude, s.longitude FROM stores s
        WHERE s.latitude IS NOT NULL AND NOT s.mixed_beverage AND s.board_id = (
          SELECT board_id FROM stores WHERE board_id NOT IN (SELECT board_id FROM board_sources WHERE enabled)
           GROUP BY board_id HAVING count(*) >= 3 ORDER BY board_id LIMIT 1)`,
    );
    expect(oneStore).toBeDefined();
    expect(several.length).toBeGreaterThanOrEqual(3);
    const [product] = await q<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' AND name !~ '[&<>"]' ORDER BY plu LIMIT 1`);

    // Near the one-store board's store; near one store of the several (so near that board as a whole); far from both.
    const atOne = await newUser();
    const atSeveral = await newUser();
    const farAway = await newUser();
    const coarse = (p: { latitude: number; longitude: number }) => ({ latitude: Math.round(p.latitude * 100) / 100, longitude: Math.round(p.longitude * 100) / 100 });
    const farPoint = { latitude: 35.0, longitude: -76.0 }; // Pamlico Sound's shore: far from both boards
    expect(haversineMiles(farPoint, oneStore)).toBeGreaterThan(RADIUS * 3);
    for (const s of several) expect(haversineMiles(farPoint, s)).toBeGreaterThan(RADIUS * 3);
    for (const [user, point] of [[atOne, oneStore], [atSeveral, several[0]], [farAway, farPoint]] as const) {
      await setAlertSettings(database.url, user.id, { board_ids: [DURHAM], radius_miles: RADIUS });
      const p = coarse(point);
      await q(`INSERT INTO hunter_places (user_id, source, latitude, longitude) VALUES ($1, 'device', $2, $3)`, [user.id, p.latitude, p.longitude]);
    }
    const today = nyDate(runAt);
    await insertShipment(database.url, { plu: product.plu, boardId: oneStore.board_id, shipDate: today, units: 6 });
    await insertShipment(database.url, { plu: product.plu, boardId: several[0].board_id, shipDate: today, units: 12 });
    await processArrivalAlerts({ checkedAt: new Date(runAt.getTime() + 5 * 60_000) });

    const boardsOf = async (user: TestUser) =>
      (await q<{ board_id: number }>('SELECT s.board_id FROM alert_log l JOIN shipments s ON s.id = l.shipment_id WHERE l.user_id = $1', [user.id])).map((r) => r.board_id);
    expect(await boardsOf(atOne)).toContain(oneStore.board_id);
    expect(await boardsOf(atSeveral)).toContain(several[0].board_id);
    expect(await boardsOf(farAway)).toEqual([]);
    expect(mailsTo(farAway)).toHaveLength(0);

    const text = mailsTo(atOne).map((m) => m.text).join('\n');
    expect(text).toMatch(new RegExp(`${oneStore.nickname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* · (≈ )?\\d+\\.\\d mi away`));
    const severalText = mailsTo(atSeveral).map((m) => m.text).join('\n');
    expect(severalText).toMatch(/ · nearest store .+, (≈ )?\d+\.\d mi away/);
  });
});
