import 'server-only';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { addDays, nyDate } from '../time.ts';
import { boardShipmentDay, shipmentStore } from './arrivals.ts';
import { boardEntry } from './board-directory.ts';
import { dayStatusHoldsUntil, extractDays } from './extract-days.ts';
import { storeOrThrow } from './stores.ts';
import { casesSql, HUNTED } from './sql.ts';
import type { BoardShipment, StoreShipments } from './types.ts';

// What the state's report shipped to a store's board, day by day: the delivery history of a store whose
// shelves are not read. For a board with one store the shipments are that store's (`store_by_shipment`); for
// any other board they are the board's (`board`): the state does not say which store. Each day of the range
// carries its status, so a day without a report never reads as "nothing shipped". Kept like the other read
// answers until a table it reads changes, and only while today's status holds (it changes with the clock too:
// pending, late, then the next day).

export const SHIPMENT_PERIODS = ['30', '60', '90'] as const;

/** Shared with later calls: never modify. */
const kept = new ChangeCache<{ answer: StoreShipments; from: number; until: number }>(
  ['shipments', 'shipment_days', 'scrape_runs', 'products', 'stores', 'boards', 'board_sources'],
  256,
);

export async function storeShipments(storeId: number, days: number, now = new Date()): Promise<StoreShipments> {
  const at = now.getTime();
  const today = nyDate(now);
  const entry = await kept.get(`${storeId}:${days}:${today}`, async () => ({ answer: await readStoreShipments(storeId, days, now), from: at, until: dayStatusHoldsUntil(today, now) }), {
    valid: (k) => k.from <= at && at < k.until,
  });
  return entry.answer;
}

async function readStoreShipments(storeId: number, days: number, now: Date): Promise<StoreShipments> {
  const [store] = await db.$queryRaw<{ board_id: number }[]>`SELECT board_id FROM stores WHERE id = ${storeId}`;
  const board = await boardEntry(storeOrThrow(store, storeId).board_id, now);
  const today = nyDate(now);
  const from = addDays(today, 1 - days);
  const [rows, extract] = await Promise.all([
    db.$queryRaw<Omit<BoardShipment, 'covers_from' | 'precision' | 'store'>[]>`
      SELECT sh.id::int AS shipment_id, p.name AS bourbon_name, p.plu,
             COALESCE(to_json(p.retail_price), to_json('Not Available'::text)) AS price, p.listing_type,
             sh.units, ${casesSql('sh.units', 'p.bottles_per_case')} AS cases, to_char(sh.ship_date, 'YYYY-MM-DD') AS ship_date
      FROM shipments sh JOIN products p ON p.plu = sh.plu AND p.listing_type IN ${HUNTED}
      WHERE sh.board_id = ${board.board_id} AND sh.ship_date >= ${from}::date AND sh.ship_date <= ${today}::date
      ORDER BY sh.ship_date DESC, p.name, p.plu`,
    extractDays(addDays(from, -1)),
  ]);
  const precision = board.precision === 'store_by_shipment' ? ('store_by_shipment' as const) : ('board' as const);
  const out: StoreShipments['days'] = [];
  for (let d = today; d >= from; d = addDays(d, -1)) {
    const day = boardShipmentDay(d, board.board_id, { ...extract, now });
    const shipments = rows.filter((r) => r.ship_date === d).map((r) => ({ ...r, covers_from: day.covers_from, precision, store: shipmentStore(board) }));
    out.push({ date: d, ...day, shipments });
  }
  return { success: true, store_id: storeId, board_id: board.board_id, board_precision: board.precision, precision, days: out };
}
