import { randomBytes } from 'node:crypto';
import { DEFAULT_DEPLOYMENT_ROLE, HOST_COOKIE_PREFIX, XSRF_COOKIE } from '@portal/contract/http';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A random address in 10.0.0.0/8, sent as X-Forwarded-For. */
export function randomAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/**
 * Talks to a running server over real HTTP as the web client does: a cookie jar, the role
 * header, the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN. The jar can be carried to another
 * instance (`on`), which is how the two-instance test moves a session.
 */
export class Browser {
  readonly cookies: Map<string, string>;

  constructor(
    public baseUrl: string,
    readonly address: string = randomAddress(),
    cookies?: Map<string, string>,
  ) {
    this.cookies = cookies ?? new Map();
  }

  /** The same person (cookies, address) talking to another instance. */
  on(baseUrl: string): Browser {
    return new Browser(baseUrl, this.address, this.cookies);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      'x-role': DEFAULT_DEPLOYMENT_ROLE,
      'x-forwarded-for': this.address,
      ...extra,
    };
    // The servers run in production, where cookies are Secure and named with __Host-.
    const token =
      this.cookies.get(`${HOST_COOKIE_PREFIX}${XSRF_COOKIE}`) ?? this.cookies.get(XSRF_COOKIE);
    if (token) headers['x-xsrf-token'] = token;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    return headers;
  }

  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<Answer<T>> {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = unknown>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<T>> {
    return this.request<T>('POST', path, body, headers);
  }

  /** Throws on a network failure (server down) or after `timeoutMs`: nothing was acknowledged. */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
    timeoutMs = 15_000,
  ): Promise<Answer<T>> {
    const isForm = body instanceof FormData;
    const headers = this.headers(
      body === undefined || isForm ? extra : { 'content-type': 'application/json', ...extra },
    );
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a proxy's page, say): keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
}
