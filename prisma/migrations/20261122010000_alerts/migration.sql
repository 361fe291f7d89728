-- CreateEnum
CREATE TYPE "AlertMode" AS ENUM ('instant', 'digest');

-- CreateEnum
CREATE TYPE "AlertStatus" AS ENUM ('pending', 'digest_pending', 'sending', 'sent', 'failed', 'suppressed', 'cancelled');

-- CreateTable
CREATE TABLE "alert_settings" (
    "user_id" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "mode" "AlertMode" NOT NULL DEFAULT 'instant',
    "digest_hour" INTEGER NOT NULL DEFAULT 17,
    "listing_types" "ListingType"[],
    "min_quantity" INTEGER NOT NULL DEFAULT 1,
    "store_ids" INTEGER[],
    "last_digest_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_settings_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "alert_log" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "history_id" BIGINT NOT NULL,
    "run_checked_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "AlertStatus" NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "email_id" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alert_log_status_next_attempt_at_idx" ON "alert_log"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "alert_log_user_id_status_idx" ON "alert_log"("user_id", "status");

-- CreateIndex
CREATE INDEX "alert_log_created_at_idx" ON "alert_log"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "alert_log_user_id_history_id_key" ON "alert_log"("user_id", "history_id");

-- AddForeignKey
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_log" ADD CONSTRAINT "alert_log_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
