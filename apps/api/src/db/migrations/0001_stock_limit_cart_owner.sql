DROP INDEX "cart_items_user_email_idx";--> statement-breakpoint
CREATE INDEX "cart_items_user_uid_idx" ON "cart_items" USING btree ("user_uid","buy_date");--> statement-breakpoint
-- Hand-added: stock pushed above the limit before this constraint existed is capped, so the constraint can be added.
UPDATE "products" SET "quantity" = 1000000000 WHERE "quantity" > 1000000000;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_quantity_max" CHECK ("products"."quantity" <= 1000000000);