/**
 * The one Drizzle schema of the portal, one file per domain in ./schema/. drizzle-kit generates
 * the SQL migrations in apps/server/drizzle/ from it (`npm run db:generate -w @portal/server`);
 * the same migrations run on embedded PGlite and on a real PostgreSQL server.
 */
export * from './schema/settings';
export * from './schema/identity';
export * from './schema/merchants';
export * from './schema/money';
export * from './schema/approvals';
export * from './schema/two-factor';
export * from './schema/passkeys';
export * from './schema/mail';
