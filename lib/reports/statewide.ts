import { ApiError } from '../api/errors.ts';
import { db, Prisma } from '../db/index.ts';
import { addDays, nyDate } from '../time.ts';
import { casesSql, HUNTED, likeEscape, type JsonText } from './sql.ts';

// Statewide Shipments: what the warehouse shipped to each of the 173 boards. Shipments are read per
// product through (plu, ship_date), so the hunted products' rows in the date range are found without
// touching the far more numerous Listed shipments.

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

export interface Board {
  board_id: number;
  board_name_clean: string;
}

export interface Shipment {
  brand_name: string;
  nc_code: string;
  Listing_Type: string;
  retail_price: number | null;
  bottles_per_case: number | null;
  board_name_clean: string;
  board_id: number;
  ship_date: string;
  ship_date_formatted: string;
  cases: number;
}

export interface ShipmentFilters {
  productType: ProductType;
  boardId: number | 'all';
  searchTerm: string;
  dateRange: DateRange;
}

/** Every board, by name (a plain array). */
export async function listBoards(): Promise<Board[]> {
  const [row] = await db.$queryRaw<{ boards: Board[] }[]>`
    SELECT COALESCE(json_agg(json_build_object('board_id', id, 'board_name_clean', name_clean) ORDER BY name_clean, id), '[]'::json) AS boards
    FROM boards`;
  return row.boards;
}

/** Hunted products that have shipments, by name. */
export async function shippedProducts(): Promise<{ success: true; products: { nc_code: string; brand_name: string; Listing_Type: string }[] }> {
  const [row] = await db.$queryRaw<{ products: { nc_code: string; brand_name: string; Listing_Type: string }[] }[]>`
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
 */
export async function listShipments(filters: ShipmentFilters, now = new Date()): Promise<JsonText<{ success: true; shipments: Shipment[] }>> {
  const { startDate, endDate } = shipmentRange(filters.dateRange, now);
  const term = filters.searchTerm.trim();
  const search = term
    ? Prisma.sql`AND (p.name ILIKE ${`%${likeEscape(term)}%`} OR p.plu LIKE ${`${likeEscape(term)}%`})`
    : Prisma.empty;
  const board = filters.boardId === 'all' ? Prisma.empty : Prisma.sql`AND sh.board_id = ${filters.boardId}`;
  const [row] = await db.$queryRaw<{ known_board: boolean; body: string }[]>`
    SELECT ${filters.boardId === 'all' ? Prisma.sql`true` : Prisma.sql`EXISTS (SELECT 1 FROM boards WHERE id = ${filters.boardId})`} AS known_board,
      '{"success":true,"shipments":' || COALESCE((
        SELECT json_agg(x ORDER BY x.ship_date DESC, x.brand_name, x.board_name_clean, x.board_id)
        FROM products p
        JOIN shipments sh ON sh.plu = p.plu
        JOIN boards b ON b.id = sh.board_id
        CROSS JOIN LATERAL (
          SELECT p.name AS brand_name, p.plu AS nc_code, p.listing_type AS "Listing_Type", p.retail_price, p.bottles_per_case,
                 b.name_clean AS board_name_clean, b.id AS board_id, to_char(sh.ship_date, 'YYYY-MM-DD') AS ship_date,
                 to_char(sh.ship_date, 'MM/DD/YYYY') AS ship_date_formatted, ${casesSql('sh.units', 'p.bottles_per_case')} AS cases
        ) x
        WHERE p.listing_type IN ${TYPE_LISTS[filters.productType]} ${search}
          AND sh.ship_date BETWEEN ${startDate}::date AND ${endDate}::date ${board}
      ), '[]'::json)::text || '}' AS body`;
  if (!row.known_board) throw new ApiError('not_found', `No board with id ${filters.boardId}`);
  return row.body;
}
