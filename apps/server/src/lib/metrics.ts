import {
  DEPOSIT_REVIEW_REASONS,
  DEPOSIT_SOURCES,
  REFUND_REASONS,
  type DepositReviewReason,
  type DepositSource,
  type RefundReason,
} from '@portal/contract/transactions';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every metric of the portal, on one registry per app (docs/OPERATIONS.md lists them with their
 * alerts; docs/decisions/032 says why these and why these labels). Features never touch
 * prom-client: they call the small functions below (`app.metrics`, plugins/app/metrics.ts).
 *
 * Labels are few and bounded: a route is its pattern (`/api/operator/deposits/:id`), never the
 * path asked for; statuses are classes (2xx...); reasons are the contract's own lists. Nothing
 * about a person, an amount or an id is ever a label.
 */

/** Why the bank's deposit webhook refused a delivery (modules/deposits/routes.ts). */
export const WEBHOOK_REJECTION_REASONS = [
  /** WEBHOOK_SIGNATURE_INVALID: not signed with the shared secret. */
  'signature_invalid',
  /** WEBHOOK_TIMESTAMP_STALE: no usable timestamp, or outside the signature window. */
  'timestamp_stale',
  /** WEBHOOK_REPLAYED: this exact signed delivery was taken already. */
  'replayed',
  /** Not JSON, not a deposit or batch (VALIDATION_FAILED), wrong content type, too large. */
  'malformed',
  /** DEPOSIT_REFERENCE_CONFLICT: a known bank reference sent with other facts. */
  'reference_conflict',
  /** SERVICE_UNAVAILABLE: BANK_WEBHOOK_SECRET unset, or the database out of reach. */
  'unavailable',
  /** RATE_LIMITED. */
  'rate_limited',
  /** Anything else (INTERNAL_ERROR): a bug to look at in the log. */
  'other',
] as const;
export type WebhookRejectionReason = (typeof WEBHOOK_REJECTION_REASONS)[number];

/** What a request that matched no route is counted under. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; Prometheus' usual buckets, from a fast JSON answer to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The database pool's counts (node-postgres `totalCount`, `idleCount`, `waitingCount`). */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The queues the background jobs drain, as read at a scrape (ages in seconds, 0 when empty). */
export interface Backlog {
  /** Transaction mails not sent yet (the outbox, docs/decisions/027). */
  mailsUnsent: number;
  mailsOldestUnsentSeconds: number;
  /** Merchant credits due now and not delivered (docs/decisions/008). */
  creditsDue: number;
  creditsOldestDueSeconds: number;
  /** Credits that gave up and wait for the operator's retry. */
  creditsFailed: number;
  /** Buy requests past their expiry that the expiry job has not cancelled yet. */
  buysOverdueExpiry: number;
  buysOldestOverdueExpirySeconds: number;
}

export interface MetricsSources {
  /** Undefined on the embedded database, which has one connection and no pool. */
  pool?: () => PoolCounts;
  backlog: () => Promise<Backlog>;
  /** The backlog could not be read (the database out of reach): that scrape still answers,
   * its backlog gauges NaN (no threshold rule fires on a guess) and `portal_backlog_up` 0. */
  onBacklogError: (error: unknown) => void;
}

