-- The failed-login counters become the counters of every limit, with the attempts under way beside the
-- counted ones (lib/engine/limits/counter.ts). Existing counts are kept.
ALTER TABLE "login_failures" RENAME TO "limit_counters";--> statement-breakpoint
ALTER TABLE "limit_counters" RENAME COLUMN "failures" TO "counted";--> statement-breakpoint
ALTER TABLE "limit_counters" RENAME COLUMN "first_failed_at" TO "window_start";--> statement-breakpoint
ALTER TABLE "limit_counters" RENAME COLUMN "last_failed_at" TO "last_at";--> statement-breakpoint
ALTER TABLE "limit_counters" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER INDEX "login_failures_key" RENAME TO "limit_counters_key";--> statement-breakpoint
ALTER TABLE "limit_counters" RENAME CONSTRAINT "login_failures_tenant_slug_tenants_slug_fk" TO "limit_counters_tenant_slug_tenants_slug_fk";
