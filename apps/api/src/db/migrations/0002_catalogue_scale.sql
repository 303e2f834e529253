-- Hand-added: trigram search on both engines (PGlite loads the extension's files, see db/client.ts).
-- In the public schema, so databases that keep several schemas (the tests) share one copy.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "product_counts" (
	"category" text NOT NULL,
	"available" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_category_available_pk" PRIMARY KEY("category","available")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_owner_email_idx";--> statement-breakpoint
DROP INDEX "products_name_lower_idx";--> statement-breakpoint
DROP INDEX "products_brand_lower_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_owner_uid_idx";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","created_at","id");--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("price" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ((lower("name") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","price","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_price_desc_idx" ON "products" USING btree ("category","price" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_name_idx" ON "products" USING btree ("category",(lower("name") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category","rating" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ((lower("name" || ' ' || "brand")) gin_trgm_ops);--> statement-breakpoint
-- Hand-added: a finer sample of the searched text, so the planner can tell a word in 1% of the
-- catalogue from one in 0.01% and pick between walking the sort index and the trigram index.
ALTER INDEX "products_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "products_owner_uid_idx" ON "products" USING btree ("owner_uid","created_at","id");--> statement-breakpoint
-- Hand-added from here: exact counts per (category, available) kept by triggers, so a listing's
-- total is a sum over at most 18 rows whatever the size of the catalogue.
-- Inserts and deletes are counted per statement (one upsert for a bulk insert of a million rows);
-- an update is counted per row, and only when it moves a product across the threshold or into
-- another category, so the purchase path almost never touches this table.
CREATE FUNCTION product_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts (category, available, count)
  SELECT category, quantity > 100, count(*) FROM new_rows GROUP BY 1, 2
  ON CONFLICT (category, available) DO UPDATE SET count = product_counts.count + excluded.count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts c SET count = c.count - d.n
  FROM (SELECT category, quantity > 100 AS available, count(*) AS n FROM old_rows GROUP BY 1, 2) d
  WHERE c.category = d.category AND c.available = d.available;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts SET count = count - 1 WHERE category = OLD.category AND available = (OLD.quantity > 100);
  INSERT INTO product_counts (category, available, count) VALUES (NEW.category, NEW.quantity > 100, 1)
  ON CONFLICT (category, available) DO UPDATE SET count = product_counts.count + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_add();--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_remove();--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE OF category, quantity ON products FOR EACH ROW
  WHEN (OLD.category IS DISTINCT FROM NEW.category OR (OLD.quantity > 100) IS DISTINCT FROM (NEW.quantity > 100))
  EXECUTE FUNCTION product_counts_move();--> statement-breakpoint
INSERT INTO product_counts (category, available, count)
  SELECT category, quantity > 100, count(*) FROM products GROUP BY 1, 2;--> statement-breakpoint
-- The words of names and brands (3+ letters), for "did you mean" when a search finds nothing.
CREATE FUNCTION search_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM new_rows, regexp_split_to_table(lower(name || ' ' || brand), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_terms_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_add();--> statement-breakpoint
CREATE FUNCTION search_terms_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.name || ' ' || NEW.brand), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_terms_update AFTER UPDATE OF name, brand ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.brand IS DISTINCT FROM NEW.brand)
  EXECUTE FUNCTION search_terms_add_row();--> statement-breakpoint
INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM products, regexp_split_to_table(lower(name || ' ' || brand), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
