CREATE TABLE "user_app_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"live_apps" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_app_counts" ADD CONSTRAINT "user_app_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement triggers (one grouped write per statement, however many rows it touched).
-- A membership counts while its app's deleted_at is null.
CREATE FUNCTION "user_app_counts_add"(delta_by_user jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "user_app_counts" ("user_id", "live_apps")
  SELECT d.key, d.value::int FROM jsonb_each_text(delta_by_user) d
  WHERE d.value::int <> 0 AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = d.key)
  ON CONFLICT ("user_id") DO UPDATE SET "live_apps" = "user_app_counts"."live_apps" + excluded."live_apps";
$$;--> statement-breakpoint
CREATE FUNCTION "developer_app_members_count_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_app_counts_add"(coalesce((
    SELECT jsonb_object_agg(t.user_id, t.n) FROM (
      SELECT m."user_id", count(*) AS n FROM new_rows m
      JOIN "developer_apps" a ON a."id" = m."developer_app_id" AND a."deleted_at" IS NULL
      GROUP BY m."user_id") t), '{}'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "developer_app_members_count_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_app_counts_add"(coalesce((
    SELECT jsonb_object_agg(t.user_id, -t.n) FROM (
      SELECT m."user_id", count(*) AS n FROM old_rows m
      JOIN "developer_apps" a ON a."id" = m."developer_app_id" AND a."deleted_at" IS NULL
      GROUP BY m."user_id") t), '{}'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "developer_app_members_count_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_app_counts_add"(coalesce((
    SELECT jsonb_object_agg(t.user_id, t.n) FROM (
      SELECT c.user_id, sum(c.n) AS n FROM (
        SELECT m."user_id", -1 AS n, m."developer_app_id" FROM old_rows m
        UNION ALL
        SELECT m."user_id", 1 AS n, m."developer_app_id" FROM new_rows m) c
      JOIN "developer_apps" a ON a."id" = c."developer_app_id" AND a."deleted_at" IS NULL
      GROUP BY c.user_id) t), '{}'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "developer_app_members_count_in" AFTER INSERT ON "developer_app_members"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "developer_app_members_count_in"();--> statement-breakpoint
CREATE TRIGGER "developer_app_members_count_out" AFTER DELETE ON "developer_app_members"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "developer_app_members_count_out"();--> statement-breakpoint
CREATE TRIGGER "developer_app_members_count_move" AFTER UPDATE ON "developer_app_members"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "developer_app_members_count_move"();--> statement-breakpoint
-- An app deleted or undeleted moves each of its members' counts by one.
CREATE FUNCTION "developer_apps_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_app_counts_add"(coalesce((
    SELECT jsonb_object_agg(t.user_id, t.n) FROM (
      SELECT m."user_id", sum(CASE WHEN n."deleted_at" IS NULL THEN 1 ELSE -1 END) AS n
      FROM old_apps o JOIN new_apps n ON n."id" = o."id"
      JOIN "developer_app_members" m ON m."developer_app_id" = n."id"
      WHERE (o."deleted_at" IS NULL) <> (n."deleted_at" IS NULL)
      GROUP BY m."user_id") t), '{}'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "developer_apps_count_deleted" AFTER UPDATE ON "developer_apps"
REFERENCING OLD TABLE AS old_apps NEW TABLE AS new_apps FOR EACH STATEMENT EXECUTE FUNCTION "developer_apps_count_deleted"();--> statement-breakpoint
-- An app removed outright takes its memberships first, while its deleted_at can still be read
-- (the foreign key's cascade would run after the app row is gone).
CREATE FUNCTION "developer_apps_members_first"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "developer_app_members" WHERE "developer_app_id" = OLD."id";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "developer_apps_members_first" BEFORE DELETE ON "developer_apps"
FOR EACH ROW EXECUTE FUNCTION "developer_apps_members_first"();--> statement-breakpoint
INSERT INTO "user_app_counts" ("user_id", "live_apps")
SELECT m."user_id", count(*) FROM "developer_app_members" m
JOIN "developer_apps" a ON a."id" = m."developer_app_id" AND a."deleted_at" IS NULL
GROUP BY m."user_id";
