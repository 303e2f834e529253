-- Order numbers (B2B-000123). Schema-less names throughout, so databases that keep one schema per
-- test file get their own sequence and tables.
CREATE SEQUENCE "order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" numeric(24, 2) GENERATED ALWAYS AS (price * quantity) STORED NOT NULL,
	CONSTRAINT "order_lines_order_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_non_negative" CHECK ("order_lines"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('order_number_seq') NOT NULL,
	"checkout_id" uuid NOT NULL,
	"buyer_uid" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_name" text NOT NULL,
	"seller_uid" text NOT NULL,
	"seller_email" text NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"po_number" text DEFAULT '' NOT NULL,
	"ship_name" text NOT NULL,
	"ship_line1" text NOT NULL,
	"ship_line2" text DEFAULT '' NOT NULL,
	"ship_city" text NOT NULL,
	"ship_postal_code" text DEFAULT '' NOT NULL,
	"ship_country" text NOT NULL,
	"ship_phone" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tracking_ref" text DEFAULT '' NOT NULL,
	"total" numeric(24, 2) DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"cancelled_by" text,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('placed', 'confirmed', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "orders_total_non_negative" CHECK ("orders"."total" >= 0),
	CONSTRAINT "orders_line_count_non_negative" CHECK ("orders"."line_count" >= 0 AND "orders"."units" >= 0),
	CONSTRAINT "orders_po_number_length" CHECK (length("orders"."po_number") <= 64),
	CONSTRAINT "orders_note_length" CHECK (length("orders"."note") <= 1000),
	CONSTRAINT "orders_tracking_ref_length" CHECK (length("orders"."tracking_ref") <= 100),
	CONSTRAINT "orders_ship_to_required" CHECK (length(btrim("orders"."ship_name")) > 0 AND length(btrim("orders"."ship_line1")) > 0 AND length(btrim("orders"."ship_city")) > 0 AND length(btrim("orders"."ship_country")) > 0),
	CONSTRAINT "orders_ship_to_length" CHECK (length("orders"."ship_name") <= 100 AND length("orders"."ship_line1") <= 200 AND length("orders"."ship_line2") <= 200 AND length("orders"."ship_city") <= 100 AND length("orders"."ship_postal_code") <= 20 AND length("orders"."ship_country") <= 100 AND length("orders"."ship_phone") <= 32),
	CONSTRAINT "orders_cancelled_by_known" CHECK ("orders"."cancelled_by" IS NULL OR "orders"."cancelled_by" IN ('buyer', 'seller')),
	CONSTRAINT "orders_status_timestamps" CHECK (("orders"."status" <> 'confirmed' OR "orders"."confirmed_at" IS NOT NULL)
        AND ("orders"."status" <> 'shipped' OR "orders"."shipped_at" IS NOT NULL)
        AND ("orders"."status" <> 'delivered' OR "orders"."delivered_at" IS NOT NULL)
        AND ("orders"."status" <> 'cancelled' OR ("orders"."cancelled_at" IS NOT NULL AND "orders"."cancelled_by" IS NOT NULL)))
);
--> statement-breakpoint
-- Cart items learn their seller and how long they hold their stock (hand-edited: existing rows are
-- filled in before the columns become NOT NULL).
ALTER TABLE "cart_items" ADD COLUMN "seller_uid" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "seller_email" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
-- The seller is the product's owner.
UPDATE "cart_items" SET "seller_uid" = p."owner_uid", "seller_email" = p."owner_email"
  FROM "products" p WHERE p."id" = "cart_items"."product_id";--> statement-breakpoint
-- An item whose product was deleted before orders existed can be ordered from no one and has no
-- stock to return: it leaves the cart now, as its expired hold would.
DELETE FROM "cart_items" WHERE "seller_uid" IS NULL;--> statement-breakpoint
-- Existing holds start now (the default CART_HOLD_HOURS), so no cart empties the moment this runs.
UPDATE "cart_items" SET "held_until" = now() + interval '72 hours';--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "seller_uid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "seller_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "held_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_uid","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_status_idx" ON "orders" USING btree ("buyer_uid","status","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_uid","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_seller_status_idx" ON "orders" USING btree ("seller_uid","status","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_checkout_id_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "cart_items_held_until_idx" ON "cart_items" USING btree ("held_until");