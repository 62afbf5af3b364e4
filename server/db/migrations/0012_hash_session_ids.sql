-- Sessions are stored by the SHA-256 of their id from now on; existing sessions (raw ids) are signed out.
DELETE FROM "sessions";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id_hash" text PRIMARY KEY NOT NULL;
