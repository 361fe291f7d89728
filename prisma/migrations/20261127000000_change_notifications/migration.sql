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
-- Statewide Shipments.
CREATE TRIGGER inventory_history_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inventory_history
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER stores_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER scrape_runs_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON scrape_runs
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER warehouse_levels_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouse_levels
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER shipments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipments
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER boards_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON boards
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();

-- Sessions: what ends one or changes what a request may do. Not a new session (it changes no other one) and
-- not last_seen_at, which every active session writes every few minutes.
CREATE TRIGGER sessions_changes AFTER UPDATE OF user_id, expires_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
CREATE TRIGGER users_changes AFTER UPDATE OF status, role, first_name, last_name, email, phone_number, home_board_id OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();
