import 'server-only';
import { ErrorCode } from '../api/error-codes.ts';
import { foundOrThrow } from '../api/errors.ts';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { addDays, nyDate, nyDayRange } from '../time.ts';
import { boardEntry } from './board-directory.ts';
import { ARRIVAL, huntedFirst, isoInstant, storeFields, WAKE_BOARD_ID, type JsonText } from './sql.ts';
import { stateChangesAt, stockAge, stockStatesHoldUntil } from './stock-age.ts';
import type { BoardEntry, Store, StoreHistory, StoreInventory, Stores } from './types.ts';

// Stores: a covered board's directory (Wake by default), one store's shelves now (store_inventory) and its drops over the last 30,
// 60 or 90 days. A store's drops come from (store_id, change_type, checked_at): the increases only, a few
// thousand rows for 90 days, never the store's far more numerous sales.
//
// Every answer here is kept in memory until a table it reads announces a write (lib/db/changes.ts,
// docs/decisions/014-answers-kept-until-the-data-changes.md): the scraper writes every 15 minutes, hunters
// open the same stores in between. Each ChangeCache names the tables its query reads.

export const HISTORY_PERIODS = ['30', '60', '90'] as const;

/** A store of a covered board looked up by id, or the answer every store lookup gives when there is none. */
export const storeOrThrow = <T>(found: T, storeId: number) => foundOrThrow(found, `No store with id ${storeId}`, ErrorCode.STORE_NOT_FOUND);

/** A board's store list as kept: the stores and the answer's JSON text. Shared: never modify. */
interface StoreList {
  stores: Store[];
  json: JsonText<Stores>;
}

/** Store lists by board and its precision: they read `stores` only (the precision is the directory's). */
const storeLists = new ChangeCache<StoreList>(['stores'], 16);

async function keptStoreList(boardId: number): Promise<StoreList> {
  const board = await boardEntry(boardId);
  return storeLists.get(`${boardId}|${board.precision}`, async () => {
    const [row] = await db.$queryRaw<{ stores: Store[] }[]>`
      SELECT COALESCE(json_agg(x ORDER BY x.store_number), '[]'::json) AS stores
      FROM (SELECT ${storeFields('s')} FROM stores s WHERE s.board_id = ${boardId}) x`;
    return { stores: row.stores, json: JSON.stringify({ success: true, ...shelfFacts(board), stores: row.stores }) };
  });
}

/** How precise a board's store facts are, as every store answer says it: a store whose shelves are not read has no shelf to show. */
function shelfFacts(board: BoardEntry): { precision: BoardEntry['precision']; shelf_read: boolean } {
  return { precision: board.precision, shelf_read: board.precision === 'shelf' };
}

/** `text` (a JSON object) with the board's shelfFacts added at its end. */
const withShelfFacts = (text: string, board: BoardEntry) => `${text.slice(0, -1)},${JSON.stringify(shelfFacts(board)).slice(1)}`;

/** A board's stores (Wake by default), by store number. The list is shared with later calls: never modify it. 404 for an unknown board. */
export async function listStores(boardId: number = WAKE_BOARD_ID): Promise<{ success: true; stores: Store[] }> {
  return { success: true, stores: (await keptStoreList(boardId)).stores };
}

/**
 * listStores as JSON text (the API's answer, sent as it is), with the board's precision: any board's stores are
 * listed, with `shelf_read: false` where the product does not read their shelves.
 */
export async function listStoresJson(boardId: number = WAKE_BOARD_ID): Promise<JsonText<Stores>> {
  return (await keptStoreList(boardId)).json;
}

/** The board of a store, or 404 for an unknown store. */
export async function boardOfStore(storeId: number): Promise<BoardEntry> {
  const [row] = await db.$queryRaw<{ board_id: number }[]>`SELECT board_id FROM stores WHERE id = ${storeId}`;
  return boardEntry(storeOrThrow(row, storeId).board_id);
}

