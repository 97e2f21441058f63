CREATE SEQUENCE "public"."announcements_visible_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "announcement_unreads" (
	"user_id" text NOT NULL,
	"announcement_id" uuid NOT NULL,
	CONSTRAINT "announcement_unreads_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_watermarks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"read_through" timestamp with time zone NOT NULL,
	"read_through_seq" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "announcement_reads_user_idx";--> statement-breakpoint
DROP INDEX "announcements_created_at_idx";--> statement-breakpoint
DROP INDEX "announcements_visible_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_to_idx";--> statement-breakpoint
DROP INDEX "developer_app_members_user_idx";--> statement-breakpoint
DROP INDEX "developer_app_invitations_app_status_idx";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "show_after_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "visible_seq" bigint;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing rows (hand-written): show-after days open at 00:00 UTC here (the service applies TIME_ZONE
-- from now on); published ones became visible at creation or at that instant; drafts that someone
-- already read were visible once.
UPDATE "announcements" SET "show_after_at" = ("show_after"::timestamp AT TIME ZONE 'UTC') WHERE "show_after" IS NOT NULL;--> statement-breakpoint
UPDATE "announcements" a SET "visible_from" = greatest(a."created_at", coalesce(a."show_after_at", a."created_at")),
  "visible_seq" = nextval('announcements_visible_seq')
WHERE NOT a."draft" OR EXISTS (SELECT 1 FROM "announcement_reads" r WHERE r."announcement_id" = a."id");--> statement-breakpoint
UPDATE "announcements" a SET "read_count" = (SELECT count(*) FROM "announcement_reads" r WHERE r."announcement_id" = a."id");--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD COLUMN "visible_seq" bigint;--> statement-breakpoint
UPDATE "announcement_reads" r SET "visible_from" = a."visible_from", "visible_seq" = a."visible_seq"
FROM "announcements" a WHERE a."id" = r."announcement_id";--> statement-breakpoint
ALTER TABLE "announcement_reads" ALTER COLUMN "visible_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_reads" ALTER COLUMN "visible_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "emails_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "emails_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "developer_app_members" ADD COLUMN "app_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_unreads" ADD CONSTRAINT "announcement_unreads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_unreads" ADD CONSTRAINT "announcement_unreads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_watermarks" ADD CONSTRAINT "announcement_watermarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_reads_user_visible_idx" ON "announcement_reads" USING btree ("user_id","visible_from","visible_seq");--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "announcements_title_idx" ON "announcements" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "announcements_title_trgm" ON "announcements" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("created_at","id","show_after_at") WHERE "announcements"."draft" = false;--> statement-breakpoint
CREATE INDEX "announcements_visible_from_idx" ON "announcements" USING btree ("visible_from","visible_seq","id","draft","show_after_at") WHERE "announcements"."visible_from" is not null;--> statement-breakpoint
CREATE INDEX "announcements_hideable_idx" ON "announcements" USING btree ("visible_from","visible_seq","id") WHERE "announcements"."visible_from" is not null and ("announcements"."draft" or "announcements"."show_after_at" is not null);--> statement-breakpoint
CREATE INDEX "developer_apps_name_trgm" ON "developer_apps" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "developer_apps_deleted_idx" ON "developer_apps" USING btree ("id") WHERE "developer_apps"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_trgm" ON "mail_outbox" USING gin ("to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "developer_app_members_user_idx" ON "developer_app_members" USING btree ("user_id","created_at","id","developer_app_id","app_search");--> statement-breakpoint
CREATE INDEX "developer_app_invitations_app_status_idx" ON "developer_app_invitations" USING btree ("developer_app_id","status","created_at","id");--> statement-breakpoint
-- Hand-written: announcements keep their critical e-mails' counts (sent / failed) as the mail job
-- records them, so the admin list never counts the outbox. Keys are announcement:<id>:<user id>.
CREATE FUNCTION "announcement_mail_reach"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announcement uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" THEN
    RETURN NEW;
  END IF;
  IF split_part(NEW."idempotency_key", ':', 2) !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN NEW;
  END IF;
  announcement := split_part(NEW."idempotency_key", ':', 2)::uuid;
  UPDATE "announcements" SET
    "emails_sent" = "emails_sent" + (NEW."status" = 'sent')::int - (TG_OP = 'UPDATE' AND OLD."status" = 'sent')::int,
    "emails_failed" = "emails_failed" + (NEW."status" = 'failed')::int - (TG_OP = 'UPDATE' AND OLD."status" = 'failed')::int
  WHERE "id" = announcement;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "mail_outbox_announcement_reach" AFTER INSERT OR UPDATE OF "status" ON "mail_outbox"
FOR EACH ROW WHEN (NEW."template" = 'announcement.critical') EXECUTE FUNCTION "announcement_mail_reach"();--> statement-breakpoint
UPDATE "announcements" a SET "emails_sent" = c."sent", "emails_failed" = c."failed"
FROM (
  SELECT split_part("idempotency_key", ':', 2) AS id,
         count(*) FILTER (WHERE "status" = 'sent')::int AS sent,
         count(*) FILTER (WHERE "status" = 'failed')::int AS failed
  FROM "mail_outbox" WHERE "template" = 'announcement.critical' GROUP BY 1
) c WHERE a."id"::text = c.id;--> statement-breakpoint
-- Hand-written: memberships carry their app's names for My Apps search (an index-only scan over
-- the user's own entries). Set when a membership is added; refreshed when the app is renamed.
CREATE FUNCTION "developer_app_members_app_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a."internal_name" || E'\n' || coalesce(a."name", '') INTO NEW."app_search"
  FROM "developer_apps" a WHERE a."id" = NEW."developer_app_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "developer_app_members_app_search" BEFORE INSERT OR UPDATE OF "developer_app_id" ON "developer_app_members"
FOR EACH ROW EXECUTE FUNCTION "developer_app_members_app_search"();--> statement-breakpoint
CREATE FUNCTION "developer_apps_member_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "developer_app_members" SET "app_search" = NEW."internal_name" || E'\n' || coalesce(NEW."name", '')
  WHERE "developer_app_id" = NEW."id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "developer_apps_member_search" AFTER UPDATE OF "internal_name", "name" ON "developer_apps"
FOR EACH ROW WHEN (OLD."internal_name" IS DISTINCT FROM NEW."internal_name" OR OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "developer_apps_member_search"();--> statement-breakpoint
UPDATE "developer_app_members" m SET "app_search" = a."internal_name" || E'\n' || coalesce(a."name", '')
FROM "developer_apps" a WHERE a."id" = m."developer_app_id";
