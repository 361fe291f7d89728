import { beforeAll, describe, expect, it } from 'vitest';
import { GET as nearbyIncomingRoute } from '@/app/api/incoming/nearby/route';
import { GET as nearbyStoresRoute } from '@/app/api/stores/nearby/route';
import { DELETE as removePlaceRoute, PUT as placeRoute } from '@/app/api/user/place/route';
import { TestClient } from '@/testing/api';
import { NEARBY_SHIPMENTS_MAX, NEARBY_WITHIN_DEFAULT } from '../../../../lib/forecast/nearby.ts';
import { incomingNearbySchema, type IncomingNearby } from '../../../../lib/forecast/types.ts';
import { nearbyStoresSchema, type NearbyStore } from '../../../../lib/places/types.ts';
import { expectClientError, query, signedIn, withTestDatabase } from '../../../../testing/harness.ts';

// GET /api/incoming/nearby (issue 39): what is on its way to stores near the hunter, whatever the board, nearest
// first, on the demo's forecasts (demo/forecasts.ts) and the stores' places (lib/places). The distances are the
// store list's (GET /api/stores/nearby), so each shipment's nearest store is checked against that list here.

withTestDatabase('demo', 'incoming_nearby');

const CARY = '27513';
let browser: TestClient;
let stores: NearbyStore[];

const nearby = async (within?: string) => {
  const res = await browser.call(nearbyIncomingRoute, '/api/incoming/nearby', { query: within === undefined ? {} : { within } });
  expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
  return incomingNearbySchema.parse(res.json);
};

/** What the answer should list within `within` miles, worked out from the tables and the store list, nearest first. */
async function expected(within: number): Promise<{ id: string; miles: number; kind: 'forecast' | 'board' }[]> {
  const byId = new Map(stores.map((s) => [s.store_id, s]));
  const boardNearest = new Map<number, NearbyStore>();
  for (const s of stores) if (!boardNearest.has(s.board_id)) boardNearest.set(s.board_id, s);
  const rows = await query<{ id: string; board_id: number; ship_date: string; store_ids: number[] | null }>(
    `SELECT i.id::text, i.board_id, to_char(i.ship_date, 'YYYY-MM-DD') AS ship_date,
            array_agg(f.store_id) FILTER (WHERE f.store_id IS NOT NULL AND (f.named OR f.outcome = 'arrived')) AS store_ids
       FROM incoming i JOIN forecasts f ON f.incoming_id = i.id
      WHERE i.status = 'open' GROUP BY i.id`,
  );
  return rows
    .flatMap((r) => {
      const named = (r.store_ids ?? []).map((id) => byId.get(id)).filter((s): s is NearbyStore => !!s);
      const nearest = named.length ? { miles: Math.min(...named.map((s) => s.miles)), kind: 'forecast' as const } : boardNearest.get(r.board_id) && { miles: boardNearest.get(r.board_id)!.miles, kind: 'board' as const };
      return nearest && nearest.miles <= within ? [{ id: r.id, ship_date: r.ship_date, ...nearest }] : [];
    })
    .sort((a, b) => a.miles - b.miles || b.ship_date.localeCompare(a.ship_date) || Number(b.id) - Number(a.id))
    .map(({ id, miles, kind }) => ({ id, miles, kind }));
}

beforeAll(async () => {
  ({ browser } = await signedIn());
});

