import 'server-only';
import { productOrThrow } from '../catalog/products.ts';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { shelfBoards } from '../reference/shelf-boards.ts';
import { addDays, nyDate } from '../time.ts';
import { boardDirectory } from './board-directory.ts';
import { keptCoveredBoards } from './boards.ts';
import { rangeDayNotes } from './extract-days.ts';
import { casesOf } from './sql.ts';
import { stockAge, stockStatesHoldUntil, type StockState } from './stock-age.ts';
import type { Whereabouts } from './types.ts';

// "Where is it now": one product across every covered board's shelves (the stores holding it, by board,
// with each board's freshness as GET /api/boards/covered tells it, and each store's "last seen" or unknown
// stock as lib/reports/stock-age.ts tells it), the warehouse's latest level and the
// latest shipments to each board. Five small indexed reads; the answer is a few KB.

/** Shipments to boards within this many days are listed (the statewide shipments screen's longest range is 24). */
export const WHEREABOUTS_SHIPMENT_DAYS = 30;

interface Shelf {
  board_id: number;
  store_id: number;
  store_number: number;
  nickname: string;
  address: string;
  mixed_beverage: boolean;
  quantity: number;
  last_updated: Date;
  state: StockState;
  confirmed_at: Date;
  changes_at: Date | null;
}

/** The product across the covered boards; what is on its way is the forecasts' (lib/forecast/reads.ts whereRead). */
export async function productWhereabouts(plu: string, now = new Date()): Promise<Whereabouts> {
  const at = now.getTime();
  const [kept, days] = await Promise.all([
    whereaboutsAnswers.get(`${plu}|${nyDate(now)}`, () => readWhereabouts(plu, now), {
      valid: (answer) => answer.from <= at && at < answer.until,
    }),
    // Read on every call, not kept: a day's status changes with the clock (pending, late, missing).
    rangeDayNotes(addDays(nyDate(now), -WHEREABOUTS_SHIPMENT_DAYS), nyDate(now), now),
  ]);
  return { ...kept.answer, shipment_day_notes: days.filter((d) => d.note !== null) };
}

/**
 * Answers by product and New York day (the shipments' window starts from it), kept until one of the tables
 * they read announces a write, and only while their stock states and boards' freshness hold. Shared: never modify.
 */
const whereaboutsAnswers = new ChangeCache<{ answer: Omit<Whereabouts, 'shipment_day_notes'>; from: number; until: number }>(
  ['products', 'store_inventory', 'stores', 'board_product_polls', 'warehouse_levels', 'scrape_runs', 'shipments', 'boards', 'board_sources'],
  256,
);

