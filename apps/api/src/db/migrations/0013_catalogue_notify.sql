-- hand-written:
-- Every statement that changes the catalogue tells the API processes, which empty their catalogue
-- cache (plugins/catalogue-cache.ts). Once per statement, not per row: an import batch of 50 rows
-- is one notification, and PostgreSQL folds the same notification within a transaction into one.
-- Delivered at commit, so listeners never hear of a change they cannot read yet. The payload is
-- the table's schema: processes on other schemas of the database (tests) ignore it.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