/**
 * A store of a covered board and what it holds now (quantity > 0): hunted types first, then by name, as JSON
 * text (`{ success, store, board_id, inventory, stock_unknown }`, ~170 KB for a big store). Each item says
 * "last seen" when the board did not confirm it when it should have; products whose stock is unknown (overdue,
 * and not confirmed for STOCK_UNKNOWN_AFTER_MINUTES) are listed apart (lib/reports/stock-age.ts). 404 for an unknown store.
 */
export async function storeInventory(storeId: number, now = new Date()): Promise<JsonText<StoreInventory>> {
  const board = await boardOfStore(storeId);
  const at = now.getTime();
  const kept = await inventories.get(`${storeId}|${board.precision}`, () => readStoreInventory(storeId, board, now), {
    valid: (answer) => answer.from <= at && at < answer.until,
  });
  return kept.json;
}

/**
 * A store's inventory by store, with the span of time it holds for (stock ages with time:
 * stockStatesHoldUntil). It reads store_inventory, stores, products and board_product_polls (stockAge).
 */
const inventories = new ChangeCache<{ json: JsonText<StoreInventory>; from: number; until: number }>(
  ['store_inventory', 'stores', 'products', 'board_product_polls', 'board_sources'],
  64,
);

async function readStoreInventory(storeId: number, board: BoardEntry, now: Date): Promise<{ json: JsonText<StoreInventory>; from: number; until: number }> {
  const [row] = await db.$queryRaw<{ body: string; changes_at: number | null }[]>`
    WITH items AS MATERIALIZED (
      SELECT p.name AS brand_name, p.name AS product_name, p.listing_type AS "Listing_Type", p.plu AS nc_code, p.retail_price,
             p.bottles_per_case, p.size_ml, si.quantity, row_to_json(images) AS images, age.state, age.confirmed_at, age.changes_at
      FROM store_inventory si
      JOIN stores s ON s.id = si.store_id
      JOIN products p ON p.plu = si.plu
      ${stockAge('si', 's', now)}
      CROSS JOIN LATERAL (SELECT p.image_url, p.image_path) images
      WHERE si.store_id = ${storeId} AND si.quantity > 0
    )
    SELECT '{"success":true,"store":' || (SELECT row_to_json(x) FROM (SELECT ${storeFields('s')} FROM stores s WHERE s.id = ${storeId}) x)::text
        || ',"board_id":' || (SELECT board_id FROM stores WHERE id = ${storeId})::text
        || ',"inventory":' || COALESCE((
             SELECT json_agg(x ORDER BY ${huntedFirst('x."Listing_Type"')}, x.product_name, x.nc_code)
             FROM items i
             CROSS JOIN LATERAL (
               SELECT i.brand_name, i.product_name, i."Listing_Type", i.nc_code, i.retail_price, i.bottles_per_case, i.size_ml, i.quantity, i.images,
                      CASE WHEN i.state = 'last_seen' THEN ${isoInstant('i.confirmed_at')} END AS last_seen
             ) x
             WHERE i.state <> 'unknown'
           ), '[]'::json)::text
        || ',"stock_unknown":' || COALESCE((
             SELECT json_agg(x ORDER BY ${huntedFirst('x."Listing_Type"')}, x.product_name, x.nc_code)
             FROM items i
             CROSS JOIN LATERAL (
               SELECT i.brand_name, i.product_name, i."Listing_Type", i.nc_code, i.retail_price, i.bottles_per_case, i.size_ml, i.images,
                      i.quantity AS last_quantity, ${isoInstant('i.confirmed_at')} AS last_seen
             ) x
             WHERE i.state = 'unknown'
           ), '[]'::json)::text || '}' AS body,
           ${stateChangesAt('items')} AS changes_at
    WHERE EXISTS (SELECT 1 FROM stores WHERE id = ${storeId})`;
  const found = storeOrThrow(row, storeId);
  if (board.precision !== 'shelf') {
    // Rows a reading of its shelves once left behind are not the shelf now: nothing is known about it.
    const blank = JSON.parse(found.body) as StoreInventory;
    return { json: JSON.stringify({ ...blank, inventory: [], stock_unknown: [], ...shelfFacts(board) }), from: now.getTime(), until: Infinity };
  }
  return { json: withShelfFacts(found.body, board), from: now.getTime(), until: stockStatesHoldUntil(found.changes_at) };
}

