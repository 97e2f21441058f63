CREATE TABLE "api_usage_daily" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"route" text NOT NULL,
	"method" text NOT NULL,
	"status" smallint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD CONSTRAINT "api_usage_daily_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_daily_key_idx" ON "api_usage_daily" USING btree ("developer_app_id","day","route","method","status");--> statement-breakpoint
CREATE INDEX "api_usage_daily_app_day_idx" ON "api_usage_daily" USING btree ("developer_app_id","day","id");--> statement-breakpoint
CREATE INDEX "api_usage_daily_app_count_idx" ON "api_usage_daily" USING btree ("developer_app_id","count","id");