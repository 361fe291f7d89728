import { db } from '../db/index.ts';
import { nyDate } from '../time.ts';

// Dated shipments from the Commission's rolling extract. NUMUNITS is bottles shipped to a board over
// about the last 16 days, with no dates. Diffing consecutive extracts dates them: an increase of N for
// (product, board) on extract day D is a shipment of N on D; a decrease is old shipments ageing out,
// not a return. The first extract ever seen is a baseline (its totals span unknown days).

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
  unknownBoards: string[];
  newProducts: number;
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

  return db.$transaction(
    async (tx) => {
      const last = await tx.$queryRaw<{ at: Date | null; n: number }[]>`
        SELECT max(extracted_at) AS at, count(*)::int AS n FROM shipment_totals`;
      if (last[0].at && last[0].at.getTime() >= extractedAt.getTime()) {
        return { skipped: true, baseline: false, shipmentsWritten: 0, unknownBoards: [...unknownBoards], newProducts: 0 };
      }
      const baseline = last[0].n === 0;
      const plus = known.map((r) => r.plu);
      const boardIds = known.map((r) => boardIdByName.get(normalizeBoardName(r.boardName))!);
      const units = known.map((r) => r.units);
      const names = known.map((r) => r.productName);

      const newProducts = await tx.$executeRaw`
        INSERT INTO products (plu, name, listing_type, created_at, updated_at)
        SELECT DISTINCT ON (plu) plu, name, 'Unknown'::"ListingType", ${extractedAt}, ${extractedAt}
        FROM unnest(${plus}::text[], ${names}::text[]) AS r(plu, name)
        ON CONFLICT (plu) DO NOTHING`;
      await tx.$executeRaw`
        CREATE TEMP TABLE extract_rows ON COMMIT DROP AS
        SELECT plu, board_id, max(units) AS units FROM unnest(${plus}::text[], ${boardIds}::int[], ${units}::int[]) AS r(plu, board_id, units)
        GROUP BY plu, board_id`;
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
        INSERT INTO shipment_totals (plu, board_id, units, extracted_at) SELECT plu, board_id, units, ${extractedAt} FROM extract_rows`;
      return { skipped: false, baseline, shipmentsWritten, unknownBoards: [...unknownBoards], newProducts };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
