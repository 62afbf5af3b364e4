CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"message" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('created', 'status', 'tracking', 'payment', 'manual-payment', 'refund-requested', 'refund-failed', 'refund', 'cancelled', 'mail', 'note')),
	CONSTRAINT "order_events_actor_check" CHECK ("order_events"."actor" in ('admin', 'cliente', 'sistema', 'proveedor'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_needs_refund_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."needs_refund";--> statement-breakpoint
-- The admin's order search text for the orders placed before it was kept, built by the same steps as
-- server/catalog/search-text.ts (accents dropped, lower case, punctuation but '/' folded).
UPDATE "orders" SET "search" = btrim(regexp_replace(lower(regexp_replace(normalize(concat_ws(' ', "order_number", "contact_name", coalesce("guest_email", ''), coalesce((SELECT concat_ws(' ', u."name", u."email") FROM "users" u WHERE u."id" = "orders"."user_id"), '')), NFD), '[\u0300-\u036f]', '', 'g')), '[^[:alnum:]/]+', ' ', 'g'));
