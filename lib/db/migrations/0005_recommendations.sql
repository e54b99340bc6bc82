CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"referrer_id" uuid NOT NULL,
	"nummer" text NOT NULL,
	"hex" text NOT NULL,
	"code" text,
	"produkt_id" integer NOT NULL,
	"produkt_name" text NOT NULL,
	"anteil_empfehler" integer NOT NULL,
	"praemie_wert_cent" integer,
	"praemie_startdatum" date,
	"praemie_enddatum" date,
	"channel" text DEFAULT '' NOT NULL,
	"agent_number" text,
	"empfaenger" jsonb,
	"client_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "referrers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_nummer" ON "recommendations" USING btree ("tenant_slug","nummer");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_code" ON "recommendations" USING btree ("tenant_slug","code");--> statement-breakpoint
CREATE INDEX "recommendations_referrer" ON "recommendations" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "recommendations_client" ON "recommendations" USING btree ("tenant_slug","client_key","created_at");