-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'power_user', 'admin');

-- CreateEnum
CREATE TYPE "UserStatus" AS ENUM ('pending', 'active', 'disabled');

-- CreateEnum
CREATE TYPE "ListingType" AS ENUM ('Listed', 'Limited', 'Allocation', 'Barrel', 'Unknown');

-- CreateEnum
CREATE TYPE "ChangeType" AS ENUM ('first', 'increase', 'decrease', 'sold_out');

-- CreateEnum
CREATE TYPE "ScrapeSource" AS ENUM ('wake_inventory', 'wake_locator', 'warehouse', 'shipments');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('running', 'ok', 'partial', 'failed');

-- CreateEnum
CREATE TYPE "InterestType" AS ENUM ('interested', 'not_interested');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "phone_number" TEXT,
    "role" "Role" NOT NULL DEFAULT 'user',
    "status" "UserStatus" NOT NULL DEFAULT 'pending',
    "email_verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_verifications" (
    "user_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts_left" INTEGER NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_verifications_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "password_reset_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key","window_start")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL,
    "actor_id" INTEGER,
    "target_user_id" INTEGER,
    "action" TEXT NOT NULL,
    "details" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_log" (
    "id" SERIAL NOT NULL,
    "to" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boards" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "name_clean" TEXT NOT NULL,

    CONSTRAINT "boards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stores" (
    "id" SERIAL NOT NULL,
    "board_id" INTEGER NOT NULL,
    "store_number" INTEGER NOT NULL,
    "nickname" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "address_key" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "zip" TEXT,
    "region" TEXT NOT NULL,
    "phone" TEXT,
    "hours" TEXT,
    "mixed_beverage" BOOLEAN NOT NULL DEFAULT false,
    "delivery_day" TEXT,
    "delivery_interval_days" INTEGER,
    "last_delivery_date" DATE,
    "first_polled_at" TIMESTAMPTZ(3),

    CONSTRAINT "stores_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "products" (
    "plu" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "listing_type" "ListingType" NOT NULL,
    "retail_price" DECIMAL(10,2),
    "size_ml" INTEGER,
    "bottles_per_case" INTEGER,
    "supplier" TEXT,
    "broker" TEXT,
    "alcohol_type" TEXT,
    "image_url" TEXT,
    "image_path" TEXT,
    "wake_first_polled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "products_pkey" PRIMARY KEY ("plu")
);

-- CreateTable
CREATE TABLE "store_inventory" (
    "store_id" INTEGER NOT NULL,
    "plu" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "last_updated" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "store_inventory_pkey" PRIMARY KEY ("store_id","plu")
);

-- CreateTable
CREATE TABLE "inventory_history" (
    "id" BIGSERIAL NOT NULL,
    "store_id" INTEGER NOT NULL,
    "plu" TEXT NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,
    "previous_quantity" INTEGER NOT NULL,
    "new_quantity" INTEGER NOT NULL,
    "delta" INTEGER NOT NULL,
    "change_type" "ChangeType" NOT NULL,

    CONSTRAINT "inventory_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "warehouse_levels" (
    "id" BIGSERIAL NOT NULL,
    "plu" TEXT NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,
    "total_available" INTEGER NOT NULL,

    CONSTRAINT "warehouse_levels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipments" (
    "id" BIGSERIAL NOT NULL,
    "plu" TEXT NOT NULL,
    "board_id" INTEGER NOT NULL,
    "ship_date" DATE NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "shipments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipment_totals" (
    "plu" TEXT NOT NULL,
    "board_id" INTEGER NOT NULL,
    "units" INTEGER NOT NULL,
    "extracted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "shipment_totals_pkey" PRIMARY KEY ("plu","board_id")
);

-- CreateTable
CREATE TABLE "scrape_runs" (
    "id" SERIAL NOT NULL,
    "source" "ScrapeSource" NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "status" "RunStatus" NOT NULL DEFAULT 'running',
    "items_seen" INTEGER NOT NULL DEFAULT 0,
    "changes_written" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "details" JSONB,

    CONSTRAINT "scrape_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "watch_items" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "plu" TEXT NOT NULL,
    "custom_name" TEXT,
    "retail_price" DECIMAL(10,2),
    "bottles_per_case" INTEGER,
    "interest_type" "InterestType" NOT NULL DEFAULT 'interested',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_status_idx" ON "users"("status");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");

-- CreateIndex
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits"("window_start");

-- CreateIndex
CREATE INDEX "audit_log_target_user_id_created_at_idx" ON "audit_log"("target_user_id", "created_at");

-- CreateIndex
CREATE INDEX "email_log_to_created_at_idx" ON "email_log"("to", "created_at");

-- CreateIndex
CREATE INDEX "email_log_created_at_idx" ON "email_log"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "boards_name_key" ON "boards"("name");

-- CreateIndex
CREATE UNIQUE INDEX "stores_address_key_key" ON "stores"("address_key");

-- CreateIndex
CREATE UNIQUE INDEX "stores_board_id_store_number_key" ON "stores"("board_id", "store_number");

-- CreateIndex
CREATE INDEX "products_listing_type_idx" ON "products"("listing_type");

-- CreateIndex
CREATE INDEX "products_name_idx" ON "products"("name");

-- CreateIndex
CREATE INDEX "store_inventory_plu_idx" ON "store_inventory"("plu");

-- CreateIndex
CREATE INDEX "inventory_history_checked_at_idx" ON "inventory_history"("checked_at");

-- CreateIndex
CREATE INDEX "inventory_history_plu_checked_at_idx" ON "inventory_history"("plu", "checked_at");

-- CreateIndex
CREATE UNIQUE INDEX "inventory_history_store_id_plu_checked_at_key" ON "inventory_history"("store_id", "plu", "checked_at");

-- CreateIndex
CREATE UNIQUE INDEX "warehouse_levels_plu_checked_at_key" ON "warehouse_levels"("plu", "checked_at");

-- CreateIndex
CREATE INDEX "warehouse_levels_checked_at_idx" ON "warehouse_levels"("checked_at");

-- CreateIndex
CREATE INDEX "shipments_ship_date_idx" ON "shipments"("ship_date");

-- CreateIndex
CREATE INDEX "shipments_board_id_ship_date_idx" ON "shipments"("board_id", "ship_date");

-- CreateIndex
CREATE UNIQUE INDEX "shipments_plu_board_id_ship_date_key" ON "shipments"("plu", "board_id", "ship_date");

-- CreateIndex
CREATE INDEX "scrape_runs_source_started_at_idx" ON "scrape_runs"("source", "started_at");

-- CreateIndex
CREATE INDEX "watch_items_plu_idx" ON "watch_items"("plu");

-- CreateIndex
CREATE UNIQUE INDEX "watch_items_user_id_plu_key" ON "watch_items"("user_id", "plu");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_fkey" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stores" ADD CONSTRAINT "stores_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "store_inventory" ADD CONSTRAINT "store_inventory_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "store_inventory" ADD CONSTRAINT "store_inventory_plu_fkey" FOREIGN KEY ("plu") REFERENCES "products"("plu") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_history" ADD CONSTRAINT "inventory_history_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_history" ADD CONSTRAINT "inventory_history_plu_fkey" FOREIGN KEY ("plu") REFERENCES "products"("plu") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "warehouse_levels" ADD CONSTRAINT "warehouse_levels_plu_fkey" FOREIGN KEY ("plu") REFERENCES "products"("plu") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_plu_fkey" FOREIGN KEY ("plu") REFERENCES "products"("plu") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watch_items" ADD CONSTRAINT "watch_items_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
