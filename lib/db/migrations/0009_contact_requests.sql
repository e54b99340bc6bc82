CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"referrer_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"betreff" text NOT NULL,
	"nachricht" text NOT NULL,
	"language" text NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_client" ON "contact_requests" USING btree ("tenant_slug","client_key","created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_referrer" ON "contact_requests" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "contact_requests_email" ON "contact_requests" USING btree ("tenant_slug","email");