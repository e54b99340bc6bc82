CREATE TABLE "tenants" (
	"slug" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"tenant_slug" text NOT NULL,
	"id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"beschreibung" text NOT NULL,
	"beschreibung_en" text NOT NULL,
	"icon" text NOT NULL,
	"sortierung" integer NOT NULL,
	CONSTRAINT "product_categories_tenant_slug_id_pk" PRIMARY KEY("tenant_slug","id")
);
--> statement-breakpoint
CREATE TABLE "referrers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_slug" text NOT NULL,
	"email" text NOT NULL,
	"anrede" text DEFAULT '' NOT NULL,
	"vorname" text NOT NULL,
	"nachname" text NOT NULL,
	"password_hash" text,
	"language" text DEFAULT 'de' NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"newsletter_permission" boolean DEFAULT false NOT NULL,
	"newsletter_permission_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrers" ADD CONSTRAINT "referrers_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrers_tenant_email" ON "referrers" USING btree ("tenant_slug","email");