/**
 * A covered board's store's drops (first/increase of any product) in the last `days` New York dates up to today, grouped by
 * date, newest first; within a day hunted products first, then by name. JSON text (`StoreHistory`, up to
 * ~700 KB for 90 days of a busy store). 404 for an unknown store.
 */
export async function storeHistory(storeId: number, days: number, now = new Date()): Promise<JsonText<StoreHistory>> {
  const board = await boardOfStore(storeId);
  const today = nyDate(now);
  if (board.precision !== 'shelf') {
    // Its shelves are not read: no drop is known (its deliveries are the board's shipments: /api/stores/{id}/shipments).
    const none = { totalChanges: 0, uniqueProducts: 0, totalInventoryAdded: 0, daysWithChanges: 0 };
    return JSON.stringify({ success: true, summary: none, changes: [], ...shelfFacts(board) });
  }
  return histories.get(`${storeId}|${days}|${today}`, async () => withShelfFacts(await readStoreHistory(storeId, days, today), board));
}

/** Store histories by store, period and New York date (the period ends today): they read inventory_history, products and stores. */
const histories = new ChangeCache<JsonText<StoreHistory>>(['inventory_history', 'products', 'stores', 'board_sources'], 128);

async function readStoreHistory(storeId: number, days: number, today: string): Promise<JsonText<StoreHistory>> {
  const from = nyDayRange(addDays(today, 1 - days)).start.toISOString();
  const until = nyDayRange(today).end.toISOString();
  const [row] = await db.$queryRaw<{ body: string }[]>`
    WITH items AS MATERIALIZED (
      SELECT (h.checked_at AT TIME ZONE 'America/New_York')::date AS day,
             h.id AS history_id, p.name AS product_name, p.listing_type, p.retail_price, p.plu AS nc_code,
             h.change_type, h.delta, h.new_quantity AS quantity
      FROM inventory_history h JOIN products p ON p.plu = h.plu
      WHERE h.store_id = ${storeId} AND h.change_type IN ${ARRIVAL}
        AND h.checked_at >= ${from}::timestamptz AND h.checked_at < ${until}::timestamptz
    ), by_day AS (
      SELECT i.day, count(*) FILTER (WHERE i.listing_type <> 'Listed')::int AS item_count,
             count(*) FILTER (WHERE i.listing_type = 'Listed')::int AS other_count,
             COALESCE(json_agg(x ORDER BY ${huntedFirst('x.listing_type')}, x.product_name, x.history_id DESC)
                        FILTER (WHERE i.listing_type <> 'Listed'), '[]'::json) AS items
      FROM items i
      CROSS JOIN LATERAL (
        SELECT i.history_id, i.product_name, i.listing_type, i.retail_price, i.nc_code, i.change_type, i.delta, i.quantity
      ) x
      GROUP BY i.day
    )
    SELECT '{"success":true,"summary":' || (
             SELECT row_to_json(t) FROM (
               SELECT count(*) AS "totalChanges",
                      (SELECT count(*) FROM (SELECT nc_code FROM items GROUP BY nc_code) u) AS "uniqueProducts",
                      COALESCE(sum(delta), 0) AS "totalInventoryAdded",
                      (SELECT count(*) FROM by_day) AS "daysWithChanges"
               FROM items
             ) t)::text
        || ',"changes":' || COALESCE((
             SELECT json_agg(d ORDER BY d.date DESC) FROM (
               SELECT to_char(day, 'YYYY-MM-DD') AS date, to_char(day, 'MM/DD/YYYY') AS formatted_date,
                      to_char(day, 'FMDay') AS day_of_week, item_count, other_count, items
               FROM by_day
             ) d), '[]'::json)::text || '}' AS body
    WHERE EXISTS (SELECT 1 FROM stores WHERE id = ${storeId})`;
  return storeOrThrow(row, storeId).body;
}
