CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"referrer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"answer_hash" text NOT NULL,
	"dev_answer" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"tenant_slug" text NOT NULL,
	"key_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrer_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"text_version" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrers" ADD COLUMN "lock_reason" text;--> statement-breakpoint
ALTER TABLE "referrers" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrers" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captcha_challenges" ADD CONSTRAINT "captcha_challenges_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_consents" ADD CONSTRAINT "referrer_consents_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_referrer" ON "account_tokens" USING btree ("referrer_id","purpose");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_time" ON "audit_log" USING btree ("tenant_slug","created_at");--> statement-breakpoint
CREATE INDEX "captcha_challenges_expiry" ON "captcha_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_failures_key" ON "login_failures" USING btree ("tenant_slug","key_hash");--> statement-breakpoint
CREATE INDEX "referrer_consents_referrer" ON "referrer_consents" USING btree ("referrer_id");