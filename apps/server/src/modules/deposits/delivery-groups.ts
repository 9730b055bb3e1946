import type { DepositNotification } from '@portal/contract/transactions';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { recordDeliveries, recordDelivery } from './deliveries';
import { recordDeposits, recordDepositsIn, retryOnDeadlock, type RecordedDeposit } from './service';

/**
 * The bank's deliveries that arrive while others are being recorded share one database
 * transaction and one commit (docs/decisions/034): a bank sends one deposit per delivery, and
 * what limits those is a commit each (its round trips and its WAL flush), not the matching. A
 * delivery that finds nothing running is recorded at once, alone, exactly as before; only the
 * ones that would have queued behind it are grouped, so a group never waits for a timer.
 *
 * A group changes no answer. Its deposits are decided in the order their deliveries arrived,
 * each seeing what the ones before it did, as if each had come alone; each delivery's replay
 * record is in the same transaction as its deposits; every answer is sent after the commit. If
 * the group fails as a whole (a bank reference re-sent with other facts, say), it is recorded
 * again in halves until the delivery at fault is alone, so one delivery's fault is only its own.
 */
export interface Delivery {
  /** The delivery's signature, its replay record (deliveries.ts). */
  signature: string;
  receivedAt: Date;
  deposits: readonly DepositNotification[];
}

export interface DeliveryGroups {
  /** Records one delivery's deposits, answered once they are committed. */
  record(delivery: Delivery): Promise<RecordedDeposit[]>;
}

/** The deposits one group holds at most (a larger batch delivery goes alone). */
const MOST_DEPOSITS_PER_GROUP = 100;
/**
 * Groups in flight at once: one commits while the next is written. More would only split the
 * same deliveries into smaller groups and more commits.
 */
const GROUPS_IN_FLIGHT = 2;

interface Waiting {
  delivery: Delivery;
  resolve: (recorded: RecordedDeposit[]) => void;
  reject: (error: unknown) => void;
}

export function deliveryGroups(db: Database): DeliveryGroups {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  function next(): Waiting[] {
    const group = [waiting.shift()!];
    let size = group[0]!.delivery.deposits.length;
    while (
      waiting.length > 0 &&
      size + waiting[0]!.delivery.deposits.length <= MOST_DEPOSITS_PER_GROUP
    ) {
      const more = waiting.shift()!;
      size += more.delivery.deposits.length;
      group.push(more);
    }
    return group;
  }

  function start(): void {
    while (inFlight < GROUPS_IN_FLIGHT && waiting.length > 0) {
      const group = next();
      inFlight += 1;
      void record(group).finally(() => {
        inFlight -= 1;
        start();
      });
    }
  }

  async function record(group: Waiting[]): Promise<void> {
    if (group.length === 1) return alone(group[0]!);
    let answers: Map<Waiting, RecordedDeposit[]>;
    try {
      answers = await retryOnDeadlock(() => db.transaction((tx) => recordGroup(tx, group)));
    } catch {
      // Whatever failed, it failed for the whole group: each half again, in the order they
      // arrived, until the delivery at fault is alone and gets its own answer (a conflict its
      // audit event); the others still share commits.
      const half = Math.ceil(group.length / 2);
      await record(group.slice(0, half));
      await record(group.slice(half));
      return;
    }
    for (const one of group) {
      const recorded = answers.get(one);
      if (recorded) one.resolve(recorded);
      else one.reject(new AppError('WEBHOOK_REPLAYED'));
    }
  }

  async function alone(one: Waiting): Promise<void> {
    const { signature, receivedAt, deposits } = one.delivery;
    try {
      one.resolve(
        await recordDeposits(db, deposits, 'webhook', null, {
          first: (tx) => recordDelivery(tx, signature, receivedAt),
        }),
      );
    } catch (error) {
      one.reject(error);
    }
  }

  return {
    record(delivery) {
      return new Promise((resolve, reject) => {
        waiting.push({ delivery, resolve, reject });
        start();
      });
    },
  };
}

/** One transaction for the group: the replay records, then every taken delivery's deposits. */
async function recordGroup(
  tx: Database,
  group: readonly Waiting[],
): Promise<Map<Waiting, RecordedDeposit[]>> {
  const fresh = await recordDeliveries(
    tx,
    group.map(({ delivery }) => delivery),
  );
  const taken = group.filter((_, index) => fresh[index]);
  const recorded = await recordDepositsIn(
    tx,
    taken.flatMap(({ delivery }) => delivery.deposits),
    'webhook',
    null,
  );
  const answers = new Map<Waiting, RecordedDeposit[]>();
  let at = 0;
  for (const one of taken) {
    const count = one.delivery.deposits.length;
    answers.set(one, recorded.slice(at, at + count));
    at += count;
  }
  return answers;
}
