-- A verification code activates the registration it was sent for: its password hash and names are kept
-- with the code (a later registration of an unverified address must not inherit an earlier code, and an
-- earlier code must not activate a later password). Codes already out are bound to what users holds now.

-- AlterTable
ALTER TABLE "email_verifications" ADD COLUMN "password_hash" TEXT,
ADD COLUMN "first_name" TEXT,
ADD COLUMN "last_name" TEXT;

UPDATE "email_verifications" v
SET "password_hash" = u."password_hash", "first_name" = u."first_name", "last_name" = u."last_name"
FROM "users" u
WHERE u."id" = v."user_id";

ALTER TABLE "email_verifications" ALTER COLUMN "password_hash" SET NOT NULL,
ALTER COLUMN "first_name" SET NOT NULL,
ALTER COLUMN "last_name" SET NOT NULL;
