import { randomUUID } from 'node:crypto';
import { API_BASE_PATH } from '@portal/contract/http';
import { ZodType } from 'zod';
import type { Config } from '@server/config';
import type { AppDependencies } from '@server/app';
import type { App } from '@server/lib/zod-routes';
import type { Access, Caller } from '@server/plugins/app/access';
import { buildTestApp } from './helpers';

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  caller: Caller;
  /** The zod schemas the route validates its request with, where it declares them. */
  schema: RouteSchemas;
}

export interface RouteSchemas {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A test app and every /api route it registers, as the app itself sees them, so tests that must
 * cover "every route" cover new routes without being told.
 */
export async function buildAppWithRoutes(
  overrides: Partial<Config> = {},
  dependencies: AppDependencies = {},
): Promise<{ app: App; routes: ApiRoute[] }> {
  // The hook must be in place before the app starts loading its plugins, on the next tick.
  const app = await buildTestApp(overrides, dependencies, collectApiRoutes);
  return { app, routes: routesOf.get(app) ?? [] };
}

const routesOf = new WeakMap<App, ApiRoute[]>();

function collectApiRoutes(app: App): void {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE_PATH}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'user',
        caller: route.config?.caller ?? 'browser',
        schema: schemasOf(route.schema),
      });
    }
  });
  routesOf.set(app, routes);
}

function schemasOf(schema: unknown): RouteSchemas {
  const parts = (schema ?? {}) as Record<string, unknown>;
  const zod = (part: unknown) => (part instanceof ZodType ? part : undefined);
  return {
    body: zod(parts.body),
    querystring: zod(parts.querystring),
    params: zod(parts.params),
  };
}

export const isStateChanging = (route: ApiRoute) => !SAFE.has(route.method);

/** A URL that reaches the route: each `:param` becomes a random UUID. */
export function concreteUrl(route: ApiRoute): string {
  return route.url.replace(/:[A-Za-z_]\w*/g, () => randomUUID()).replace(/\*$/, 'x');
}

export const describeRoute = (route: ApiRoute) => `${route.method} ${route.url}`;

/**
 * What each route asks of the second factor (docs/decisions/026, docs/SECURITY.md "Two-factor
 * sign-in"), declared: `on`, two-factor sign-in turned on (TWO_FACTOR_REQUIRED without it);
 * `recent`, a second factor proved within the step-up window (STEP_UP_REQUIRED when older), of
 * the roles that reach it. test/modules/users/two-factor-routes.test.ts walks every route and
 * checks that exactly these answer so, so a new route that sends money out or changes who can do
 * what is added here on purpose or not at all.
 */
export const SECOND_FACTOR_ROUTES: Readonly<Record<string, { on?: true; recent?: true }>> = {
  'POST /api/transactions/sell': { on: true },
  'PUT /api/payee': { on: true, recent: true },
  // Only when the email changes (a new way into the account).
  'PUT /api/profile': { recent: true },
  'POST /api/profile/password': { recent: true },
  'POST /api/operator/approvals/:id/approve': { recent: true },
  'POST /api/operator/approvals/:id/reject': { recent: true },
  'PUT /api/operator/users/:id/role': { recent: true },
  // Passkeys are added and removed only with the app on (TWO_FACTOR_NOT_ON) and a recent proof.
  'POST /api/profile/passkeys/options': { recent: true },
  'POST /api/profile/passkeys': { recent: true },
  'DELETE /api/profile/passkeys/:id': { recent: true },
};
