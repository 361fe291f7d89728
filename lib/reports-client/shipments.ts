import type { Board, Shipment } from '../reports/types.ts';

/** The Wake shortcut: the first board whose name contains "wake" (any case). */
export function findWakeBoard(boards: readonly Board[]): Board | undefined {
  return boards.find((b) => b.board_name_clean.toLowerCase().includes('wake'));
}

export interface ProductGroup {
  code: string;
  name: string;
  listingType: string;
  price: number | null;
  cases: number;
  boards: number;
  lastShipDate: string;
  shipments: Shipment[];
}

export interface DateGroup {
  date: string;
  cases: number;
  products: number;
  shipments: Shipment[];
}

export interface BoardGroup {
  boardId: number;
  name: string;
  cases: number;
  products: number;
  shipments: Shipment[];
}

function group<K>(list: readonly Shipment[], key: (s: Shipment) => K): Map<K, Shipment[]> {
  const out = new Map<K, Shipment[]>();
  for (const s of list) {
    const k = key(s);
    const bucket = out.get(k);
    if (bucket) bucket.push(s);
    else out.set(k, [s]);
  }
  return out;
}

const sumCases = (list: readonly Shipment[]) => list.reduce((n, s) => n + (s.cases ?? 0), 0);
const newestFirst = (a: Shipment, b: Shipment) => (a.ship_date < b.ship_date ? 1 : a.ship_date > b.ship_date ? -1 : 0);

/** By product: most cases first; each product's shipments newest first. */
export function groupByProduct(list: readonly Shipment[]): ProductGroup[] {
  return [...group(list, (s) => s.nc_code)]
    .map(([code, items]) => {
      const sorted = [...items].sort((a, b) => newestFirst(a, b) || a.board_name_clean.localeCompare(b.board_name_clean));
      return {
        code,
        name: items[0].brand_name,
        listingType: items[0].Listing_Type,
        price: items[0].retail_price,
        cases: sumCases(items),
        boards: new Set(items.map((s) => s.board_id)).size,
        lastShipDate: sorted[0].ship_date,
        shipments: sorted,
      };
    })
    .sort((a, b) => b.cases - a.cases || a.name.localeCompare(b.name));
}

/** By date: newest first; each date's shipments by product name, then board. */
export function groupByDate(list: readonly Shipment[]): DateGroup[] {
  return [...group(list, (s) => s.ship_date)]
    .map(([date, items]) => ({
      date,
      cases: sumCases(items),
      products: new Set(items.map((s) => s.nc_code)).size,
      shipments: [...items].sort(
        (a, b) => a.brand_name.localeCompare(b.brand_name) || a.board_name_clean.localeCompare(b.board_name_clean),
      ),
    }))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** By board: most cases first; each board's shipments newest first. */
export function groupByBoard(list: readonly Shipment[]): BoardGroup[] {
  return [...group(list, (s) => s.board_id)]
    .map(([boardId, items]) => ({
      boardId,
      name: items[0].board_name_clean,
      cases: sumCases(items),
      products: new Set(items.map((s) => s.nc_code)).size,
      shipments: [...items].sort((a, b) => newestFirst(a, b) || a.brand_name.localeCompare(b.brand_name)),
    }))
    .sort((a, b) => b.cases - a.cases || a.name.localeCompare(b.name));
}
