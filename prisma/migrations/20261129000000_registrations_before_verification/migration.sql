-- How many times an address was registered before it was verified. Registered more than once, and verifying
-- it keeps no registration's password: the verified owner chooses one from a mailed link
-- (docs/decisions/017-contested-registrations.md). Accounts already waiting count as registered once.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "registrations" INTEGER NOT NULL DEFAULT 1;
