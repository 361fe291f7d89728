import { db } from '../db/index.ts';
import { nyDate } from '../time.ts';
import { boardOfPair, judgeExtract, pairKey, STILL_IN_WINDOW_DAYS } from './judge-extract.ts';
import { parseError } from './sources/errors.ts';
import { SHIPMENTS_SOURCE } from './sources/shipments.ts';

// Dated shipments from the Commission's rolling extract. NUMUNITS is bottles shipped to a board over
// about the last 16 days, with no dates. Diffing consecutive extracts dates them: an increase of N for
// (product, board) on extract day D is a shipment of N on D; a decrease is old shipments ageing out,
// not a return. The first extract ever seen is a baseline (its totals span unknown days).
//
// Before anything is written the extract is judged (judge-extract.ts): refused when too short to be the
// whole extract, a new baseline after a gap longer than the window, and otherwise which previous totals it
// cannot have let go of (a shortened extract must not pass for one in which those totals aged out: deleting
// them would turn their whole 16-day totals into shipments on the next full extract). Those totals are kept
// and dated nothing, so the next whole extract dates their shipments right.
//
// Every extract read and judged leaves its New York day in shipment_days (baseline, complete, truncated;
// applied = false when refused), with covers_from when days before it had none: a day without a row had
// no extract, and screens say so (lib/reports/shipment-days.ts) rather than show "nothing shipped".

export interface ShipmentRecord {
  plu: string;
  boardName: string;
  units: number;
  productName: string;
}

export interface ShipmentsResult {
  skipped: boolean;
  baseline: boolean;
  shipmentsWritten: number;
  /** Pairs this extract left out or cut below what we dated to them: their last totals were kept. */
  totalsKept: number;
  unknownBoards: string[];
  newProducts: number;
  /** The first day whose shipments this extract dates (its own day, or earlier when days had no extract). */
  coversFrom: string | null;
}

export const normalizeBoardName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

