-- Alerts for every board (docs/decisions/023-shipment-alerts.md): an alert is an arrival on a shelf
-- (history_id) or a shipment to a board whose shelves are not read (shipment_id), never both. A shipments
-- row is alerted once per user (unique key): a later extract that adds units to the same row is the same
-- shipment, not news. Existing rows are shelf alerts and stay valid unchanged.

-- AlterTable
ALTER TABLE "alert_log" ALTER COLUMN "history_id" DROP NOT NULL;
ALTER TABLE "alert_log" ADD COLUMN "shipment_id" BIGINT;

-- Exactly one kind per row (declared in schema.prisma as a /// @check on AlertLog, which the schema test reads).
ALTER TABLE "alert_log" ADD CONSTRAINT "alert_log_one_kind_check" CHECK (num_nonnulls("history_id", "shipment_id") = 1);

-- CreateIndex
CREATE UNIQUE INDEX "alert_log_user_id_shipment_id_key" ON "alert_log"("user_id", "shipment_id");

-- AddForeignKey
ALTER TABLE "alert_log" ADD CONSTRAINT "alert_log_shipment_id_fkey" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- How far shipments have been collected. Null: not yet; the first collection starts at the lookback window,
-- so shipments dated before it (a backfill, the demo's history) are not news.
ALTER TABLE "alert_cursor" ADD COLUMN "last_shipment_id" BIGINT;
