ALTER TABLE "developer_apps" ADD COLUMN "listing_in_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "developer_apps" ADD COLUMN "version_in_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "developer_apps" ADD COLUMN "in_review_at" timestamp with time zone GENERATED ALWAYS AS (greatest("developer_apps"."listing_in_review_at", "developer_apps"."version_in_review_at")) STORED;--> statement-breakpoint
ALTER TABLE "developer_apps" ADD COLUMN "review_owner_email" text;--> statement-breakpoint
-- Every submit sets submitted_at; the checks make "in review" and "in review since" one fact.
UPDATE "app_versions" SET "submitted_at" = "updated_at" WHERE "state" = 'in_review' AND "submitted_at" IS NULL;--> statement-breakpoint
UPDATE "marketplace_submissions" SET "submitted_at" = "updated_at" WHERE "state" = 'in_review' AND "submitted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_in_review_submitted" CHECK (state <> 'in_review' or submitted_at is not null);--> statement-breakpoint
ALTER TABLE "marketplace_submissions" ADD CONSTRAINT "marketplace_submissions_in_review_submitted" CHECK (state <> 'in_review' or submitted_at is not null);--> statement-breakpoint
-- developer_apps.listing_in_review_at / version_in_review_at: the newest submitted_at of the app's
-- rows in review (null when none), kept by row triggers that fire only when a row enters, leaves
-- or moves within review (WHEN clauses: editing a listing's text runs nothing). Each recomputes
-- from the table (the unique partial indexes make that one probe), so no write path can drift.
CREATE FUNCTION "developer_apps_sync_listing_review"(app_id uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "developer_apps" a SET "listing_in_review_at" = r.at
  FROM (SELECT max(s."submitted_at") AS at FROM "marketplace_submissions" s
        WHERE s."developer_app_id" = app_id AND s."state" = 'in_review') r
  WHERE a."id" = app_id AND a."listing_in_review_at" IS DISTINCT FROM r.at;
$$;--> statement-breakpoint
CREATE FUNCTION "developer_apps_sync_version_review"(app_id uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "developer_apps" a SET "version_in_review_at" = r.at
  FROM (SELECT max(v."submitted_at") AS at FROM "app_versions" v
        WHERE v."developer_app_id" = app_id AND v."state" = 'in_review') r
  WHERE a."id" = app_id AND a."version_in_review_at" IS DISTINCT FROM r.at;
$$;--> statement-breakpoint
CREATE FUNCTION "marketplace_submissions_review_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "developer_apps_sync_listing_review"(OLD."developer_app_id"); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."developer_app_id" <> OLD."developer_app_id") THEN
    PERFORM "developer_apps_sync_listing_review"(NEW."developer_app_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "app_versions_review_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "developer_apps_sync_version_review"(OLD."developer_app_id"); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."developer_app_id" <> OLD."developer_app_id") THEN
    PERFORM "developer_apps_sync_version_review"(NEW."developer_app_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marketplace_submissions_review_in" AFTER INSERT ON "marketplace_submissions"
FOR EACH ROW WHEN (NEW."state" = 'in_review') EXECUTE FUNCTION "marketplace_submissions_review_sync"();--> statement-breakpoint
CREATE TRIGGER "marketplace_submissions_review_out" AFTER DELETE ON "marketplace_submissions"
FOR EACH ROW WHEN (OLD."state" = 'in_review') EXECUTE FUNCTION "marketplace_submissions_review_sync"();--> statement-breakpoint
CREATE TRIGGER "marketplace_submissions_review_move" AFTER UPDATE OF "state", "submitted_at", "developer_app_id" ON "marketplace_submissions"
FOR EACH ROW WHEN ((OLD."state" = 'in_review' OR NEW."state" = 'in_review')
  AND (OLD."state", OLD."submitted_at", OLD."developer_app_id") IS DISTINCT FROM (NEW."state", NEW."submitted_at", NEW."developer_app_id"))
EXECUTE FUNCTION "marketplace_submissions_review_sync"();--> statement-breakpoint
CREATE TRIGGER "app_versions_review_in" AFTER INSERT ON "app_versions"
FOR EACH ROW WHEN (NEW."state" = 'in_review') EXECUTE FUNCTION "app_versions_review_sync"();--> statement-breakpoint
CREATE TRIGGER "app_versions_review_out" AFTER DELETE ON "app_versions"
FOR EACH ROW WHEN (OLD."state" = 'in_review') EXECUTE FUNCTION "app_versions_review_sync"();--> statement-breakpoint
CREATE TRIGGER "app_versions_review_move" AFTER UPDATE OF "state", "submitted_at", "developer_app_id" ON "app_versions"
FOR EACH ROW WHEN ((OLD."state" = 'in_review' OR NEW."state" = 'in_review')
  AND (OLD."state", OLD."submitted_at", OLD."developer_app_id") IS DISTINCT FROM (NEW."state", NEW."submitted_at", NEW."developer_app_id"))
EXECUTE FUNCTION "app_versions_review_sync"();--> statement-breakpoint
-- developer_apps.review_owner_email: the owner's e-mail while the app is in review (null otherwise),
-- set when an app enters or leaves review or changes owner, and followed when that user's e-mail
-- changes. Apps not in review never run it (WHEN clauses), so loading a million apps does not either.
CREATE FUNCTION "developer_apps_review_owner_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."review_owner_email" := CASE
    WHEN NEW."listing_in_review_at" IS NOT NULL OR NEW."version_in_review_at" IS NOT NULL
    THEN (SELECT u."email" FROM "users" u WHERE u."id" = NEW."owner_id") END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "developer_apps_review_owner_email_in" BEFORE INSERT ON "developer_apps"
FOR EACH ROW WHEN (NEW."listing_in_review_at" IS NOT NULL OR NEW."version_in_review_at" IS NOT NULL)
EXECUTE FUNCTION "developer_apps_review_owner_email"();--> statement-breakpoint
CREATE TRIGGER "developer_apps_review_owner_email_move" BEFORE UPDATE OF "owner_id", "listing_in_review_at", "version_in_review_at" ON "developer_apps"
FOR EACH ROW WHEN ((OLD."owner_id", OLD."listing_in_review_at" IS NULL AND OLD."version_in_review_at" IS NULL)
  IS DISTINCT FROM (NEW."owner_id", NEW."listing_in_review_at" IS NULL AND NEW."version_in_review_at" IS NULL))
EXECUTE FUNCTION "developer_apps_review_owner_email"();--> statement-breakpoint
CREATE FUNCTION "users_review_owner_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "developer_apps" SET "review_owner_email" = NEW."email"
  WHERE "owner_id" = NEW."id" AND "review_owner_email" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_review_owner_email" AFTER UPDATE OF "email" ON "users"
FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "users_review_owner_email"();--> statement-breakpoint
UPDATE "developer_apps" a SET "listing_in_review_at" = r.at
FROM (SELECT "developer_app_id" AS id, max("submitted_at") AS at FROM "marketplace_submissions"
      WHERE "state" = 'in_review' GROUP BY "developer_app_id") r
WHERE a."id" = r.id;--> statement-breakpoint
UPDATE "developer_apps" a SET "version_in_review_at" = r.at
FROM (SELECT "developer_app_id" AS id, max("submitted_at") AS at FROM "app_versions"
      WHERE "state" = 'in_review' GROUP BY "developer_app_id") r
WHERE a."id" = r.id;--> statement-breakpoint
CREATE INDEX "developer_apps_in_review_at_idx" ON "developer_apps" USING btree (coalesce("in_review_at", 'epoch'::timestamptz),"id","deleted_at","owner_id") WHERE "developer_apps"."in_review_at" is not null;--> statement-breakpoint
CREATE INDEX "developer_apps_in_review_name_idx" ON "developer_apps" USING btree ("internal_name","id","deleted_at","owner_id") WHERE "developer_apps"."in_review_at" is not null;--> statement-breakpoint
CREATE INDEX "developer_apps_in_review_owner_idx" ON "developer_apps" USING btree ("review_owner_email","id","deleted_at","owner_id") WHERE "developer_apps"."in_review_at" is not null;
