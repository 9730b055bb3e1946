CREATE SEQUENCE "public"."transaction_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_reference" text NOT NULL,
	"depositor_name" text NOT NULL,
	"amount_krw" numeric(20, 0) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"receiving_account" text,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"review_reason" text,
	"matched_transaction_id" uuid,
	"related_transaction_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolution" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_bank_reference_unique" UNIQUE("bank_reference"),
	CONSTRAINT "deposits_matched_transaction_id_unique" UNIQUE("matched_transaction_id"),
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount_krw" > 0),
	CONSTRAINT "deposits_status_known" CHECK ("deposits"."status" in ('settled', 'review', 'resolved')),
	CONSTRAINT "deposits_review_has_reason" CHECK ("deposits"."status" <> 'review' or "deposits"."review_reason" is not null),
	CONSTRAINT "deposits_settled_has_match" CHECK ("deposits"."status" <> 'settled' or "deposits"."matched_transaction_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_account_id" uuid,
	"balance" numeric(30, 8) DEFAULT '0' NOT NULL,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_known" CHECK ("ledger_accounts"."kind" in ('holding', 'reserved', 'merchant')),
	CONSTRAINT "ledger_accounts_no_overdraft" CHECK ("ledger_accounts"."kind" = 'merchant' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	CONSTRAINT "ledger_postings_nonzero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "merchant_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"merchant_transfer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "merchant_credits_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset" text NOT NULL,
	"buy_rate_krw" numeric(14, 2) NOT NULL,
	"sell_rate_krw" numeric(14, 2) NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_positive" CHECK ("rates"."buy_rate_krw" > 0 and "rates"."sell_rate_krw" > 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"move" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"account_id" uuid,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"rate_id" uuid NOT NULL,
	"rate_krw" numeric(14, 2) NOT NULL,
	"total_krw" numeric(20, 0) NOT NULL,
	"expires_at" timestamp with time zone,
	"delay_reason" text,
	"payout_reference" text,
	"debit_sent_at" timestamp with time zone,
	"credit_status" text DEFAULT 'not_applicable' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transactions_number_unique" UNIQUE("number"),
	CONSTRAINT "transactions_type_known" CHECK ("transactions"."type" in ('buy', 'sell')),
	CONSTRAINT "transactions_status_known" CHECK ("transactions"."status" in ('Requested', 'Pending', 'Completed', 'Cancelled')),
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount" > 0 and "transactions"."total_krw" > 0),
	CONSTRAINT "transactions_buy_expires" CHECK (("transactions"."type" = 'buy') = ("transactions"."expires_at" is not null)),
	CONSTRAINT "transactions_sell_completed_paid" CHECK (not ("transactions"."type" = 'sell' and "transactions"."status" = 'Completed') or "transactions"."payout_reference" is not null)
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "bank_account_holder" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_matched_transaction_id_transactions_id_fk" FOREIGN KEY ("matched_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_account_id_merchant_accounts_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."merchant_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_credits" ADD CONSTRAINT "merchant_credits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_merchant_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."merchant_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_status_created_idx" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_per_account_idx" ON "ledger_accounts" USING btree ("merchant_account_id","kind") WHERE "ledger_accounts"."merchant_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_merchant_idx" ON "ledger_accounts" USING btree ("merchant_id") WHERE "ledger_accounts"."kind" = 'merchant';--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("ledger_account_id");--> statement-breakpoint
CREATE INDEX "merchant_credits_due_idx" ON "merchant_credits" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "rates_asset_set_at_idx" ON "rates" USING btree ("asset","set_at");--> statement-breakpoint
CREATE INDEX "transaction_events_transaction_idx" ON "transaction_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status","type");--> statement-breakpoint
CREATE INDEX "transactions_account_idx" ON "transactions" USING btree ("account_id");