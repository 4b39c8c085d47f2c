ALTER TABLE "businesses" ADD COLUMN "phone_e164" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "price_range" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reservation_link" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "menu_link" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "order_link" text;