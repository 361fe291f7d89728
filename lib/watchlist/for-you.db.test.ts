import { beforeAll, describe, expect, it } from 'vitest';
import { insertArrival, insertShelfForecast, insertShipment, setAlertSettings } from '../../testing/alerts.ts';
import { newUser, query as q, withTestDatabase, type TestUser } from '../../testing/harness.ts';
import { addDays, nyDate } from '../time.ts';
import { forYou } from './for-you.ts';

// "For you" on the home page (issue 39): the hunter's watched products that arrived today, were shipped on the latest
// report or are forecast to land, at the places their alerts follow (boards, stores, the radius), nearest first.

withTestDatabase('reference', 'for_you');

const url = () => process.env.DATABASE_URL!;
const WAKE = 179;
const DURHAM = 78;

interface Placed { id: number; board_id: number; nickname: string; latitude: number; longitude: number }
let wake: Placed[];
let products: { plu: string; name: string }[];
let hunter: TestUser;
let near: Placed;
let far: Placed;

const miles = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
};

beforeAll(async () => {
  wake = await q<Placed>(`SELECT id, board_id, nickname, latitude, longitude FROM stores WHERE board_id = $1 AND NOT mixed_beverage AND latitude IS NOT NULL ORDER BY id`, [WAKE]);
  products = await q(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 4`);
  near = wake[0];
  far = wake.reduce((best, s) => (miles(near, s) > miles(near, best) ? s : best));
  expect(miles(near, far)).toBeGreaterThan(12);
  hunter = await newUser();
  // Follows Durham only, plus every store within 5 miles of a point by the first Wake store.
  await setAlertSettings(url(), hunter.id, { board_ids: [DURHAM], radius_miles: 5 });
  await q(`INSERT INTO hunter_places (user_id, source, latitude, longitude) VALUES ($1, 'device', round($2::numeric, 2), round($3::numeric, 2))`, [hunter.id, near.latitude, near.longitude]);
});

describe('for you', () => {
  it('is empty when nothing happened where the hunter looks', async () => {
    expect(await forYou((await newUser()).id)).toEqual({ items: [], more: 0 });
  });

  it('lists today\'s arrivals within the radius across the board line, what is forecast there, nearest first, and nothing farther away or switched off', async () => {
    const now = new Date();
    const today = nyDate(now);
    await insertArrival(url(), { storeId: near.id, plu: products[0].plu, at: now, quantity: 6 });
    await insertArrival(url(), { storeId: far.id, plu: products[1].plu, at: now, quantity: 3 });
    // Yesterday's arrival is not today's news.
    await insertArrival(url(), { storeId: near.id, plu: products[2].plu, at: new Date(now.getTime() - 36 * 3_600_000), quantity: 2 });
    // Switched off: never listed.
    await q(`INSERT INTO watch_items (user_id, plu, interest_type, active) VALUES ($1, $2, 'not_interested', true)`, [hunter.id, products[3].plu]);
    await insertArrival(url(), { storeId: near.id, plu: products[3].plu, at: now, quantity: 4 });
    const shipmentId = await insertShipment(url(), { plu: products[1].plu, boardId: WAKE, shipDate: today, units: 12 });
    await insertShelfForecast(url(), shipmentId, now, [
      { storeId: near.id, likelihood: 0.8, named: true, from: addDays(today, 1), to: addDays(today, 4) },
      { storeId: far.id, likelihood: 0.7, named: true, from: addDays(today, 1), to: addDays(today, 4) },
    ]);

    const { items, more } = await forYou(hunter.id, now);
    expect(more).toBe(0);
    expect(items.map((i) => [i.kind, i.plu, i.store?.id])).toEqual([
      ['arrived', products[0].plu, near.id],
      ['forecast', products[1].plu, near.id],
    ]);
    expect(items[0]).toMatchObject({ bottles: 6, board: { id: WAKE } });
    expect(items[0].away!.miles).toBeLessThan(1);
    expect(items[1]).toMatchObject({ likelihood: expect.closeTo(0.8, 5), at: addDays(today, 1), windowEnd: addDays(today, 4) });
  });

  it('lists the latest report\'s shipments to a board the hunter follows whose shelves are not read, as far as its nearest store', async () => {
    const user = await newUser();
    const mecklenburg = 53;
    await setAlertSettings(url(), user.id, { board_ids: [mecklenburg] });
    await q(`INSERT INTO hunter_places (user_id, source, zip, latitude, longitude) VALUES ($1, 'zip', '28202', 35.23, -80.84)`, [user.id]);
    await insertShipment(url(), { plu: products[2].plu, boardId: mecklenburg, shipDate: nyDate(), units: 24 });
    const { items } = await forYou(user.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'shipped', plu: products[2].plu, store: null, board: { id: mecklenburg }, bottles: 24 });
    expect(items[0].away!.miles).toBeLessThan(5);
  });
});
