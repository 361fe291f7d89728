import 'server-only';
import { productOrThrow } from '../catalog/products.ts';
import { ChangeCache } from '../db/changes.ts';
import { db, Prisma } from '../db/index.ts';
import { addDays, nyDate, nyDayRange, weekdayOf } from '../time.ts';
import { ARRIVAL, atBoardStores, casesOf, DEFAULT_BOTTLES_PER_CASE, HUNTED, storeRefFields, WAKE_BOARD_ID, type JsonText } from './sql.ts';
import { boardWithShelves } from './board-directory.ts';
import { listStores } from './stores.ts';
import { rangeDayNotes } from './extract-days.ts';
import type { Delivery, DeliveryAnalysis, OtherDropStore, ShipmentDay, Store } from './types.ts';

// Delivery Analysis: how one product was spread over a covered board's stores (Wake by default) since Monday
// of the current New York week minus `weeksBack` weeks, compared with what the warehouse shipped to that
// board meanwhile.
// A product's deliveries come from (plu, change_type, checked_at, store_id); the other hunted drops from the same
// index, one range per hunted product, so a 5-week range never scans the Listed rows.

export interface DeliveryAnalysisRequest {
  plu: string;
  weeksBack: number;
  includeOtherDrops: boolean;
  /** A covered board (lib/reference/boards.ts); Wake when absent. */
  boardId?: number;
}

const MONDAY_OFFSET: Record<string, number> = { Monday: 0, Tuesday: 1, Wednesday: 2, Thursday: 3, Friday: 4, Saturday: 5, Sunday: 6 };

/** Monday of the current New York week minus `weeksBack` weeks, through today (both YYYY-MM-DD). */
export function analysisRange(weeksBack: number, now = new Date()): { startDate: string; endDate: string } {
  const today = nyDate(now);
  return { startDate: addDays(today, -MONDAY_OFFSET[weekdayOf(today)] - 7 * weeksBack), endDate: today };
}

export type DeliveryAnalysisAnswer = { success: true; analysis: DeliveryAnalysis; shipment_days: ShipmentDay[] };

export async function deliveryAnalysis(request: DeliveryAnalysisRequest, now = new Date()): Promise<DeliveryAnalysisAnswer> {
  return JSON.parse(await deliveryAnalysisJson(request, now)) as DeliveryAnalysisAnswer;
}

/**
 * deliveryAnalysis as JSON text (the API's answer, sent as it is). `shipment_days` (what the shipments extract
 * says about each day of the range, behind shipmentInfo.totalCases) is read on every call beside the kept
 * answer: a day's status changes with the clock.
 */
export async function deliveryAnalysisJson(request: DeliveryAnalysisRequest, now = new Date()): Promise<JsonText<DeliveryAnalysisAnswer>> {
  const { plu, weeksBack, includeOtherDrops, boardId = WAKE_BOARD_ID } = request;
  await boardWithShelves(boardId, now);
  const { startDate, endDate } = analysisRange(weeksBack, now);
  const key = JSON.stringify([plu, startDate, endDate, includeOtherDrops, boardId]);
  const [kept, days] = await Promise.all([
    analyses.get(key, async () => JSON.stringify(await readAnalysis(plu, startDate, endDate, includeOtherDrops, boardId))),
    rangeDayNotes(startDate, endDate, now, boardId),
  ]);
  return `${kept.slice(0, -1)},"shipment_days":${JSON.stringify(days)}}`;
}

/**
 * Answers by product, dates, other drops and board, kept in memory until a table the query reads announces a
 * write (lib/db/changes.ts): hunters compare the same few drops between two polls.
 */
const analyses = new ChangeCache<JsonText<Omit<DeliveryAnalysisAnswer, 'shipment_days'>>>(['inventory_history', 'stores', 'products', 'shipments'], 256);

