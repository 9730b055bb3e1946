import {
  API_BASE_PATH,
  DEFAULT_DEPLOYMENT_ROLE,
  DEPLOYMENT_ROLE_HEADER,
  HOST_COOKIE_PREFIX,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@portal/contract/http';
import type { ErrorCode } from '@portal/contract/errors';

/**
 * The one way the browser calls the API (docs/decisions/013-one-http-client.md): the browser's
 * fetch behind a small client, used by every call, the signed-in user and the live stream
 * included. It imports nothing but the contract's HTTP constants (and a type), so every page can
 * carry it.
 *
 * What every call does (docs/PRODUCT.md "Calls"): base /api, the session cookie, JSON in and out,
 * the role header, the anti-forgery header read from its cookie when the request is sent (the
 * server rotates it at sign-in and sign-out), arrays in the query repeated by key, and a
 * cancelled call ending with the one cancellation message.
 */

/** The message every cancelled request ends with (docs/PRODUCT.md "Errors and notices"). */
export const CANCELLED_MESSAGE = 'Query was cancelled';

/** The deployment this browser build belongs to (the role header, decision 002). */
export const DEPLOYMENT_ROLE: string =
  import.meta.env.VITE_DEPLOYMENT_ROLE ?? DEFAULT_DEPLOYMENT_ROLE;

/**
 * A query: each value a string, number or boolean, or an array of them; null and undefined are
 * left out. (`object`, so the features' filter interfaces fit without an index signature.)
 */
export type QueryParams = object;

function queryValue(key: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  throw new TypeError(`Query parameter ${key} must be a string, number or boolean`);
}

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob' for files (exports, identity documents); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /**
   * false: a STEP_UP_REQUIRED answer is the caller's, with no dialog (the step-up call itself,
   * which must never ask for itself).
   */
  stepUp?: false;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/**
 * A call that did not succeed: `status` is the HTTP status, or undefined when no answer came
 * (the network failed); `data` is the answer's body (the API's error shape when it sent one).
 */
export class ApiRequestError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  readonly headers: Headers;

  constructor(
    message: string,
    {
      status,
      data,
      headers = new Headers(),
      cause,
    }: { status?: number; data?: unknown; headers?: Headers; cause?: unknown } = {},
  ) {
    super(message, { cause });
    this.name = 'ApiRequestError';
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/**
 * Query strings repeat an array's key without an index (`status=Requested&status=Pending`) and
 * skip empty values; every key and value is percent-encoded, so what a person searched for
 * (`A&B`, `#3`, `a+b`, Korean text) is exactly what the server receives.
 */
export function serializeParams(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = queryValue(key, item);
      if (text !== undefined) search.append(key, text);
    }
  }
  return search.toString().replaceAll('+', '%20');
}

/** The headers every call carries: the role and, when the cookie is there, the anti-forgery token. */
export function apiHeaders(): Record<string, string> {
  // Over HTTPS the cookie's name carries the __Host- prefix (docs/SECURITY.md).
  const token = readCookie(`${HOST_COOKIE_PREFIX}${XSRF_COOKIE}`) ?? readCookie(XSRF_COOKIE);
  return {
    [DEPLOYMENT_ROLE_HEADER]: DEPLOYMENT_ROLE,
    ...(token === undefined ? {} : { [XSRF_HEADER]: token }),
  };
}

/** The API's absolute address for a path (`/transactions`), with its query. */
export function apiUrl(path: string, params?: QueryParams): string {
  const query = params === undefined ? '' : serializeParams(params);
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}${API_BASE_PATH}${path}${query === '' ? '' : `?${query}`}`;
}

async function readBody(response: Response, responseType: RequestOptions['responseType']) {
  if (response.status === 204) return undefined;
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (text === '') return undefined;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function sendOnce<T>(
  method: string,
  path: string,
  body: unknown,
  { params, signal, headers, responseType }: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: responseType === 'blob' ? '*/*' : 'application/json',
      // A form's multipart boundary is set by the browser; JSON only when there is a body.
      ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
      ...apiHeaders(),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  };
  let response: Response;
  try {
    // Through a Request, as a browser would build it: under the unit tests' jsdom this is what
    // turns jsdom's FormData and File into ones Node's fetch can send (docs/decisions/013).
    response = await fetch(new Request(apiUrl(path, params), init));
  } catch (error) {
    if (signal?.aborted) throw new Error(CANCELLED_MESSAGE);
    throw new ApiRequestError('Network Error', { cause: error });
  }
  let data: unknown;
  try {
    data = await readBody(response, responseType);
  } catch (error) {
    if (signal?.aborted) throw new Error(CANCELLED_MESSAGE);
    throw new ApiRequestError('Network Error', { cause: error });
  }
  if (!response.ok) {
    throw new ApiRequestError(`Request failed with status code ${response.status}`, {
      status: response.status,
      data,
      headers: response.headers,
    });
  }
  return { data: data as T, status: response.status, headers: response.headers };
}

/**
 * Who answers a STEP_UP_REQUIRED refusal (docs/SECURITY.md "Two-factor sign-in"): resolves true
 * once the person has proved their second factor again, false when they would not. `sentAt` is
 * when the refused call went out, so a call refused just before a proof that came meanwhile is
 * sent again without asking twice. Registered by the dialog while it is mounted
 * (`lib/auth/step-up.ts`); with none, the refusal is the caller's as any other.
 */
export type StepUpHandler = (sentAt: number) => Promise<boolean>;
let stepUpHandler: StepUpHandler | undefined;

/** Sets who answers STEP_UP_REQUIRED; the returned function takes it away again. */
export function handleStepUp(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = undefined;
  };
}

function isStepUpRequired(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return false;
  const body = error.data as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === ('STEP_UP_REQUIRED' satisfies ErrorCode);
}

/**
 * A change to the account's security may be refused for want of a recent second factor; once the
 * person proves it, the same call is sent again, once: its second answer is the caller's, so a
 * server that keeps refusing cannot make a loop. Cancelling fails the call with the refusal, which
 * the form then shows like any other.
 */
async function send<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const sentAt = Date.now();
  try {
    return await sendOnce<T>(method, path, body, options);
  } catch (error) {
    const handler = stepUpHandler;
    if (options.stepUp === false || handler === undefined || !isStepUpRequired(error)) throw error;
    const proved = await handler(sentAt);
    if (options.signal?.aborted) throw new Error(CANCELLED_MESSAGE);
    if (!proved) throw error;
    return sendOnce<T>(method, path, body, options);
  }
}

/** The one client every call goes through. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => send<T>('GET', path, undefined, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    send<T>('DELETE', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PATCH', path, body, options),
};

/** The HTTP status of a failed API call; undefined when no answer came. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof ApiRequestError ? error.status : undefined;
}

/** 4xx answers mean the request itself is wrong; sending it again will not help. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
