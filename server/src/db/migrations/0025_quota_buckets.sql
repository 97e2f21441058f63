CREATE TABLE "quota_buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server" text NOT NULL,
	"name" text NOT NULL,
	"client_id" text DEFAULT '*' NOT NULL,
	"domain" text NOT NULL,
	"shadow" boolean DEFAULT false NOT NULL,
	"templates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_traffic" (
	"bucket_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"would_refuse" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_traffic_bucket_id_minute_pk" PRIMARY KEY("bucket_id","minute")
);
--> statement-breakpoint
ALTER TABLE "quota_traffic" ADD CONSTRAINT "quota_traffic_bucket_id_quota_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."quota_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_buckets_server_domain_idx" ON "quota_buckets" USING btree ("server","domain");--> statement-breakpoint
CREATE INDEX "quota_buckets_server_name_idx" ON "quota_buckets" USING btree ("server","name","id");--> statement-breakpoint
CREATE INDEX "quota_buckets_server_created_idx" ON "quota_buckets" USING btree ("server","created_at","id");--> statement-breakpoint
CREATE INDEX "quota_buckets_name_trgm" ON "quota_buckets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quota_traffic_minute_idx" ON "quota_traffic" USING btree ("minute");