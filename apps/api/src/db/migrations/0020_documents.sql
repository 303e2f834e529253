CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_uid" text NOT NULL,
	"reason" text NOT NULL,
	"gross" numeric(24, 2) NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	CONSTRAINT "credit_notes_seller_number_unique" UNIQUE("seller_id","number")
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"seller_id" text NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_sequences_seller_id_kind_year_pk" PRIMARY KEY("seller_id","kind","year"),
	CONSTRAINT "document_sequences_kind_known" CHECK ("document_sequences"."kind" IN ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"buyer_uid" text NOT NULL,
	"company_id" uuid,
	"number" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_uid" text NOT NULL,
	"seller_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"gross" numeric(24, 2) NOT NULL,
	"credited" numeric(24, 2) DEFAULT 0 NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "invoices_order_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_seller_number_unique" UNIQUE("seller_id","number"),
	CONSTRAINT "invoices_status_known" CHECK ("invoices"."status" IN ('issued', 'partly_credited', 'credited'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax" numeric(24, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax" numeric(24, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_seller_idx" ON "invoices" USING btree ("seller_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_uid","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issued_at","id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tax_rate_range" CHECK ("order_lines"."tax_rate" BETWEEN 0 AND 100 AND "order_lines"."tax" >= 0);