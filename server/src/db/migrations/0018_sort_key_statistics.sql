-- Hand-written: finer histograms for the text and integer sort keys a list seeks through
-- (platform/list-query.ts seekKey). A deep page starts at a histogram bound and skips into its
-- bucket: with PostgreSQL's default 100 buckets up to 10,000 index entries at a million rows,
-- with 300 up to 3,300. More buckets would skip less, but the planner tests an ILIKE pattern
-- against every bound when it plans a search on the column (1,000 cost ~1.8 ms per column per
-- search on PGlite, 300 ~0.5 ms). Timestamp keys are interpolated inside their bucket and keep
-- the default.
ALTER TABLE "developer_apps" ALTER COLUMN "internal_name" SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE "oauth_applications" ALTER COLUMN "client_id" SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name" SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "procore_id" SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "title" SET STATISTICS 300;
