CREATE TABLE "app_daily_views" (
	"developer_app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_daily_views_developer_app_id_day_pk" PRIMARY KEY("developer_app_id","day")
);
--> statement-breakpoint
CREATE TABLE "app_daily_installs" (
	"developer_app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"installs" integer DEFAULT 0 NOT NULL,
	"uninstalls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_daily_installs_developer_app_id_day_pk" PRIMARY KEY("developer_app_id","day")
);
--> statement-breakpoint
CREATE TABLE "app_events" (
	"id" text PRIMARY KEY NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"type" text NOT NULL,
	"app_version" text,
	"company_id" text NOT NULL,
	"company_name" text NOT NULL,
	"company_is_demo" boolean NOT NULL,
	"user_email" text,
	"status" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"company_id" text NOT NULL,
	"company_name" text NOT NULL,
	"company_is_demo" boolean NOT NULL,
	"user_email" text,
	"app_version" text,
	"status" text NOT NULL,
	"installed" boolean NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"last_event_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_listing_views" ADD COLUMN "hits" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_daily_views" ADD CONSTRAINT "app_daily_views_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_daily_installs" ADD CONSTRAINT "app_daily_installs_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_events" ADD CONSTRAINT "app_events_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_installations" ADD CONSTRAINT "app_installations_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_events_app_occurred_idx" ON "app_events" USING btree ("developer_app_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_installations_app_company_idx" ON "app_installations" USING btree ("developer_app_id","company_id");--> statement-breakpoint
CREATE INDEX "app_installations_feed_idx" ON "app_installations" USING btree ("developer_app_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "app_installations_company_idx" ON "app_installations" USING btree ("developer_app_id","company_name","id");--> statement-breakpoint
-- Views counted before the daily roll-up existed: one hit each, so views = unique views on those days.
INSERT INTO "app_daily_views" ("developer_app_id", "day", "views", "unique_views")
SELECT "developer_app_id", "day", count(*), count(*) FROM "marketplace_listing_views" GROUP BY 1, 2;