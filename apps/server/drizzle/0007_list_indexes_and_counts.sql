CREATE TABLE "agency_transaction_counts" (
	"agency_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "agency_transaction_counts_agency_id_status_type_slot_pk" PRIMARY KEY("agency_id","status","type","slot")
);
--> statement-breakpoint
CREATE TABLE "transaction_counts" (
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "transaction_counts_user_id_status_type_pk" PRIMARY KEY("user_id","status","type")
);
--> statement-breakpoint
DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "client_agency_id" uuid;--> statement-breakpoint
ALTER TABLE "agency_transaction_counts" ADD CONSTRAINT "agency_transaction_counts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_counts" ADD CONSTRAINT "transaction_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_agency_id_agencies_id_fk" FOREIGN KEY ("client_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- transactions.client_agency_id follows the owner: their agency while they are a client.
CREATE FUNCTION transactions_set_client_agency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN u.role = 'client' THEN u.agency_id END INTO NEW.client_agency_id
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
UPDATE transactions t SET client_agency_id = u.agency_id
  FROM users u WHERE u.id = t.user_id AND u.role = 'client' AND u.agency_id IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER transactions_client_agency BEFORE INSERT OR UPDATE OF user_id, client_agency_id
  ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_set_client_agency();
--> statement-breakpoint
-- The counts (schema/money.ts) are kept here, in the database, so that every way a transaction
-- is written (requests, moves, deposits, operator tools, a hand-written fix) keeps them exact.
CREATE FUNCTION transaction_counts_add(who uuid, of_status text, of_type text, delta bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts AS c (user_id, status, type, n)
  VALUES (who, of_status, of_type, delta)
  ON CONFLICT (user_id, status, type) DO UPDATE SET n = c.n + excluded.n;
  -- A client's transactions also count for their agency. The slot spreads concurrent writers
  -- (one per database connection) over a few rows.
  INSERT INTO agency_transaction_counts AS c (agency_id, status, type, slot, n)
  SELECT u.agency_id, of_status, of_type, pg_backend_pid() % 8, delta
    FROM users u
   WHERE u.id = who AND u.role = 'client' AND u.agency_id IS NOT NULL
  ON CONFLICT (agency_id, status, type, slot) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION transaction_counts_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM transaction_counts_add(OLD.user_id, OLD.status, OLD.type, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM transaction_counts_add(NEW.user_id, NEW.status, NEW.type, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_counts_insert_delete AFTER INSERT OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transaction_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER transactions_counts_update AFTER UPDATE OF user_id, status, type ON transactions
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION transaction_counts_on_change();
--> statement-breakpoint
-- A user who joins or leaves an agency, or stops or starts being a client, takes their
-- transactions and counts along.
CREATE FUNCTION transaction_counts_on_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions
     SET client_agency_id = CASE WHEN NEW.role = 'client' THEN NEW.agency_id END
   WHERE user_id = NEW.id;
  IF OLD.role = 'client' AND OLD.agency_id IS NOT NULL THEN
    INSERT INTO agency_transaction_counts AS c (agency_id, status, type, slot, n)
    SELECT OLD.agency_id, t.status, t.type, pg_backend_pid() % 8, -t.n
      FROM transaction_counts t WHERE t.user_id = OLD.id
    ON CONFLICT (agency_id, status, type, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF NEW.role = 'client' AND NEW.agency_id IS NOT NULL THEN
    INSERT INTO agency_transaction_counts AS c (agency_id, status, type, slot, n)
    SELECT NEW.agency_id, t.status, t.type, pg_backend_pid() % 8, t.n
      FROM transaction_counts t WHERE t.user_id = NEW.id
    ON CONFLICT (agency_id, status, type, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_transaction_counts AFTER UPDATE OF agency_id, role ON users
  FOR EACH ROW
  WHEN (OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION transaction_counts_on_user_change();
--> statement-breakpoint
-- Recounts everything from the transactions themselves: the backfill below, and after a bulk
-- load made with triggers off (the benchmark's data generator).
CREATE FUNCTION transaction_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM agency_transaction_counts;
  DELETE FROM transaction_counts;
  INSERT INTO transaction_counts (user_id, status, type, n)
  SELECT user_id, status, type, count(*) FROM transactions GROUP BY user_id, status, type;
  INSERT INTO agency_transaction_counts (agency_id, status, type, slot, n)
  SELECT u.agency_id, t.status, t.type, 0, sum(t.n)
    FROM transaction_counts t JOIN users u ON u.id = t.user_id
   WHERE u.role = 'client' AND u.agency_id IS NOT NULL
   GROUP BY u.agency_id, t.status, t.type;
END $$;
--> statement-breakpoint
SELECT transaction_counts_rebuild();
--> statement-breakpoint
-- Built after the backfill: cheaper than updating them row by row.
CREATE INDEX "transactions_user_list_idx" ON "transactions" USING btree ("user_id","created_at","number","status","type","id");
--> statement-breakpoint
CREATE INDEX "transactions_agency_list_idx" ON "transactions" USING btree ("client_agency_id","created_at","number","status","type","id") WHERE "transactions"."client_agency_id" is not null;
