CREATE TABLE "product_rewards" (
	"tenant_slug" text NOT NULL,
	"id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"wert_cent" integer NOT NULL,
	"startdatum" date NOT NULL,
	"enddatum" date,
	"enddatum_anzeige" date,
	CONSTRAINT "product_rewards_tenant_slug_id_pk" PRIMARY KEY("tenant_slug","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_slug" text NOT NULL,
	"id" integer NOT NULL,
	"externe_id" text NOT NULL,
	"quelle" text NOT NULL,
	"kategorie" text NOT NULL,
	"sortierung" integer NOT NULL,
	"details" jsonb NOT NULL,
	"details_en" jsonb,
	CONSTRAINT "products_tenant_slug_id_pk" PRIMARY KEY("tenant_slug","id")
);
--> statement-breakpoint
ALTER TABLE "product_rewards" ADD CONSTRAINT "product_rewards_tenant_slug_product_id_products_tenant_slug_id_fk" FOREIGN KEY ("tenant_slug","product_id") REFERENCES "public"."products"("tenant_slug","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_slug_tenants_slug_fk" FOREIGN KEY ("tenant_slug") REFERENCES "public"."tenants"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_query" ON "products" USING btree ("tenant_slug","quelle","kategorie");--> statement-breakpoint
CREATE UNIQUE INDEX "products_extern" ON "products" USING btree ("tenant_slug","externe_id");