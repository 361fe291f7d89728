import { db } from '../db/index.ts';
import type { DayContext, ShipmentDayRow } from './shipment-days.ts';

// The shipment_days rows that lib/reports/shipment-days.ts turns into statuses and notes, read from the
// database. No 'server-only' here: the scraper's alert step (lib/alerts/report-days.ts) reads them too, so the
// screens, the API and the e-mails share one reading and one set of rules. The reports keep the answer
// (lib/reports/extract-days.ts); the alert step reads it once per digest.

/**
 * Rows from `startDate` on (later ones say where a day's shipments were counted), the first tracked day,
 * and since when the shipments runs fail (the first failed run after the last that read an extract).
 */
export async function readExtractDays(startDate: string): Promise<Omit<DayContext, 'now' | 'boardId'>> {
  const [row] = await db.$queryRaw<{ rows: ShipmentDayRow[] | null; first: string | null; failing_since: Date | null }[]>`
    SELECT (SELECT json_agg(json_build_object('shipDate', d.ship_date, 'coversFrom', d.covers_from, 'status', d.status::text,
                                              'applied', d.applied, 'missingBoardIds', COALESCE(d.missing_board_ids, '{}'),
                                              'lastExtractedAt', to_char(d.last_extracted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
              FROM shipment_days d WHERE d.ship_date >= ${startDate}::date) AS rows,
           (SELECT to_char(min(ship_date), 'YYYY-MM-DD') FROM shipment_days) AS first,
           (SELECT min(f.started_at) FROM scrape_runs f
             WHERE f.source = 'shipments' AND f.status = 'failed'
               AND f.started_at > COALESCE((SELECT max(r.started_at) FROM scrape_runs r WHERE r.source = 'shipments' AND r.status IN ('ok', 'partial')), '-infinity')
           ) AS failing_since`;
  return { rows: row.rows ?? [], firstTracked: row.first, failingSince: row.failing_since };
}
