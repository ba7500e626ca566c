CREATE TABLE "lesson_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"language" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_files_kind" CHECK ("lesson_files"."kind" in ('resource', 'captions'))
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "drip_days" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "drip_date" date;--> statement-breakpoint
ALTER TABLE "lesson_files" ADD CONSTRAINT "lesson_files_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_files_lesson_idx" ON "lesson_files" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_files_captions_language_key" ON "lesson_files" USING btree ("lesson_id","language") WHERE "lesson_files"."kind" = 'captions';--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_drip_one_way" CHECK ("lessons"."drip_days" is null or "lessons"."drip_date" is null);--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_drip_days_range" CHECK ("lessons"."drip_days" is null or "lessons"."drip_days" between 1 and 3650);--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON lesson_files TO course_market_tenant;
	ALTER TABLE lesson_files ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON lesson_files;
	CREATE POLICY tenant_isolation ON lesson_files AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
