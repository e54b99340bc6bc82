CREATE TABLE "agency_reward_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"produkt_id" integer,
	"quelle" text,
	"kategorie" text,
	"wert_cent" integer NOT NULL,
	"startdatum" date NOT NULL,
	"enddatum" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "agency_reward_plans_one_target" CHECK (("agency_reward_plans"."produkt_id" is not null) <> ("agency_reward_plans"."quelle" is not null and "agency_reward_plans"."kategorie" is not null)),
	CONSTRAINT "agency_reward_plans_period" CHECK ("agency_reward_plans"."enddatum" is null or "agency_reward_plans"."enddatum" >= "agency_reward_plans"."startdatum"),
	CONSTRAINT "agency_reward_plans_value" CHECK ("agency_reward_plans"."wert_cent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "agency_reward_plans" ADD CONSTRAINT "agency_reward_plans_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_reward_plans" ADD CONSTRAINT "agency_reward_plans_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_reward_plans" ADD CONSTRAINT "agency_reward_plans_created_by_agency_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agency_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_reward_plans" ADD CONSTRAINT "agency_reward_plans_deleted_by_agency_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."agency_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_reward_plans_agency" ON "agency_reward_plans" USING btree ("agency_id","startdatum");