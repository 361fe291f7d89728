import { beforeAll, describe, expect, it } from 'vitest';
import { GET as alertSettingsRoute, PUT as saveAlertSettingsRoute } from '@/app/api/alerts/settings/route';
import { GET as coveredRoute } from '@/app/api/boards/covered/route';
import { GET as healthRoute } from '@/app/api/health/route';
import { GET as allocatedRoute } from '@/app/api/inventory/allocated-current/route';
import { POST as analysisRoute } from '@/app/api/inventory/delivery-analysis/route';
import { GET as productStoresRoute } from '@/app/api/inventory/product/[plu]/stores/route';
import { GET as whereRoute } from '@/app/api/inventory/product/[plu]/where/route';
import { GET as historyRoute } from '@/app/api/inventory/store-history/[storeId]/route';
import { POST as withoutRoute } from '@/app/api/inventory/stores-without-deliveries/route';
import { GET as arrivalsRoute } from '@/app/api/inventory/todays-arrivals/route';
import { GET as inventoryRoute } from '@/app/api/stores/[storeId]/inventory/route';
import { GET as storesRoute } from '@/app/api/stores/route';
import { expectClientError, query, signedIn, TestClient, withTestDatabase } from '../../testing/harness.ts';
import { shelfBoardIds } from '../../lib/reference/shelves.ts';
import { nyDate } from '../../lib/time.ts';

// The reference data holds every store in the state (465), but the product reads the shelves of only four
// boards' stores (lib/reference/shelves.ts). A store of any other board is listed and has its page, but never
// as if its shelf were known: its answers say `shelf_read: false` and hold no stock, no drop, no arrival; it is
// never a store "without deliveries", never stock on any report, and an alert store only as a one-store
// board's store (its board's shipments are that store's). Here a Mecklenburg store (board 53, 31 stores) and
// Boone's only store (board 43) even hold stock and history, as a board whose reading stopped would leave
// behind; no answer shows them.

withTestDatabase('reference', 'unread_boards');

const PLU = '27090';
const SHELF_BOARDS = shelfBoardIds();
let browser: TestClient;
let unread: number[];
let storesOf: Map<number, number[]>;

beforeAll(async () => {
  ({ browser } = await signedIn());
  const rows = await query<{ id: number; board_id: number }>('SELECT id, board_id FROM stores ORDER BY id');
  storesOf = new Map();
  for (const r of rows) storesOf.set(r.board_id, [...(storesOf.get(r.board_id) ?? []), r.id]);
  unread = [storesOf.get(53)![0], storesOf.get(43)![0]];
  const now = new Date();
  await query(`UPDATE stores SET first_polled_at = $2 WHERE id = ANY($1::int[])`, [unread, new Date(now.getTime() - 86_400_000)]);
  await query(
    `INSERT INTO store_inventory (store_id, plu, quantity, last_updated) SELECT unnest($1::int[]), $2, 4, $3`,
    [unread, PLU, now],
  );
  await query(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     SELECT unnest($1::int[]), $2, $3, 0, 4, 4, 'first'`,
    [unread, PLU, now],
  );
  // A shipment to each board is a fact about the board, which Where is it now may show as such.
  await query(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, 53, $2, 12), ($1, 43, $2, 6)`, [PLU, nyDate(now)]);
});

/** Every store id anywhere in an answer (fields named store_id). */
function storeIdsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(storeIdsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'store_id' && typeof v === 'number' ? [v] : storeIdsIn(v)));
  }
  return [];
}

