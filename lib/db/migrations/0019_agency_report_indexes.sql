DROP INDEX "recommendations_agency";--> statement-breakpoint
DROP INDEX "recipients_agency";--> statement-breakpoint
DROP INDEX "orders_agency";--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "progress" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "recommendations_agency_progress" ON "recommendations" USING btree ("agency_id","progress","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_recipient" ON "orders" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "recommendations_agency" ON "recommendations" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recipients_agency" ON "recipients" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_agency" ON "orders" USING btree ("agency_id","auftragsdatum","id");--> statement-breakpoint
-- How far each recommendation came (recommendations.progress: 0 none, 1 a recipient, 2 an order), for the
-- agency reports' state and Status filter at 10^6 rows: set once here, then kept by statement triggers on
-- recipients and orders, so every way those rows come and go keeps it right.
CREATE FUNCTION "recommendation_progress_of"("recommendation" uuid) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM "orders" WHERE "recommendation_id" = "recommendation") THEN 2
    WHEN EXISTS (SELECT 1 FROM "recipients" WHERE "recommendation_id" = "recommendation") THEN 1
    ELSE 0 END::smallint
$$;--> statement-breakpoint
UPDATE "recommendations" SET "progress" = "recommendation_progress_of"("id")
  WHERE EXISTS (SELECT 1 FROM "recipients" WHERE "recommendation_id" = "recommendations"."id")
     OR EXISTS (SELECT 1 FROM "orders" WHERE "recommendation_id" = "recommendations"."id");--> statement-breakpoint
CREATE FUNCTION "recommendation_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "recommendations" SET "progress" = "recommendation_progress_of"("id")
    WHERE "id" IN (SELECT "recommendation_id" FROM "changed")
      AND "progress" IS DISTINCT FROM "recommendation_progress_of"("id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "recommendation_progress_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "recommendations" SET "progress" = "recommendation_progress_of"("id")
    WHERE "id" IN (SELECT "recommendation_id" FROM "changed" UNION SELECT "recommendation_id" FROM "before")
      AND "progress" IS DISTINCT FROM "recommendation_progress_of"("id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "recipients_progress_insert" AFTER INSERT ON "recipients" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "recommendation_progress_changed"();--> statement-breakpoint
CREATE TRIGGER "recipients_progress_delete" AFTER DELETE ON "recipients" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "recommendation_progress_changed"();--> statement-breakpoint
CREATE TRIGGER "recipients_progress_update" AFTER UPDATE ON "recipients"
  REFERENCING NEW TABLE AS "changed" OLD TABLE AS "before"
  FOR EACH STATEMENT EXECUTE FUNCTION "recommendation_progress_moved"();--> statement-breakpoint
CREATE TRIGGER "orders_progress_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "recommendation_progress_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_progress_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "recommendation_progress_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_progress_update" AFTER UPDATE ON "orders"
  REFERENCING NEW TABLE AS "changed" OLD TABLE AS "before"
  FOR EACH STATEMENT EXECUTE FUNCTION "recommendation_progress_moved"();
