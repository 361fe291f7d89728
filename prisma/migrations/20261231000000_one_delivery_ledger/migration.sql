-- Every channel's deliveries in one ledger (issue 38, one seam per alert channel). E-mail's were alert_log's own
-- status columns; they become alert_deliveries rows like push's and Discord's, each row as it was (status,
-- attempts, the next attempt or lease, the message it went out in, when, and why it failed), so nothing is lost:
-- a waiting e-mail alert is still sent, a sent one never again, and the daily cap still counts today's messages.
-- alert_log keeps what an alert is (whose, about what, when found); alert_deliveries how each channel delivered it.

-- A user whose e-mail choice was never written as a channel row (none should be: settings write both) keeps it.
INSERT INTO "alert_channels" ("user_id", "channel", "enabled", "mode", "kinds", "updated_at")
SELECT "user_id", 'email', "enabled", "mode", ARRAY['arrival', 'shipment']::"AlertKind"[], CURRENT_TIMESTAMP FROM "alert_settings"
ON CONFLICT ("user_id", "channel") DO NOTHING;

ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_not_email_check";
INSERT INTO "alert_deliveries" ("alert_id", "user_id", "channel", "status", "attempts", "next_attempt_at", "batch_id", "sent_at", "error", "created_at")
SELECT "id", "user_id", 'email', "status", "attempts", "next_attempt_at", "email_id", "sent_at", "error", "created_at" FROM "alert_log"
ORDER BY "user_id", "id"
ON CONFLICT ("alert_id", "channel") DO NOTHING;

-- A delivery's user is its alert's: a deleted user's deliveries go with their alerts (alert_id's key cascades), so
-- user_id needs no key of its own, whose check on each of a day's ~38,000 new rows cost ~0.2 s.
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_user_id_fkey";
-- A delivery is one alert on one channel: that is its key (a serial id beside it was one more index to write).
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_pkey";
DROP INDEX "alert_deliveries_alert_id_channel_key";
ALTER TABLE "alert_deliveries" DROP COLUMN "id";
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("alert_id", "channel");

DROP INDEX "alert_log_status_next_attempt_at_idx";
DROP INDEX "alert_log_user_id_status_idx";
ALTER TABLE "alert_log" DROP COLUMN "status",
DROP COLUMN "attempts",
DROP COLUMN "next_attempt_at",
DROP COLUMN "email_id",
DROP COLUMN "sent_at",
DROP COLUMN "error";

-- The mirror of the channels kept for the collection (some channel on; e-mail's mode) goes: the collection reads
-- alert_channels, as delivery does.
ALTER TABLE "alert_settings" DROP COLUMN "enabled",
DROP COLUMN "mode";
