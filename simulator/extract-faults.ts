// What a faulty shipments extract looks like (the /Search/StockShippedData faults): each is a valid extract
// that is not the whole truth, as a real one could be. Pure: SimWorld.serveExtract applies them and
// records what was served (extractDays), the server only names the fault.
import { hashUnit } from './random.ts';
import type { SimBoard, SimProduct } from './dataset.ts';

export interface ExtractRecord {
  product: SimProduct;
  board: SimBoard;
  units: number;
}

export interface ShipmentsExtract {
  /** When the extract was generated (epoch ms). */
  generatedAt: number;
  /** "YYYY-MM-DD HH:mm:ss", New York time. */
  extractDatetime: string;
  /** New York day number of the extract. */
  dayNumber: number;
  /** Sorted by product then board; units > 0 only. */
  records: ExtractRecord[];
}

export type ExtractFault =
  /** Without its busiest board's records. */
  | { kind: 'short-extract' }
  /** The extract before the current one, served again (the day's never came out). */
  | { kind: 'stale-extract' }
  /** Without every record of these boards (ids). */
  | { kind: 'drop-boards'; boardIds: number[] }
  /** Without about this percentage of its records (chosen by a hash of the seed, the record and the day). */
  | { kind: 'drop-records'; percent: number };

/** The board a short-extract leaves out: the one with the most records. */
export function boardLeftOut(extract: ShipmentsExtract): string | undefined {
  const counts = new Map<string, number>();
  for (const r of extract.records) counts.set(r.board.name, (counts.get(r.board.name) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/** The extract as a fault serves it, given the current and the previous one (stale-extract, none yet: the current). */
export function faultyExtract(seed: number, current: ShipmentsExtract, previous: ShipmentsExtract | undefined, fault: ExtractFault): ShipmentsExtract {
  const keep = (pred: (r: ShipmentsExtract['records'][number]) => boolean) => ({ ...current, records: current.records.filter(pred) });
  switch (fault.kind) {
    case 'stale-extract':
      return previous ?? current;
    case 'short-extract': {
      const leftOut = boardLeftOut(current);
      return keep((r) => r.board.name !== leftOut);
    }
    case 'drop-boards': {
      const dropped = new Set(fault.boardIds);
      return keep((r) => !dropped.has(r.board.id));
    }
    case 'drop-records':
      return keep((r) => hashUnit(seed, 'drop-record', current.dayNumber, r.product.plu, r.board.id) * 100 >= fault.percent);
  }
}
