ALTER TABLE "mail_outbox" ADD COLUMN "announcement_id" uuid;--> statement-breakpoint
-- Hand-written: a critical-announcement e-mail names its announcement (the mail job records
-- announcement_id), so its reach no longer parses idempotency keys. Rows recorded before this
-- release are filled once from their key, announcement:<id>:<user id>, read exactly as the old
-- trigger read it, so the counters it kept stay right. (The old trigger fires on status only.)
UPDATE "mail_outbox" SET "announcement_id" = split_part("idempotency_key", ':', 2)::uuid
WHERE "template" = 'announcement.critical'
  AND split_part("idempotency_key", ':', 2) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
DROP TRIGGER "mail_outbox_announcement_reach" ON "mail_outbox";--> statement-breakpoint
-- announcements.emails_sent / emails_failed: its e-mails in the outbox by status. A row counts for
-- its announcement_id; a status change (a retry that delivers) moves it from failed to sent.
CREATE OR REPLACE FUNCTION "announcement_mail_reach"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD."status", OLD."announcement_id") IS NOT DISTINCT FROM (NEW."status", NEW."announcement_id") THEN
      RETURN NULL;
    END IF;
    UPDATE "announcements" SET
      "emails_sent" = "emails_sent" - (OLD."status" = 'sent')::int,
      "emails_failed" = "emails_failed" - (OLD."status" = 'failed')::int
    WHERE "id" = OLD."announcement_id";
  END IF;
  UPDATE "announcements" SET
    "emails_sent" = "emails_sent" + (NEW."status" = 'sent')::int,
    "emails_failed" = "emails_failed" + (NEW."status" = 'failed')::int
  WHERE "id" = NEW."announcement_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mail_outbox_announcement_reach" AFTER INSERT OR UPDATE OF "status", "announcement_id" ON "mail_outbox"
FOR EACH ROW WHEN (NEW."announcement_id" IS NOT NULL) EXECUTE FUNCTION "announcement_mail_reach"();
