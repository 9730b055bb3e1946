CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"action" jsonb NOT NULL,
	"subject_key" text NOT NULL,
	"transaction_id" uuid,
	"deposit_id" uuid,
	"agency_id" uuid,
	"target_user_id" uuid,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"failure_code" text,
	"failure_message" text,
	CONSTRAINT "approvals_kind_known" CHECK ("approvals"."kind" in ('payout', 'deposit_match', 'buy_cancellation', 'deposit_refund', 'rate_change', 'agency_bank_account', 'operator_role')),
	CONSTRAINT "approvals_status_known" CHECK ("approvals"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "approvals_maker_is_not_checker" CHECK ("approvals"."decided_by" is null or "approvals"."decided_by" <> "approvals"."requested_by"),
	CONSTRAINT "approvals_status_consistent" CHECK (("approvals"."status" in ('pending', 'withdrawn') and "approvals"."decided_by" is null)
        or ("approvals"."status" in ('approved', 'rejected') and "approvals"."decided_by" is not null and "approvals"."decided_at" is not null
          and ("approvals"."status" <> 'rejected' or "approvals"."rejection_reason" is not null)))
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_pending_per_subject" ON "approvals" USING btree ("subject_key") WHERE "approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approvals_queue_idx" ON "approvals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "approvals_transaction_idx" ON "approvals" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "approvals_deposit_idx" ON "approvals" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "approvals_agency_idx" ON "approvals" USING btree ("agency_id");--> statement-breakpoint
-- Hand-written (docs/decisions/017): an approval is never deleted; once out of pending it never
-- changes, but for the failure of an approved payout's merchant debit, written once afterwards.
CREATE FUNCTION approvals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'approvals are kept: an approval is never deleted'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    IF OLD.status = 'approved' AND OLD.kind = 'payout'
      AND (NEW.id, NEW.kind, NEW.status, NEW.action, NEW.subject_key, NEW.transaction_id,
           NEW.deposit_id, NEW.agency_id, NEW.target_user_id, NEW.requested_by, NEW.requested_at,
           NEW.decided_by, NEW.decided_at, NEW.rejection_reason)
        IS NOT DISTINCT FROM
          (OLD.id, OLD.kind, OLD.status, OLD.action, OLD.subject_key, OLD.transaction_id,
           OLD.deposit_id, OLD.agency_id, OLD.target_user_id, OLD.requested_by, OLD.requested_at,
           OLD.decided_by, OLD.decided_at, OLD.rejection_reason) THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'approval % is already %: it does not change any more', OLD.id, OLD.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.decided_by IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.decided_by AND role = 'operator') THEN
    RAISE EXCEPTION 'only an operator approves or rejects an approval'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER approvals_guard BEFORE UPDATE OR DELETE ON approvals
  FOR EACH ROW EXECUTE FUNCTION approvals_guard();
