CREATE TABLE "deal_products" (
	"deal_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "deal_products_deal_id_product_id_pk" PRIMARY KEY("deal_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" text PRIMARY KEY NOT NULL,
	"supplier_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"min_cases" integer NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "loose_bottles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "split_case_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit" text DEFAULT 'case' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "split_case_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "deal_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "deal_title" text;--> statement-breakpoint
ALTER TABLE "deal_products" ADD CONSTRAINT "deal_products_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_products" ADD CONSTRAINT "deal_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_products_product_idx" ON "deal_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "deals_supplier_idx" ON "deals" USING btree ("supplier_id","ends_at");