import 'server-only';
import { ChangeCache } from '../db/changes.ts';
import { db, Prisma } from '../db/index.ts';
import { addDays, nyDate } from '../time.ts';
import { boardDirectory } from './board-directory.ts';
import { boardOrThrow } from './boards.ts';
import { rangeDayNotes } from './extract-days.ts';
import type { DayNote } from './shipment-days.ts';
import { casesOf, HUNTED, productSearch, type JsonText } from './sql.ts';
import type { Board, ShippedProduct, Shipments } from './types.ts';

// Statewide Shipments: what the warehouse shipped to each of the 173 boards, hunted products only.

export const PRODUCT_TYPES = ['all-allocation-limited-barrel', 'allocation', 'limited', 'barrel'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const DATE_RANGES = ['current-month', 'last-16-days', 'last-24-days'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

const TYPE_LISTS: Record<ProductType, Prisma.Sql> = {
  'all-allocation-limited-barrel': HUNTED,
  allocation: Prisma.raw(`('Allocation')`),
  limited: Prisma.raw(`('Limited')`),
  barrel: Prisma.raw(`('Barrel')`),
};

export interface ShipmentFilters {
  productType: ProductType;
  boardId: number | 'all';
  searchTerm: string;
  dateRange: DateRange;
}

/** Every board, by name (a plain array), kept until the boards change. Shared: never modify. */
export function listBoards(): Promise<Board[]> {
  return boardLists.get('all', readBoards);
}

const boardLists = new ChangeCache<Board[]>(['boards'], 1);

async function readBoards(): Promise<Board[]> {
  const [row] = await db.$queryRaw<{ boards: Board[] }[]>`
    SELECT COALESCE(json_agg(json_build_object('board_id', id, 'board_name_clean', name_clean) ORDER BY name_clean, id), '[]'::json) AS boards
    FROM boards`;
  return row.boards;
}

/** Hunted products that have shipments, by name, kept until the catalog or the shipments change. Shared: never modify. */
export function shippedProducts(): Promise<{ success: true; products: ShippedProduct[] }> {
  return shippedLists.get('all', readShippedProducts);
}

const shippedLists = new ChangeCache<{ success: true; products: ShippedProduct[] }>(['products', 'shipments'], 1);

async function readShippedProducts(): Promise<{ success: true; products: ShippedProduct[] }> {
  const [row] = await db.$queryRaw<{ products: ShippedProduct[] }[]>`
    SELECT COALESCE(json_agg(json_build_object('nc_code', p.plu, 'brand_name', p.name, 'Listing_Type', p.listing_type) ORDER BY p.name, p.plu), '[]'::json) AS products
    FROM products p
    WHERE p.listing_type IN ${HUNTED} AND EXISTS (SELECT 1 FROM shipments sh WHERE sh.plu = p.plu)`;
  return { success: true, products: row.products };
}

/** The New York dates a date range covers, both included. */
export function shipmentRange(range: DateRange, now = new Date()): { startDate: string; endDate: string } {
  const today = nyDate(now);
  const startDate = range === 'current-month' ? `${today.slice(0, 8)}01` : addDays(today, range === 'last-16-days' ? -15 : -23);
  return { startDate, endDate: today };
}

/**
 * Shipments of the chosen products to one board or all, newest first, as JSON text (`{ success, shipments }`,
 * a few hundred KB for all boards). 404 for an unknown board.
 *
 * A month of shipments to all boards is a few thousand rows of ten fields, five of them the product's and
 * two the board's. Rendering each row's JSON in Postgres costs a few µs per row; here a row comes back as
 * four values and each product's and board's part is rendered once, which takes about half the time.
 */
export async function listShipments(filters: ShipmentFilters, now = new Date()): Promise<JsonText<Shipments>> {
  const { startDate, endDate } = shipmentRange(filters.dateRange, now);
  // What the extract says about each day (missing, late, truncated, spanning): read every time, as it moves
  // with the clock, and part of the key, so an answer is kept while the days say the same.
  const days = JSON.stringify(await rangeDayNotes(startDate, endDate, now, filters.boardId === 'all' ? undefined : filters.boardId));
  const key = JSON.stringify([filters.productType, filters.boardId, filters.searchTerm.trim(), startDate, endDate, days]);
  return shipmentAnswers.get(key, () => readShipments(filters, startDate, endDate, days));
}

/**
 * Answers by filters and dates, kept in memory until shipments, the catalog, the boards or what decides their
 * precision (their stores, their shelf sources) change
 * (lib/db/changes.ts; the shipments report is read once a cycle). Up to ~800 KB each, so only a few.
 */
const shipmentAnswers = new ChangeCache<string>(['shipments', 'products', 'boards', 'stores', 'board_sources'], 16);

async function readShipments(filters: ShipmentFilters, startDate: string, endDate: string, days: JsonText<DayNote[]>): Promise<JsonText<Shipments>> {
  const term = filters.searchTerm.trim();
  const search = productSearch(term);
  const chosen = Prisma.sql`p.listing_type IN ${TYPE_LISTS[filters.productType]} ${search}`;
  const oneBoard = filters.boardId === 'all' ? Prisma.empty : Prisma.sql`AND sh.board_id = ${filters.boardId}`;
  // Shipments are found per product through (plu, ship_date): the hunted products' rows in the range without
  // reading the far more numerous Listed ones of the same days (OFFSET 0 keeps the lookup per product).
  // Everything comes back as three JSON values (rows of a result cost far more than their content), and the
  // rows are ordered here: sorting them by product and board name in the query costs more than the lookup.
  const [{ products, boards, rows }] = await db.$queryRaw<
    {
      products: [plu: string, name: string, listingType: string, retailPrice: number | null, bottlesPerCase: number | null][];
      boards: [id: number, nameClean: string][];
      rows: [plu: string, boardId: number, shipDate: string, units: number][] | null;
    }[]
  >`
    SELECT
      (SELECT COALESCE(json_agg(json_build_array(p.plu, p.name, p.listing_type, p.retail_price::float8, p.bottles_per_case)), '[]')
       FROM products p WHERE ${chosen}) AS products,
      (SELECT COALESCE(json_agg(json_build_array(b.id, b.name_clean)), '[]') FROM boards b
       ${filters.boardId === 'all' ? Prisma.empty : Prisma.sql`WHERE b.id = ${filters.boardId}`}) AS boards,
      (SELECT json_agg(json_build_array(p.plu, sh.board_id, sh.ship_date, sh.units))
       FROM products p
       CROSS JOIN LATERAL (
         SELECT sh.board_id, sh.ship_date, sh.units FROM shipments sh
         WHERE sh.plu = p.plu AND sh.ship_date BETWEEN ${startDate}::date AND ${endDate}::date ${oneBoard}
         OFFSET 0
       ) sh
       WHERE ${chosen}) AS rows`;
  if (filters.boardId !== 'all') boardOrThrow(boards.length, filters.boardId);

  // Each product's fields as the start of a row's JSON object, each board's as its middle.
  const productOf = new Map(
    products.map(([plu, name, listingType, retailPrice, bottlesPerCase]) => {
      const fields = { brand_name: name, nc_code: plu, Listing_Type: listingType, retail_price: retailPrice, bottles_per_case: bottlesPerCase };
      return [plu, { name, bottlesPerCase, json: JSON.stringify(fields).slice(0, -1) }];
    }),
  );
  const boardOf = new Map(boards.map(([id, name]) => [id, { name, json: `,"board_name_clean":${JSON.stringify(name)},"board_id":${id}` }]));
  // Newest first, then by product name, board name and board id: one number per row from the ranks of its
  // date, product and board (a few dozen dates, a few hundred products and boards), so the sort compares
  // numbers rather than names.
  const dateRank = ranks([...new Set((rows ?? []).map((r) => r[2]))], (a, b) => compare(b, a));
  const productRank = ranks(products.map(([plu]) => plu), (a, b) => compare(productOf.get(a)!.name, productOf.get(b)!.name) || compare(a, b));
  const boardRank = ranks(boards.map(([id]) => id), (a, b) => compare(boardOf.get(a)!.name, boardOf.get(b)!.name) || a - b);
  const sorted = (rows ?? [])
    .map((row) => ({ row, key: (dateRank.get(row[2])! * productRank.size + productRank.get(row[0])!) * boardRank.size + boardRank.get(row[1])! }))
    .sort((a, b) => a.key - b.key)
    .map(({ row }) => row);
  const parts = sorted.map(([plu, boardId, shipDate, units]) => {
    const product = productOf.get(plu)!;
    const [y, m, d] = shipDate.split('-');
    const cases = casesOf(units, product.bottlesPerCase);
    return `${product.json}${boardOf.get(boardId)!.json},"ship_date":"${shipDate}","ship_date_formatted":"${m}/${d}/${y}","cases":${cases}}`;
  });
  // How precisely each shipment's board places the bottles, so a board-level figure is never read as a shelf.
  const precisionOf = new Map((await boardDirectory()).boards.map((b) => [b.board_id, b.precision]));
  const boardPrecision = Object.fromEntries([...new Set(sorted.map((r) => r[1]))].map((id) => [id, precisionOf.get(id) ?? 'board']));
  return `{"success":true,"days":${days},"board_precision":${JSON.stringify(boardPrecision)},"shipments":[${parts.join(',')}]}`;
}

/** Code-point order, as Postgres sorts text in the C collation: the same order on every machine. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Each item's place in the given order (0, 1, …). */
function ranks<T>(items: T[], order: (a: T, b: T) => number): Map<T, number> {
  return new Map(items.sort(order).map((item, i) => [item, i]));
}
