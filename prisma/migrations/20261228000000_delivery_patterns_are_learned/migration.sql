-- Delivery patterns are learned, never reference data (docs/decisions/030-delivery-patterns-are-learned.md).
-- Until now the reference refresh filled Wake's stores.delivery_day and delivery_interval_days from
-- prisma/seed-data/wake-stores.json: the demo's invented pattern, in every deployment. The scraper learns a
-- store's pattern (lib/ingest/delivery-pattern.ts updateDeliveryPatterns) only from three delivery days or more:
-- New York days on which at least 5 products rose ('first' or 'increase') at the store. A Wake store with fewer
-- such days in its whole history cannot have learned the one it holds, so it was the seed's: cleared. Its
-- last_delivery_date (observed) stays; a store with three or more keeps what it learned.
UPDATE "stores" s
   SET "delivery_day" = NULL, "delivery_interval_days" = NULL
 WHERE s."board_id" = 179
   AND (s."delivery_day" IS NOT NULL OR s."delivery_interval_days" IS NOT NULL)
   AND (SELECT count(*) FROM (
          SELECT 1 FROM "inventory_history" h
           WHERE h."store_id" = s."id" AND h."change_type" IN ('first', 'increase')
           GROUP BY (h."checked_at" AT TIME ZONE 'America/New_York')::date
          HAVING count(DISTINCT h."plu") >= 5) AS delivery_days) < 3;
