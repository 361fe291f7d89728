-- Near me (issue 39): every store has a place, and a hunter may keep one.
-- A store's point and where it came from: Wake's store locator and an admin's pin are exact; a point from the
-- store's ZIP code (or, where the ZIP is unknown, its city) is approximate, and the screens say so.
CREATE TYPE "PlaceSource" AS ENUM ('locator', 'admin', 'zip', 'city');

ALTER TABLE "stores"
  ADD COLUMN "latitude" DOUBLE PRECISION,
  ADD COLUMN "longitude" DOUBLE PRECISION,
  ADD COLUMN "place_source" "PlaceSource",
  ADD CONSTRAINT "stores_place_check" CHECK (
    num_nonnulls("latitude", "longitude", "place_source") IN (0, 3)
    AND ("latitude" IS NULL OR ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180))
  );

-- A hunter's place, coarse and private: a ZIP code's centre or the browser's location rounded to two decimals
-- (about a kilometre), shown to nobody else; deleting the row removes it.
CREATE TYPE "HunterPlaceSource" AS ENUM ('zip', 'device');

CREATE TABLE "hunter_places" (
  "user_id" INTEGER NOT NULL,
  "source" "HunterPlaceSource" NOT NULL,
  "zip" TEXT,
  "latitude" DOUBLE PRECISION NOT NULL,
  "longitude" DOUBLE PRECISION NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "hunter_places_pkey" PRIMARY KEY ("user_id"),
  CONSTRAINT "hunter_places_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "hunter_places_check" CHECK (
    ("source" = 'zip') = ("zip" IS NOT NULL)
    AND "latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180
    AND "latitude" = round("latitude"::numeric, 2)::double precision
    AND "longitude" = round("longitude"::numeric, 2)::double precision
  )
);
