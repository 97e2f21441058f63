CREATE TABLE "developer_app_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "developer_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"internal_name" text NOT NULL,
	"name" text,
	"uid" text,
	"production_access" text DEFAULT 'none' NOT NULL,
	"requested_confidential" boolean,
	"redirect_uri" text DEFAULT '' NOT NULL,
	"confidential" boolean DEFAULT true NOT NULL,
	"grant_type" text DEFAULT 'authorization_code' NOT NULL,
	"allowed_cors_domain" text DEFAULT '' NOT NULL,
	"legacy" boolean DEFAULT false NOT NULL,
	"connectable" boolean DEFAULT false NOT NULL,
	"thumbnail_key" text,
	"thumbnail_type" text,
	"thumbnail_width" integer,
	"thumbnail_height" integer,
	"owner_id" text NOT NULL,
	"external_procore_owner_id" bigint NOT NULL,
	"published_at" timestamp with time zone,
	"marketplace_enabled" boolean DEFAULT false NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "developer_apps_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "oauth_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text,
	"secret_prefix" text,
	"secret_last4" text,
	"secret_encrypted" text,
	"secret_issued_at" timestamp with time zone,
	"redirect_uri" text DEFAULT '' NOT NULL,
	"confidential" boolean DEFAULT true NOT NULL,
	"grant_type" text DEFAULT 'authorization_code' NOT NULL,
	"allowed_cors_domain" text DEFAULT '' NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_applications_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "sandboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"company_id" bigint,
	"url" text,
	"oauth_application_id" uuid,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandboxes_developer_app_id_unique" UNIQUE("developer_app_id")
);
--> statement-breakpoint
ALTER TABLE "developer_app_members" ADD CONSTRAINT "developer_app_members_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developer_app_members" ADD CONSTRAINT "developer_app_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developer_apps" ADD CONSTRAINT "developer_apps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_applications" ADD CONSTRAINT "oauth_applications_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_applications" ADD CONSTRAINT "oauth_applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_oauth_application_id_oauth_applications_id_fk" FOREIGN KEY ("oauth_application_id") REFERENCES "public"."oauth_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "developer_app_members_app_user_uq" ON "developer_app_members" USING btree ("developer_app_id","user_id");--> statement-breakpoint
CREATE INDEX "developer_app_members_user_idx" ON "developer_app_members" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "developer_apps_owner_idx" ON "developer_apps" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "developer_apps_created_at_idx" ON "developer_apps" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "developer_apps_production_access_idx" ON "developer_apps" USING btree ("production_access","updated_at");--> statement-breakpoint
CREATE INDEX "developer_apps_internal_name_trgm" ON "developer_apps" USING gin ("internal_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "oauth_applications_app_env_idx" ON "oauth_applications" USING btree ("developer_app_id","environment");--> statement-breakpoint
CREATE INDEX "sandboxes_status_idx" ON "sandboxes" USING btree ("status");