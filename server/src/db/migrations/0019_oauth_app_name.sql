ALTER TABLE "oauth_applications" ADD COLUMN "app_internal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "oauth_applications" o SET "app_internal_name" = a."internal_name"
FROM "developer_apps" a WHERE a."id" = o."developer_app_id";--> statement-breakpoint
-- Hand-written: each OAuth client carries its app's internal name, so the admin OAuth list sorts,
-- filters and searches one table (no per-row join to developer_apps). Set when a client is added
-- or moved to another app; refreshed when the app is renamed.
CREATE FUNCTION "oauth_applications_app_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a."internal_name" INTO NEW."app_internal_name" FROM "developer_apps" a WHERE a."id" = NEW."developer_app_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "oauth_applications_app_name" BEFORE INSERT OR UPDATE OF "developer_app_id", "app_internal_name" ON "oauth_applications"
FOR EACH ROW EXECUTE FUNCTION "oauth_applications_app_name"();--> statement-breakpoint
CREATE FUNCTION "developer_apps_oauth_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "oauth_applications" SET "app_internal_name" = NEW."internal_name" WHERE "developer_app_id" = NEW."id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "developer_apps_oauth_name" AFTER UPDATE OF "internal_name" ON "developer_apps"
FOR EACH ROW WHEN (OLD."internal_name" IS DISTINCT FROM NEW."internal_name")
EXECUTE FUNCTION "developer_apps_oauth_name"();--> statement-breakpoint
-- Its name sort seeks deep pages through this histogram (see migration 0018).
ALTER TABLE "oauth_applications" ALTER COLUMN "app_internal_name" SET STATISTICS 300;--> statement-breakpoint
CREATE INDEX "oauth_applications_env_name_idx" ON "oauth_applications" USING btree ("environment","app_internal_name","id");--> statement-breakpoint
CREATE INDEX "oauth_applications_app_name_trgm" ON "oauth_applications" USING gin ("app_internal_name" gin_trgm_ops);
