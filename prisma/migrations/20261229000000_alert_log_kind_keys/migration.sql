-- Each alert's unique key holds only alerts of its kind (issue 36, alerts on time). An alert is a shelf arrival, a
-- shipment or a shipment on its way (alert_log_one_kind_check): the other two columns are null, and a null never
-- conflicts, so the keys (user_id, history_id), (user_id, shipment_id) and (user_id, incoming_id) stay what they
-- were: once per user and arrival, shipment or incoming. But each held an entry for every alert: a day's 38,000
-- shipment alerts (npm run bench:ingest, alerts-shipments-year) wrote 76,000 entries no lookup reads, and the third
-- kind added the third. The collection names these keys (ON CONFLICT … WHERE <column> IS NOT NULL:
-- lib/alerts/process.ts); prisma/schema.prisma says they are partial (/// @partial), as its check says what it can.

DROP INDEX "alert_log_user_id_history_id_key";
CREATE UNIQUE INDEX "alert_log_user_id_history_id_key" ON "alert_log"("user_id", "history_id") WHERE "history_id" IS NOT NULL;

DROP INDEX "alert_log_user_id_shipment_id_key";
CREATE UNIQUE INDEX "alert_log_user_id_shipment_id_key" ON "alert_log"("user_id", "shipment_id") WHERE "shipment_id" IS NOT NULL;

DROP INDEX "alert_log_user_id_incoming_id_key";
CREATE UNIQUE INDEX "alert_log_user_id_incoming_id_key" ON "alert_log"("user_id", "incoming_id") WHERE "incoming_id" IS NOT NULL;
