-- Alerts by radius (issue 39): besides the boards and stores a hunter chooses, every store within this many miles
-- of the hunter's place (hunter_places) alerts, across board lines. Null: no radius. Without a place it alerts nothing.
ALTER TABLE "alert_settings"
  ADD COLUMN "radius_miles" INTEGER,
  ADD CONSTRAINT "alert_settings_radius_check" CHECK ("radius_miles" IS NULL OR "radius_miles" BETWEEN 1 AND 100);