async function readAnalysis(plu: string, startDate: string, endDate: string, includeOtherDrops: boolean, boardId: number): Promise<Omit<DeliveryAnalysisAnswer, 'shipment_days'>> {
  const from = nyDayRange(startDate).start.toISOString();
  const until = nyDayRange(endDate).end.toISOString();

  const otherDrops = includeOtherDrops
    ? Prisma.sql`(
        SELECT json_agg(o ORDER BY o.store_number) FROM (
          SELECT ${storeRefFields('s')},
                 string_agg(r.name, ', ' ORDER BY r.name, r.plu) AS received_products,
                 string_agg(r.plu, ', ' ORDER BY r.name, r.plu) AS received_plus
          FROM stores s
          JOIN (
            SELECT DISTINCT h.store_id, p.plu, p.name
            FROM products p
            JOIN inventory_history h ON h.plu = p.plu
            WHERE p.listing_type IN ${HUNTED} AND p.plu <> ${plu} AND h.change_type IN ${ARRIVAL}
              AND ${atBoardStores('h.store_id', boardId)}
              AND h.checked_at >= ${from}::timestamptz AND h.checked_at < ${until}::timestamptz
          ) r ON r.store_id = s.id
          WHERE s.board_id = ${boardId} AND NOT s.mixed_beverage
            AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.store_id = s.id)
          GROUP BY s.id
        ) o
      )`
    : Prisma.sql`NULL::json`;

  const [row] = await db.$queryRaw<
    { product: { name: string; plu: string; bottles_per_case: number | null } | null; deliveries: Delivery[] | null; shipped_units: number; other_drops: OtherDropStore[] | null }[]
  >`
    WITH deliveries AS (
      SELECT h.id AS history_id, to_char((h.checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS delivery_date,
             ${storeRefFields('s')}, h.delta AS quantity, h.checked_at
      FROM inventory_history h
      JOIN stores s ON s.id = h.store_id AND s.board_id = ${boardId}
      WHERE h.plu = ${plu} AND h.change_type IN ${ARRIVAL}
        AND h.checked_at >= ${from}::timestamptz AND h.checked_at < ${until}::timestamptz
    )
    SELECT
      (SELECT json_build_object('name', name, 'plu', plu, 'bottles_per_case', bottles_per_case) FROM products WHERE plu = ${plu}) AS product,
      (SELECT json_agg(x ORDER BY d.checked_at DESC, d.store_number, d.history_id) FROM deliveries d
        CROSS JOIN LATERAL (SELECT d.history_id, d.delivery_date, d.store_id, d.nickname, d.store_number, d.address, d.quantity, d.mixed_beverage) x
      ) AS deliveries,
      (SELECT COALESCE(sum(units), 0)::int FROM shipments
        WHERE plu = ${plu} AND board_id = ${boardId} AND ship_date BETWEEN ${startDate}::date AND ${endDate}::date) AS shipped_units,
      ${otherDrops} AS other_drops`;

  const product = productOrThrow(row.product, plu);
  // Unknown case size: counted as 6 bottles a case (DEFAULT_BOTTLES_PER_CASE), and said so by returning
  // the size used, so the screen's per-delivery cases add up to totalCasesDelivered.
  const bottlesPerCase = product.bottles_per_case && product.bottles_per_case > 0 ? product.bottles_per_case : DEFAULT_BOTTLES_PER_CASE;
  const deliveries = row.deliveries ?? [];
  return {
    success: true,
    analysis: {
      product: { name: product.name, plu: product.plu, bottles_per_case: bottlesPerCase },
      dateRange: { startDate, endDate },
      shipmentInfo: { totalCases: casesOf(row.shipped_units, bottlesPerCase) },
      summary: {
        totalCasesDelivered: deliveries.reduce((sum, d) => sum + casesOf(d.quantity, bottlesPerCase), 0),
        uniqueStores: new Set(deliveries.map((d) => d.store_id)).size,
      },
      deliveries,
      storesWithOtherDrops: row.other_drops ?? [],
    },
  };
}

/**
 * The board's retail stores (Wake by default; not the mixed-beverage outlets) in neither list, by store number:
 * from the board's kept store list (lib/reports/stores.ts), so nothing is read while the stores are unchanged.
 */
export async function storesWithoutDeliveries(
  deliveredStoreIds: number[],
  otherDropStoreIds: number[],
  boardId: number = WAKE_BOARD_ID,
): Promise<{ success: true; stores: Store[] }> {
  return JSON.parse(await storesWithoutDeliveriesJson(deliveredStoreIds, otherDropStoreIds, boardId)) as { success: true; stores: Store[] };
}

/** storesWithoutDeliveries as JSON text (the API's answer, sent as it is), kept per board and stores named. */
export async function storesWithoutDeliveriesJson(
  deliveredStoreIds: number[],
  otherDropStoreIds: number[],
  boardId: number = WAKE_BOARD_ID,
): Promise<JsonText<{ success: true; stores: Store[] }>> {
  await boardWithShelves(boardId);
  const excluded = [...new Set([...deliveredStoreIds, ...otherDropStoreIds])].sort((a, b) => a - b);
  return withoutDeliveries.get(`${boardId}|${excluded.join(',')}`, async () => {
    const { stores } = await listStores(boardId);
    const named = new Set(excluded);
    return JSON.stringify({ success: true, stores: stores.filter((s) => !s.mixed_beverage && !named.has(s.store_id)) });
  });
}

/** Answers by board and the stores named, kept until the stores change (the store list's one table). */
const withoutDeliveries = new ChangeCache<JsonText<{ success: true; stores: Store[] }>>(['stores'], 256);
