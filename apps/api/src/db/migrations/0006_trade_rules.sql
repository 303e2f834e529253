-- Trade rules (docs/architecture.md, "Trade rules"): a SKU unique per seller, a pack size, a
-- maximum per buyer and a volume price ladder on products; cart items and order lines keep the
-- unit price applied (price), the product's own price (list_price) and the SKU. Existing
-- products get packs of 1, no maximum, no tiers and no SKU; existing cart items and order lines
-- were charged their list price.
--
-- The ladder's rules as a SQL function, for the CHECK below (tradeRuleIssues in the shared
-- package says the same in TypeScript): at most 10 rows of {minQty, price}, whole quantities
-- strictly increasing from above the minimum (and not above the maximum), prices with two
-- decimals strictly decreasing from below the product's price.
CREATE FUNCTION price_tiers_valid(tiers jsonb, price numeric, min_qty integer, max_qty integer)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_typeof(tiers) = 'array' AND jsonb_array_length(tiers) <= 10 AND coalesce(bool_and(
      jsonb_typeof(t.v -> 'minQty') = 'number' AND jsonb_typeof(t.v -> 'price') = 'number'
      AND (t.v ->> 'minQty')::numeric = trunc((t.v ->> 'minQty')::numeric)
      AND (t.v ->> 'minQty')::numeric > CASE WHEN t.i = 1 THEN min_qty ELSE (tiers -> (t.i::integer - 2) ->> 'minQty')::numeric END
      AND (max_qty IS NULL OR (t.v ->> 'minQty')::numeric <= max_qty)
      AND (t.v ->> 'price')::numeric >= 0
      AND round((t.v ->> 'price')::numeric, 2) = (t.v ->> 'price')::numeric
      AND (t.v ->> 'price')::numeric < CASE WHEN t.i = 1 THEN price ELSE (tiers -> (t.i::integer - 2) ->> 'price')::numeric END
    ), true)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(tiers) = 'array' THEN tiers ELSE '[]'::jsonb END)
       WITH ORDINALITY AS t(v, i)
$$;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "list_price" numeric(12, 2);--> statement-breakpoint
UPDATE "cart_items" SET "list_price" = "price";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "list_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "list_price" numeric(12, 2);--> statement-breakpoint
UPDATE "order_lines" SET "list_price" = "price";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "list_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_order_qty" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "cart_items_user_product_idx" ON "cart_items" USING btree ("user_uid","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_owner_unique" ON "products" USING btree ((lower("sku") COLLATE "C"),"owner_uid") WHERE "products"."sku" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_list_price_non_negative" CHECK ("cart_items"."list_price" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_list_price_non_negative" CHECK ("order_lines"."list_price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_format" CHECK ("products"."sku" IS NULL OR (length("products"."sku") BETWEEN 1 AND 64 AND "products"."sku" ~ '^[A-Za-z0-9._/-]+$'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_size_range" CHECK ("products"."pack_size" >= 1 AND "products"."pack_size" <= 1000000000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_min_sell_qty_whole_packs" CHECK ("products"."min_sell_qty" % "products"."pack_size" = 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_order_qty_range" CHECK ("products"."max_order_qty" IS NULL OR ("products"."max_order_qty" >= "products"."min_sell_qty" AND "products"."max_order_qty" <= 1000000000));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_tiers_valid" CHECK (price_tiers_valid("products"."price_tiers", "products"."price", "products"."min_sell_qty", "products"."max_order_qty"));