CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_uid" text NOT NULL,
	"actor_email" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_kind_known" CHECK ("activity_log"."kind" IN ('product', 'stock', 'order', 'member', 'import'))
);
--> statement-breakpoint
ALTER TABLE "company_invitations" DROP CONSTRAINT "company_invitations_role_known";--> statement-breakpoint
ALTER TABLE "company_members" DROP CONSTRAINT "company_members_role_known";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "started_by_uid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_company_idx" ON "activity_log" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_company_actor_idx" ON "activity_log" USING btree ("company_id","actor_uid","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_company_kind_idx" ON "activity_log" USING btree ("company_id","kind","created_at","id");--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_role_known" CHECK ("company_invitations"."role" IN ('admin', 'approver', 'buyer', 'catalogue', 'sales'));--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_role_known" CHECK ("company_members"."role" IN ('admin', 'approver', 'buyer', 'catalogue', 'sales'));--> statement-breakpoint
-- Hand-written below (docs/architecture.md, "Seller organisations").
-- The activity log is history: nothing updates or deletes an entry.
CREATE FUNCTION activity_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the activity log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_append_only();--> statement-breakpoint
-- A purchase that leaves stock below the minimum tells the seller (0008): a user selling on their
-- own, or, for a company's product (its owner_uid is the company's id), every admin and catalogue
-- manager of the company, each once.
CREATE OR REPLACE FUNCTION notify_low_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (key, user_uid, user_email, kind, title, body, link, data)
  SELECT 'low_stock:' || p.id || ':' || txid_current() || ':' || r.uid, r.uid, r.email, 'low_stock',
         'Low stock: ' || p.name,
         'A purchase left ' || p.quantity || ' of ' || p.name || ' in stock, below its minimum order of '
           || p.min_sell_qty || ': buyers cannot order it until you add stock.',
         '/update-product/' || p.id,
         jsonb_build_object('productId', p.id, 'name', p.name, 'quantity', p.quantity, 'minSellQty', p.min_sell_qty)
  FROM products p
  CROSS JOIN LATERAL (
    SELECT m.uid, m.email FROM company_members m
    WHERE p.seller_name IS NOT NULL AND m.company_id::text = p.owner_uid AND m.role IN ('admin', 'catalogue')
    UNION ALL
    SELECT p.owner_uid, p.owner_email WHERE p.seller_name IS NULL
  ) r
  WHERE p.id IN (SELECT DISTINCT product_id FROM new_rows) AND p.quantity < p.min_sell_qty
  ON CONFLICT (key) DO NOTHING;
  RETURN NULL;
END $$;
