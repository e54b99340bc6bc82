ALTER TABLE "recipients" ADD COLUMN "confirm_token_used_at" timestamp with time zone;--> statement-breakpoint
-- A link used before this column existed was used when its recipient confirmed.
UPDATE "recipients" SET "confirm_token_used_at" = "confirmed_at" WHERE "confirmed_at" IS NOT NULL;
