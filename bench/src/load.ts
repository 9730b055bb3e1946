import autocannon from 'autocannon';
import pg from 'pg';

/** One measurement: requests per second, latency percentiles in ms, failed requests. */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  /** Requests in turn (autocannon cycles through them); setupRequest may rewrite each one. */
  requests: autocannon.Request[];
  headers?: Record<string, string>;
}

/** HTTP load with autocannon, in this process, against the server child on loopback. */
export async function httpLoad(options: LoadOptions): Promise<Figures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: options.requests,
    timeout: 10,
  });
  return {
    rps: result.requests.total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Connection errors, timeouts and every answer that is not 2xx.
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

export interface Query {
  text: string;
  params: unknown[];
}

/**
 * The floor of an endpoint's database work: the exact statements it sent (captured from Drizzle,
 * see capture.ts), replayed through `pg` on as many connections as the server's pool has, for
 * the same time. One "request" is the endpoint's statements in order.
 */
export async function sqlLoad(
  databaseUrl: string,
  statements: Query[],
  seconds: number,
  connections: number,
): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const latencies: number[] = [];
  let errors = 0;
  // Warm the connections and the prepared path, as the server's pool is warm.
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (const statement of statements) await pool.query(statement.text, statement.params);
    }),
  );
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) {
          const at = performance.now();
          try {
            for (const statement of statements)
              await client.query(statement.text, statement.params);
            latencies.push(performance.now() - at);
          } catch {
            errors += 1;
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / elapsed,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    errors,
    requests: latencies.length,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Each figure as the median of several runs (errors summed: one failure anywhere counts). */
export async function medianOf(runs: number, measure: () => Promise<Figures>): Promise<Figures> {
  const results: Figures[] = [];
  for (let run = 0; run < runs; run++) results.push(await measure());
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}
