CREATE TABLE "billing_details" (
	"business_id" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"default_tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"invoice_footer" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_uid" text NOT NULL,
	CONSTRAINT "billing_details_tax_rate_range" CHECK ("billing_details"."default_tax_rate" BETWEEN 0 AND 100),
	CONSTRAINT "billing_details_legal_name_present" CHECK (length(btrim("billing_details"."legal_name")) > 0)
);
