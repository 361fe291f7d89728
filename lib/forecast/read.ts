import 'server-only';
import { db, Prisma } from '../db/index.ts';
import { boardDirectory, boardEntry } from '../reports/board-directory.ts';
import { boardOfStore } from '../reports/stores.ts';
import type { BoardEntry } from '../reports/types.ts';
import type { BoardRecord, ExpectedProduct, ForecastPlace, ForecastRecord, IncomingReport, IncomingShipment, StoreExpected } from '../forecast/types.ts';
import { addDays, nyDate } from '../time.ts';
import { boardRecords, calibration, type RecordedBoard } from './record.ts';
import { likelihoodWords } from './words.ts';

// What the screens show of the forecasts (issue 26 §2): a board's shipments on their way (the Incoming screen,
// Current Inventory's cards), what a store expects this week (store detail), and where a product is on its way
// to (where is it now); each with its board's record (record.ts). Small indexed reads on `incoming` and
// `forecasts`, read on every call: the evidence changes them every cycle.

/** Closed shipments stay on the Incoming screen this many days after their last window, with where they landed. */
export const LANDED_SHOWN_DAYS = 3;
/** Store detail's "Expected this week": windows opening within this many days. */
export const EXPECTED_DAYS = 7;
/** Unnamed stores below this likelihood are left out of the lists (they are not forecast, and there can be dozens). */
export const LISTED_FROM = 0.1;
/** At most this many unnamed stores per shipment ("also possible"): a phone's screenful, not the whole board. */
export const ALSO_POSSIBLE_MAX = 4;

interface PlaceRow {
  incoming_id: bigint;
  plu: string;
  name: string;
  listing_type: string;
  retail_price: string | null;
  board_id: number;
  board_name: string;
  precision: string;
  ship_date: string;
  units: number;
  status: string;
  created_at: Date;
  store_id: number | null;
  store_number: number | null;
  nickname: string | null;
  likelihood: number;
  named: boolean;
  reason: string | null;
  expected_date: string | null;
  window_start: string;
  window_end: string;
  outcome: string;
  arrived_at: Date | null;
  updated_at: Date;
}

/** The rows of the incoming shipments `where` picks, one per listed place. */
export function placeRows(where: Prisma.Sql): Promise<PlaceRow[]> {
  return db.$queryRaw<PlaceRow[]>`
    SELECT i.id AS incoming_id, i.plu, p.name, p.listing_type::text, p.retail_price::text, i.board_id, b.name_clean AS board_name,
           i.precision, to_char(i.ship_date, 'YYYY-MM-DD') AS ship_date, i.units, i.status::text, i.created_at,
           f.store_id, s.store_number, s.nickname, f.likelihood, f.named, f.reason,
           to_char(f.expected_date, 'YYYY-MM-DD') AS expected_date, to_char(f.window_start, 'YYYY-MM-DD') AS window_start,
           to_char(f.window_end, 'YYYY-MM-DD') AS window_end, f.outcome::text, f.arrived_at, f.updated_at
      FROM incoming i
      JOIN products p ON p.plu = i.plu
      JOIN boards b ON b.id = i.board_id
      -- An open shipment keeps at least its likeliest place, so it never drops off the list when none reaches
      -- LISTED_FROM (calibrated likelihoods of a board that spreads at random can all be low: issue 37).
      JOIN forecasts f ON f.incoming_id = i.id AND (f.named OR f.outcome = 'arrived' OR f.likelihood >= ${LISTED_FROM}
                          OR (i.status = 'open' AND f.id = (SELECT t.id FROM forecasts t WHERE t.incoming_id = i.id ORDER BY t.likelihood DESC, t.id LIMIT 1)))
      LEFT JOIN stores s ON s.id = f.store_id
     WHERE ${where}
     ORDER BY i.ship_date DESC, i.id DESC, f.named DESC, f.likelihood DESC, s.nickname`;
}

/** A place's row: its store, its likelihood and how its forecast stands. */
export type PlaceColumns = Pick<PlaceRow, 'store_id' | 'store_number' | 'nickname' | 'likelihood' | 'named' | 'reason' | 'expected_date' | 'window_start' | 'window_end' | 'outcome' | 'arrived_at'>;

/** A forecast place as the answers carry it (Incoming's, and the journey's with the likelihood it stated). */
export function place(r: PlaceColumns): ForecastPlace {
  // Words from the figure shown, so "0.2" never reads "unlikely".
  const likelihood = Math.round(r.likelihood * 1000) / 1000;
  const words = likelihoodWords(likelihood);
  return {
    store: r.store_id === null ? null : { store_id: r.store_id, store_number: r.store_number ?? 0, nickname: r.nickname ?? '' },
    likelihood,
    likelihood_words: words.words,
    likelihood_in_ten: words.inTen,
    named: r.named,
    // Why only for a named place: a listed one is not forecast, so it has no habit to tell.
    why: r.named ? r.reason : null,
    expected_date: r.expected_date,
    window_start: r.window_start,
    window_end: r.window_end,
    outcome: r.outcome as ForecastPlace['outcome'],
    arrived_at: r.arrived_at?.toISOString() ?? null,
  };
}

