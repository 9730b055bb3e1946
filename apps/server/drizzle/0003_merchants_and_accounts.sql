CREATE TABLE "account_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"link_token_ciphertext" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"link_token_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"asset" text NOT NULL,
	"min_per_request" numeric(30, 8) NOT NULL,
	"max_per_request" numeric(30, 8) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"connection" text NOT NULL,
	"base_url" text,
	"key_id" text,
	"secret_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_code_unique" UNIQUE("code"),
	CONSTRAINT "merchants_limits" CHECK ("merchants"."min_per_request" > 0 and "merchants"."max_per_request" >= "merchants"."min_per_request"),
	CONSTRAINT "merchants_status_known" CHECK ("merchants"."status" in ('active', 'disabled')),
	CONSTRAINT "merchants_connection_known" CHECK ("merchants"."connection" in ('http', 'sandbox')),
	CONSTRAINT "merchants_http_complete" CHECK ("merchants"."connection" <> 'http' or ("merchants"."base_url" is not null and "merchants"."key_id" is not null and "merchants"."secret_ciphertext" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchant_accounts" (
	"merchant_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"password_hash" text NOT NULL,
	"holder_name" text NOT NULL,
	"balance" numeric(30, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "sandbox_merchant_accounts_merchant_id_account_number_pk" PRIMARY KEY("merchant_id","account_number"),
	CONSTRAINT "sandbox_merchant_accounts_no_overdraft" CHECK ("sandbox_merchant_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchant_transfers" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"balance_after" numeric(30, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_verifications" ADD CONSTRAINT "account_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_verifications" ADD CONSTRAINT "account_verifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_merchant_accounts" ADD CONSTRAINT "sandbox_merchant_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_merchant_transfers" ADD CONSTRAINT "sandbox_merchant_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_verifications_user_idx" ON "account_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_accounts_unique_idx" ON "merchant_accounts" USING btree ("user_id","merchant_id","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_accounts_one_default_idx" ON "merchant_accounts" USING btree ("user_id") WHERE "merchant_accounts"."is_default";