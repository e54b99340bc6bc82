CREATE TABLE "agency_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"staff_id" uuid,
	"employee_number" text NOT NULL,
	"sent_by" uuid,
	"art" text NOT NULL,
	"vorname" text NOT NULL,
	"nachname" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"referrer_id" uuid,
	"first_recommendation_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "agency_invitations_art" CHECK ("agency_invitations"."art" in ('VorOrt', 'Telefon')),
	CONSTRAINT "agency_invitations_email_lower" CHECK ("agency_invitations"."email" = lower("agency_invitations"."email"))
);
--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_staff_id_agency_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."agency_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_sent_by_agency_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."agency_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_invitations_token" ON "agency_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "agency_invitations_agency_created" ON "agency_invitations" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_invitations_email" ON "agency_invitations" USING btree ("tenant_slug","email");