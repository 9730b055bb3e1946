import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BANK_WEBHOOK_SECRET, startPortal } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The shared portal's DATA_DIR, where its mail lands as .eml files (mail-files.ts). */
    portalDataDir: string;
    /** Where the staff's two-factor secrets and last steps are kept (two-factor.ts). */
    twoFactorFile: string;
  }
}

export default async function setup(project: TestProject) {
  // Demo data (the seeded operator, agency and client) also with DATABASE_URL, where it is off
  // by default: the identity tests sign in as the demo operator.
  const portal = await startPortal({
    DEMO_DATA: 'true',
    BANK_WEBHOOK_SECRET,
    TRUST_PROXY: 'loopback',
    // The demo merchants are sandbox ones, and the sandbox-account tests open accounts there;
    // on whatever NODE_ENV the run has.
    SANDBOX_MERCHANTS: 'true',
  });
  project.provide('baseURL', portal.baseURL);
  project.provide('portalDataDir', portal.dataDir);
  const twoFactorDir = mkdtempSync(join(tmpdir(), 'portal-e2e-two-factor-'));
  project.provide('twoFactorFile', join(twoFactorDir, 'steps.json'));
  return async () => {
    await portal.stop();
    rmSync(twoFactorDir, { recursive: true, force: true });
  };
}
