-- Announces a write to a watched table on the channel nbt_changes (lib/db/changes.ts): answers kept in memory are
-- dropped when their data changes (docs/decisions/014). The triggers that call it are created by migrations.
CREATE OR REPLACE FUNCTION nbt_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nbt_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
