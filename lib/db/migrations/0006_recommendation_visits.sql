CREATE TABLE "recommendation_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recommendation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"visitor_key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recommendations" DROP CONSTRAINT "recommendations_referrer_id_referrers_id_fk";
--> statement-breakpoint
ALTER TABLE "recommendations" ALTER COLUMN "referrer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recommendation_visits" ADD CONSTRAINT "recommendation_visits_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_visits_once" ON "recommendation_visits" USING btree ("recommendation_id","kind","visitor_key","day");--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_referrer_id_referrers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."referrers"("id") ON DELETE set null ON UPDATE no action;