import { describe, expect, it } from 'vitest';
import { applyLocator } from '../ingest/locator.ts';
import type { WakeLocatorStore } from '../ingest/sources/wake-locator.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { newUser, query, withTestDatabase } from '../../testing/harness.ts';
import { setHunterPlace, hunterPlace, removeHunterPlace } from './hunter.ts';
import { nearbyStores } from './nearby.ts';
import { pinStore } from './stores.ts';
import { nearbyStoresSchema } from './types.ts';

// Near me (issue 39), on the real reference data: every store of the state has a point (approximate ones marked),
// Wake's locator makes its stores exact, an admin's pin outlives the locator, and a hunter's place is coarse and
// gives every store by distance across board lines.

withTestDatabase('reference', 'places');

type Row = { id: number; board_id: number; zip: string | null; city: string; latitude: number | null; longitude: number | null; place_source: string | null };
const stores = () => query<Row>(`SELECT id, board_id, zip, city, latitude, longitude, place_source::text FROM stores ORDER BY id`);

function locatorRow(store: { address: string; city: string; phone: string | null }, lat: number, lng: number): WakeLocatorStore {
  return { locatorId: 1, name: 'Wake County ABC', address: store.address, address2: '', city: store.city, state: 'NC', zip: '', lat, lng, phone: store.phone ?? '', hours: '' } as WakeLocatorStore;
}

describe('every store has a place', () => {
  it('after the reference refresh every store of the state is placed, from its ZIP code or else its city, all approximate', async () => {
    const all = await stores();
    expect(all).toHaveLength(465);
    expect(all.filter((s) => s.latitude === null)).toEqual([]);
    expect(new Set(all.map((s) => s.place_source))).toEqual(new Set(['zip', 'city']));
    // Moore County's Carthage store is listed with 27327, a ZIP no table knows (Carthage is 28327): its city places it.
    const byCity = all.filter((s) => s.place_source === 'city');
    expect(byCity.map((s) => [s.zip, s.city])).toEqual([['27327', 'Carthage']]);
    expect(byCity[0].latitude).toBeCloseTo(35.31, 1);
    for (const s of all) {
      expect(s.latitude!).toBeGreaterThan(33.7);
      expect(s.latitude!).toBeLessThan(36.7);
    }
  });

  it("Wake's locator makes its stores exact; an admin's pin outlives it; unpinned, a store goes back to its approximate point", async () => {
    const wake = await query<{ id: number; address: string; city: string; phone: string | null }>(
      `SELECT id, address, city, phone FROM stores WHERE board_id = $1 AND phone IS NOT NULL ORDER BY id LIMIT 2`,
      [WAKE_BOARD_ID],
    );
    const [first, second] = wake;
    const outcome = await applyLocator([locatorRow(first, 35.7912345, -78.6612345), locatorRow(second, 40.7, -74.0)]);
    expect(outcome.status).toBe('ok');
    const placed = await stores();
    expect(placed.find((s) => s.id === first.id)).toMatchObject({ latitude: 35.7912345, longitude: -78.6612345, place_source: 'locator' });
    // A point in New York is not a Wake store's: the approximate one stays.
    expect(placed.find((s) => s.id === second.id)?.place_source).toBe('zip');

    expect(await pinStore(first.id, { latitude: 35.8, longitude: -78.67 })).toEqual({ latitude: 35.8, longitude: -78.67, source: 'admin', approximate: false });
    await applyLocator([locatorRow(first, 35.7912345, -78.6612345)]);
    expect((await stores()).find((s) => s.id === first.id)).toMatchObject({ latitude: 35.8, longitude: -78.67, place_source: 'admin' });

    const back = await pinStore(first.id, null);
    expect(back).toMatchObject({ source: 'zip', approximate: true });
    await expect(pinStore(first.id, { latitude: 40.7, longitude: -74 })).rejects.toThrow(/not in North Carolina/);
  });
});

describe("a hunter's place", () => {
  it('is a ZIP code centre or the browser’s point, never finer than two decimals, and removable', async () => {
    const user = await newUser();
    expect(await hunterPlace(user.id)).toBeNull();
    const byZip = await setHunterPlace(user.id, { zip: '27513' });
    expect(byZip).toMatchObject({ source: 'zip', zip: '27513', latitude: 35.8, longitude: -78.79 });
    const byDevice = await setHunterPlace(user.id, { latitude: 35.787654, longitude: -78.812345 });
    expect(byDevice).toMatchObject({ source: 'device', zip: null, latitude: 35.79, longitude: -78.81 });
    await expect(setHunterPlace(user.id, { zip: '00000' })).rejects.toThrow(/not one we know/);
    await expect(setHunterPlace(user.id, { zip: '10001' })).rejects.toThrow(/not in or near North Carolina/);
    expect(await hunterPlace(user.id)).toMatchObject({ source: 'device' });
    await removeHunterPlace(user.id);
    expect(await hunterPlace(user.id)).toBeNull();
  });

  it('lists every retail store of the state nearest first, across board lines, the approximate ones marked', async () => {
    const user = await newUser();
    expect(JSON.parse(await nearbyStores(user.id))).toEqual({ success: true, from: null, stores: [] });
    await setHunterPlace(user.id, { zip: '27513' }); // Cary
    const answer = nearbyStoresSchema.parse(JSON.parse(await nearbyStores(user.id)));
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM stores WHERE NOT mixed_beverage`);
    expect(answer.stores).toHaveLength(n);
    const miles = answer.stores.map((s) => s.miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    // Within 20 miles of Cary: Wake's stores and at least one other board's (Durham, Chatham, Johnston…).
    const near = answer.stores.filter((s) => s.miles <= 20);
    expect(new Set(near.map((s) => s.board_id)).size).toBeGreaterThan(1);
    expect(near.some((s) => s.board_id === WAKE_BOARD_ID)).toBe(true);
    expect(answer.stores.every((s) => s.approximate)).toBe(true);
    // The far west is a few hundred miles away.
    expect(miles.at(-1)!).toBeGreaterThan(200);
  });
});
