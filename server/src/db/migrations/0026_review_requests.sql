-- Issue 22: a production credentials request and a marketplace access request wait in the review
-- queue beside listings and manifests, each since when it was made (written by its service, cleared
-- by its decision).
ALTER TABLE "developer_apps" ADD COLUMN "production_access_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "developer_apps" ADD COLUMN "marketplace_access_requested_at" timestamp with time zone;--> statement-breakpoint
-- in_review_at becomes the latest of the four: the column is re-made, and with it its indexes.
ALTER TABLE "developer_apps" DROP COLUMN "in_review_at";--> statement-breakpoint
ALTER TABLE "developer_apps" ADD COLUMN "in_review_at" timestamp with time zone GENERATED ALWAYS AS (greatest("developer_apps"."listing_in_review_at", "developer_apps"."version_in_review_at", "developer_apps"."production_access_requested_at", "developer_apps"."marketplace_access_requested_at")) STORED;--> statement-breakpoint
CREATE INDEX "developer_apps_in_review_at_idx" ON "developer_apps" USING btree (coalesce("in_review_at", 'epoch'::timestamptz),"id","deleted_at","owner_id") WHERE "developer_apps"."in_review_at" is not null;--> statement-breakpoint
CREATE INDEX "developer_apps_in_review_name_idx" ON "developer_apps" USING btree ("internal_name","id","deleted_at","owner_id") WHERE "developer_apps"."in_review_at" is not null;--> statement-breakpoint
CREATE INDEX "developer_apps_in_review_owner_idx" ON "developer_apps" USING btree ("review_owner_email","id","deleted_at","owner_id") WHERE "developer_apps"."in_review_at" is not null;--> statement-breakpoint
CREATE INDEX "developer_apps_review_order_idx" ON "developer_apps" USING btree (coalesce("in_review_at", 'epoch'::timestamptz),"id");--> statement-breakpoint
-- review_owner_email (migration 0016) is kept while any of the four waits: the same triggers,
-- widened to the two request columns.
CREATE OR REPLACE FUNCTION "developer_apps_review_owner_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."review_owner_email" := CASE
    WHEN NEW."listing_in_review_at" IS NOT NULL OR NEW."version_in_review_at" IS NOT NULL
      OR NEW."production_access_requested_at" IS NOT NULL OR NEW."marketplace_access_requested_at" IS NOT NULL
    THEN (SELECT u."email" FROM "users" u WHERE u."id" = NEW."owner_id") END;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "developer_apps_review_owner_email_in" ON "developer_apps";--> statement-breakpoint
DROP TRIGGER "developer_apps_review_owner_email_move" ON "developer_apps";--> statement-breakpoint
CREATE TRIGGER "developer_apps_review_owner_email_in" BEFORE INSERT ON "developer_apps"
FOR EACH ROW WHEN (NEW."listing_in_review_at" IS NOT NULL OR NEW."version_in_review_at" IS NOT NULL
  OR NEW."production_access_requested_at" IS NOT NULL OR NEW."marketplace_access_requested_at" IS NOT NULL)
EXECUTE FUNCTION "developer_apps_review_owner_email"();--> statement-breakpoint
CREATE TRIGGER "developer_apps_review_owner_email_move" BEFORE UPDATE OF "owner_id", "listing_in_review_at", "version_in_review_at", "production_access_requested_at", "marketplace_access_requested_at" ON "developer_apps"
FOR EACH ROW WHEN ((OLD."owner_id", OLD."listing_in_review_at" IS NULL AND OLD."version_in_review_at" IS NULL
    AND OLD."production_access_requested_at" IS NULL AND OLD."marketplace_access_requested_at" IS NULL)
  IS DISTINCT FROM (NEW."owner_id", NEW."listing_in_review_at" IS NULL AND NEW."version_in_review_at" IS NULL
    AND NEW."production_access_requested_at" IS NULL AND NEW."marketplace_access_requested_at" IS NULL))
EXECUTE FUNCTION "developer_apps_review_owner_email"();--> statement-breakpoint
-- Requests already pending wait from their app's last change (the closest time the row has).
UPDATE "developer_apps" SET "production_access_requested_at" = "updated_at"
WHERE "production_access" = 'production_pending';--> statement-breakpoint
-- An app whose listing was approved is published (spec developer-apps §2): since its first approval.
UPDATE "developer_apps" a SET "published_at" = r.at
FROM (SELECT "developer_app_id" AS id, min("published_at") AS at FROM "marketplace_submissions"
      WHERE "state" = 'published' GROUP BY "developer_app_id") r
WHERE a."id" = r.id AND a."published_at" IS NULL;
