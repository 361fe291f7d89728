import { db } from '../db/index.ts';
import { addDays, formatUsDate, nyDate } from '../time.ts';
import { parseError } from './sources/errors.ts';
import { SHIPMENTS_SOURCE } from './sources/shipments.ts';

// Dated shipments from the Commission's rolling extract. NUMUNITS is bottles shipped to a board over
// about the last 16 days, with no dates. Diffing consecutive extracts dates them: an increase of N for
// (product, board) on extract day D is a shipment of N on D; a decrease is old shipments ageing out,
// not a return. The first extract ever seen is a baseline (its totals span unknown days).
//
// A shortened extract (a valid-looking answer missing records) must not pass for one in which those totals
// aged out: deleting them would turn their whole 16-day totals into shipments on the next full extract.
// - An extract with fewer than half the previous one's (product, board) pairs is no answer: nothing is
//   written and the run fails, saying so.
// - A pair whose total falls below what we dated to it in the last STILL_IN_WINDOW_DAYS — shipments that
//   cannot have aged out yet — is missing from this extract, not shipped-out: its last total is kept (and no
//   shipment written for it), so the next whole extract dates its shipments right. The run is partial.
//   Every other pair of such a board that this extract leaves out is kept too (a board cut from the extract).
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

/** Shipments dated this many days back are still inside the extract's ~16-day totals. */
export const STILL_IN_WINDOW_DAYS = 13;
/** An extract with fewer (product, board) pairs than this share of the previous one's is refused. */
export const MIN_SHARE_OF_PREVIOUS = 0.5;

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
  const known = records.filter((r) => {
    if (boardIdByName.has(normalizeBoardName(r.boardName))) return true;
    unknownBoards.add(r.boardName);
    return false;
  });
  const shipDate = nyDate(extractedAt);

  const outcome = await db.$transaction(
    async (tx): Promise<ShipmentsResult | { refused: string }> => {
      const last = await tx.$queryRaw<{ at: Date | null; n: number }[]>`
        SELECT max(extracted_at) AS at, count(*)::int AS n FROM shipment_totals`;
      if (last[0].at && last[0].at.getTime() >= extractedAt.getTime()) {
        return { skipped: true, baseline: false, shipmentsWritten: 0, totalsKept: 0, unknownBoards: [...unknownBoards], newProducts: 0, coversFrom: null };
      }
      const baseline = last[0].n === 0;
      const plus = known.map((r) => r.plu);
      const boardIds = known.map((r) => boardIdByName.get(normalizeBoardName(r.boardName))!);
      const units = known.map((r) => r.units);
      const names = known.map((r) => r.productName);

      const pairs = new Set(known.map((r, i) => `${r.plu}:${boardIds[i]}`)).size;
      if (!baseline && pairs < last[0].n * MIN_SHARE_OF_PREVIOUS) {
        // Refused, but the day is recorded as such (an applied row of the same day stays: its shipments are real).
        await tx.$executeRaw`
          INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
          VALUES (${shipDate}::date, ${shipDate}::date, 'truncated'::"ShipmentDayStatus", false, ${extractedAt}, ${extractedAt}, ${pairs}, '{}')
          ON CONFLICT (ship_date) DO UPDATE SET last_extracted_at = EXCLUDED.last_extracted_at, records = EXCLUDED.records
          WHERE NOT shipment_days.applied`;
        return {
          refused: `the extract of ${formatUsDate(shipDate)} lists ${pairs.toLocaleString('en-US')} product-board totals, ${Math.round((100 * pairs) / last[0].n)}% of the previous ${last[0].n.toLocaleString('en-US')}: treated as incomplete, nothing written`,
        };
      }

      const newProducts = await tx.$executeRaw`
        INSERT INTO products (plu, name, listing_type, created_at, updated_at)
        SELECT DISTINCT ON (plu) plu, name, 'Unknown'::"ListingType", ${extractedAt}, ${extractedAt}
        FROM unnest(${plus}::text[], ${names}::text[]) AS r(plu, name)
        ON CONFLICT (plu) DO NOTHING`;
      await tx.$executeRaw`
        CREATE TEMP TABLE extract_rows ON COMMIT DROP AS
        SELECT plu, board_id, max(units) AS units FROM unnest(${plus}::text[], ${boardIds}::int[], ${units}::int[]) AS r(plu, board_id, units)
        GROUP BY plu, board_id`;
      // Totals this extract cannot have let go of: below the shipments we dated to them in the window.
      let totalsKept = await tx.$executeRaw`
        CREATE TEMP TABLE kept_totals ON COMMIT DROP AS
        SELECT t.plu, t.board_id, t.units
          FROM shipment_totals t
          JOIN (SELECT plu, board_id, sum(units) AS units FROM shipments
                 WHERE ship_date > ${shipDate}::date - ${STILL_IN_WINDOW_DAYS}::int GROUP BY plu, board_id) dated
            ON dated.plu = t.plu AND dated.board_id = t.board_id
          LEFT JOIN extract_rows e ON e.plu = t.plu AND e.board_id = t.board_id
         WHERE COALESCE(e.units, 0) < dated.units`;
      // A board with such a total was cut from this extract: its other pairs absent from it are missing too,
      // not aged out (their totals may predate our dating, e.g. the baseline's, so the rule above misses them).
      const boardsKept = await tx.$executeRaw`
        INSERT INTO kept_totals (plu, board_id, units)
        SELECT t.plu, t.board_id, t.units FROM shipment_totals t
         WHERE t.board_id IN (SELECT board_id FROM kept_totals)
           AND NOT EXISTS (SELECT 1 FROM extract_rows e WHERE e.plu = t.plu AND e.board_id = t.board_id)
           AND NOT EXISTS (SELECT 1 FROM kept_totals k WHERE k.plu = t.plu AND k.board_id = t.board_id)`;
      totalsKept += boardsKept;
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
      // The day's row: shipments of days since the previous applied extract are dated here (covers_from).
      const previousDay = last[0].at ? nyDate(last[0].at) : null;
      const coversFrom = baseline || !previousDay ? shipDate : [addDays(previousDay, 1), shipDate].sort()[0];
      const [{ ids: missingBoardIds }] = await tx.$queryRaw<{ ids: number[] }[]>`
        SELECT COALESCE(array_agg(DISTINCT board_id ORDER BY board_id), '{}') AS ids FROM kept_totals`;
      const status = baseline ? 'baseline' : totalsKept ? 'truncated' : 'complete';
      // A second extract the same day: the day keeps its span and a baseline stays one; the rest is the latest's.
      await tx.$executeRaw`
        INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
        VALUES (${shipDate}::date, ${coversFrom}::date, ${status}::"ShipmentDayStatus", true, ${extractedAt}, ${extractedAt}, ${pairs}, ${missingBoardIds}::int[])
        ON CONFLICT (ship_date) DO UPDATE SET
          covers_from = CASE WHEN shipment_days.applied THEN shipment_days.covers_from ELSE EXCLUDED.covers_from END,
          status = CASE WHEN shipment_days.applied AND shipment_days.status = 'baseline' THEN shipment_days.status ELSE EXCLUDED.status END,
          applied = true, last_extracted_at = EXCLUDED.last_extracted_at, records = EXCLUDED.records,
          missing_board_ids = EXCLUDED.missing_board_ids`;
      return { skipped: false, baseline, shipmentsWritten, totalsKept, unknownBoards: [...unknownBoards], newProducts, coversFrom };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  if ('refused' in outcome) throw parseError(SHIPMENTS_SOURCE, outcome.refused);
  return outcome;
}
