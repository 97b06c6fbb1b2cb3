ALTER TABLE "suppliers" ADD COLUMN "delivery_terms" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requested_delivery_date" date;