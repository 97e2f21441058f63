-- Hand-written: finer histograms for the text and integer sort keys a list seeks through
-- (platform/list-query.ts seekKey). A deep page starts at a histogram bound and skips into its
-- bucket; with the default 100 buckets that is up to 10,000 rows at a million, with 1,000 it is
-- up to 1,000. Timestamp keys are interpolated inside their bucket and keep the default.
ALTER TABLE "developer_apps" ALTER COLUMN "internal_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "oauth_applications" ALTER COLUMN "client_id" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "procore_id" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "title" SET STATISTICS 1000;
