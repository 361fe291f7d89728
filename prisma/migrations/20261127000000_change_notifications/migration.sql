-- The change feed (lib/db/changes.ts): every statement that writes a table whose data the web process keeps
-- answers of announces it with NOTIFY nbt_changes, the table's name as payload. Notifications are sent at
-- commit (none for a rolled-back transaction) and once per transaction and table, so a snapshot that writes
-- thousands of rows costs one. Statement-level, so an UPDATE or DELETE that touches no row announces too:
-- a needless refresh, never a missed one.
-- (Ordinary triggers are not constraints: schema.prisma cannot describe them and lib/db/introspect.ts does
-- not compare them.)
CREATE FUNCTION nbt_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nbt_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- Report data: Today's Arrivals (history, products, stores, the last check), Warehouse Inventory and
-- Statewide Shipments. Every write announces. (The names are lib/db/changes.ts's WatchedTable.)
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['inventory_history', 'products', 'stores', 'scrape_runs', 'warehouse_levels', 'shipments', 'boards'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change()', t || '_changes', t);
  END LOOP;
END
$$;

-- Sessions: what ends one or changes what a request may do. Not a new session (it changes no other one) and
-- not last_seen_at, which every active session writes every few minutes.
CREATE TRIGGER sessions_changes AFTER UPDATE OF user_id, expires_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER users_changes AFTER UPDATE OF status, role, first_name, last_name, email, phone_number, home_board_id OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
