CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_id","created_at","id");--> statement-breakpoint
CREATE INDEX "developer_apps_created_id_idx" ON "developer_apps" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "developer_apps_updated_id_idx" ON "developer_apps" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "developer_apps_internal_name_id_idx" ON "developer_apps" USING btree ("internal_name","id");--> statement-breakpoint
CREATE INDEX "oauth_applications_env_client_idx" ON "oauth_applications" USING btree ("environment","client_id","id");--> statement-breakpoint
CREATE INDEX "oauth_applications_client_id_trgm" ON "oauth_applications" USING gin ("client_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_company_id_idx" ON "users" USING btree (coalesce("company_name", ''),"id");--> statement-breakpoint
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_procore_id_id_idx" ON "users" USING btree ("procore_id","id");