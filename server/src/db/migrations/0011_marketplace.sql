CREATE TABLE "marketplace_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text,
	"description" text,
	"original_filename" text,
	"storage_key" text,
	"content_type" text,
	"byte_size" bigint,
	"width" integer,
	"height" integer,
	"external_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listing_views" (
	"developer_app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_listing_views_developer_app_id_day_visitor_pk" PRIMARY KEY("developer_app_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "marketplace_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"approval_state" text DEFAULT 'unreviewed' NOT NULL,
	"public_name" text,
	"tagline" text,
	"description" text,
	"about" text,
	"built_by" text,
	"sold_by" text,
	"how_it_works" text,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"app_version_id" uuid,
	"app_version" text,
	"draft_developer_notes" text,
	"costs_money" boolean DEFAULT false NOT NULL,
	"installable" boolean DEFAULT false NOT NULL,
	"feature_bullets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"helpful_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_tools" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"regions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"countries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"region_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"support_email" text,
	"website_link" jsonb,
	"contact_us_email" text,
	"learn_how_url" text,
	"create_lead" boolean DEFAULT false NOT NULL,
	"subscription_required" boolean,
	"connector_required" boolean,
	"has_trials" boolean,
	"pricing_url" text,
	"pricing_description" text,
	"security_questionnaire" jsonb DEFAULT '{"security_questionnaire_visible":false,"company_legal_name":null,"company_headquarters":null,"headquarters_country":null,"data_processing_countries":[],"has_subprocessors":null,"has_sensitive_data":null,"has_security_contact":null,"has_security_audits":null,"has_security_standards":null,"has_penetration_testing":null,"can_notify_procore":null,"has_disclosure_program":null,"has_bug_bounty_program":null,"has_data_encryption_at_rest":null,"has_data_encryption_in_transit":null,"has_sso_support":null,"has_saml_support":null,"has_mfa_support":null,"has_fas_support":null,"subprocessors_details":null,"sensitive_data_handling_details":null,"security_email":null,"security_standard_ids":[],"other_security_standards":null,"disclosure_program_url":null,"sso_providers":[],"other_sso_providers":null}'::jsonb NOT NULL,
	"beta" boolean DEFAULT false NOT NULL,
	"security_badge" boolean DEFAULT false NOT NULL,
	"is_concierge_app" boolean DEFAULT false NOT NULL,
	"made_by_procore" boolean DEFAULT false NOT NULL,
	"procore_certified_partner" boolean DEFAULT false NOT NULL,
	"admin_message" text,
	"notes" text,
	"silent" boolean DEFAULT false NOT NULL,
	"slug" text,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_videos" (
	"hashed_id" text PRIMARY KEY NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_attachments" ADD CONSTRAINT "marketplace_attachments_submission_id_marketplace_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."marketplace_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listing_views" ADD CONSTRAINT "marketplace_listing_views_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_submissions" ADD CONSTRAINT "marketplace_submissions_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_submissions" ADD CONSTRAINT "marketplace_submissions_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_submissions" ADD CONSTRAINT "marketplace_submissions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_videos" ADD CONSTRAINT "marketplace_videos_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_videos" ADD CONSTRAINT "marketplace_videos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_attachments_submission_idx" ON "marketplace_attachments" USING btree ("submission_id","kind","position");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_submissions_unpublished_uq" ON "marketplace_submissions" USING btree ("developer_app_id") WHERE state in ('draft', 'in_review');--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_submissions_live_uq" ON "marketplace_submissions" USING btree ("developer_app_id") WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_submissions_slug_uq" ON "marketplace_submissions" USING btree ("slug") WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_submissions_app_idx" ON "marketplace_submissions" USING btree ("developer_app_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_submissions_live_name_idx" ON "marketplace_submissions" USING btree ("public_name","id") WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_submissions_live_published_idx" ON "marketplace_submissions" USING btree ("published_at","id") WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_submissions_live_name_trgm" ON "marketplace_submissions" USING gin ("public_name" gin_trgm_ops) WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_submissions_live_tagline_trgm" ON "marketplace_submissions" USING gin ("tagline" gin_trgm_ops) WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_submissions_live_categories_idx" ON "marketplace_submissions" USING gin ("category_ids") WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_submissions_live_regions_idx" ON "marketplace_submissions" USING gin ("region_ids") WHERE state = 'published' and archived_at is null;--> statement-breakpoint
CREATE INDEX "marketplace_submissions_in_review_idx" ON "marketplace_submissions" USING btree ("submitted_at","id") WHERE state = 'in_review';--> statement-breakpoint
-- The starting categories (reference data: marketplace-categories.json).
INSERT INTO "marketplace_categories" ("id", "label") VALUES
(1, 'Accounting'),
(2, 'Analytics & Reporting'),
(3, 'BIM & Design'),
(4, 'Bid Management'),
(5, 'Communication & Collaboration'),
(6, 'CRM'),
(7, 'Document Management'),
(8, 'Drones & Reality Capture'),
(9, 'Equipment & Fleet'),
(10, 'ERP'),
(11, 'Estimating & Preconstruction'),
(12, 'Field Productivity'),
(13, 'Invoicing & Payments'),
(14, 'IoT & Sensors'),
(15, 'Project Management'),
(16, 'Quality & Safety'),
(17, 'Scheduling'),
(18, 'Storage & File Sharing'),
(19, 'Time Tracking & Payroll'),
(20, 'Workforce Management')
ON CONFLICT ("id") DO NOTHING;