export async function applyShipmentsExtract(extractedAt: Date, records: ShipmentRecord[]): Promise<ShipmentsResult> {
  const boards = await db.board.findMany({ select: { id: true, name: true } });
  const boardIdByName = new Map(boards.map((b) => [normalizeBoardName(b.name), b.id]));
  const unknownBoards = new Set<string>();
  // One total per pair (the largest, should the extract ever repeat one), known boards only.
  const extract = new Map<string, number>();
  const names = new Map<string, string>();
  for (const r of records) {
    const boardId = boardIdByName.get(normalizeBoardName(r.boardName));
    if (boardId === undefined) {
      unknownBoards.add(r.boardName);
      continue;
    }
    const key = pairKey(r.plu, boardId);
    extract.set(key, Math.max(extract.get(key) ?? 0, r.units));
    if (!names.has(r.plu)) names.set(r.plu, r.productName);
  }
  const shipDate = nyDate(extractedAt);
  const pairs = extract.size;
  const skipped = { skipped: true, baseline: false, shipmentsWritten: 0, totalsKept: 0, unknownBoards: [...unknownBoards], newProducts: 0, coversFrom: null };

  const outcome = await db.$transaction(
    async (tx): Promise<ShipmentsResult | { refused: string }> => {
      const [last] = await tx.$queryRaw<{ at: Date | null }[]>`SELECT max(extracted_at) AS at FROM shipment_totals`;
      if (last.at && last.at.getTime() >= extractedAt.getTime()) return skipped;
      const previous = last.at ? { day: nyDate(last.at), totals: await pairUnits(tx.$queryRaw<PairRow[]>`SELECT plu, board_id, units FROM shipment_totals`) } : null;
      const datedInWindow = previous
        ? await pairUnits(tx.$queryRaw<PairRow[]>`
            SELECT plu, board_id, sum(units)::int AS units FROM shipments
             WHERE ship_date > ${shipDate}::date - ${STILL_IN_WINDOW_DAYS}::int GROUP BY plu, board_id`)
        : new Map<string, number>();
      const judgement = judgeExtract({ shipDate, extract, previous, datedInWindow });

      if (judgement.verdict === 'refused') {
        // Refused, but the day is recorded as such (an applied row of the same day stays: its shipments are real).
        await tx.$executeRaw`
          INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
          VALUES (${shipDate}::date, ${shipDate}::date, 'truncated'::"ShipmentDayStatus", false, ${extractedAt}, ${extractedAt}, ${pairs}, '{}')
          ON CONFLICT (ship_date) DO UPDATE SET last_extracted_at = EXCLUDED.last_extracted_at, records = EXCLUDED.records
          WHERE NOT shipment_days.applied`;
        return { refused: judgement.reason };
      }
      const baseline = judgement.verdict === 'baseline';
      const kept = judgement.verdict === 'applied' ? judgement.kept : new Map<string, number>();
      const rows = columns(extract);
      const keptRows = columns(kept);

      const newProducts = await tx.$executeRaw`
        INSERT INTO products (plu, name, listing_type, created_at, updated_at)
        SELECT plu, name, 'Unknown'::"ListingType", ${extractedAt}, ${extractedAt}
        FROM unnest(${[...names.keys()]}::text[], ${[...names.values()]}::text[]) AS r(plu, name)
        ON CONFLICT (plu) DO NOTHING`;
      // The pairs this extract dates: every one but the kept.
      await tx.$executeRaw`
        CREATE TEMP TABLE extract_rows ON COMMIT DROP AS
        SELECT e.plu, e.board_id, e.units FROM unnest(${rows.plus}::text[], ${rows.boardIds}::int[], ${rows.units}::int[]) AS e(plu, board_id, units)
         WHERE NOT EXISTS (SELECT 1 FROM unnest(${keptRows.plus}::text[], ${keptRows.boardIds}::int[]) AS k(plu, board_id)
                            WHERE k.plu = e.plu AND k.board_id = e.board_id)`;
      let shipmentsWritten = 0;
      if (!baseline) {
        shipmentsWritten = await tx.$executeRaw`
          INSERT INTO shipments (plu, board_id, ship_date, units)
          SELECT e.plu, e.board_id, ${shipDate}::date, e.units - COALESCE(t.units, 0)
          FROM extract_rows e LEFT JOIN shipment_totals t ON t.plu = e.plu AND t.board_id = e.board_id
          WHERE e.units > COALESCE(t.units, 0)
          ON CONFLICT (plu, board_id, ship_date) DO UPDATE SET units = shipments.units + EXCLUDED.units`;
      }
      await tx.$executeRaw`DELETE FROM shipment_totals`;
      await tx.$executeRaw`
        INSERT INTO shipment_totals (plu, board_id, units, extracted_at)
        SELECT plu, board_id, units, ${extractedAt}::timestamptz FROM extract_rows
        UNION ALL
        SELECT plu, board_id, units, ${extractedAt}::timestamptz FROM unnest(${keptRows.plus}::text[], ${keptRows.boardIds}::int[], ${keptRows.units}::int[]) AS k(plu, board_id, units)`;
      const missingBoardIds = judgement.verdict === 'applied' ? judgement.missingBoardIds : [];
      const status = baseline ? 'baseline' : kept.size ? 'truncated' : 'complete';
      const { coversFrom } = judgement;
      // A second extract the same day: the day keeps its span and a baseline stays one; the rest is the latest's.
      await tx.$executeRaw`
        INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
        VALUES (${shipDate}::date, ${coversFrom}::date, ${status}::"ShipmentDayStatus", true, ${extractedAt}, ${extractedAt}, ${pairs}, ${missingBoardIds}::int[])
        ON CONFLICT (ship_date) DO UPDATE SET
          covers_from = CASE WHEN shipment_days.applied THEN shipment_days.covers_from ELSE EXCLUDED.covers_from END,
          status = CASE WHEN shipment_days.applied AND shipment_days.status = 'baseline' THEN shipment_days.status ELSE EXCLUDED.status END,
          applied = true, last_extracted_at = EXCLUDED.last_extracted_at, records = EXCLUDED.records,
          missing_board_ids = EXCLUDED.missing_board_ids`;
      return { skipped: false, baseline, shipmentsWritten, totalsKept: kept.size, unknownBoards: [...unknownBoards], newProducts, coversFrom };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  if ('refused' in outcome) throw parseError(SHIPMENTS_SOURCE, outcome.refused);
  return outcome;
}

interface PairRow {
  plu: string;
  board_id: number;
  units: number;
}

async function pairUnits(rows: Promise<PairRow[]>): Promise<Map<string, number>> {
  return new Map((await rows).map((r) => [pairKey(r.plu, r.board_id), Number(r.units)]));
}

/** Pairs as parallel arrays for unnest(). */
function columns(pairs: ReadonlyMap<string, number>) {
  const plus: string[] = [];
  const boardIds: number[] = [];
  const units: number[] = [];
  for (const [key, n] of pairs) {
    plus.push(key.slice(0, key.indexOf(':')));
    boardIds.push(boardOfPair(key));
    units.push(n);
  }
  return { plus, boardIds, units };
}
