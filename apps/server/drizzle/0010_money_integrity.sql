-- Money integrity and sandbox accounts (docs/decisions/010-money-integrity.md).
-- Rows from before keep what they had: the new rules on transactions hold from a move on (a
-- trigger on insert and status change, not a check every old row would have to pass), and
-- closed deposits are carried over to the new statuses.
CREATE TABLE "name_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"current_name" text NOT NULL,
	"requested_name" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"rejection_reason" text,
	CONSTRAINT "name_change_requests_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "name_change_requests_status_known" CHECK ("name_change_requests"."status" in ('submitted', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "payee_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payee_accounts_bank_code" CHECK ("payee_accounts"."bank_code" ~ '^[0-9]{3}$')
);
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_known";--> statement-breakpoint
DROP INDEX "merchant_accounts_unique_idx";--> statement-breakpoint
ALTER TABLE "sandbox_merchant_accounts" ADD COLUMN "opened_by" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_merchant_accounts" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_merchant_accounts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refund_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refund_bank_reference" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "write_off_reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "debit_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "debit_failure" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settled_by_deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "requested_amount" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "requested_total_krw" numeric(20, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "deposit_bank_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "deposit_account_number" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "deposit_account_holder" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payee_bank_code" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payee_account_number" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payee_holder_name" text;--> statement-breakpoint
ALTER TABLE "name_change_requests" ADD CONSTRAINT "name_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "name_change_requests" ADD CONSTRAINT "name_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "name_change_requests_one_open_idx" ON "name_change_requests" USING btree ("user_id") WHERE "name_change_requests"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "name_change_requests_status_idx" ON "name_change_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "sandbox_merchant_accounts" ADD CONSTRAINT "sandbox_merchant_accounts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_refund_transaction_id_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_settled_by_deposit_id_deposits_id_fk" FOREIGN KEY ("settled_by_deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM merchant_accounts GROUP BY merchant_id, account_number HAVING count(*) > 1) THEN
    RAISE EXCEPTION 'Two portal users have saved the same merchant account. One merchant account may have one owner: delete the extra saved accounts (merchant_accounts rows with the same merchant_id and account_number) before upgrading.';
  END IF;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_accounts_one_owner_idx" ON "merchant_accounts" USING btree ("merchant_id","account_number");--> statement-breakpoint
CREATE INDEX "merchant_accounts_user_idx" ON "merchant_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sandbox_merchant_accounts_opened_by_idx" ON "sandbox_merchant_accounts" USING btree ("opened_by","merchant_id") WHERE "sandbox_merchant_accounts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "deposits_refund_transaction_idx" ON "deposits" USING btree ("refund_transaction_id") WHERE "deposits"."refund_transaction_id" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_settled_by_deposit_id_unique" UNIQUE("settled_by_deposit_id");--> statement-breakpoint
UPDATE "deposits" SET "status" = 'settled', "review_reason" = NULL
 WHERE "status" = 'resolved' AND "matched_transaction_id" IS NOT NULL;--> statement-breakpoint
UPDATE "deposits" SET "status" = 'written_off', "write_off_reason" = coalesce("resolution", 'closed before refunds were tracked'), "decided_at" = "updated_at"
 WHERE "status" = 'resolved';--> statement-breakpoint
UPDATE "transactions" t SET "settled_by_deposit_id" = d."id"
  FROM "deposits" d WHERE d."matched_transaction_id" = t."id";--> statement-breakpoint
UPDATE "transactions" t SET "deposit_bank_name" = a."bank_name", "deposit_account_number" = a."bank_account_number", "deposit_account_holder" = a."bank_account_holder"
  FROM "users" u JOIN "agencies" a ON a."id" = u."agency_id"
 WHERE t."type" = 'buy' AND u."id" = t."user_id" AND a."bank_account_number" IS NOT NULL;--> statement-breakpoint
UPDATE "transactions" SET "debit_confirmed_at" = "updated_at" WHERE "type" = 'sell' AND "status" = 'Completed';--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_refund_has_reason" CHECK ("deposits"."status" not in ('refund_due', 'refunded') or "deposits"."refund_reason" is not null);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_refunded_recorded" CHECK ("deposits"."status" <> 'refunded' or ("deposits"."refund_bank_reference" is not null and "deposits"."refunded_at" is not null));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_written_off_has_reason" CHECK ("deposits"."status" <> 'written_off' or "deposits"."write_off_reason" is not null);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_unused_not_matched" CHECK ("deposits"."status" = 'settled' or "deposits"."matched_transaction_id" is null);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_known" CHECK ("deposits"."status" in ('settled', 'review', 'refund_due', 'refunded', 'written_off'));--> statement-breakpoint
-- A deposit and the buy it paid name each other, with the same won: checked at commit, so the
-- two rows may be written in either order within one transaction.
CREATE FUNCTION deposit_settlement_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'transactions' THEN
    IF NEW.settled_by_deposit_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM deposits d
       WHERE d.id = NEW.settled_by_deposit_id AND d.status = 'settled'
         AND d.matched_transaction_id = NEW.id AND d.amount_krw = NEW.total_krw) THEN
      RAISE EXCEPTION 'buy % names deposit % which did not pay it in full', NEW.id, NEW.settled_by_deposit_id
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
  ELSIF NEW.matched_transaction_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM transactions t
       WHERE t.id = NEW.matched_transaction_id AND t.settled_by_deposit_id = NEW.id) THEN
    RAISE EXCEPTION 'deposit % is matched to % which does not name it', NEW.id, NEW.matched_transaction_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transactions_settlement_check
  AFTER INSERT OR UPDATE OF settled_by_deposit_id, total_krw, status ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION deposit_settlement_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER deposits_settlement_check
  AFTER INSERT OR UPDATE OF matched_transaction_id, status ON deposits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION deposit_settlement_check();;--> statement-breakpoint
-- Rules that hold from a move on (a check would refuse every later update of an older row).
CREATE FUNCTION transactions_money_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.type = 'buy' AND NEW.deposit_account_number IS NULL THEN
      RAISE EXCEPTION 'a buy keeps the deposit account it shows' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.type = 'sell' AND NEW.payee_account_number IS NULL THEN
      RAISE EXCEPTION 'a sell keeps the payee it is paid to' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW.status = 'Completed' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
    IF NEW.type = 'buy' AND NEW.settled_by_deposit_id IS NULL THEN
      RAISE EXCEPTION 'buy % completes only with the deposit that paid it', NEW.id
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.type = 'sell' AND NEW.debit_confirmed_at IS NULL THEN
      RAISE EXCEPTION 'sell % is paid out only after the merchant debit', NEW.id
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER transactions_money_rules BEFORE INSERT OR UPDATE OF status ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_money_rules();
