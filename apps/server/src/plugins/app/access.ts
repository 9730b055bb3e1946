import {
  API_BASE_PATH,
  DEPLOYMENT_ROLE_HEADER,
  HOST_COOKIE_PREFIX,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@portal/contract/http';
import type { UserRole } from '@portal/contract/users';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { appSettings } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import {
  csrfTokenFor,
  csrfTokenMatches,
  newAnonymousId,
  type CsrfBinding,
} from '@server/modules/auth/csrf';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findSession,
  type SessionRecord,
  type SignedInUser,
} from '@server/modules/auth/sessions';
import {
  KNOWN_DEVICE_DAYS,
  knownDeviceOf,
  rememberDevice,
} from '@server/modules/auth/known-devices';

/**
 * Who may call an /api route, declared in the route's config and enforced here for every route,
 * so that a route that forgets to say anything is signed-in-only, never open:
 *
 *   app.get('/auth/me', { config: { access: 'public' } }, ...)
 *   app.post('/operator/kyc/:id/approve', { config: { access: ['operator'] } }, ...)
 *
 * - access: 'public' (anyone), 'user' (any signed-in user; the default), or a list of roles.
 * - caller: 'browser' (the default: the role header must name this deployment, and
 *   state-changing requests must be same-site and carry the anti-forgery token), 'machine'
 *   (server-to-server calls such as signed webhooks, which prove themselves by signature), or
 *   'probe' (health checks). Non-browser routes have no session, so they must be 'public'
 *   (checked when the route is added).
 *
 * A browser request is checked in this order: the role header (DEPLOYMENT_ROLE_MISMATCH); the
 * session cookie; for state-changing methods, same-site (CROSS_SITE_REQUEST); a signed-in user
 * where one is needed (UNAUTHENTICATED); for state-changing methods, the anti-forgery token
 * (CSRF_TOKEN_INVALID); the role (FORBIDDEN).
 */
export type Access = 'public' | 'user' | readonly UserRole[];
export type Caller = 'browser' | 'machine' | 'probe';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    caller?: Caller;
  }
  interface FastifyRequest {
    user: SignedInUser | null;
    session: SessionRecord | null;
    /** This browser's device id for `userId` if that account signed in on it before. */
    knownDeviceOf(userId: string): string | null;
  }
  interface FastifyReply {
    /**
     * Signs `userId` in with a brand-new session (the old one, if any, ends), and remembers this
     * browser as one the account has used (modules/auth/known-devices.ts). `secondFactor`: the
     * sign-in proved a second factor as well as the password.
     */
    startSession(userId: string, options?: { secondFactor?: boolean }): Promise<SessionRecord>;
    /** Signs the current session out. */
    endSession(): Promise<void>;
  }
  interface FastifyInstance {
    /** Requires a signed-in user; for handlers whose access is 'user' or a role list. */
    signedInUser(request: FastifyRequest): SignedInUser;
  }
}

export const SESSION_COOKIE = 'portal_session';

/**
 * The cookies' names as sent: with Secure cookies (HTTPS, production) they carry the __Host-
 * prefix, which the browser honours only for a cookie set by this host, Secure, with Path=/ and
 * no Domain (all three hold here), so a sibling subdomain cannot plant a session or a token.
 */