describe('a store of a board whose shelves are not read', () => {
  it('is in no shelf board’s store list, and its own board’s list says its shelves are not read', async () => {
    for (const boardId of SHELF_BOARDS) {
      const res = await browser.call(storesRoute, '/api/stores', { query: { boardId: String(boardId) } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ precision: 'shelf', shelf_read: true });
      expect(storeIdsIn(res.json).sort((a, b) => a - b)).toEqual(storesOf.get(boardId));
    }
    for (const [boardId, precision] of [['53', 'board'], ['43', 'store_by_shipment']]) {
      const res = await browser.call(storesRoute, '/api/stores', { query: { boardId } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ precision, shelf_read: false });
      expect(storeIdsIn(res.json).sort((a, b) => a - b)).toEqual(storesOf.get(Number(boardId)));
    }
  });

  it('has a store page with no shelf and no history, saying its shelves are not read', async () => {
    for (const id of unread.map(String)) {
      const inventory = await browser.call(inventoryRoute, `/api/stores/${id}/inventory`, { params: { storeId: id } });
      expect(inventory.status).toBe(200);
      expect(inventory.json).toMatchObject({ inventory: [], stock_unknown: [], shelf_read: false });
      const history = await browser.call(historyRoute, `/api/inventory/store-history/${id}`, { params: { storeId: id } });
      expect(history.status).toBe(200);
      expect(history.json).toMatchObject({ changes: [], summary: { totalChanges: 0, daysWithChanges: 0 }, shelf_read: false });
    }
  });

  it('is never "without deliveries", and its board is no delivery analysis', async () => {
    for (const boardId of SHELF_BOARDS) {
      const res = await browser.call(withoutRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: { boardId } });
      expect(res.status).toBe(200);
      const ids = storeIdsIn(res.json);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => storesOf.get(boardId)!.includes(id))).toBe(true);
    }
    for (const boardId of [53, 43]) {
      expectClientError(await browser.call(withoutRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: { boardId } }), 400);
      expectClientError(await browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body: { plu: PLU, weeksBack: 0, boardId } }), 400);
    }
  });

  it('shows no arrival and no stock on any report, and Where is it now lists only the shelves read', async () => {
    const answers = [];
    for (const boardId of SHELF_BOARDS.map(String)) {
      answers.push(await browser.call(arrivalsRoute, '/api/inventory/todays-arrivals', { query: { boardId } }));
      answers.push(await browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: { boardId } }));
      answers.push(await browser.call(productStoresRoute, `/api/inventory/product/${PLU}/stores`, { params: { plu: PLU }, query: { boardId } }));
      answers.push(await browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body: { plu: PLU, weeksBack: 0, includeOtherDrops: true, boardId: Number(boardId) } }));
    }
    const where = await browser.call(whereRoute, `/api/inventory/product/${PLU}/where`, { params: { plu: PLU } });
    answers.push(where);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(storeIdsIn(res.json === where.json ? { ...where.json, shipments: [] } : res.json).filter((id) => unread.includes(id))).toEqual([]);
    }
    // Boone's store is named only as where its board's shipment went, worded as a shipment, never a shelf.
    const boone = where.json.shipments.find((s: { board_id: number }) => s.board_id === 43);
    expect(boone).toMatchObject({ precision: 'store_by_shipment', only_store: { store_id: storesOf.get(43)![0] } });
    expect(where.json.shipments.find((s: { board_id: number }) => s.board_id === 53)).toMatchObject({ precision: 'board', only_store: null, stores: 31 });
    expect(where.json.boards.map((b: { board_id: number }) => b.board_id)).toEqual(SHELF_BOARDS);
    expect(where.json.shipments.map((s: { board_id: number }) => s.board_id).sort()).toEqual([43, 53]);
    // Its board's arrivals are what the state shipped to the board, never its stores' leftover rows.
    for (const boardId of ['53', '43']) {
      const res = await browser.call(arrivalsRoute, '/api/inventory/todays-arrivals', { query: { boardId } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ arrivals: [], total_arrivals: 0, last_check: null, total_shipments: 1 });
      expect(res.json.shipments[0].precision).not.toBe('shelf');
    }
    expectClientError(await browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: { boardId: '43' } }), 400);
  });

  it('is an alert store only where a shipment names it (a one-store board\'s store), and a store of a board of several cannot be chosen', async () => {
    const options = await browser.call(alertSettingsRoute, '/api/alerts/settings');
    expect(options.status).toBe(200);
    const offered = options.json.stores.map((s: { store_id: number }) => s.store_id).sort((a: number, b: number) => a - b);
    // Shipments to Boone are its one store's (issue 24 §4); its shelf is still never shown as read.
    const onlyStores = options.json.boards.flatMap((b: { only_store: { store_id: number } | null }) => (b.only_store ? [b.only_store.store_id] : []));
    expect(onlyStores).toContain(unread[1]);
    expect(offered).toEqual([...SHELF_BOARDS.flatMap((id) => storesOf.get(id)!), ...onlyStores].sort((a, b) => a - b));
    expect(offered).not.toContain(unread[0]);
    const saved = await browser.call(saveAlertSettingsRoute, '/api/alerts/settings', {
      method: 'PUT',
      body: { ...options.json.settings, board_ids: [179, 53], store_ids: [unread[0]] },
    });
    expectClientError(saved, 400);
    expect(saved.json.error).toBe('Shipments name only the board: choose all stores of Mecklenburg County.');
  });

  it('still counts in the reference data and its board in no shelf board’s store count', async () => {
    const health = await new TestClient().call(healthRoute, '/api/health');
    expect(health.json.reference_data).toEqual({ boards: 173, stores: 465, products: 3241 });
    const covered = await browser.call(coveredRoute, '/api/boards/covered');
    expect(covered.json.boards.map((b: { board_id: number; stores: number }) => [b.board_id, b.stores])).toEqual(
      SHELF_BOARDS.map((id) => [id, storesOf.get(id)!.length]),
    );
    expect(covered.json.boards.map((b: { stores: number }) => b.stores)).toEqual([28, 10, 16, 11]);
  });
});
