ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- Requests made before confirmation existed: a signed-in customer's for the account's own address count as confirmed (the
-- shop knew the address); any other (a guest's, or a customer's for another address) waits for a confirmed request.
UPDATE "stock_alerts" AS a SET "confirmed_at" = a."created_at" FROM "users" AS u WHERE u."id" = a."user_id" AND lower(u."email") = lower(a."email");