export function cookieNamesFor(secure: boolean) {
  const name = (base: string) => (secure ? `${HOST_COOKIE_PREFIX}${base}` : base);
  return {
    session: name(SESSION_COOKIE),
    anonymous: name(ANONYMOUS_COOKIE),
    xsrf: name(XSRF_COOKIE),
    knownDevice: name(KNOWN_DEVICE_COOKIE),
  };
}
export const ANONYMOUS_COOKIE = 'portal_anon';
/** Signed tokens of the accounts that signed in on this browser (modules/auth/known-devices.ts). */
export const KNOWN_DEVICE_COOKIE = 'portal_device';
/** Where an older version kept the anti-forgery secret (docs/SECURITY.md "Keys"). */
const RETIRED_CSRF_SECRET_SETTING = 'csrf_secret';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async (app) => {
    // SESSION_SECRET when configured, else a key derived from the master key. An older version
    // kept a generated secret in app_settings, in plain text: it is dropped, not used.
    const secret = app.config.sessionSecret ?? app.keyFor('anti-forgery').toString('base64url');
    await app.db.delete(appSettings).where(eq(appSettings.key, RETIRED_CSRF_SECRET_SETTING));
    const lifetime = {
      idleMinutes: app.config.sessionIdleMinutes,
      maxHours: app.config.sessionMaxHours,
    };
    const names = cookieNamesFor(app.config.cookieSecure);
    const baseCookie: CookieSerializeOptions = {
      path: '/',
      sameSite: 'lax',
      secure: app.config.cookieSecure,
    };

    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    const deviceKey = app.keyFor('known-devices');
    app.decorateRequest('knownDeviceOf', function (this: FastifyRequest, userId: string) {
      return knownDeviceOf(deviceKey, this.cookies[names.knownDevice], userId);
    });

    app.decorate('signedInUser', (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return request.user;
    });

    app.decorateReply(
      'startSession',
      async function (
        this: FastifyReply,
        userId: string,
        options: { secondFactor?: boolean } = {},
      ) {
        const request = this.request;
        if (request.session) await deleteSession(app.db, request.session.id);
        await deleteExpiredSessions(app.db, lifetime, userId);
        const { token, session } = await createSession(
          app.db,
          userId,
          lifetime,
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
          options.secondFactor ?? false,
        );
        this.setCookie(names.session, token, {
          ...baseCookie,
          httpOnly: true,
          maxAge: lifetime.maxHours * 3600,
        });
        this.setCookie(
          names.knownDevice,
          rememberDevice(deviceKey, request.cookies[names.knownDevice], userId),
          { ...baseCookie, httpOnly: true, maxAge: KNOWN_DEVICE_DAYS * 24 * 3600 },
        );
        request.session = session;
        // The anonymous id (and the token bound to it) served only until sign-in.
        if (request.cookies[names.anonymous]) this.clearCookie(names.anonymous, baseCookie);
        anonymousIds.set(request, null);
        return session;
      },
    );

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const request = this.request;
      if (request.session) await deleteSession(app.db, request.session.id);
      this.clearCookie(names.session, { ...baseCookie, httpOnly: true });
      request.session = null;
      request.user = null;
      // A fresh anonymous id after sign-out, never the one from before sign-in.
      anonymousIds.set(request, null);
    });

    // A route whose caller is not a browser has no session, so "signed-in only" or a role list
    // could never hold for it; it must say 'public' and prove itself otherwise (a signature).
    // Refused when the route is added, so the mistake stops the start instead of opening it.
    app.addHook('onRoute', (route) => {
      const { caller = 'browser', access = 'user' } = route.config ?? {};
      if (caller !== 'browser' && access !== 'public') {
        throw new Error(
          `${route.method} ${route.url}: a '${caller}' route has no signed-in user; declare access: 'public' and check the caller another way.`,
        );
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRoute(request)) return;
      const { caller = 'browser', access = 'user' } = request.routeOptions.config;
      if (caller !== 'browser') return;

      if (request.headers[DEPLOYMENT_ROLE_HEADER.toLowerCase()] !== app.config.deploymentRole) {
        throw new AppError('DEPLOYMENT_ROLE_MISMATCH');
      }

      const token = request.cookies[names.session];
      let found;
      try {
        found = token ? await findSession(app.db, token, lifetime, app.config.stepUpSeconds) : null;
      } catch (error) {
        unidentified.add(request);
        throw error;
      }
      request.session = found?.session ?? null;
      request.user = found?.user ?? null;
      // A cookie of an ended or expired session is dropped rather than sent again and again.
      if (token && !found) reply.clearCookie(names.session, { ...baseCookie, httpOnly: true });

      const unsafe = !SAFE_METHODS.has(request.method);
      if (unsafe) refuseCrossSite(request);
      // Signed-out callers of signed-in routes learn that first: nothing runs either way, and
      // the web can send them to sign in instead of retrying with a fresh token.
      if (access !== 'public' && !request.user) throw new AppError('UNAUTHENTICATED');
      if (unsafe) {
        const binding = bindingOf(request, names.anonymous);
        const received = request.headers[XSRF_HEADER.toLowerCase()];
        if (!binding || !csrfTokenMatches(csrfTokenFor(secret, binding), single(received))) {
          throw new AppError('CSRF_TOKEN_INVALID');
        }
      }
      // A role list (the only access that is not a string) needs one of its roles.
      if (request.user && typeof access !== 'string' && !access.includes(request.user.role)) {
        throw new AppError('FORBIDDEN');
      }
    });

    // After the handler (which may have signed in or out), make sure the readable token cookie
    // fits the session the browser now has.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isApiRoute(request) || (request.routeOptions.config.caller ?? 'browser') !== 'browser') {
        return payload;
      }
      // Who is calling is unknown (the database failed): a token for an anonymous visitor would
      // replace the signed-in browser's good one and fail its next request after the database
      // is back, so its cookies are left as they are.
      if (unidentified.has(request)) return payload;
      let binding = bindingOf(request, names.anonymous);
      if (!binding) {
        const anonymous = newAnonymousId();
        reply.setCookie(names.anonymous, anonymous, { ...baseCookie, httpOnly: true });
        binding = { anonymous };
      }
      const token = csrfTokenFor(secret, binding);
      if (request.cookies[names.xsrf] !== token || reply.hasHeader('set-cookie')) {
        reply.setCookie(names.xsrf, token, { ...baseCookie, httpOnly: false });
      }
      return payload;
    });
  },
  { name: 'access', dependencies: ['database', 'cookie', 'secret-box'] },
);

/**
 * The anonymous id a request's anti-forgery token is bound to when nobody is signed in: its
 * cookie's, or null once sign-in or sign-out has retired it (onSend then issues a new one).
 */
const anonymousIds = new WeakMap<FastifyRequest, string | null>();

/** Requests whose session could not be looked up (database unavailable). */
const unidentified = new WeakSet<FastifyRequest>();

function bindingOf(request: FastifyRequest, anonymousCookie: string): CsrfBinding | null {
  if (request.session) return { session: request.session.id };
  const anonymous = anonymousIds.has(request)
    ? anonymousIds.get(request)
    : request.cookies[anonymousCookie];
  return anonymous ? { anonymous } : null;
}

function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && url.startsWith(`${API_BASE_PATH}/`);
}

/** Browsers say where a request comes from; anything not from this site is refused. */
function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new AppError('CROSS_SITE_REQUEST');
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!sameHost(origin, request.host)) throw new AppError('CROSS_SITE_REQUEST');
}

/** Whether an Origin names the host the request was sent to. Both sides go through URL, so a
 * default port written out on one side only (`Host: example.com:443`) still matches. An opaque
 * (`null`) or unreadable Origin never does. */
function sameHost(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}
