DROP INDEX "products_brand_price_idx";--> statement-breakpoint
CREATE INDEX "products_brand_price_idx" ON "products" USING btree ("brand","price","created_at","id","quantity");