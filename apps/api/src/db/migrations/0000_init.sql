CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"user_uid" text NOT NULL,
	"user_email" text NOT NULL,
	"display_name" text NOT NULL,
	"buy_quantity" integer NOT NULL,
	"buy_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_buy_quantity_positive" CHECK ("cart_items"."buy_quantity" > 0),
	CONSTRAINT "cart_items_price_non_negative" CHECK ("cart_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"owner_email" text NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"min_sell_qty" integer DEFAULT 1 NOT NULL,
	"rating" numeric(3, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_name_not_blank" CHECK (length(btrim("products"."name")) > 0),
	CONSTRAINT "products_category_known" CHECK ("products"."category" IN ('electronics', 'home', 'kitchen', 'fashion', 'health', 'beauty', 'accessories', 'office&stationary', 'others')),
	CONSTRAINT "products_price_non_negative" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_quantity_non_negative" CHECK ("products"."quantity" >= 0),
	CONSTRAINT "products_min_sell_qty_positive" CHECK ("products"."min_sell_qty" >= 1),
	CONSTRAINT "products_rating_range" CHECK ("products"."rating" IS NULL OR ("products"."rating" >= 0 AND "products"."rating" <= 5))
);
--> statement-breakpoint
CREATE INDEX "cart_items_user_email_idx" ON "cart_items" USING btree ("user_email","buy_date");--> statement-breakpoint
CREATE INDEX "cart_items_product_id_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "products_owner_uid_idx" ON "products" USING btree ("owner_uid");--> statement-breakpoint
CREATE INDEX "products_owner_email_idx" ON "products" USING btree ("owner_email");--> statement-breakpoint
CREATE INDEX "products_available_idx" ON "products" USING btree ("created_at","id") WHERE "products"."quantity" > 100;--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_brand_lower_idx" ON "products" USING btree (lower("brand"));