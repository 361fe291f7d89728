// Puts the generators together: from the reference data and `now`, every observation row the demo
// needs, as plain values ready for bulk inserts. Pure (no database), so tests can check it directly.
import { generateStoreHistory, type HistoryRow, type InventoryRow, type PolledStore } from './history.ts';
import type { ProductSeed } from '../lib/reference/products.ts';
import type { BoardSeed } from '../lib/reference/reference.ts';
import { Timeline } from './timeline.ts';

const DAY_MS = 86_400_000;
import { generateWarehouse, shipmentTotals, type LevelRow, type ShipmentRow } from './warehouse.ts';

export interface GeneratedRun {
  source: 'wake_inventory' | 'wake_locator' | 'warehouse' | 'shipments' | 'price_list' | 'allocated_list';
  startedAt: number;
  finishedAt: number;
  itemsSeen: number;
  changesWritten: number;
}

export interface GeneratedData {
  timeline: Timeline;
  baselineAt: number;
  lastPollAt: number;
  history: HistoryRow[]; // sorted by poll, store, plu
  inventory: InventoryRow[];
  storeUpdates: { storeId: number; lastDeliveryDate: string | null }[];
  levels: LevelRow[];
  shipments: ShipmentRow[];
  runs: GeneratedRun[];
}

export function generateObservations(input: {
  now: Date;
  stores: PolledStore[];
  products: ProductSeed[];
  boards: BoardSeed[];
}): GeneratedData {
  const t = new Timeline(input.now);
  const warehouse = generateWarehouse(t, input.products, input.boards);
  const stores = generateStoreHistory(t, input.stores, input.products, warehouse.wakeShipments);
  const history = stores.history.sort(
    (a, b) => a.poll - b.poll || a.storeId - b.storeId || (a.plu < b.plu ? -1 : a.plu > b.plu ? 1 : 0),
  );
  const levels = warehouse.levels.sort((a, b) => a.poll - b.poll || (a.plu < b.plu ? -1 : a.plu > b.plu ? 1 : 0));
  const totals = shipmentTotals(warehouse);

  const storeUpdates = input.stores.map((s) => {
    const list = stores.deliveries.get(s.storeId) ?? [];
    const last = list[list.length - 1];
    return { storeId: s.storeId, lastDeliveryDate: last ? t.isoDate(last.dayIndex) : null };
  });

  const lastPollAt = t.time(t.lastPoll);
  const finish = (seconds: number) => Math.min(lastPollAt + seconds * 1000, Math.max(input.now.getTime(), lastPollAt));
  const atLastPoll = (rows: { poll: number }[]) => rows.filter((r) => r.poll === t.lastPoll).length;
  const runs: GeneratedRun[] = [
    {
      source: 'wake_inventory',
      startedAt: lastPollAt,
      finishedAt: finish(251),
      itemsSeen: input.products.filter((p) => p.listingType !== 'Listed' && p.listingType !== 'Unknown').length,
      changesWritten: atLastPoll(history),
    },
    { source: 'wake_locator', startedAt: lastPollAt, finishedAt: finish(2), itemsSeen: input.stores.length + 1, changesWritten: 0 },
    {
      source: 'warehouse',
      startedAt: lastPollAt,
      finishedAt: finish(9),
      itemsSeen: input.products.length,
      changesWritten: atLastPoll(levels),
    },
    { source: 'shipments', startedAt: lastPollAt, finishedAt: finish(38), itemsSeen: totals.length, changesWritten: 0 },
    // The Commission's catalog lists, read the day before (issue 40): the scraper's first reading of them is then not
    // a baseline, so what the simulated price list has announced since shows on Coming to NC at once.
    ...(['price_list', 'allocated_list'] as const).map((source) => ({
      source,
      startedAt: lastPollAt - DAY_MS,
      finishedAt: lastPollAt - DAY_MS + 3_000,
      itemsSeen: source === 'price_list' ? input.products.length : input.products.filter((p) => p.listingType === 'Allocation' || p.listingType === 'Limited').length,
      changesWritten: 0,
    })),
  ];

  return {
    timeline: t,
    baselineAt: t.time(0),
    lastPollAt,
    history,
    inventory: stores.inventory,
    storeUpdates,
    levels,
    shipments: warehouse.shipments,
    runs,
  };
}