describe('GET /api/incoming/nearby', () => {
  it('answers nothing, and says so with from: null, while the hunter has no place', async () => {
    const body = await nearby();
    expect(body).toMatchObject({ success: true, from: null, within: NEARBY_WITHIN_DEFAULT, total: 0, shipments: [] });
  });

  it("lists the open shipments whose forecast places are within 50 miles of the hunter's place, nearest first, across boards", async () => {
    expect((await browser.call(placeRoute, '/api/user/place', { method: 'PUT', body: { zip: CARY } })).status).toBe(200);
    stores = nearbyStoresSchema.parse((await browser.call(nearbyStoresRoute, '/api/stores/nearby')).json).stores;
    const body = await nearby();
    expect(body.from).toMatchObject({ source: 'zip', zip: CARY });
    expect(body.within).toBe(NEARBY_WITHIN_DEFAULT);

    const want = await expected(NEARBY_WITHIN_DEFAULT);
    expect(body.total).toBe(want.length);
    expect(body.shipments.map((s) => ({ id: s.incoming_id, miles: s.nearest.miles, kind: s.nearest.kind }))).toEqual(want.slice(0, NEARBY_SHIPMENTS_MAX));
    expect(body.shipments.length).toBeGreaterThan(5);
    // From Cary, Wake's shipments and its neighbours' (Durham, Chatham, Johnston…): across board lines.
    expect(new Set(body.shipments.map((s) => s.board_id)).size).toBeGreaterThan(1);

    const byId = new Map(stores.map((s) => [s.store_id, s]));
    for (const s of body.shipments) {
      expect(s.status).toBe('open');
      expect(s.nearest.miles).toBeLessThanOrEqual(NEARBY_WITHIN_DEFAULT);
      // The store it is measured to, as the store list says it (miles, ≈), and why that store.
      const { kind, ...store } = s.nearest;
      expect(store).toEqual(byId.get(store.store_id));
      const named = s.places.filter((p) => p.store && (p.named || p.outcome === 'arrived'));
      if (kind === 'forecast') expect(named.map((p) => p.store!.store_id)).toContain(store.store_id);
      else {
        expect(named).toEqual([]);
        expect(store.board_id).toBe(s.board_id);
      }
    }
  });

  it('measures a shipment the state names no store for by its board’s nearest store', async () => {
    const body = await nearby('500');
    const board = body.shipments.find((s) => s.precision === 'board');
    expect(board, 'a board-precision shipment within 500 miles').toBeDefined();
    expect(board!.places.every((p) => p.store === null)).toBe(true);
    const nearestOfBoard = stores.find((s) => s.board_id === board!.board_id)!;
    expect(board!.nearest).toEqual({ ...nearestOfBoard, kind: 'board' });
  });

  it('keeps to the radius asked for, and to 50 shipments however wide it is', async () => {
    const close = await nearby('10');
    expect(close.within).toBe(10);
    expect(close.shipments.every((s) => s.nearest.miles <= 10)).toBe(true);
    expect(close.shipments.map((s) => s.incoming_id)).toEqual((await expected(10)).slice(0, NEARBY_SHIPMENTS_MAX).map((s) => s.id));

    const wide: IncomingNearby = await nearby('500');
    const [{ n }] = await query<{ n: number }>(`SELECT count(DISTINCT i.id)::int AS n FROM incoming i JOIN forecasts f ON f.incoming_id = i.id WHERE i.status = 'open'`);
    expect(wide.total).toBe((await expected(500)).length);
    expect(wide.total).toBeGreaterThan(NEARBY_SHIPMENTS_MAX);
    expect(wide.total).toBeLessThanOrEqual(n);
    expect(wide.shipments).toHaveLength(NEARBY_SHIPMENTS_MAX);
    const miles = wide.shipments.map((s) => s.nearest.miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('refuses a radius that is not a whole number of miles from 1 to 500 (400, in words), and a visitor (401)', async () => {
    for (const within of ['0', '501', '12.5', 'far', '', '-5']) {
      const res = await browser.call(nearbyIncomingRoute, '/api/incoming/nearby', { query: { within } });
      expectClientError(res, 400);
      expect(res.json.error, within).toBe('within: within must be a whole number of miles from 1 to 500 (e.g. 50)');
    }
    expectClientError(await new TestClient().call(nearbyIncomingRoute, '/api/incoming/nearby'), 401);
  });

  it('lists nothing again once the hunter removes the place', async () => {
    expect((await browser.call(removePlaceRoute, '/api/user/place', { method: 'DELETE' })).status).toBe(200);
    expect(await nearby()).toMatchObject({ from: null, total: 0, shipments: [] });
  });
});
