import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { deleteExpiredSessions, type SessionLifetime } from '@server/modules/auth/sessions';
import { deleteSpentPasswordResets } from '@server/modules/auth/password-reset';
import { deleteSpentEmailVerifications } from '@server/modules/email-verification/links';
import { deleteStaleCounters } from '@server/modules/throttle/throttle';
import { deleteStalePasskeyChallenges } from '@server/modules/passkeys/challenges';
import { deleteStaleChallenges } from '@server/modules/two-factor/challenges';

/** How often each instance sweeps; several instances sweeping the same rows is harmless. */
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Deletes expired sessions, forgotten throttle counters, spent reset links and finished or expired
 * sign-in challenges; returns how many of each went.
 */
export async function sweep(db: Database, lifetime: SessionLifetime) {
  return {
    sessions: await deleteExpiredSessions(db, lifetime),
    throttleCounters: await deleteStaleCounters(db),
    passwordResets: await deleteSpentPasswordResets(db),
    emailVerifications: await deleteSpentEmailVerifications(db),
    signInChallenges: await deleteStaleChallenges(db),
    passkeyChallenges: await deleteStalePasskeyChallenges(db),
  };
}

/**
 * Keeps the tables that only grow by themselves small: once at start, then every
 * SWEEP_INTERVAL_MS, as a background job (plugins/app/jobs.ts).
 */
export default fp(
  async (app) => {
    const lifetime = {
      idleMinutes: app.config.sessionIdleMinutes,
      maxHours: app.config.sessionMaxHours,
    };
    app.jobs.every(
      'expired rows',
      SWEEP_INTERVAL_MS,
      async () => app.log.debug({ swept: await sweep(app.db, lifetime) }, 'expired rows swept'),
      { atStart: true },
    );
  },
  { name: 'housekeeping', dependencies: ['database', 'jobs'] },
);