/** Rows grouped into shipments, in the rows' order (the latest shipment first). */
export function shipments(rows: PlaceRow[]): IncomingShipment[] {
  const byId = new Map<bigint, IncomingShipment>();
  const alsoPossible = new Map<bigint, number>();
  for (const r of rows) {
    let s = byId.get(r.incoming_id);
    if (!s) {
      s = {
        incoming_id: String(r.incoming_id),
        plu: r.plu,
        name: r.name,
        listing_type: r.listing_type as IncomingShipment['listing_type'],
        retail_price: r.retail_price === null ? null : Number(r.retail_price),
        board_id: r.board_id,
        board_name: r.board_name,
        precision: r.precision as IncomingShipment['precision'],
        ship_date: r.ship_date,
        units: r.units,
        status: r.status as IncomingShipment['status'],
        forecast_at: r.created_at.toISOString(),
        updated_at: r.updated_at.toISOString(),
        places: [],
      };
      byId.set(r.incoming_id, s);
    }
    if (r.updated_at.toISOString() > s.updated_at) s.updated_at = r.updated_at.toISOString();
    // Rows come named first, then by likelihood: the unnamed tail is cut, and a closed shipment keeps only its outcomes.
    if (r.named || r.outcome === 'arrived') s.places.push(place(r));
    else if (r.status === 'open' && (alsoPossible.get(r.incoming_id) ?? 0) < ALSO_POSSIBLE_MAX) {
      alsoPossible.set(r.incoming_id, (alsoPossible.get(r.incoming_id) ?? 0) + 1);
      s.places.push(place(r));
    }
  }
  return [...byId.values()];
}

async function recordOf(board: BoardEntry, now: Date): Promise<BoardRecord> {
  const [record] = await boardRecords([{ board_id: board.board_id, name: board.name, precision: board.precision }], now);
  return record;
}

/**
 * GET /api/incoming?boardId=: the board's shipments still on their way (open), then those whose last window closed
 * within LANDED_SHOWN_DAYS (with where they landed), and the board's record. 404 for an unknown board.
 */
export async function incomingForBoard(boardId: number, now = new Date()): Promise<IncomingReport> {
  const board = await boardEntry(boardId, now);
  const landedSince = addDays(nyDate(now), -LANDED_SHOWN_DAYS);
  const [rows, record] = await Promise.all([
    placeRows(Prisma.sql`i.board_id = ${boardId} AND (i.status = 'open' OR i.closed_at >= ${landedSince}::date)`),
    recordOf(board, now),
  ]);
  const list = shipments(rows);
  // Still on its way first; each group the latest shipment first.
  list.sort((a, b) => Number(a.status === 'closed') - Number(b.status === 'closed'));
  return { success: true, board, incoming: list, record, checked_at: now.toISOString() };
}

/**
 * GET /api/stores/{storeId}/expected: the open forecasts that place a product at this store (or at its board as a
 * whole, when the state does not say which store) with a window opening within EXPECTED_DAYS. 404 for an unknown store.
 */
export async function expectedAtStore(storeId: number, now = new Date()): Promise<StoreExpected> {
  const board = await boardOfStore(storeId);
  const today = nyDate(now);
  const [rows, record] = await Promise.all([
    placeRows(
      Prisma.sql`i.board_id = ${board.board_id} AND i.status = 'open' AND f.outcome = 'open'
                 AND (f.store_id = ${storeId} OR f.store_id IS NULL) AND f.window_start <= ${addDays(today, EXPECTED_DAYS)}::date`,
    ),
    recordOf(board, now),
  ]);
  const products: ExpectedProduct[] = shipments(rows).map((s) => ({
    incoming_id: s.incoming_id,
    plu: s.plu,
    name: s.name,
    listing_type: s.listing_type,
    retail_price: s.retail_price,
    ship_date: s.ship_date,
    units: s.units,
    precision: s.precision,
    place: s.places[0],
  }));
  // The soonest first, then the likeliest.
  products.sort((a, b) => (a.place.expected_date ?? a.place.window_start).localeCompare(b.place.expected_date ?? b.place.window_start) || b.place.likelihood - a.place.likelihood);
  return { success: true, store_id: storeId, board_id: board.board_id, products, record, checked_at: now.toISOString() };
}

/** Where is it now's "On its way to …": the product's open shipments to any board, named places only. */
export async function onItsWay(plu: string): Promise<IncomingShipment[]> {
  const rows = await placeRows(Prisma.sql`i.plu = ${plu} AND i.status = 'open' AND f.outcome IN ('open', 'arrived')`);
  return shipments(rows)
    .map((s) => ({ ...s, places: s.places.filter((p) => p.named || p.outcome === 'arrived') }))
    .filter((s) => s.places.length > 0);
}

/** GET /api/incoming/record and /admin: every shelf board, then every other board that has had forecasts. */
export async function forecastRecord(now = new Date()): Promise<ForecastRecord> {
  const [directory, forecast] = await Promise.all([
    boardDirectory(now),
    db.$queryRaw<{ board_id: number }[]>`SELECT DISTINCT board_id FROM incoming`,
  ]);
  const had = new Set(forecast.map((r) => r.board_id));
  const order = { shelf: 0, store_by_shipment: 1, board: 2 } as const;
  const boards: RecordedBoard[] = directory.boards
    .filter((b) => b.precision === 'shelf' || had.has(b.board_id))
    .sort((a, b) => order[a.precision] - order[b.precision] || a.name.localeCompare(b.name))
    .map((b) => ({ board_id: b.board_id, name: b.name, precision: b.precision }));
  const [records, calibrated] = await Promise.all([boardRecords(boards, now), calibration(now)]);
  return { success: true, boards: records, calibration: calibrated, checked_at: now.toISOString() };
}
