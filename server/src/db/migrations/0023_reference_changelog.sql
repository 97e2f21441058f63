CREATE TABLE "changelog_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_name" text NOT NULL,
	"branch" text NOT NULL,
	"summary" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"endpoint" text NOT NULL,
	"type" text NOT NULL,
	"breaking" boolean DEFAULT false NOT NULL,
	"datestamp" date NOT NULL,
	"versions" text[] NOT NULL,
	"link" text NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"change_kind" text,
	"document_id" uuid,
	"change_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "openapi_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_name" text NOT NULL,
	"branch" text NOT NULL,
	"version" text NOT NULL,
	"document" jsonb NOT NULL,
	"digest" text NOT NULL,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "changelog_entries" ADD CONSTRAINT "changelog_entries_document_id_openapi_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."openapi_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "openapi_documents" ADD CONSTRAINT "openapi_documents_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "changelog_entries_list_idx" ON "changelog_entries" USING btree ("group_name","branch","status","datestamp","id");--> statement-breakpoint
CREATE INDEX "changelog_entries_public_idx" ON "changelog_entries" USING btree ("group_name","branch","datestamp","id") WHERE "changelog_entries"."status" = 'published' and "changelog_entries"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "changelog_entries_type_idx" ON "changelog_entries" USING btree ("group_name","branch","type","breaking","datestamp","id") WHERE "changelog_entries"."status" = 'published' and "changelog_entries"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "changelog_entries_breaking_idx" ON "changelog_entries" USING btree ("group_name","branch","breaking","datestamp","id") WHERE "changelog_entries"."status" = 'published' and "changelog_entries"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "changelog_entries_summary_trgm" ON "changelog_entries" USING gin ("summary" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "changelog_entries_description_trgm" ON "changelog_entries" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "changelog_entries_endpoint_trgm" ON "changelog_entries" USING gin ("endpoint" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "changelog_entries_change_uq" ON "changelog_entries" USING btree ("document_id","change_key");--> statement-breakpoint
CREATE INDEX "openapi_documents_current_idx" ON "openapi_documents" USING btree ("group_name","branch","created_at","id");