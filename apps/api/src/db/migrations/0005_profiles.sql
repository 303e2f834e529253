-- Profiles (GET/PUT /profile, GET /sellers): one row per account, keyed by uid; the email is the
-- token's, lower-cased, so the sellers lookup finds it.
CREATE TABLE "profiles" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_email_lower_case" CHECK ("profiles"."email" = lower("profiles"."email")),
	CONSTRAINT "profiles_display_name_length" CHECK (length("profiles"."display_name") <= 100),
	CONSTRAINT "profiles_company_name_length" CHECK (length("profiles"."company_name") <= 120),
	CONSTRAINT "profiles_photo_url_length" CHECK (length("profiles"."photo_url") <= 2048)
);
--> statement-breakpoint
CREATE INDEX "profiles_email_idx" ON "profiles" USING btree ("email","updated_at");
