-- Sales agents; recommendations, recipients and orders attributed to an agency; order releases (issue 17).
CREATE TABLE "order_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"agency_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"externe_id" text NOT NULL,
	"vorname" text NOT NULL,
	"nachname" text NOT NULL,
	"plz" text DEFAULT '' NOT NULL,
	"ort" text DEFAULT '' NOT NULL,
	"photo" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_releases" ADD CONSTRAINT "order_releases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_releases" ADD CONSTRAINT "order_releases_agency_user_id_agency_users_id_fk" FOREIGN KEY ("agency_user_id") REFERENCES "public"."agency_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_releases_once" ON "order_releases" USING btree ("order_id","agency_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_externe_id" ON "agents" USING btree ("tenant_slug","externe_id");--> statement-breakpoint
CREATE INDEX "agents_agency" ON "agents" USING btree ("agency_id","nachname");--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recommendations_agency" ON "recommendations" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "recipients_recommendation" ON "recipients" USING btree ("recommendation_id");--> statement-breakpoint
CREATE INDEX "recipients_agency" ON "recipients" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_agency" ON "orders" USING btree ("agency_id","auftragsdatum");