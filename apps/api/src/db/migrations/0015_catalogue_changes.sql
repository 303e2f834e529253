-- hand-written:
-- What changed, not only that something did (capabilities/catalogue/cache.plugin.ts). An UPDATE
-- of products now tells the API processes which rows changed and how, so a purchase costs the
-- cache the answers that show that product, not the whole catalogue. The payload is the schema
-- (as in 0013: "anything may have changed"), or the schema, a newline and one word per changed
-- row: its id, then `a` when it crossed the "available" threshold (quantity > 100, the
-- catalogue's available filter and facet), `p` when its price changed. Only rows whose other
-- columns did not change get a word: anything else, or more than 100 rows (the payload stays far
-- below NOTIFY's 8,000 bytes), is the schema alone. A statement that changed nothing says nothing.
-- INSERT, DELETE and TRUNCATE keep 0013's trigger and its payload.
DROP TRIGGER products_catalogue_changed ON products;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE FUNCTION notify_catalogue_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
  content_only boolean;
  words text;
BEGIN
  SELECT count(*) INTO changed FROM new_rows;
  IF changed > 100 THEN
    PERFORM pg_notify('catalogue_changed', TG_TABLE_SCHEMA);
    RETURN NULL;
  END IF;
  SELECT count(*),
         coalesce(bool_and(to_jsonb(n) - 'quantity' - 'updated_at' - 'price' - 'price_tiers'
                           = to_jsonb(o) - 'quantity' - 'updated_at' - 'price' - 'price_tiers'), true),
         string_agg(n.id::text
                    || CASE WHEN (n.quantity > 100) <> (o.quantity > 100) THEN 'a' ELSE '' END
                    || CASE WHEN n.price IS DISTINCT FROM o.price THEN 'p' ELSE '' END, ' ')
    INTO changed, content_only, words
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE to_jsonb(n) IS DISTINCT FROM to_jsonb(o);
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed',
                    CASE WHEN content_only THEN TG_TABLE_SCHEMA || E'\n' || words ELSE TG_TABLE_SCHEMA END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_updated();
