CREATE TABLE "product_facet_counts" (
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"category" text NOT NULL,
	"available" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_facet_counts_facet_value_category_available_pk" PRIMARY KEY("facet","value","category","available")
);
--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand","created_at","id");--> statement-breakpoint
CREATE INDEX "products_brand_price_idx" ON "products" USING btree ("brand","price","created_at","id");--> statement-breakpoint
-- hand-written:
-- The price band of a price (PRICE_BANDS in the shared package: edges 0, 10, 25, 50, 100, 250,
-- 500, 1000; a band runs to the next edge, exclusive). A test checks the two agree.
CREATE FUNCTION price_band(p numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p < 10 THEN '0-10' WHEN p < 25 THEN '10-25' WHEN p < 50 THEN '25-50'
              WHEN p < 100 THEN '50-100' WHEN p < 250 THEN '100-250' WHEN p < 500 THEN '250-500'
              WHEN p < 1000 THEN '500-1000' ELSE '1000-' END
$$;--> statement-breakpoint
-- Exact facet counts per (category, available), kept like product_counts (0002): inserts and
-- deletes per statement, an update per row and only when it moves a product to another brand,
-- price band, whole-star rating, category or side of the "available" threshold.
CREATE FUNCTION product_facets_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_facet_counts (facet, value, category, available, count)
  SELECT f.facet, f.value, r.category, r.quantity > 100, count(*)
  FROM new_rows r
  CROSS JOIN LATERAL (VALUES ('brand', r.brand), ('price', price_band(r.price)),
                             ('rating', floor(r.rating)::int::text)) AS f(facet, value)
  WHERE f.value IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (facet, value, category, available) DO UPDATE SET count = product_facet_counts.count + excluded.count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_facets_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_facet_counts c SET count = c.count - d.n
  FROM (SELECT f.facet, f.value, r.category, r.quantity > 100 AS available, count(*) AS n
        FROM old_rows r
        CROSS JOIN LATERAL (VALUES ('brand', r.brand), ('price', price_band(r.price)),
                                   ('rating', floor(r.rating)::int::text)) AS f(facet, value)
        WHERE f.value IS NOT NULL
        GROUP BY 1, 2, 3, 4) d
  WHERE c.facet = d.facet AND c.value = d.value AND c.category = d.category AND c.available = d.available;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_facets_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_facet_counts c SET count = c.count - 1
  FROM (VALUES ('brand', OLD.brand), ('price', price_band(OLD.price)),
               ('rating', floor(OLD.rating)::int::text)) AS f(facet, value)
  WHERE f.value IS NOT NULL AND c.facet = f.facet AND c.value = f.value
    AND c.category = OLD.category AND c.available = (OLD.quantity > 100);
  INSERT INTO product_facet_counts (facet, value, category, available, count)
  SELECT f.facet, f.value, NEW.category, NEW.quantity > 100, 1
  FROM (VALUES ('brand', NEW.brand), ('price', price_band(NEW.price)),
               ('rating', floor(NEW.rating)::int::text)) AS f(facet, value)
  WHERE f.value IS NOT NULL
  ON CONFLICT (facet, value, category, available) DO UPDATE SET count = product_facet_counts.count + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_facets_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_facets_add();--> statement-breakpoint
CREATE TRIGGER products_facets_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_facets_remove();--> statement-breakpoint
CREATE TRIGGER products_facets_update AFTER UPDATE OF category, quantity, brand, price, rating ON products FOR EACH ROW
  WHEN (OLD.category IS DISTINCT FROM NEW.category OR (OLD.quantity > 100) IS DISTINCT FROM (NEW.quantity > 100)
        OR OLD.brand IS DISTINCT FROM NEW.brand OR price_band(OLD.price) IS DISTINCT FROM price_band(NEW.price)
        OR floor(OLD.rating) IS DISTINCT FROM floor(NEW.rating))
  EXECUTE FUNCTION product_facets_move();--> statement-breakpoint
INSERT INTO product_facet_counts (facet, value, category, available, count)
  SELECT f.facet, f.value, r.category, r.quantity > 100, count(*)
  FROM products r
  CROSS JOIN LATERAL (VALUES ('brand', r.brand), ('price', price_band(r.price)),
                             ('rating', floor(r.rating)::int::text)) AS f(facet, value)
  WHERE f.value IS NOT NULL
  GROUP BY 1, 2, 3, 4;
