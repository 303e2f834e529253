CREATE TABLE "seller_daily_sales" (
	"seller_uid" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "seller_daily_sales_seller_uid_day_pk" PRIMARY KEY("seller_uid","day")
);
--> statement-breakpoint
CREATE TABLE "seller_product_sales" (
	"seller_uid" text NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 2) DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seller_product_sales_seller_uid_day_product_id_pk" PRIMARY KEY("seller_uid","day","product_id")
);
--> statement-breakpoint
-- Hand-written below (docs/architecture.md, "Seller dashboard").
-- No order may be written between the backfill and the triggers: hold writes to both tables
-- until this migration commits (migrations run in one transaction).
LOCK TABLE "orders", "order_lines" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- An order counts (orders, revenue = its total) on the UTC day it was placed unless cancelled;
-- its lines count (units, revenue = line_total) for their product on the same day. Every
-- trigger adds what the new rows count and takes away what the old rows counted, so any
-- statement (placing, the total set after the lines, a status change to or from cancelled, a
-- hand-written fix) leaves the rollups equal to a recount. Upserts go in key order so two
-- statements never lock the same rollup rows in opposite orders.
CREATE FUNCTION seller_sales_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seller_daily_sales AS s (seller_uid, day, orders, revenue)
  SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date, count(*), sum(total)
  FROM new_rows WHERE status <> 'cancelled'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (seller_uid, day) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION seller_sales_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A change that moves nothing (confirmed to shipped) nets to zero and writes no rollup row.
  INSERT INTO seller_daily_sales AS s (seller_uid, day, orders, revenue)
  SELECT seller_uid, day, sum(n), sum(revenue)
  FROM (
    SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date AS day, -1 AS n, -total AS revenue
    FROM old_rows WHERE status <> 'cancelled'
    UNION ALL
    SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date, 1, total
    FROM new_rows WHERE status <> 'cancelled'
  ) d
  GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(revenue) <> 0 ORDER BY 1, 2
  ON CONFLICT (seller_uid, day) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  -- The lines of the orders that entered or left the count (or changed seller or day).
  WITH moved AS (
    SELECT n.id, o.status <> 'cancelled' AS was_counted, n.status <> 'cancelled' AS is_counted,
           o.seller_uid AS old_seller, (o.placed_at AT TIME ZONE 'UTC')::date AS old_day,
           n.seller_uid AS new_seller, (n.placed_at AT TIME ZONE 'UTC')::date AS new_day, n.placed_at
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status <> 'cancelled', o.seller_uid, o.placed_at)
          IS DISTINCT FROM (n.status <> 'cancelled', n.seller_uid, n.placed_at)
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
CREATE FUNCTION seller_sales_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- BEFORE the delete, while its lines (removed by the cascade) are still there to subtract.
  IF OLD.status <> 'cancelled' THEN
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
-- Lines written on their own: they count when their order does. Lines removed with their
-- order (the cascade) find no order here and were subtracted by the order's delete trigger.
CREATE FUNCTION seller_sales_lines_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_product_sales AS s (seller_uid, day, product_id, units, revenue, name, name_at)
    SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date, l.product_id, sum(l.quantity),
           sum(l.line_total), (array_agg(l.name ORDER BY o.placed_at DESC))[1], max(o.placed_at)
    FROM new_rows l JOIN orders o ON o.id = l.order_id
    WHERE o.status <> 'cancelled'
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
      FROM old_rows l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled'
      UNION ALL
      SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date, l.product_id, l.quantity,
             l.line_total, l.name, o.placed_at
      FROM new_rows l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled'
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
    WHERE o.status <> 'cancelled'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (seller_uid, day, product_id) DO UPDATE
      SET units = s.units + excluded.units, revenue = s.revenue + excluded.revenue,
          name = CASE WHEN excluded.name_at >= s.name_at THEN excluded.name ELSE s.name END,
          name_at = greatest(s.name_at, excluded.name_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION seller_sales_orders_insert();--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION seller_sales_orders_update();--> statement-breakpoint
CREATE TRIGGER orders_sales_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION seller_sales_order_delete();--> statement-breakpoint
CREATE TRIGGER order_lines_sales_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION seller_sales_lines_change();--> statement-breakpoint
CREATE TRIGGER order_lines_sales_update AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION seller_sales_lines_change();--> statement-breakpoint
CREATE TRIGGER order_lines_sales_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION seller_sales_lines_change();--> statement-breakpoint
-- Backfill from the orders there are.
INSERT INTO seller_daily_sales (seller_uid, day, orders, revenue)
SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date, count(*), sum(total)
FROM orders WHERE status <> 'cancelled' GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO seller_product_sales (seller_uid, day, product_id, units, revenue, name, name_at)
SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date, l.product_id, sum(l.quantity), sum(l.line_total),
       (array_agg(l.name ORDER BY o.placed_at DESC))[1], max(o.placed_at)
FROM orders o JOIN order_lines l ON l.order_id = o.id
WHERE o.status <> 'cancelled' GROUP BY 1, 2, 3;
