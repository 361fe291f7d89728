import { db } from '../db/index.ts';
import { nyDate } from '../time.ts';
import { boardOfPair, judgeExtract, STILL_IN_WINDOW_DAYS, type FallenPair } from './judge-extract.ts';
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
  // The pairs as one text of "plu,board,units" lines, built in one pass: an extract is ~85,000 records of
  // ~170 board names, and one text parameter costs a fraction of the memory of three 85,000-element arrays.
  const boardOf = new Map<string, number | undefined>();
  const unknownBoards = new Set<string>();
  const lines: string[] = [];
  const nameOf = new Map<string, string>(); // one name per product, for the products the catalog lacks
  for (const r of records) {
    if (!boardOf.has(r.boardName)) boardOf.set(r.boardName, boardIdByName.get(normalizeBoardName(r.boardName)));
    const boardId = boardOf.get(r.boardName);
    if (boardId === undefined) {
      unknownBoards.add(r.boardName);
      continue;
    }
    lines.push(`${r.plu},${boardId},${Math.trunc(r.units)}`);
    if (!nameOf.has(r.plu)) nameOf.set(r.plu, r.productName);
  }
  const shipDate = nyDate(extractedAt);
  const skipped = { skipped: true, baseline: false, shipmentsWritten: 0, totalsKept: 0, unknownBoards: [...unknownBoards], newProducts: 0, coversFrom: null };

  const outcome = await db.$transaction(
    async (tx): Promise<ShipmentsResult | { refused: string }> => {
      const [last] = await tx.$queryRaw<{ at: Date | null; n: number }[]>`SELECT max(extracted_at) AS at, count(*)::int AS n FROM shipment_totals`;
      if (last.at && last.at.getTime() >= extractedAt.getTime()) return skipped;
      // One total per pair (the largest, should the extract ever repeat one).
      const pairs = await tx.$executeRaw`
        CREATE TEMP TABLE extract_rows ON COMMIT DROP AS
        SELECT split_part(line, ',', 1) AS plu, split_part(line, ',', 2)::int AS board_id, max(split_part(line, ',', 3)::int) AS units
          FROM string_to_table(${lines.join('\n')}::text, E'\n') AS line
         GROUP BY 1, 2`;
      // The facts the judgement needs: only the previous totals this extract lowers or leaves out, with what
      // we dated to them in the window (one aggregate over the window's rows, not a row per total).
      const fallen = last.at
        ? await tx.$queryRaw<FallenPair[]>`
            SELECT t.plu || ':' || t.board_id AS key, t.units AS before, COALESCE(e.units, 0)::int AS now, COALESCE(d.units, 0)::int AS "datedInWindow"
              FROM shipment_totals t
              LEFT JOIN extract_rows e ON e.plu = t.plu AND e.board_id = t.board_id
              LEFT JOIN (SELECT plu, board_id, sum(units) AS units FROM shipments
                          WHERE ship_date > ${shipDate}::date - ${STILL_IN_WINDOW_DAYS}::int GROUP BY plu, board_id) d
                ON d.plu = t.plu AND d.board_id = t.board_id
             WHERE COALESCE(e.units, 0) < t.units`
        : [];
      const judgement = judgeExtract({ shipDate, pairs, previous: last.at ? { day: nyDate(last.at), pairs: last.n } : null, fallen });

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
      const keptPlus = [...kept.keys()].map((k) => k.slice(0, k.indexOf(':')));
      const keptBoards = [...kept.keys()].map(boardOfPair);

      const newProducts = await tx.$executeRaw`
        INSERT INTO products (plu, name, listing_type, created_at, updated_at)
        SELECT plu, name, 'Unknown'::"ListingType", ${extractedAt}, ${extractedAt}
        FROM unnest(${[...nameOf.keys()]}::text[], ${[...nameOf.values()]}::text[]) AS r(plu, name)
        ON CONFLICT (plu) DO NOTHING`;
      // The kept pairs date nothing and keep their last totals.
      await tx.$executeRaw`
        CREATE TEMP TABLE kept_totals ON COMMIT DROP AS
        SELECT t.plu, t.board_id, t.units FROM shipment_totals t
          JOIN unnest(${keptPlus}::text[], ${keptBoards}::int[]) AS k(plu, board_id) ON k.plu = t.plu AND k.board_id = t.board_id`;
      await tx.$executeRaw`DELETE FROM extract_rows e USING kept_totals k WHERE e.plu = k.plu AND e.board_id = k.board_id`;
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
        SELECT plu, board_id, units, ${extractedAt}::timestamptz FROM (SELECT plu, board_id, units FROM extract_rows UNION ALL SELECT plu, board_id, units FROM kept_totals) kept`;
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
