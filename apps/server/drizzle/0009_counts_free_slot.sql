-- An agency's counts were spread over 8 slots chosen by the connection (pg_backend_pid() % 8):
-- two connections with the same remainder queued on one row, and a batch of deposits moving
-- requests of many agencies held such rows until it committed (docs/BENCHMARKS.md, "Deposits").
-- Now a writer takes a slot no other open transaction holds, and opens a new slot when all are
-- held, so writers of one agency's counts never wait for each other. Totals are still the sum
-- over the slots.
CREATE FUNCTION agency_transaction_counts_add(agency uuid, of_status text, of_type text, delta bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  free smallint;
BEGIN
  SELECT slot INTO free FROM agency_transaction_counts
   WHERE agency_id = agency AND status = of_status AND type = of_type
   ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE agency_transaction_counts SET n = n + delta
     WHERE agency_id = agency AND status = of_status AND type = of_type AND slot = free;
    RETURN;
  END IF;
  INSERT INTO agency_transaction_counts AS c (agency_id, status, type, slot, n)
  SELECT agency, of_status, of_type, coalesce(max(slot), -1) + 1, delta
    FROM agency_transaction_counts
   WHERE agency_id = agency AND status = of_status AND type = of_type
  ON CONFLICT (agency_id, status, type, slot) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_counts_add(who uuid, of_status text, of_type text, delta bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts AS c (user_id, status, type, n)
  VALUES (who, of_status, of_type, delta)
  ON CONFLICT (user_id, status, type) DO UPDATE SET n = c.n + excluded.n;
  -- A client's transactions also count for their agency.
  PERFORM agency_transaction_counts_add(u.agency_id, of_status, of_type, delta)
     FROM users u
    WHERE u.id = who AND u.role = 'client' AND u.agency_id IS NOT NULL;
END $$;
