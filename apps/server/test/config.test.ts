import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { DEFAULT_WEB_DIST_DIR } from '@server/paths';

describe('loadConfig', () => {
  it('gives laptop-friendly defaults for an empty environment', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      logLevel: 'info',
      databaseUrl: undefined,
      databaseReplicaUrl: undefined,
      readYourWritesSeconds: 5,
      dataDir: resolve('/srv/portal/data'),
      pgliteDir: resolve('/srv/portal/data/pglite'),
      deploymentRole: 'production',
      webDistDir: DEFAULT_WEB_DIST_DIR,
      demoData: true,
      trustProxy: false,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      // The contract's STEP_UP_MINUTES.
      stepUpSeconds: 300,
      liveSessionCheckSeconds: 15,
      sessionSecret: undefined,
      cookieSecure: false,
      uploadsDir: resolve('/srv/portal/data/uploads'),
      objectStorage: undefined,
      quoteMaxAgeSeconds: 120,
      payoutApprovalMinKrw: '1000000',
      buyRequestTtlHours: 24,
      bankWebhookSecret: undefined,
      backgroundJobs: true,
      sandboxMerchants: true,
      sandboxStartingBalance: '1000',
      sandboxAccountsPerMerchant: 3,
      imageUploadsAtOnce: 2,
      smtpUrl: undefined,
      mailFrom: 'WonBridge <no-reply@wonbridge.example>',
      mailDir: resolve('/srv/portal/data/mail'),
      publicUrl: 'http://localhost:3000',
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      metricsToken: undefined,
    });
  });

  it('reads the metrics listener and refuses one open beyond this machine without a token', () => {
    const token = 'metrics-token-of-at-least-32-characters';
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      metricsToken: undefined,
    });
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }),
    ).toMatchObject({ metricsPort: 9464, metricsHost: '0.0.0.0', metricsToken: token });
    // Loopback in any spelling needs no token.
    for (const host of [
      '127.0.0.1',
      '127.0.0.2',
      '::1',
      '[::1]',
      'localhost',
      '::ffff:127.0.0.1',
    ]) {
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host }).metricsHost, host).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'metrics.internal']) {
      expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host }), host).toThrow(
        /METRICS_TOKEN must be set when METRICS_HOST is not a loopback address/,
      );
    }
    // Without a metrics listener there is nothing to protect.
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metricsPort).toBeUndefined();
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
    for (const [name, value] of [
      ['METRICS_PORT', '65536'],
      ['METRICS_PORT', 'nine'],
      ['METRICS_TOKEN', 'short'],
      ['METRICS_TOKEN', `${token} with spaces`],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
    // The token is a secret: never echoed in the error.
    expect(() => loadConfig({ METRICS_TOKEN: 'hunter2' })).toThrow(/^(?!.*hunter2)/s);
  });

  it('reads the mail settings and refuses what cannot be a mail server or a site', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://portal:secret@mail.example:465',
      MAIL_FROM: '원브릿지 <help@wonbridge.example>',
      PUBLIC_URL: 'https://portal.wonbridge.example/',
      PORT: '8080',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://portal:secret@mail.example:465',
      mailFrom: '원브릿지 <help@wonbridge.example>',
      publicUrl: 'https://portal.wonbridge.example',
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    for (const [name, value] of [
      ['SMTP_URL', 'http://mail.example'],
      ['SMTP_URL', 'smtp://'],
      ['PUBLIC_URL', 'javascript:alert(1)'],
      ['PUBLIC_URL', 'https://portal.example/app?x=1'],
      ['PUBLIC_URL', 'https://user@portal.example'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
    // A mail server's URL carries its password: never echoed in the error.
    expect(() => loadConfig({ SMTP_URL: 'ftp://portal:hunter2@mail.example' })).toThrow(
      /^(?!.*hunter2)/s,
    );
  });

  it('reads STORAGE_URL: a bucket, its endpoint, region and addressing; unset keeps local disk', () => {
    expect(loadConfig({}, '/srv/portal').objectStorage).toBeUndefined();
    expect(
      loadConfig({
        STORAGE_URL:
          's3://portal-documents?endpoint=http://127.0.0.1:9000&region=ap-northeast-2&forcePathStyle=true',
      }).objectStorage,
    ).toEqual({
      bucket: 'portal-documents',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-northeast-2',
      forcePathStyle: true,
    });
    // Amazon S3 itself: no endpoint, the region from AWS_REGION, virtual-hosted addressing.
    expect(
      loadConfig({ STORAGE_URL: 's3://wonbridge.kyc/', AWS_REGION: 'ap-northeast-2' })
        .objectStorage,
    ).toEqual({
      bucket: 'wonbridge.kyc',
      endpoint: undefined,
      region: 'ap-northeast-2',
      forcePathStyle: false,
    });
    // The URL's region wins over AWS_REGION; an endpoint is kept as its origin.
    expect(
      loadConfig({
        STORAGE_URL: 's3://docs?region=us-east-1&endpoint=https://store.example:8443/',
        AWS_REGION: 'ap-northeast-2',
      }).objectStorage,
    ).toMatchObject({ region: 'us-east-1', endpoint: 'https://store.example:8443' });
  });

  it('refuses a STORAGE_URL it cannot use, saying why, and never repeats it', () => {
    const region = { AWS_REGION: 'ap-northeast-2' };
    for (const [value, reason] of [
      ['https://docs.s3.amazonaws.com', /must be an s3:\/\/bucket URL/],
      ['s3://', /must name a bucket/],
      ['s3://Docs', /must name a bucket/],
      ['s3://ab', /must name a bucket/],
      ['s3://a..b', /must name a bucket/],
      ['s3://docs:9000', /must name a bucket/],
      ['s3://docs/kyc', /no path/],
      ['s3://docs?bucket=other', /unknown parameter "bucket"/],
      ['s3://docs?region=a&region=b', /gives "region" twice/],
      ['s3://docs?endpoint=ftp://store.example', /endpoint must be an http/],
      ['s3://docs?endpoint=http://store.example/path', /endpoint must be an http/],
      ['s3://docs?endpoint=http://user:pw@store.example', /endpoint must be an http/],
      ['s3://docs?region=Seoul!', /region must be/],
      ['s3://docs?forcePathStyle=yes', /forcePathStyle must be true or false/],
      ['s3://AKIAEXAMPLE:hunter2@docs', /must not carry credentials/],
    ] as const) {
      expect(() => loadConfig({ STORAGE_URL: value, ...region }), value).toThrow(
        new RegExp(`STORAGE_URL .*${reason.source}`),
      );
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://docs' })).toThrow(
      /STORAGE_URL needs a region: add region=\.\.\. to it, or set AWS_REGION/,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://AKIAEXAMPLE:hunter2@docs', ...region })).toThrow(
      /^(?!.*hunter2)/s,
    );
    // In production documents never cross a network in the clear; loopback is the one exception.
    const production = { NODE_ENV: 'production', ...region };
    expect(() =>
      loadConfig({ STORAGE_URL: 's3://docs?endpoint=http://store.internal:9000', ...production }),
    ).toThrow(/STORAGE_URL endpoint must be https:\/\/ in production/);
    expect(
      loadConfig({ STORAGE_URL: 's3://docs?endpoint=http://127.0.0.1:9000', ...production })
        .objectStorage?.endpoint,
    ).toBe('http://127.0.0.1:9000');
  });

  it('reads how many identity images an instance decodes at once', () => {
    expect(loadConfig({ IMAGE_UPLOADS_AT_ONCE: '16' }).imageUploadsAtOnce).toBe(16);
    for (const value of ['0', '17', '1.5', 'many']) {
      expect(() => loadConfig({ IMAGE_UPLOADS_AT_ONCE: value }), value).toThrow(
        /IMAGE_UPLOADS_AT_ONCE must be a whole number from 1 to 16/,
      );
    }
  });

  it('reads the sandbox settings, with sandbox merchants off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sandboxMerchants).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).sandboxMerchants).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SANDBOX_MERCHANTS: 'true',
        SANDBOX_STARTING_BALANCE: '25.12345678',
        SANDBOX_ACCOUNTS_PER_MERCHANT: '50',
      }),
    ).toMatchObject({
      sandboxMerchants: true,
      sandboxStartingBalance: '25.12345678',
      sandboxAccountsPerMerchant: 50,
    });
    for (const env of [
      { SANDBOX_MERCHANTS: 'maybe' },
      { SANDBOX_STARTING_BALANCE: '0' },
      { SANDBOX_STARTING_BALANCE: '1.123456789' },
      { SANDBOX_STARTING_BALANCE: '-5' },
      { SANDBOX_ACCOUNTS_PER_MERCHANT: '0' },
      { SANDBOX_ACCOUNTS_PER_MERCHANT: '51' },
      { SANDBOX_ACCOUNTS_PER_MERCHANT: '2.5' },
    ]) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name} `));
    }
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: 'postgres://portal:secret@db.internal:5432/portal',
        DATA_DIR: '/var/lib/portal',
        DEPLOYMENT_ROLE: 'staging',
        WEB_DIST_DIR: 'web',
        DEMO_DATA: 'true',
        TRUST_PROXY: '10.0.0.0/8, loopback',
        SESSION_IDLE_MINUTES: '15',
        SESSION_MAX_HOURS: '8',
        STEP_UP_SECONDS: '120',
        SESSION_SECRET: 's'.repeat(32),
        COOKIE_SECURE: 'false',
      },
      '/srv/portal',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'production',
      logLevel: 'warn',
      databaseUrl: 'postgres://portal:secret@db.internal:5432/portal',
      dataDir: resolve('/var/lib/portal'),
      pgliteDir: resolve('/var/lib/portal/pglite'),
      deploymentRole: 'staging',
      webDistDir: resolve('/srv/portal/web'),
      demoData: true,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      sessionIdleMinutes: 15,
      sessionMaxHours: 8,
      stepUpSeconds: 120,
      liveSessionCheckSeconds: 15,
      sessionSecret: 's'.repeat(32),
      cookieSecure: false,
      uploadsDir: resolve('/var/lib/portal/uploads'),
    });
  });

  it('marks cookies Secure in production unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('turns demo data off by default on a real database server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/portal' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    // Published demo sign-ins never come with a production start unless asked for.
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('accepts TRUST_PROXY true and false', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535'],
    [
      { NODE_ENV: 'staging' },
      'NODE_ENV must be one of development, production, test (got "staging")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA must be true or false'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY must be true, false, or a comma-separated list'],
    [{ TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY'],
    [{ DEPLOYMENT_ROLE: 'no spaces' }, 'DEPLOYMENT_ROLE'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be at least 1'],
    [{ SESSION_IDLE_MINUTES: 'soon' }, 'SESSION_IDLE_MINUTES must be a whole number of minutes'],
    [{ SESSION_MAX_HOURS: '1.5' }, 'SESSION_MAX_HOURS must be a whole number of hours'],
    [{ STEP_UP_SECONDS: '0' }, 'STEP_UP_SECONDS must be between 1 and 3600'],
    [{ STEP_UP_SECONDS: '3601' }, 'STEP_UP_SECONDS must be between 1 and 3600'],
    [{ STEP_UP_SECONDS: '5m' }, 'STEP_UP_SECONDS must be a whole number of seconds'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters'],
    [{ COOKIE_SECURE: 'yes please' }, 'COOKIE_SECURE must be true or false'],
  ])('refuses %j with a message naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('lists every problem at once', () => {
    const error = captureConfigError({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(error.problems).toHaveLength(2);
    expect(error.message).toMatch(/^Invalid configuration:\n {2}- PORT .*\n {2}- LOG_LEVEL /);
  });

  it('never repeats a database URL, which may hold a password', () => {
    const error = captureConfigError({ DATABASE_URL: 'mysql://user:hunter2@db/portal' });
    expect(error.message).toContain(
      'DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    );
    expect(error.message).not.toContain('hunter2');
  });

  it('reads a replica only beside a primary, and never repeats its URL', () => {
    const primary = 'postgres://portal@db.internal:5432/portal';
    const replica = 'postgres://portal@replica.internal:5432/portal';
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: replica,
        READ_YOUR_WRITES_SECONDS: '10',
      }),
    ).toMatchObject({
      databaseUrl: primary,
      databaseReplicaUrl: replica,
      readYourWritesSeconds: 10,
    });
    expect(captureConfigError({ DATABASE_REPLICA_URL: replica }).problems).toEqual([
      'DATABASE_REPLICA_URL needs DATABASE_URL (the primary it replicates)',
    ]);
    const error = captureConfigError({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URL: 'mysql://user:hunter2@replica/portal',
    });
    expect(error.message).toContain(
      'DATABASE_REPLICA_URL must be a postgres:// or postgresql:// connection URL',
    );
    expect(error.message).not.toContain('hunter2');
    for (const seconds of ['0', '301', '5s']) {
      expect(() => loadConfig({ READ_YOUR_WRITES_SECONDS: seconds })).toThrow(
        /READ_YOUR_WRITES_SECONDS must be/,
      );
    }
  });

  it('never repeats the session secret', () => {
    const error = captureConfigError({ SESSION_SECRET: 'hunter2-too-short' });
    expect(error.message).toContain('SESSION_SECRET must be at least 32 characters');
    expect(error.message).not.toContain('hunter2');
  });
});

function captureConfigError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
