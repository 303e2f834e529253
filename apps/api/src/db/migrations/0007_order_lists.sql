-- Saved lists (docs/architecture.md, "Quick order and lists"): a buyer's named lists of products and
-- quantities; a line remembers the product's name and SKU for when the product is gone.
CREATE TABLE "order_list_lines" (
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_list_lines_list_id_product_id_pk" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "order_list_lines_quantity_range" CHECK ("order_list_lines"."quantity" BETWEEN 1 AND 1000000000)
);
--> statement-breakpoint
CREATE TABLE "order_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lists_name_length" CHECK (length(btrim("order_lists"."name")) BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "order_list_lines" ADD CONSTRAINT "order_list_lines_list_id_order_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "order_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lists_owner_idx" ON "order_lists" USING btree ("owner_uid","updated_at");