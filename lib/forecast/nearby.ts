import 'server-only';
import { z } from 'zod';
import { Prisma } from '../db/index.ts';
import { nearbyStores } from '../places/nearby.ts';
import type { NearbyStore, NearbyStores } from '../places/types.ts';
import { placeRows, shipments } from './read.ts';
import type { IncomingNearby, IncomingShipment, NearbyShipment, NearestStore } from './types.ts';

// What is on its way near the hunter (issue 39): the open shipments to any board of the state whose forecast
// places are within reach of the hunter's place, nearest first. Distances are GET /api/stores/nearby's (kept per
// point, lib/places/nearby.ts), so a card says the miles every other screen says for the same store.

/** The radius when none is asked for, in miles (about an hour's drive). */
export const NEARBY_WITHIN_DEFAULT = 50;
/** The widest radius: Murphy to Manteo is about 500 miles as the crow flies. */
export const NEARBY_WITHIN_MAX = 500;
/** At most this many shipments in an answer, the nearest. */
export const NEARBY_SHIPMENTS_MAX = 50;

const WITHIN_MESSAGE = `within must be a whole number of miles from 1 to ${NEARBY_WITHIN_MAX} (e.g. ${NEARBY_WITHIN_DEFAULT})`;

/** `?within=`: the radius in whole miles; absent: NEARBY_WITHIN_DEFAULT. */
export const nearbyQuery = z.object({
  within: z
    .string({ error: WITHIN_MESSAGE })
    .trim()
    .regex(/^\d{1,4}$/, WITHIN_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= NEARBY_WITHIN_MAX, WITHIN_MESSAGE)
    .default(NEARBY_WITHIN_DEFAULT),
});

/**
 * The store a shipment is nearest the hunter at: the nearest store its forecast names (or where a bottle of it
 * arrived); where it names none, its board's nearest store. Undefined when neither has a point.
 */
function nearestOf(s: IncomingShipment, stores: Map<number, NearbyStore>, boardNearest: Map<number, NearbyStore>): NearestStore | undefined {
  let best: NearbyStore | undefined;
  for (const p of s.places) {
    if (!p.store || !(p.named || p.outcome === 'arrived')) continue;
    const store = stores.get(p.store.store_id);
    if (store && (!best || store.miles < best.miles)) best = store;
  }
  if (best) return { ...best, kind: 'forecast' };
  const board = boardNearest.get(s.board_id);
  return board && { ...board, kind: 'board' };
}

/**
 * GET /api/incoming/nearby: the open shipments whose nearest store (nearestOf) is within `within` miles of the
 * hunter's place, nearest first (then the latest shipped), at most NEARBY_SHIPMENTS_MAX. No place, no shipments.
 */
export async function incomingNearby(userId: number, within: number, now = new Date()): Promise<IncomingNearby> {
  // The hunter's distances, as the stores screen has them (JSON text kept per point: parsed here, ~465 stores).
  const { from, stores } = JSON.parse(await nearbyStores(userId)) as NearbyStores;
  const answer = (list: NearbyShipment[], total: number): IncomingNearby => ({ success: true, from, within, total, shipments: list, checked_at: now.toISOString() });
  if (!from) return answer([], 0);
  const byId = new Map(stores.map((s) => [s.store_id, s]));
  // The list is nearest first: a board's first store is its nearest.
  const boardNearest = new Map<number, NearbyStore>();
  for (const s of stores) if (!boardNearest.has(s.board_id)) boardNearest.set(s.board_id, s);
  // Only a board with a store within reach can have a forecast place within reach.
  const boards = [...boardNearest.values()].filter((s) => s.miles <= within).map((s) => s.board_id);
  if (!boards.length) return answer([], 0);
  const rows = await placeRows(Prisma.sql`i.status = 'open' AND i.board_id IN (${Prisma.join(boards)})`);
  const near = shipments(rows).flatMap((s): NearbyShipment[] => {
    const nearest = nearestOf(s, byId, boardNearest);
    return nearest && nearest.miles <= within ? [{ ...s, nearest }] : [];
  });
  near.sort(
    (a, b) => a.nearest.miles - b.nearest.miles || b.ship_date.localeCompare(a.ship_date) || Number(BigInt(b.incoming_id) - BigInt(a.incoming_id)),
  );
  return answer(near.slice(0, NEARBY_SHIPMENTS_MAX), near.length);
}
