ALTER TABLE "loyalty_transactions" DROP CONSTRAINT "loyalty_transactions_type_check";--> statement-breakpoint
DROP INDEX "loyalty_transactions_order_kind_key";--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD COLUMN "points_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD COLUMN "owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_transactions_order_kind_key" ON "loyalty_transactions" USING btree ("order_id","type") WHERE "loyalty_transactions"."order_id" is not null and "loyalty_transactions"."type" <> 'settled';--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_points_owed_check" CHECK ("loyalty_accounts"."points_owed" >= 0);--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_type_check" CHECK ("loyalty_transactions"."type" in ('earned', 'spent', 'refunded', 'reversed', 'owed', 'settled', 'adjustment'));