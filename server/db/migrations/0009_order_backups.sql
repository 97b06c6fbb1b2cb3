ALTER TABLE "order_events" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "requested_product_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "requested_product_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitution_reason" text;