CREATE TABLE "developer_app_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_app_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by_id" text,
	"accepted_by_id" text,
	"accepted_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "developer_app_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "developer_app_invitations" ADD CONSTRAINT "developer_app_invitations_developer_app_id_developer_apps_id_fk" FOREIGN KEY ("developer_app_id") REFERENCES "public"."developer_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developer_app_invitations" ADD CONSTRAINT "developer_app_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developer_app_invitations" ADD CONSTRAINT "developer_app_invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "developer_app_invitations_app_status_idx" ON "developer_app_invitations" USING btree ("developer_app_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "developer_app_invitations_pending_uq" ON "developer_app_invitations" USING btree ("developer_app_id","email") WHERE "developer_app_invitations"."status" = 'pending';