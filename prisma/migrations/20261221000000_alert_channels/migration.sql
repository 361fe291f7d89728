-- Alerts on several channels (docs/decisions/026-alert-delivery-queue.md): per user and channel (e-mail, push,
-- Discord) on/off, instant or digest, and which kinds; quiet hours per user; a delivery row per alert and
-- channel other than e-mail, whose delivery stays alert_log's own status. Every user keeps what they chose:
-- their alert_settings' enabled, mode and last digest become their e-mail channel's.

-- CreateEnum
CREATE TYPE "AlertChannel" AS ENUM ('email', 'push', 'discord');

-- CreateEnum
CREATE TYPE "AlertKind" AS ENUM ('arrival', 'shipment');

-- CreateTable
CREATE TABLE "alert_channels" (
    "user_id" INTEGER NOT NULL,
    "channel" "AlertChannel" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "mode" "AlertMode" NOT NULL DEFAULT 'instant',
    "kinds" "AlertKind"[],
    "last_digest_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_channels_pkey" PRIMARY KEY ("user_id","channel")
);

-- CreateTable
CREATE TABLE "alert_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "alert_id" BIGINT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "channel" "AlertChannel" NOT NULL,
    "status" "AlertStatus" NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "batch_id" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("id")
);

-- E-mail's delivery is alert_log's own (declared in schema.prisma as a /// @check on AlertDelivery).
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_not_email_check" CHECK ("channel" <> 'email');

-- CreateIndex
CREATE UNIQUE INDEX "alert_deliveries_alert_id_channel_key" ON "alert_deliveries"("alert_id", "channel");

-- CreateIndex
CREATE INDEX "alert_deliveries_user_id_channel_status_idx" ON "alert_deliveries"("user_id", "channel", "status");

-- CreateIndex
CREATE INDEX "alert_deliveries_status_next_attempt_at_idx" ON "alert_deliveries"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alert_log"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Quiet hours (New York time), both or neither (declared in schema.prisma as a /// @check on AlertSettings).
ALTER TABLE "alert_settings" ADD COLUMN "quiet_start_hour" INTEGER,
ADD COLUMN "quiet_end_hour" INTEGER,
ADD COLUMN "quiet_hold_email" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_quiet_hours_check" CHECK (
    ("quiet_start_hour" IS NULL) = ("quiet_end_hour" IS NULL)
    AND ("quiet_start_hour" IS NULL OR ("quiet_start_hour" BETWEEN 0 AND 23 AND "quiet_end_hour" BETWEEN 0 AND 23 AND "quiet_start_hour" <> "quiet_end_hour")));

-- Every user's choice so far was the e-mail channel's.
INSERT INTO "alert_channels" ("user_id", "channel", "enabled", "mode", "kinds", "last_digest_at", "updated_at")
SELECT "user_id", 'email', "enabled", "mode", ARRAY['arrival', 'shipment']::"AlertKind"[], "last_digest_at", CURRENT_TIMESTAMP FROM "alert_settings";

-- The last digest is per channel now.
ALTER TABLE "alert_settings" DROP COLUMN "last_digest_at";
