-- "Coming to NC" alerts (issue 40 item 4): a hunter may be told when a product matching their watchlist (an item by
-- its code, or a custom item by name) is announced in the Commission's price list, moves onto the allocated list as
-- Allocation or Limited, or is received at the state warehouse: a product_events row. A fourth kind a channel may
-- choose, `coming`, which no existing channel gets (opt-in); once per (user, product event).

-- AlterEnum (not used in this migration: a value added in a transaction is usable once it commits)
ALTER TYPE "AlertKind" ADD VALUE 'coming';

-- AlterTable
ALTER TABLE "alert_log" ADD COLUMN "product_event_id" BIGINT;
ALTER TABLE "alert_log" DROP CONSTRAINT "alert_log_one_kind_check";
ALTER TABLE "alert_log" ADD CONSTRAINT "alert_log_one_kind_check" CHECK (num_nonnulls("history_id", "shipment_id", "incoming_id", "product_event_id") = 1);

-- CreateIndex (partial, as the other kinds' keys: migration 20261229000000_alert_log_kind_keys)
CREATE UNIQUE INDEX "alert_log_user_id_product_event_id_key" ON "alert_log"("user_id", "product_event_id") WHERE "product_event_id" IS NOT NULL;

-- AddForeignKey
ALTER TABLE "alert_log" ADD CONSTRAINT "alert_log_product_event_id_fkey" FOREIGN KEY ("product_event_id") REFERENCES "product_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- How far product events have been collected. Null: not yet; the first collection takes only events seen from the
-- lookback on, so the catalog's past is not a flood.
ALTER TABLE "alert_cursor" ADD COLUMN "last_product_event_id" BIGINT;
