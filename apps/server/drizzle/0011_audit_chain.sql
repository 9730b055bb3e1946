-- The audit trail becomes append-only and tamper-evident (docs/decisions/020): each row gets a
-- sequence number with no gap and the hash of its content chained to the previous row's hash,
-- set by a trigger under one lock; UPDATE, DELETE and TRUNCATE are refused. Rows from before are
-- chained in the order they happened. The user columns stop being foreign keys, so deleting a
-- user no longer rewrites the trail.
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "object_type" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "object_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_object_idx" ON "audit_events" USING btree ("object_type",lower("object_id"),"occurred_at");--> statement-breakpoint
-- One row's hash: the previous hash and the row's content as canonical JSON (jsonb's own text,
-- with the time written in UTC to the microsecond, whatever the session's time zone).
CREATE FUNCTION audit_entry_hash(
  prev text, seq bigint, occurred_at timestamptz, action text, actor uuid, subject uuid,
  ip text, object_type text, object_id text, details jsonb
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    coalesce(prev, '') || '|' || jsonb_build_array(
      seq,
      to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      action, actor, subject, ip, object_type, object_id, details
    )::text,
    'UTF8')), 'hex')
$$;
--> statement-breakpoint
DO $$
DECLARE
  row record;
  n bigint := 0;
  last_hash text := NULL;
BEGIN
  FOR row IN SELECT * FROM audit_events ORDER BY occurred_at, id LOOP
    n := n + 1;
    UPDATE audit_events SET
      seq = n,
      prev_hash = last_hash,
      hash = audit_entry_hash(last_hash, n, row.occurred_at, row.action, row.actor_user_id,
        row.subject_user_id, row.ip, row.object_type, row.object_id, row.details)
    WHERE id = row.id
    RETURNING hash INTO last_hash;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_seq_unique" UNIQUE("seq");--> statement-breakpoint
-- Every insert takes the chain's lock until its transaction ends, so rows are numbered and
-- chained in the order they commit: the next number is the last one plus one (no gap, even
-- when a transaction rolls back) and `prev_hash` is the last committed row's hash.
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('audit_events_chain'));
  SELECT seq, hash INTO last_seq, last_hash FROM audit_events ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := audit_entry_hash(NEW.prev_hash, NEW.seq, NEW.occurred_at, NEW.action,
    NEW.actor_user_id, NEW.subject_user_id, NEW.ip, NEW.object_type, NEW.object_id, NEW.details);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: rows are never changed or removed'
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
