-- Catalogue imports (docs/architecture.md, "Catalogue import and export"): the import and its progress, the
-- uploaded file in pieces, and each failed row's problems with its original cells.
CREATE TABLE "import_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_errors" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"message" text NOT NULL,
	"cells" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"owner_email" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"header" jsonb,
	"ignored_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_status_known" CHECK ("imports"."status" IN ('uploading', 'queued', 'running', 'done', 'failed')),
	CONSTRAINT "imports_kind_known" CHECK ("imports"."kind" IN ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "import_chunks" ADD CONSTRAINT "import_chunks_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_errors_import_idx" ON "import_errors" USING btree ("import_id","row");--> statement-breakpoint
CREATE INDEX "imports_owner_idx" ON "imports" USING btree ("owner_uid","created_at");