ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp with time zone DEFAULT now() + interval '30 minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
-- Orders unpaid when holds arrived keep the 72 hours they were promised (the old UNPAID_ORDER_TTL_HOURS default).
UPDATE "orders" SET "hold_until" = "created_at" + interval '72 hours' WHERE "order_status" = 'pending' AND "payment_status" IN ('pending', 'rejected');
