CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_length" CHECK (length(btrim("companies"."name")) BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_addresses_length" CHECK (length(btrim("company_addresses"."label")) BETWEEN 1 AND 60 AND length("company_addresses"."name") <= 100 AND length("company_addresses"."line1") <= 200 AND length("company_addresses"."line2") <= 200 AND length("company_addresses"."city") <= 100 AND length("company_addresses"."postal_code") <= 20 AND length("company_addresses"."country") <= 100 AND length("company_addresses"."phone") <= 32)
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"spending_limit" numeric(24, 2),
	"invited_by_uid" text NOT NULL,
	"invited_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_invitations_role_known" CHECK ("company_invitations"."role" IN ('admin', 'approver', 'buyer')),
	CONSTRAINT "company_invitations_email_lower_case" CHECK ("company_invitations"."email" = lower("company_invitations"."email")),
	CONSTRAINT "company_invitations_limit_non_negative" CHECK ("company_invitations"."spending_limit" IS NULL OR "company_invitations"."spending_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"uid" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"spending_limit" numeric(24, 2),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role_known" CHECK ("company_members"."role" IN ('admin', 'approver', 'buyer')),
	CONSTRAINT "company_members_limit_non_negative" CHECK ("company_members"."spending_limit" IS NULL OR "company_members"."spending_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_timestamps";--> statement-breakpoint
ALTER TABLE "order_lists" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_limit" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_checkout_total" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_by_uid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_by_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejection_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_company_email_unique" ON "company_invitations" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "company_invitations_email_idx" ON "company_invitations" USING btree ("email","expires_at");--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id","role");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","status","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_approval_expiry_idx" ON "orders" USING btree ("approval_expires_at") WHERE "orders"."status" = 'awaiting_approval';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" IN ('order_received', 'order_placed', 'order_status', 'order_cancelled_by_buyer', 'hold_expiring', 'low_stock', 'import_finished', 'approval_requested', 'order_approved', 'order_rejected', 'company_invitation'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rejection_reason_length" CHECK (length("orders"."rejection_reason") <= 500);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('awaiting_approval', 'placed', 'confirmed', 'shipped', 'delivered', 'cancelled', 'rejected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_timestamps" CHECK (("orders"."status" <> 'confirmed' OR "orders"."confirmed_at" IS NOT NULL)
        AND ("orders"."status" <> 'shipped' OR "orders"."shipped_at" IS NOT NULL)
        AND ("orders"."status" <> 'delivered' OR "orders"."delivered_at" IS NOT NULL)
        AND ("orders"."status" <> 'cancelled' OR ("orders"."cancelled_at" IS NOT NULL AND "orders"."cancelled_by" IS NOT NULL))
        AND ("orders"."status" <> 'rejected' OR "orders"."rejected_at" IS NOT NULL)
        AND ("orders"."status" <> 'awaiting_approval' OR "orders"."approval_expires_at" IS NOT NULL));
--> statement-breakpoint
-- hand-written:
-- The dashboard rollups (0010) count an order only once its sellers see it: an order awaiting
-- approval, or rejected, counts no more than a cancelled one. The same four functions as 0010,
-- with the set of uncounted statuses widened; approving (awaiting_approval to placed, with a new
-- placed_at) adds the order and its lines on the approval's day. No order had the new statuses
-- before this migration, so the rollups need no backfill.
CREATE OR REPLACE FUNCTION seller_sales_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seller_daily_sales AS s (seller_uid, day, orders, revenue)
  SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date, count(*), sum(total)
  FROM new_rows WHERE status NOT IN ('awaiting_approval', 'cancelled', 'rejected')
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (seller_uid, day) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seller_sales_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A change that moves nothing (confirmed to shipped) nets to zero and writes no rollup row.
  INSERT INTO seller_daily_sales AS s (seller_uid, day, orders, revenue)
  SELECT seller_uid, day, sum(n), sum(revenue)
  FROM (
    SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date AS day, -1 AS n, -total AS revenue
    FROM old_rows WHERE status NOT IN ('awaiting_approval', 'cancelled', 'rejected')
    UNION ALL
    SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date, 1, total
    FROM new_rows WHERE status NOT IN ('awaiting_approval', 'cancelled', 'rejected')
  ) d
  GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(revenue) <> 0 ORDER BY 1, 2
  ON CONFLICT (seller_uid, day) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  -- The lines of the orders that entered or left the count (or changed seller or day).
  WITH moved AS (
    SELECT n.id, o.status NOT IN ('awaiting_approval', 'cancelled', 'rejected') AS was_counted, n.status NOT IN ('awaiting_approval', 'cancelled', 'rejected') AS is_counted,
           o.seller_uid AS old_seller, (o.placed_at AT TIME ZONE 'UTC')::date AS old_day,
           n.seller_uid AS new_seller, (n.placed_at AT TIME ZONE 'UTC')::date AS new_day, n.placed_at
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status NOT IN ('awaiting_approval', 'cancelled', 'rejected'), o.seller_uid, o.placed_at)
          IS DISTINCT FROM (n.status NOT IN ('awaiting_approval', 'cancelled', 'rejected'), n.seller_uid, n.placed_at)
  )
  INSERT INTO seller_product_sales AS s (seller_uid, day, product_id, units, revenue, name, name_at)
  SELECT seller_uid, day, product_id, sum(units), sum(revenue),
         (array_agg(name ORDER BY name_at DESC))[1], max(name_at)
  FROM (
    SELECT m.old_seller AS seller_uid, m.old_day AS day, l.product_id, -l.quantity AS units,
           -l.line_total AS revenue, l.name, '-infinity'::timestamptz AS name_at
    FROM moved m JOIN order_lines l ON l.order_id = m.id WHERE m.was_counted
    UNION ALL
    SELECT m.new_seller, m.new_day, l.product_id, l.quantity, l.line_total, l.name, m.placed_at
    FROM moved m JOIN order_lines l ON l.order_id = m.id WHERE m.is_counted
  ) c
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (seller_uid, day, product_id) DO UPDATE
    SET units = s.units + excluded.units, revenue = s.revenue + excluded.revenue,
        name = CASE WHEN excluded.name_at > s.name_at THEN excluded.name ELSE s.name END,
        name_at = greatest(s.name_at, excluded.name_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seller_sales_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- BEFORE the delete, while its lines (removed by the cascade) are still there to subtract.
  IF OLD.status NOT IN ('awaiting_approval', 'cancelled', 'rejected') THEN
    UPDATE seller_daily_sales SET orders = orders - 1, revenue = revenue - OLD.total
    WHERE seller_uid = OLD.seller_uid AND day = (OLD.placed_at AT TIME ZONE 'UTC')::date;
    UPDATE seller_product_sales s SET units = s.units - l.units, revenue = s.revenue - l.revenue
    FROM (SELECT product_id, sum(quantity) AS units, sum(line_total) AS revenue
          FROM order_lines WHERE order_id = OLD.id GROUP BY 1) l
    WHERE s.seller_uid = OLD.seller_uid AND s.day = (OLD.placed_at AT TIME ZONE 'UTC')::date
      AND s.product_id = l.product_id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seller_sales_lines_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_product_sales AS s (seller_uid, day, product_id, units, revenue, name, name_at)
    SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date, l.product_id, sum(l.quantity),
           sum(l.line_total), (array_agg(l.name ORDER BY o.placed_at DESC))[1], max(o.placed_at)
    FROM new_rows l JOIN orders o ON o.id = l.order_id
    WHERE o.status NOT IN ('awaiting_approval', 'cancelled', 'rejected')
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (seller_uid, day, product_id) DO UPDATE
      SET units = s.units + excluded.units, revenue = s.revenue + excluded.revenue,
          name = CASE WHEN excluded.name_at >= s.name_at THEN excluded.name ELSE s.name END,
          name_at = greatest(s.name_at, excluded.name_at);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO seller_product_sales AS s (seller_uid, day, product_id, units, revenue, name, name_at)
    SELECT seller_uid, day, product_id, sum(units), sum(revenue),
           (array_agg(name ORDER BY name_at DESC))[1], max(name_at)
    FROM (
      SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date AS day, l.product_id,
             -l.quantity AS units, -l.line_total AS revenue, l.name, '-infinity'::timestamptz AS name_at
      FROM old_rows l JOIN orders o ON o.id = l.order_id WHERE o.status NOT IN ('awaiting_approval', 'cancelled', 'rejected')
      UNION ALL
      SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date, l.product_id, l.quantity,
             l.line_total, l.name, o.placed_at
      FROM new_rows l JOIN orders o ON o.id = l.order_id WHERE o.status NOT IN ('awaiting_approval', 'cancelled', 'rejected')
    ) c
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (seller_uid, day, product_id) DO UPDATE
      SET units = s.units + excluded.units, revenue = s.revenue + excluded.revenue,
          name = CASE WHEN excluded.name_at >= s.name_at THEN excluded.name ELSE s.name END,
          name_at = greatest(s.name_at, excluded.name_at);
  ELSE
    INSERT INTO seller_product_sales AS s (seller_uid, day, product_id, units, revenue, name, name_at)
    SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date, l.product_id, -sum(l.quantity),
           -sum(l.line_total), min(l.name), '-infinity'::timestamptz
    FROM old_rows l JOIN orders o ON o.id = l.order_id
    WHERE o.status NOT IN ('awaiting_approval', 'cancelled', 'rejected')
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (seller_uid, day, product_id) DO UPDATE
      SET units = s.units + excluded.units, revenue = s.revenue + excluded.revenue,
          name = CASE WHEN excluded.name_at >= s.name_at THEN excluded.name ELSE s.name END,
          name_at = greatest(s.name_at, excluded.name_at);
  END IF;
  RETURN NULL;
END $$;
