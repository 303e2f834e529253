CREATE TABLE "customer_accounts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"terms" text NOT NULL,
	"days" integer,
	"credit_limit" numeric(24, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_uid" text NOT NULL,
	CONSTRAINT "customer_accounts_terms" CHECK (("customer_accounts"."terms" = 'net' AND "customer_accounts"."days" BETWEEN 1 AND 365) OR ("customer_accounts"."terms" = 'prepaid' AND "customer_accounts"."days" IS NULL)),
	CONSTRAINT "customer_accounts_limit" CHECK ("customer_accounts"."credit_limit" IS NULL OR "customer_accounts"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_accounts_seller_idx" ON "customer_accounts" USING btree ("seller_id");