export class PortalMetrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'portal_http_requests_total',
    help: 'API and web requests answered, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly depositsMatched = new Counter({
    name: 'portal_deposits_matched_total',
    help: 'New deposits that completed a buy request by themselves, by where they came from.',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  private readonly depositsReview = new Counter({
    name: 'portal_deposits_review_total',
    help: "New deposits that wait in the operator's review queue, by why and where they came from.",
    labelNames: ['source', 'reason'] as const,
    registers: [this.registry],
  });

  private readonly depositsRefundDue = new Counter({
    name: 'portal_deposits_refund_due_total',
    help: 'New deposits that pay nothing and are owed back to their sender, by refund reason and source.',
    labelNames: ['source', 'reason'] as const,
    registers: [this.registry],
  });

  private readonly depositsDuplicate = new Counter({
    name: 'portal_deposits_duplicate_total',
    help: 'Deposits sent again under a bank reference already recorded (changed nothing), by source.',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  private readonly webhookRejections = new Counter({
    name: 'portal_bank_webhook_rejections_total',
    help: "Deliveries of the bank's deposit webhook refused, by reason.",
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly liveStreams = new Gauge({
    name: 'portal_live_streams_open',
    help: 'Live update streams (server-sent events) open on this instance.',
    registers: [this.registry],
  });

  private readonly backlogGauges = {
    mailsUnsent: this.gauge('portal_transaction_mails_unsent', 'Transaction mails not sent yet.'),
    mailsOldestUnsentSeconds: this.gauge(
      'portal_transaction_mails_oldest_unsent_age_seconds',
      'Age of the oldest transaction mail not sent yet; 0 when none waits.',
    ),
    creditsDue: this.gauge(
      'portal_merchant_credits_due',
      'Merchant credits due for delivery now and not delivered yet.',
    ),
    creditsOldestDueSeconds: this.gauge(
      'portal_merchant_credits_oldest_due_age_seconds',
      'How long the longest-waiting due merchant credit has been due; 0 when none is.',
    ),
    creditsFailed: this.gauge(
      'portal_merchant_credits_failed',
      "Merchant credits that stopped retrying and wait for the operator's retry.",
    ),
    buysOverdueExpiry: this.gauge(
      'portal_buy_requests_overdue_expiry',
      'Buy requests past their expiry time and not cancelled by the expiry job yet.',
    ),
    buysOldestOverdueExpirySeconds: this.gauge(
      'portal_buy_requests_oldest_overdue_expiry_age_seconds',
      'How long ago the most overdue open buy request should have expired; 0 when none.',
    ),
  } satisfies Record<keyof Backlog, Gauge>;

  private readonly backlogUp = this.gauge(
    'portal_backlog_up',
    'Whether the last scrape could read the backlog gauges from the database (1) or not (0).',
  );

  private sources: MetricsSources | undefined;

  constructor() {
    // Every series a rule may alert on exists from the start at 0, so `increase()` sees the
    // first deposit queued or the first bad signature instead of a series appearing.
    for (const source of DEPOSIT_SOURCES) {
      this.depositsMatched.labels(source).inc(0);
      this.depositsDuplicate.labels(source).inc(0);
      for (const reason of DEPOSIT_REVIEW_REASONS)
        this.depositsReview.labels(source, reason).inc(0);
      for (const reason of REFUND_REASONS) this.depositsRefundDue.labels(source, reason).inc(0);
    }
    for (const reason of WEBHOOK_REJECTION_REASONS) this.webhookRejections.labels(reason).inc(0);
  }

  /** Node's own figures (memory, CPU, event loop lag, GC, handles) on this registry. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Where the gauges read at a scrape come from; the pool gauges only with a pool. */
  watch(sources: MetricsSources): void {
    this.sources = sources;
    const { pool } = sources;
    if (!pool) return;
    const counts = [
      ['portal_db_pool_total_clients', 'Database connections the pool holds.', 'total'],
      ['portal_db_pool_idle_clients', 'Database connections idle in the pool.', 'idle'],
      [
        'portal_db_pool_waiting_clients',
        'Queries waiting for a database connection because every one is busy.',
        'waiting',
      ],
      ['portal_db_pool_max_clients', 'The most connections the pool opens.', 'max'],
    ] as const;
    for (const [name, help, key] of counts) {
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(pool()[key]);
        },
      });
    }
  }

  /** The whole exposition, with the queues' gauges read now. */
  async scrape(): Promise<string> {
    if (this.sources) {
      const gauges = Object.entries(this.backlogGauges) as [keyof Backlog, Gauge][];
      try {
        const backlog = await this.sources.backlog();
        for (const [key, gauge] of gauges) gauge.set(backlog[key]);
        this.backlogUp.set(1);
      } catch (error) {
        for (const [, gauge] of gauges) gauge.set(Number.NaN);
        this.backlogUp.set(0);
        this.sources.onBacklogError(error);
      }
    }
    return this.registry.metrics();
  }

  /** The registry's content type, for the scrape's answer. */
  get contentType(): string {
    return this.registry.contentType;
  }

  httpAnswered(route: string | undefined, method: string, status: number, seconds: number): void {
    const labels = {
      route: route ?? UNMATCHED_ROUTE,
      method,
      status_class: `${Math.floor(status / 100)}xx`,
    };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  depositMatched(source: DepositSource): void {
    this.depositsMatched.inc({ source });
  }

  depositInReview(source: DepositSource, reason: DepositReviewReason): void {
    this.depositsReview.inc({ source, reason });
  }

  depositRefundDue(source: DepositSource, reason: RefundReason): void {
    this.depositsRefundDue.inc({ source, reason });
  }

  depositDuplicate(source: DepositSource): void {
    this.depositsDuplicate.inc({ source });
  }

  bankWebhookRejected(reason: WebhookRejectionReason): void {
    this.webhookRejections.inc({ reason });
  }

  /** A stream opened; call what it returns when it closes (more than once is harmless). */
  liveStreamOpened(): () => void {
    this.liveStreams.inc();
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.liveStreams.dec();
    };
  }

  private gauge(name: string, help: string): Gauge {
    return new Gauge({ name, help, registers: [this.registry] });
  }
}
