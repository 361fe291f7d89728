// How precisely the product knows where a bottle is (decision 021). Browser-safe:
// no server imports, so screens, e-mails and the API decide it the same way. Precision is decided when a
// report is read, from the reference data as it is then, and never stored per row: a board that opens a
// second store turns its old shipments into `board` shipments, a downgrade, never a false upgrade.

/** From the finest to the coarsest place. */
export const PRECISIONS = ['shelf', 'store_by_shipment', 'board', 'warehouse'] as const;
export type Precision = (typeof PRECISIONS)[number];

/** A board's precision; `warehouse` is the state warehouse's levels, never a board's. */
export type BoardPrecision = Exclude<Precision, 'warehouse'>;

/** What decides a board's precision (lib/reference/board-facts.ts reads it for every board). */
export interface PrecisionInputs {
  /** The product reads the board's store shelves (an enabled shelf source). */
  shelfSource: boolean;
  /** The board's stores in the reference data, mixed-beverage outlets included. */
  stores: number;
  /** Those that are not mixed-beverage (permit holders only) outlets. */
  retailStores: number;
}

/**
 * `shelf` when its shelves are read; `store_by_shipment` when its one store is a retail store, so a shipment
 * to the board is a shipment to that store; `board` otherwise. Outlets receive shipments too, so a retail
 * store plus an outlet is `board`, and so is a board with no known store.
 */
export function boardPrecision({ shelfSource, stores, retailStores }: PrecisionInputs): BoardPrecision {
  if (shelfSource) return 'shelf';
  if (stores === 1 && retailStores === 1) return 'store_by_shipment';
  return 'board';
}
