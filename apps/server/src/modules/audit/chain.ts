import { sql } from 'drizzle-orm';
import type { AuditChainReport } from '@portal/contract/audit';
import type { Database } from '@server/db/client';

/**
 * Walks the whole audit trail and checks that it is the chain the database wrote
 * (docs/decisions/020): numbered 1, 2, 3 ... with no gap, each row's hash recomputed from its
 * content equals the stored one, and each row names the previous row's hash. Answers with the
 * first row that breaks it, and the head (last number and hash), which an operator can note
 * elsewhere: removing rows from the very end leaves a shorter chain that is whole, and only a
 * head written down earlier shows it.
 */
export async function verifyAuditChain(db: Database): Promise<AuditChainReport> {
  const broken = await db.execute<{ number: string; reason: 'gap' | 'hash' | 'link' }>(sql`
    with chain as (
      select seq, hash, prev_hash,
        lag(hash) over (order by seq) as previous_hash,
        lag(seq) over (order by seq) as previous_seq,
        audit_entry_hash(prev_hash, seq, occurred_at, action, actor_user_id, subject_user_id,
          ip, object_type, object_id, details) as recomputed
      from audit_events
    )
    select seq::text as number,
      case
        when seq <> coalesce(previous_seq, 0) + 1 then 'gap'
        when hash <> recomputed then 'hash'
        else 'link'
      end as reason
    from chain
    where seq <> coalesce(previous_seq, 0) + 1
       or hash <> recomputed
       or prev_hash is distinct from previous_hash
    order by chain.seq
    limit 1`);
  // Numbers travel as text (a bigint is read as text by one driver and as a number by the other);
  // ordering is always by the column, never by its text.
  const head = await db.execute<{ rows: string; seq: string | null; hash: string | null }>(sql`
    select (select count(*) from audit_events)::text as rows, last.seq::text as seq, last.hash
      from (select 1) as one
      left join lateral (
        select e.seq, e.hash from audit_events e order by e.seq desc limit 1
      ) as last on true`);
  const first = broken.rows[0];
  const top = head.rows[0]!;
  return {
    intact: first === undefined,
    rows: Number(top.rows),
    head: top.seq === null || top.hash === null ? null : { seq: Number(top.seq), hash: top.hash },
    firstBroken: first ? { seq: Number(first.number), reason: first.reason } : null,
  };
}
