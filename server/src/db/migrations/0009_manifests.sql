CREATE TABLE "app_manifests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_manifests_developer_app_id_unique" UNIQUE("developer_app_id")
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"app_manifest_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"version" integer NOT NULL,
	"semantic_version" text,
	"schema_version" text,
	"content" json NOT NULL,
	"configured_manifest_content" json,
	"state" text DEFAULT 'confidential' NOT NULL,
	"app_version_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"changelog" text,
	"developer_notes" text,
	"admin_notes" text,
	"source_app_version_id" uuid,
	"auth_code_capable" boolean DEFAULT false NOT NULL,
	"created_by_id" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_versions_app_version_key_unique" UNIQUE("app_version_key")
);
--> statement-breakpoint
ALTER TABLE "app_manifests" ADD CONSTRAINT "app_manifests_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_manifest_id_app_manifests_id_fk" FOREIGN KEY ("app_manifest_id") REFERENCES "public"."app_manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_source_app_version_id_app_versions_id_fk" FOREIGN KEY ("source_app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_app_env_version_uq" ON "app_versions" USING btree ("developer_app_id","environment","version");--> statement-breakpoint
CREATE INDEX "app_versions_app_version_idx" ON "app_versions" USING btree ("developer_app_id","version","id");--> statement-breakpoint
CREATE INDEX "app_versions_app_created_idx" ON "app_versions" USING btree ("developer_app_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_in_review_uq" ON "app_versions" USING btree ("developer_app_id") WHERE "app_versions"."state" = 'in_review';--> statement-breakpoint
CREATE INDEX "app_versions_source_idx" ON "app_versions" USING btree ("source_app_version_id");