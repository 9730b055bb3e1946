import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Config } from '@server/config';
import jobs from '@server/plugins/app/jobs';
import { captureLogs } from '../log-capture';

/** A bare app with only the scheduler, its configuration reduced to the one flag it reads. */
async function appWith(backgroundJobs: boolean) {
  const logs = captureLogs();
  const app = Fastify({ logger: { level: 'warn', stream: logs.stream } });
  app.decorate('config', { backgroundJobs } as Config);
  await app.register(jobs);
  return { app, logs };
}

describe('background jobs', () => {
  it('run at start when asked, then every interval, never two runs of one job at once', async () => {
    const { app } = await appWith(true);
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    app.jobs.every(
      'slow',
      5,
      async () => {
        runs += 1;
        concurrent += 1;
        most = Math.max(most, concurrent);
        await new Promise((resolve) => setTimeout(resolve, 30));
        concurrent -= 1;
      },
      { atStart: true },
    );
    await app.ready();
    expect(runs).toBe(1);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await app.close();
    expect(most).toBe(1);
    // Closing waited for the run in progress.
    expect(concurrent).toBe(0);
  });

  it('log a failed run with the job name and go on', async () => {
    const { app, logs } = await appWith(true);
    let runs = 0;
    app.jobs.every('flaky', 5, async () => {
      runs += 1;
      if (runs === 1) throw new Error('database gone');
    });
    await app.ready();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    await app.close();
    const failed = logs.lines().find((line) => line.msg === 'background job failed');
    expect(failed).toMatchObject({ job: 'flaky', err: { message: 'database gone' } });
  });

  it('do not run at all with BACKGROUND_JOBS off', async () => {
    const { app } = await appWith(false);
    const job = vi.fn(async () => undefined);
    app.jobs.every('anything', 5, job, { atStart: true });
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    expect(job).not.toHaveBeenCalled();
  });

  it('run work after an answer even with BACKGROUND_JOBS off, never throwing at the caller, and close waits for it', async () => {
    const { app, logs } = await appWith(false);
    await app.ready();
    let done = false;
    expect(() =>
      app.jobs.afterAnswer('broken at once', () => {
        throw new Error('no mail server');
      }),
    ).not.toThrow();
    app.jobs.afterAnswer('slow mail', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = true;
    });
    expect(done).toBe(false);
    await app.close();
    expect(done).toBe(true);
    const failed = logs.lines().find((line) => line.msg === 'background job failed');
    expect(failed).toMatchObject({ job: 'broken at once', err: { message: 'no mail server' } });
  });
});
