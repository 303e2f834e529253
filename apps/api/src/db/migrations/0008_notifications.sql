CREATE TABLE "notification_preferences" (
	"uid" text PRIMARY KEY NOT NULL,
	"emails_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_uid" text NOT NULL,
	"user_email" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_state" text DEFAULT 'pending' NOT NULL,
	"email_queued_at" timestamp with time zone,
	"email_claimed_until" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"emailed_at" timestamp with time zone,
	"email_error" text,
	CONSTRAINT "notifications_key_unique" UNIQUE("key"),
	CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" IN ('order_received', 'order_placed', 'order_status', 'order_cancelled_by_buyer', 'hold_expiring', 'low_stock', 'import_finished')),
	CONSTRAINT "notifications_email_state_known" CHECK ("notifications"."email_state" IN ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "hold_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_uid","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_uid") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_unqueued_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_state" = 'pending' AND "notifications"."email_queued_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cart_items_hold_warning_idx" ON "cart_items" USING btree ("held_until") WHERE "cart_items"."hold_warned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_seller_sales_idx" ON "orders" USING btree ("seller_uid","placed_at","status","total");--> statement-breakpoint
-- Hand-written below (docs/architecture.md, "Notifications").
-- A purchase is the one statement that inserts cart items. When it leaves a product's stock
-- below its minimum order (buyers can no longer order it), the seller is told, in the same
-- statement and transaction. Stock can only cross below the minimum through a purchase that
-- fitted it (a purchase takes at least the minimum), so each such statement is one crossing;
-- the key makes it one notification even for a batch of several purchases.
CREATE FUNCTION notify_low_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (key, user_uid, user_email, kind, title, body, link, data)
  SELECT 'low_stock:' || p.id || ':' || txid_current(), p.owner_uid, p.owner_email, 'low_stock',
         'Low stock: ' || p.name,
         'A purchase left ' || p.quantity || ' of ' || p.name || ' in stock, below its minimum order of '
           || p.min_sell_qty || ': buyers cannot order it until you add stock.',
         '/update-product/' || p.id,
         jsonb_build_object('productId', p.id, 'name', p.name, 'quantity', p.quantity, 'minSellQty', p.min_sell_qty)
  FROM products p
  WHERE p.id IN (SELECT DISTINCT product_id FROM new_rows) AND p.quantity < p.min_sell_qty
  ON CONFLICT (key) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cart_items_low_stock AFTER INSERT ON cart_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_low_stock();--> statement-breakpoint
-- The dashboard's "low on stock" list: a seller's products with fewer than two minimum orders
-- left (LOW_STOCK_MIN_ORDERS), read from this small partial index, not from the whole listing.
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("owner_uid", "quantity") WHERE "quantity" < 2 * "min_sell_qty";
