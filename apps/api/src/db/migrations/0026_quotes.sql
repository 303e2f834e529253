CREATE SEQUENCE "quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"author_uid" text,
	"author_email" text,
	"author_name" text,
	"text" text DEFAULT '' NOT NULL,
	"version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_events_kind_known" CHECK ("quote_events"."kind" IN ('request', 'offer', 'revision', 'accept', 'decline', 'withdraw', 'expire', 'reopen', 'message')),
	CONSTRAINT "quote_events_side_known" CHECK ("quote_events"."side" IN ('buyer', 'seller', 'system')),
	CONSTRAINT "quote_events_text_length" CHECK (length("quote_events"."text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"image" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"target_price" numeric(12, 2),
	"list_price" numeric(12, 2) NOT NULL,
	"your_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "quote_lines_quote_id_product_id_pk" PRIMARY KEY("quote_id","product_id"),
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_prices_non_negative" CHECK ("quote_lines"."list_price" >= 0 AND "quote_lines"."your_price" >= 0 AND ("quote_lines"."target_price" IS NULL OR "quote_lines"."target_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE "quote_offer_lines" (
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"line_total" numeric(24, 2) GENERATED ALWAYS AS (unit_price * quantity) STORED NOT NULL,
	CONSTRAINT "quote_offer_lines_quote_id_version_product_id_pk" PRIMARY KEY("quote_id","version","product_id"),
	CONSTRAINT "quote_offer_lines_quantity_positive" CHECK ("quote_offer_lines"."quantity" > 0),
	CONSTRAINT "quote_offer_lines_price_non_negative" CHECK ("quote_offer_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"offered_by_uid" text NOT NULL,
	"offered_by_email" text NOT NULL,
	"offered_by_name" text NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_versions_quote_id_version_pk" PRIMARY KEY("quote_id","version"),
	CONSTRAINT "quote_versions_version_positive" CHECK ("quote_versions"."version" > 0),
	CONSTRAINT "quote_versions_message_length" CHECK (length("quote_versions"."message") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('quote_number_seq') NOT NULL,
	"request_id" uuid NOT NULL,
	"buyer_uid" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_name" text NOT NULL,
	"company_id" uuid,
	"company_name" text,
	"seller_id" text NOT NULL,
	"seller_email" text NOT NULL,
	"seller_name" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone,
	"warned_version" integer,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_status_known" CHECK ("quotes"."status" IN ('requested', 'offered', 'revision_requested', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "quotes_offer_has_validity" CHECK ("quotes"."version" = 0 OR "quotes"."valid_until" IS NOT NULL),
	CONSTRAINT "quotes_accepted_has_order" CHECK (("quotes"."status" = 'accepted') = ("quotes"."order_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offer_lines" ADD CONSTRAINT "quote_offer_lines_quote_id_version_quote_versions_quote_id_version_fk" FOREIGN KEY ("quote_id","version") REFERENCES "quote_versions"("quote_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_buyer_idx" ON "quotes" USING btree ("buyer_uid","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_seller_idx" ON "quotes" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_offer_expiry_idx" ON "quotes" USING btree ("valid_until") WHERE "quotes"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_idx" ON "orders" USING btree ("quote_id") WHERE "orders"."quote_id" IS NOT NULL AND "orders"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" IN ('order_received', 'order_placed', 'order_status', 'order_cancelled_by_buyer', 'hold_expiring', 'low_stock', 'import_finished', 'approval_requested', 'order_approved', 'order_rejected', 'company_invitation', 'payment_due', 'payment_overdue', 'credit_limit_near', 'quote_requested', 'quote_offered', 'quote_expiring', 'quote_accepted', 'quote_declined', 'quote_revision_requested', 'quote_withdrawn'));