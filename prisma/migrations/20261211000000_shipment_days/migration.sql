-- Which New York days had a shipments extract, and what it was judged (lib/ingest/shipments.ts,
-- docs/decisions/022-the-extract-says-what-it-does-not-know.md). Without it a day whose extract never came
-- looks like "nothing shipped", and the next day's diff silently covers both days.
--   status: baseline (the first extract: its totals span unknown days), complete, truncated (some totals
--   were missing or cut short and kept; or, with applied = false, the whole extract was refused).
--   covers_from: the day after the previous applied extract's day; earlier than ship_date when days between
--   had no applied extract, whose shipments are dated on ship_date.
--   missing_board_ids: boards whose totals were kept (their shipments show on a later day).
-- CreateEnum
CREATE TYPE "ShipmentDayStatus" AS ENUM ('baseline', 'complete', 'truncated');

-- CreateTable
CREATE TABLE "shipment_days" (
    "ship_date" DATE NOT NULL,
    "covers_from" DATE NOT NULL,
    "status" "ShipmentDayStatus" NOT NULL,
    "applied" BOOLEAN NOT NULL DEFAULT true,
    "first_extracted_at" TIMESTAMPTZ(3) NOT NULL,
    "last_extracted_at" TIMESTAMPTZ(3) NOT NULL,
    "records" INTEGER,
    "missing_board_ids" INTEGER[],

    CONSTRAINT "shipment_days_pkey" PRIMARY KEY ("ship_date")
);

-- Announced on the change feed (lib/db/changes.ts), like the shipments it qualifies.
CREATE TRIGGER "shipment_days_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipment_days" FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();

-- Backfill from the shipments runs already recorded (one row per New York day of their extracts)...
WITH runs AS (
  SELECT ("details"->>'extractedAt')::timestamptz AS at,
         COALESCE(("details"->>'baseline')::boolean, false) AS baseline,
         COALESCE(("details"->>'totalsKept')::int, 0) AS kept,
         "items_seen" AS records
    FROM "scrape_runs"
   WHERE "source" = 'shipments' AND "status" IN ('ok', 'partial')
     AND "details"->>'extractedAt' IS NOT NULL AND COALESCE(("details"->>'skipped')::boolean, false) = false
), days AS (
  SELECT (at AT TIME ZONE 'America/New_York')::date AS d, min(at) AS first_at, max(at) AS last_at,
         bool_or(baseline) AS baseline, (array_agg(kept ORDER BY at DESC))[1] > 0 AS truncated, max(records) AS records
    FROM runs GROUP BY 1
)
INSERT INTO "shipment_days" ("ship_date", "covers_from", "status", "first_extracted_at", "last_extracted_at", "records", "missing_board_ids")
SELECT d, COALESCE(lag(d) OVER (ORDER BY d) + 1, d),
       (CASE WHEN baseline THEN 'baseline' WHEN truncated THEN 'truncated' ELSE 'complete' END)::"ShipmentDayStatus",
       first_at, last_at, records, '{}'
  FROM days;

-- ...then every day with dated shipments but no such run (older data, demo, bench) counts as complete.
INSERT INTO "shipment_days" ("ship_date", "covers_from", "status", "first_extracted_at", "last_extracted_at", "missing_board_ids")
SELECT DISTINCT s."ship_date", s."ship_date", 'complete'::"ShipmentDayStatus",
       (s."ship_date" + time '11:00') AT TIME ZONE 'America/New_York', (s."ship_date" + time '11:00') AT TIME ZONE 'America/New_York', '{}'::int[]
  FROM "shipments" s
 WHERE NOT EXISTS (SELECT 1 FROM "shipment_days" d WHERE d."ship_date" = s."ship_date");
