CREATE TABLE "campaigns" (
	"tenant_slug" text NOT NULL,
	"id" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"zustimmung_erforderlich" boolean NOT NULL,
	"startdatum" date NOT NULL,
	"enddatum" date,
	"sortierung" integer NOT NULL,
	CONSTRAINT "campaigns_tenant_slug_id_pk" PRIMARY KEY("tenant_slug","id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;