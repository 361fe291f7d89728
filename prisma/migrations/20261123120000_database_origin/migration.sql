-- CreateEnum
CREATE TYPE "DatabasePurpose" AS ENUM ('demo', 'deployment');

-- CreateTable
CREATE TABLE "database_origin" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "purpose" "DatabasePurpose" NOT NULL,
    "set_up_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "database_origin_pkey" PRIMARY KEY ("id")
);
