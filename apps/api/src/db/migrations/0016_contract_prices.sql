CREATE TABLE "accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_email_lower_case" CHECK ("accounts"."email" = lower("accounts"."email"))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"company_id" uuid,
	"buyer_uid" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_one_kind" CHECK (("customers"."company_id" IS NULL) <> ("customers"."buyer_uid" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "price_list_customers" (
	"price_list_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_customers_price_list_id_customer_id_pk" PRIMARY KEY("price_list_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_lines" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "price_list_lines_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "price_list_lines_price_non_negative" CHECK ("price_list_lines"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"name" text NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"discount_percent" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_name_length" CHECK (length(btrim("price_lists"."name")) BETWEEN 1 AND 120),
	CONSTRAINT "price_lists_dates_in_order" CHECK ("price_lists"."valid_from" IS NULL OR "price_lists"."valid_until" IS NULL OR "price_lists"."valid_from" <= "price_lists"."valid_until"),
	CONSTRAINT "price_lists_discount_range" CHECK ("price_lists"."discount_percent" IS NULL OR ("price_lists"."discount_percent" > 0 AND "price_lists"."discount_percent" < 100))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_customers" ADD CONSTRAINT "price_list_customers_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_customers" ADD CONSTRAINT "price_list_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_lines" ADD CONSTRAINT "price_list_lines_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_lines" ADD CONSTRAINT "price_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_email_idx" ON "accounts" USING btree ("email","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_seller_company_idx" ON "customers" USING btree ("seller_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_seller_buyer_idx" ON "customers" USING btree ("seller_id","buyer_uid");--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customers_buyer_idx" ON "customers" USING btree ("buyer_uid");--> statement-breakpoint
CREATE INDEX "price_list_customers_customer_idx" ON "price_list_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "price_list_lines_product_idx" ON "price_list_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_lists_seller_idx" ON "price_lists" USING btree ("seller_id","name");--> statement-breakpoint
-- Hand-written below (docs/architecture.md, "Customers"): the accounts the shop already knows of.
INSERT INTO "accounts" ("uid", "email", "name", "seen_at")
SELECT DISTINCT ON ("uid") "uid", "email", "name", "seen_at" FROM (
  SELECT "uid", lower("email") AS "email", "display_name" AS "name", "updated_at" AS "seen_at" FROM "profiles"
  UNION ALL
  SELECT "uid", lower("email"), "name", "joined_at" FROM "company_members"
) AS "known"
ORDER BY "uid", "seen_at" DESC
ON CONFLICT ("uid") DO NOTHING;
