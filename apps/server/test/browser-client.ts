import { HOST_COOKIE_PREFIX, DEFAULT_DEPLOYMENT_ROLE, XSRF_COOKIE } from '@portal/contract/http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the anti-forgery header (to test that it is required). */
  withoutXsrf?: boolean;
  /** Leave out the role header. */
  withoutRole?: boolean;
  payload?: InjectOptions['payload'];
}

export interface BrowserOptions {
  /** The address the app sees the requests come from; a random private one by default, so
   * that per-IP throttling never mixes up different tests' browsers on a shared database. */
  remoteAddress?: string;
  /** The User-Agent every request carries (none by default, as with inject). */
  userAgent?: string;
}

/** A random address in 10.0.0.0/8. */
export function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * Talks to the app as the web client does: keeps cookies like a browser, sends the role header,
 * and echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN. Call `visit()` first, as the app's first
 * GET /api/auth/me does, to receive the anti-forgery cookie.
 */
export class BrowserClient {
  readonly cookies = new Map<string, string>();
  readonly remoteAddress: string;
  private readonly userAgent: string | undefined;

  constructor(
    private readonly app: App,
    options: BrowserOptions = {},
  ) {
    this.remoteAddress = options.remoteAddress ?? randomAddress();
    this.userAgent = options.userAgent;
  }

  async visit() {
    return this.request('GET', '/api/auth/me');
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, { ...options, body });
  }
  patch(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, { ...options, body });
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, options);
  }

  async request(
    method: Method,
    url: string,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.withoutRole) headers['x-role'] ??= DEFAULT_DEPLOYMENT_ROLE;
    if (this.userAgent !== undefined) headers['user-agent'] ??= this.userAgent;
    // Over HTTPS the cookie's name carries the __Host- prefix, as the web client reads it.
    const token =
      this.cookies.get(`${HOST_COOKIE_PREFIX}${XSRF_COOKIE}`) ?? this.cookies.get(XSRF_COOKIE);
    if (token && !options.withoutXsrf) headers['x-xsrf-token'] ??= token;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: options.body as InjectOptions['payload'] }
          : {}),
    });
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}

let counter = 0;
/** A unique email per call, so tests sharing a real database never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const GOOD_PASSWORD = 'correct horse battery';

/**
 * Signs up a fresh client through the API and returns its signed-in browser. Its email is then
 * marked confirmed, as opening the mailed link does (money waits for it: docs/decisions/027),
 * unless `emailVerified: false` keeps it as sign-up leaves it.
 */
export async function signUpClient(
  app: App,
  overrides: Partial<{
    name: string;
    email: string;
    phone: string;
    password: string;
    agencyCode: string;
    emailVerified: boolean;
  }> = {},
) {
  const browser = new BrowserClient(app);
  await browser.visit();
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? GOOD_PASSWORD;
  const response = await browser.post('/api/auth/sign-up', {
    name: overrides.name ?? '홍길동',
    email,
    phone: overrides.phone ?? '010-1234-5678',
    password,
    confirmPassword: password,
    ...(overrides.agencyCode ? { agencyCode: overrides.agencyCode } : {}),
  });
  if (response.statusCode !== 201)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { user } = response.json() as { user: { id: string; email: string } };
  if (overrides.emailVerified !== false) await markEmailVerified(app, user.id);
  return { browser, user, email, password };
}

/** Marks a user's email confirmed, as opening the link mailed to it does (decision 027). */
export async function markEmailVerified(app: App, userId: string): Promise<void> {
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}
