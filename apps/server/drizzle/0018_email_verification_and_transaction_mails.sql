CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_verifications_expiry_after_creation" CHECK ("email_verifications"."expires_at" > "email_verifications"."created_at")
);
--> statement-breakpoint
CREATE TABLE "transaction_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "transaction_mails_event_known" CHECK ("transaction_mails"."event" in ('completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Every user made before email verification counts as verified (docs/decisions/027): running
-- deployments and the demo users keep working as they did.
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_language" text DEFAULT 'ko' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "transaction_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_mails" ADD CONSTRAINT "transaction_mails_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_user_idx" ON "email_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_mails_once" ON "transaction_mails" USING btree ("transaction_id","event");--> statement-breakpoint
CREATE INDEX "transaction_mails_unsent_idx" ON "transaction_mails" USING btree ("created_at") WHERE "transaction_mails"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_language_known" CHECK ("users"."mail_language" in ('en', 'ko'));