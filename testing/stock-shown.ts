import { expect } from 'vitest';
import { productStores } from '../lib/reports/inventory.ts';
import { storeInventory } from '../lib/reports/stores.ts';
import { productWhereabouts } from '../lib/reports/where.ts';

// What the screens show of one product's stock at a board's stores, read through the functions they use
// (the product's stores, Where is it now, each store's page): for the scenario suites' "last seen" and
// "unknown" checks (lib/reports/stock-age.ts).

/** Bottles per store number. */
type Cells = Map<number, number>;

/** Cells keyed "storeNumber:plu" (one product's), per store number. */
export const byStoreNumber = (cells: Map<string, number>): Cells => new Map([...cells].map(([cell, qty]) => [Number(cell.split(':')[0]), qty]));

/**
 * The product is shown in stock at exactly these stores with these bottles, each marked "last seen" at
 * `since` (the board's latest ask did not confirm it), and nowhere as unknown.
 */
export async function expectShownAsLastSeen(plu: string, boardId: number, now: Date, cells: Cells, since: Date): Promise<void> {
  const lastSeen = since.toISOString();
  const stores = await productStores(plu, boardId, now);
  expect(stores.unknown_stores, 'product stores: none unknown yet').toEqual([]);
  expect(
    new Map(stores.stores.map((s) => [s.store_number, [s.quantity, s.last_seen]])),
    'product stores: the last known bottles, last seen when the board last answered',
  ).toEqual(new Map([...cells].map(([n, q]) => [n, [q, lastSeen]])));

  const where = (await productWhereabouts(plu, now)).boards.find((b) => b.board_id === boardId)!;
  expect(where.unknown_stores, 'where is it now: none unknown yet').toEqual([]);
  expect(where.total_bottles, 'where is it now: total').toBe([...cells.values()].reduce((a, b) => a + b, 0));
  expect(new Map(where.stores.map((s) => [s.store_number, [s.quantity, s.last_seen]])), 'where is it now: last seen').toEqual(
    new Map([...cells].map(([n, q]) => [n, [q, lastSeen]])),
  );

  for (const store of stores.stores) {
    const page = JSON.parse(await storeInventory(store.store_id, now)) as { inventory: { nc_code: string; quantity: number; last_seen: string | null }[] };
    expect(page.inventory.find((i) => i.nc_code === plu), `store ${store.store_number}'s page`).toMatchObject({ quantity: store.quantity, last_seen: lastSeen });
  }
}

/** The product is in stock nowhere on the screens: these stores' last known bottles are listed as unknown, last seen at `since`. */
export async function expectShownAsUnknown(plu: string, boardId: number, now: Date, cells: Cells, since: Date): Promise<void> {
  const lastSeen = since.toISOString();
  const stores = await productStores(plu, boardId, now);
  expect(stores.stores, 'product stores: in stock nowhere').toEqual([]);
  expect(new Map(stores.unknown_stores.map((s) => [s.store_number, [s.last_quantity, s.last_seen]])), 'product stores: unknown').toEqual(
    new Map([...cells].map(([n, q]) => [n, [q, lastSeen]])),
  );
  const where = (await productWhereabouts(plu, now)).boards.find((b) => b.board_id === boardId)!;
  expect(where).toMatchObject({ total_bottles: 0, stores: [] });
  expect(new Map(where.unknown_stores.map((s) => [s.store_number, s.last_quantity])), 'where is it now: unknown').toEqual(cells);
}