async function readWhereabouts(plu: string, now: Date): Promise<{ answer: Omit<Whereabouts, 'shipment_day_notes'>; from: number; until: number }> {
  const covered = await shelfBoards();
  const boardIds = covered.map((b) => b.id);
  const since = addDays(nyDate(now), -WHEREABOUTS_SHIPMENT_DAYS);
  const [products, shelves, levels, freshness, shipments, directory] = await Promise.all([
    db.$queryRaw<{ plu: string; name: string; listing_type: string; retail_price: string | null; size_ml: number | null; bottles_per_case: number | null }[]>`
      SELECT plu, name, listing_type::text, retail_price::text, size_ml, bottles_per_case FROM products WHERE plu = ${plu}`,
    db.$queryRaw<Shelf[]>`
      SELECT s.board_id, s.id AS store_id, s.store_number, s.nickname, s.address, s.mixed_beverage, si.quantity, si.last_updated,
             age.state, age.confirmed_at, age.changes_at
      FROM store_inventory si JOIN stores s ON s.id = si.store_id
      ${stockAge('si', 's', now)}
      WHERE si.plu = ${plu} AND si.quantity > 0 AND s.board_id = ANY(${boardIds}::int[])
      ORDER BY si.quantity DESC, s.nickname`,
    db.$queryRaw<{ total_available: number; checked_at: Date }[]>`
      SELECT total_available, checked_at FROM warehouse_levels WHERE plu = ${plu} ORDER BY checked_at DESC LIMIT 1`,
    keptCoveredBoards(now),
    db.$queryRaw<{ board_id: number; board_name_clean: string; last_ship_date: string; units: number }[]>`
      SELECT b.id AS board_id, b.name_clean AS board_name_clean, to_char(max(sh.ship_date), 'YYYY-MM-DD') AS last_ship_date, sum(sh.units)::int AS units
      FROM shipments sh JOIN boards b ON b.id = sh.board_id
      WHERE sh.plu = ${plu} AND sh.ship_date >= ${since}::date
      GROUP BY b.id, b.name_clean
      ORDER BY max(sh.ship_date) DESC, sum(sh.units) DESC, b.name_clean`,
    boardDirectory(now),
  ]);
  const boardsById = new Map(directory.boards.map((b) => [b.board_id, b]));
  const product = productOrThrow(products[0], plu);
  const bottlesPerCase = product.bottles_per_case;
  const fresh = new Map(freshness.answer.boards.map((b) => [b.board_id, b]));
  const changes = shelves.flatMap((s) => (s.changes_at ? [s.changes_at.getTime()] : []));
  const until = Math.min(freshness.until, stockStatesHoldUntil(changes.length ? Math.min(...changes) : null));

  const answer: Omit<Whereabouts, 'shipment_day_notes'> = {
    success: true,
    product: {
      plu: product.plu,
      name: product.name,
      listing_type: product.listing_type as Whereabouts['product']['listing_type'],
      retail_price: product.retail_price === null ? null : Number(product.retail_price),
      size_ml: product.size_ml,
      bottles_per_case: bottlesPerCase,
    },
    warehouse: levels[0] ? { current_inventory: levels[0].total_available, checked_at: levels[0].checked_at.toISOString(), precision: 'warehouse' } : null,
    boards: covered.map((board) => {
      const held = shelves.filter((s) => s.board_id === board.id);
      const stores = held.filter((s) => s.state !== 'unknown');
      const ref = (s: Shelf) => ({ store_id: s.store_id, store_number: s.store_number, nickname: s.nickname, address: s.address, mixed_beverage: s.mixed_beverage ? (1 as const) : (0 as const) });
      const info = fresh.get(board.id);
      return {
        board_id: board.id,
        name: board.name,
        precision: 'shelf' as const,
        last_check: info?.last_check ?? null,
        failing: info?.failing ?? false,
        stale: info?.stale ?? true,
        total_bottles: stores.reduce((n, s) => n + s.quantity, 0),
        stores: stores.map((s) => ({
          ...ref(s),
          quantity: s.quantity,
          last_updated: s.last_updated.toISOString(),
          last_seen: s.state === 'last_seen' ? s.confirmed_at.toISOString() : null,
        })),
        unknown_stores: held
          .filter((s) => s.state === 'unknown')
          .sort((a, b) => b.confirmed_at.getTime() - a.confirmed_at.getTime() || a.store_number - b.store_number)
          .map((s) => ({ ...ref(s), last_quantity: s.quantity, last_seen: s.confirmed_at.toISOString() })),
      };
    }),
    shipments: shipments.map((s) => {
      const board = boardsById.get(s.board_id);
      return {
        board_id: s.board_id,
        board_name_clean: s.board_name_clean,
        last_ship_date: s.last_ship_date,
        cases: casesOf(s.units, bottlesPerCase),
        units: s.units,
        // A shelf board's shipments are still the board's: its shelves are listed in `boards`.
        precision: board?.precision === 'store_by_shipment' ? ('store_by_shipment' as const) : ('board' as const),
        board_precision: board?.precision ?? 'board',
        stores: board?.stores ?? 0,
        only_store: board?.precision === 'store_by_shipment' ? board.only_store : null,
      };
    }),
    shipment_days: WHEREABOUTS_SHIPMENT_DAYS,
  };
  return { answer, from: now.getTime(), until };
}
