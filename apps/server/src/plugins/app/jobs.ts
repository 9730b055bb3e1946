import fp from 'fastify-plugin';

export interface JobOptions {
  /** Also run once as soon as the app is ready, instead of waiting a first interval. */
  atStart?: boolean;
}

export interface Jobs {
  /**
   * Runs `job` every `intervalMs` in this instance, never two runs of one job at once. A failed
   * run is logged with the job's name and tried again at the next tick: a job throws only what
   * it did not expect, and whatever it expects it handles itself.
   */
  every(name: string, intervalMs: number, job: () => Promise<unknown>, options?: JobOptions): void;
  /**
   * Runs `task` now, beside the request that asked for it, whose answer does not wait (a mail
   * whose sending must not show in the answer's time). Always on, BACKGROUND_JOBS or not; a
   * failure is logged with the task's name; closing the app waits for it.
   */
  afterAnswer(name: string, task: () => Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * The one scheduler of the instance's background jobs (expired rows, merchant credits, buy
 * expiry). Jobs are declared while plugins load and start when the app is ready, only with
 * BACKGROUND_JOBS on (tests turn it off and run jobs step by step); on close no new run starts
 * and the running ones are awaited. Every instance runs them: the jobs themselves keep several
 * instances from doing a thing twice (row claims, state moves, idempotent deletes).
 */
export default fp(
  async (app) => {
    const declared: {
      name: string;
      intervalMs: number;
      job: () => Promise<unknown>;
      atStart: boolean;
    }[] = [];
    const timers: NodeJS.Timeout[] = [];
    const running = new Set<Promise<unknown>>();
    let closing = false;

    const track = (name: string, run: Promise<unknown>) => {
      const tracked = run
        .catch((error: unknown) => app.log.warn({ err: error, job: name }, 'background job failed'))
        .finally(() => running.delete(tracked));
      running.add(tracked);
    };

    app.decorate('jobs', {
      every(name, intervalMs, job, options = {}) {
        declared.push({ name, intervalMs, job, atStart: options.atStart ?? false });
      },
      afterAnswer(name, task) {
        // On a later turn, so that nothing it does, a throw included, reaches the request.
        track(name, Promise.resolve().then(task));
      },
    } satisfies Jobs);

    const start = (
      name: string,
      intervalMs: number,
      job: () => Promise<unknown>,
      atStart: boolean,
    ) => {
      let busy = false;
      const tick = () => {
        if (busy || closing) return;
        busy = true;
        track(
          name,
          job().finally(() => {
            busy = false;
          }),
        );
      };
      if (atStart) tick();
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      timers.push(timer);
    };

    app.addHook('onReady', async () => {
      if (!app.config.backgroundJobs) return;
      for (const { name, intervalMs, job, atStart } of declared)
        start(name, intervalMs, job, atStart);
    });
    app.addHook('preClose', async () => {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    });
  },
  { name: 'jobs' },
);
