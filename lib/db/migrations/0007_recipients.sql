CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "recipient_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"recommendation_id" uuid NOT NULL,
	"empfaengernummer" text NOT NULL,
	"hex" text NOT NULL,
	"anrede" text NOT NULL,
	"vorname" text NOT NULL,
	"name" text NOT NULL,
	"geburtsdatum" date NOT NULL,
	"email" text NOT NULL,
	"telefon" text NOT NULL,
	"werbeeinwilligung" boolean NOT NULL,
	"strasse" text NOT NULL,
	"hausnummer" text NOT NULL,
	"plz" text NOT NULL,
	"ort" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"einsprungsquelle" text DEFAULT '' NOT NULL,
	"email_key" text NOT NULL,
	"phone_key" text NOT NULL,
	"address_key" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"consented_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recipient_consents" ADD CONSTRAINT "recipient_consents_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_slot" ON "job_runs" USING btree ("job","slot");--> statement-breakpoint
CREATE INDEX "recipient_consents_recipient" ON "recipient_consents" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_nummer" ON "recipients" USING btree ("tenant_slug","empfaengernummer");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_hex" ON "recipients" USING btree ("hex");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_email" ON "recipients" USING btree ("tenant_slug","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_phone" ON "recipients" USING btree ("tenant_slug","phone_key");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_address" ON "recipients" USING btree ("tenant_slug","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_confirm_token" ON "recipients" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "recipients_unconfirmed" ON "recipients" USING btree ("confirmed_at","created_at");