CREATE TABLE "agency_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"employee_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"added_at_sign_in" boolean DEFAULT false NOT NULL,
	"agency_user_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_by" uuid,
	"deactivated_at" timestamp with time zone,
	CONSTRAINT "agency_staff_email_lower" CHECK ("agency_staff"."email" = lower("agency_staff"."email"))
);
--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_agency_user_id_agency_users_id_fk" FOREIGN KEY ("agency_user_id") REFERENCES "public"."agency_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_created_by_agency_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agency_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_deactivated_by_agency_users_id_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."agency_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_staff_email" ON "agency_staff" USING btree ("agency_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_staff_number" ON "agency_staff" USING btree ("tenant_slug","employee_number");--> statement-breakpoint
CREATE INDEX "agency_staff_user" ON "agency_staff" USING btree ("agency_user_id");