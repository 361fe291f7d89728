-- Forecasts (issue 26, lib/forecast, docs/decisions/027-forecasts.md): a hunted product shipped to a board is
-- incoming; each of its forecasts names a store (or the board) with a likelihood and a window, and is closed
-- with its outcome against the shelves. forecast_scores lists every shelf arrival of a hunted product at a shelf
-- board with the forecast that covered it, if any (recall).

-- CreateEnum
CREATE TYPE "IncomingStatus" AS ENUM ('open', 'closed');

-- CreateEnum
CREATE TYPE "ForecastOutcome" AS ENUM ('open', 'arrived', 'not_arrived', 'unscorable');

-- CreateTable
CREATE TABLE "incoming" (
    "id" BIGSERIAL NOT NULL,
    "shipment_id" BIGINT NOT NULL,
    "plu" TEXT NOT NULL,
    "board_id" INTEGER NOT NULL,
    "ship_date" DATE NOT NULL,
    "units" INTEGER NOT NULL,
    "precision" TEXT NOT NULL,
    "status" "IncomingStatus" NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "incoming_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "forecasts" (
    "id" BIGSERIAL NOT NULL,
    "incoming_id" BIGINT NOT NULL,
    "store_id" INTEGER,
    "likelihood" REAL NOT NULL,
    "first_likelihood" REAL NOT NULL,
    "named" BOOLEAN NOT NULL,
    "basis" TEXT NOT NULL,
    "expected_date" DATE,
    "window_start" DATE NOT NULL,
    "window_end" DATE NOT NULL,
    "named_at" TIMESTAMPTZ(3),
    "outcome" "ForecastOutcome" NOT NULL DEFAULT 'open',
    "arrived_at" TIMESTAMPTZ(3),
    "lead_minutes" INTEGER,
    "closed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "forecasts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "forecast_scores" (
    "history_id" BIGINT NOT NULL,
    "board_id" INTEGER NOT NULL,
    "store_id" INTEGER NOT NULL,
    "plu" TEXT NOT NULL,
    "arrived_at" TIMESTAMPTZ(3) NOT NULL,
    "forecast_id" BIGINT,
    "lead_minutes" INTEGER,
    "ahead" BOOLEAN NOT NULL,

    CONSTRAINT "forecast_scores_pkey" PRIMARY KEY ("history_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "incoming_shipment_id_key" ON "incoming"("shipment_id");

-- CreateIndex
CREATE INDEX "incoming_status_board_id_idx" ON "incoming"("status", "board_id");

-- CreateIndex
CREATE INDEX "incoming_board_id_plu_ship_date_idx" ON "incoming"("board_id", "plu", "ship_date");

-- CreateIndex
CREATE UNIQUE INDEX "forecasts_incoming_id_store_id_key" ON "forecasts"("incoming_id", "store_id");

-- CreateIndex
CREATE INDEX "forecasts_outcome_window_end_idx" ON "forecasts"("outcome", "window_end");

-- CreateIndex
CREATE INDEX "forecasts_store_id_outcome_idx" ON "forecasts"("store_id", "outcome");

-- CreateIndex
CREATE INDEX "forecast_scores_board_id_arrived_at_idx" ON "forecast_scores"("board_id", "arrived_at");

-- AddForeignKey
ALTER TABLE "incoming" ADD CONSTRAINT "incoming_shipment_id_fkey" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incoming" ADD CONSTRAINT "incoming_plu_fkey" FOREIGN KEY ("plu") REFERENCES "products"("plu") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incoming" ADD CONSTRAINT "incoming_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forecasts" ADD CONSTRAINT "forecasts_incoming_id_fkey" FOREIGN KEY ("incoming_id") REFERENCES "incoming"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forecasts" ADD CONSTRAINT "forecasts_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forecast_scores" ADD CONSTRAINT "forecast_scores_history_id_fkey" FOREIGN KEY ("history_id") REFERENCES "inventory_history"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forecast_scores" ADD CONSTRAINT "forecast_scores_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forecast_scores" ADD CONSTRAINT "forecast_scores_forecast_id_fkey" FOREIGN KEY ("forecast_id") REFERENCES "forecasts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
