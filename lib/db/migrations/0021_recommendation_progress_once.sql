-- The progress triggers of 0019 computed each touched recommendation's progress twice (in SET and in
-- WHERE): one function now computes it once per row and writes only what changed; both triggers call it.
CREATE FUNCTION "recommendation_progress_refresh"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "recommendations" AS "r" SET "progress" = "p"."progress"
  FROM (
    SELECT "id", "recommendation_progress_of"("id") AS "progress" FROM "recommendations" WHERE "id" = ANY("ids")
  ) AS "p"
  WHERE "r"."id" = "p"."id" AND "r"."progress" IS DISTINCT FROM "p"."progress"
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recommendation_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "recommendation_progress_refresh"(ARRAY(SELECT "recommendation_id" FROM "changed"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recommendation_progress_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "recommendation_progress_refresh"(
    ARRAY(SELECT "recommendation_id" FROM "changed" UNION SELECT "recommendation_id" FROM "before"));
  RETURN NULL;
END $$;
