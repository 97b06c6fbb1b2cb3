DROP INDEX "products_varietal_idx";--> statement-breakpoint
DROP INDEX "products_region_idx";--> statement-breakpoint
DROP INDEX "products_country_idx";--> statement-breakpoint
DROP INDEX "products_upc_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ordinal" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "products_ordinal_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "products_ordinal_idx" ON "products" USING btree ("ordinal");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("case_price_cents","id","ordinal");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name" COLLATE "C","id","ordinal");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id","ordinal");