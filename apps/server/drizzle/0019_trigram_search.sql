-- Search by "contains" on trigram indexes (docs/decisions/029-search-with-trigram-indexes.md).
-- Each index is on exactly the expression lib/text-search.ts searches: lower(column) LIKE
-- '%...%', and the phone's digits alone. Drizzle's schema cannot express an operator class on an
-- expression, so these live here only.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "transactions_number_trgm_idx" ON "transactions" USING gin (lower("number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_account_name_trgm_idx" ON "transactions" USING gin (lower("account_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_account_number_trgm_idx" ON "transactions" USING gin (lower("account_number") gin_trgm_ops);--> statement-breakpoint
-- A search that names a merchant finds the owner's (or the agency's) transactions with it: one
-- arm of the search's BitmapOr, next to the trigram arms.
CREATE INDEX "transactions_merchant_user_idx" ON "transactions" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_agency_idx" ON "transactions" USING btree ("merchant_id","client_agency_id") WHERE "client_agency_id" is not null;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin (lower("phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deposits_depositor_name_trgm_idx" ON "deposits" USING gin (lower("depositor_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deposits_bank_reference_trgm_idx" ON "deposits" USING gin (lower("bank_reference") gin_trgm_ops);
