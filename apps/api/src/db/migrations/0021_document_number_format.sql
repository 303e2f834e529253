ALTER TABLE "billing_details" ADD COLUMN "invoice_prefix" text DEFAULT 'INV' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "credit_note_prefix" text DEFAULT 'CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "number_with_year" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_prefixes" CHECK ("billing_details"."invoice_prefix" ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$' AND "billing_details"."credit_note_prefix" ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$');