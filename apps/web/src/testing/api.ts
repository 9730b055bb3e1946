import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { vi, type Mock } from 'vitest';
import { API_BASE_PATH } from '@portal/contract/http';
import { ApiRequestError } from '@/lib/api-client';

/**
 * The API as the web tests see it: a mock service worker (MSW) answers every request the app's
 * one HTTP client sends, at the network, so the client itself (URLs, query strings, headers,
 * bodies, error shapes) runs in every test. A test says what the API answers with one mock per
 * method, called the way a person reads a request:
 *
 *   GET /api/transactions?page=2   -> mockApi.get('/transactions', { params: { page: '2' } })
 *   GET /api/kyc/documents         -> mockApi.get('/kyc/documents')
 *   POST /api/payee {json}         -> mockApi.post('/payee', { ...json })
 *   POST /api/x/approve (no body)  -> mockApi.post('/x/approve')
 *
 * Query values arrive as text (repeated keys as arrays), JSON bodies parsed, multipart bodies as
 * FormData. A mock answers with `ok(data, status?, headers?)` or throws `apiFailure(...)`;
 * `networkFailure()` drops the connection. Unmocked requests fail the call with 501. Every
 * request is kept in `apiRequests` for tests that check headers.
 */

type Answer = { data?: unknown; status?: number; headers?: Record<string, string> };
// Answers are `ok(...)` (or a promise of one); typed loosely so fixtures need no casts.
type GetMock = Mock<(path: string, options?: { params: Params }) => unknown>;
type SendMock = Mock<(path: string, body?: unknown) => unknown>;
type Params = Record<string, string | string[]>;

export const mockApi: {
  get: GetMock;
  delete: GetMock;
  post: SendMock;
  put: SendMock;
  patch: SendMock;
} = {
  get: vi.fn(),
  delete: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  patch: vi.fn(),
};

/** Every request the app sent in this test, oldest first. */
export const apiRequests: Request[] = [];

/** A successful answer. */
export function ok<T>(data: T, status = 200, headers: Record<string, string> = {}) {
  return { data, status, headers };
}

/** An API refusal with the API's one error shape. */
export function apiFailure(
  status: number,
  code: string,
  {
    fields,
    headers = {},
  }: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): ApiRequestError {
  return new ApiRequestError(`Request failed with status code ${status}`, {
    status,
    data: { error: { code, message: code, ...(fields ? { fields } : {}) } },
    headers: new Headers(headers),
  });
}

/** The connection drops before an answer comes. */
export function networkFailure(): ApiRequestError {
  return new ApiRequestError('Network Error');
}

function paramsOf(url: URL): Params {
  const params: Params = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    params[key] = values.length === 1 ? values[0]! : values;
  }
  return params;
}

/**
 * A multipart body as FormData. Node's own parser makes each file with the global `File`, which
 * in these tests is jsdom's, and Node 24 then refuses its own result; it parses with Node's `File`
 * in place for that moment.
 */
async function formDataOf(request: Request): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await request.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return formDataOf(request);
  const text = await request.text();
  if (text === '') return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/** A Blob's bytes. (The test's Blob is jsdom's, which Node's Response cannot send as it is.) */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });
}

async function respond({ data, status = 200, headers = {} }: Answer): Promise<Response> {
  if (status === 204 || data === undefined) return new HttpResponse(null, { status, headers });
  if (data instanceof Blob) {
    return new HttpResponse(await bytesOf(data), {
      status,
      headers: { 'content-type': data.type || 'application/octet-stream', ...headers },
    });
  }
  return HttpResponse.json(data as never, { status, headers });
}

function refusal(error: unknown): Response {
  if (error instanceof ApiRequestError && error.status !== undefined) {
    return HttpResponse.json(error.data as never, {
      status: error.status,
      headers: Object.fromEntries(error.headers.entries()),
    });
  }
  // Anything else a mock throws is a dropped connection, as the client sees a network error.
  return HttpResponse.error();
}

export const apiServer = setupServer(
  http.all(`*${API_BASE_PATH}/*`, async ({ request }) => {
    apiRequests.push(request.clone());
    const url = new URL(request.url);
    const path = url.pathname.slice(API_BASE_PATH.length);
    const method = request.method.toLowerCase() as keyof typeof mockApi;
    const mock = mockApi[method];
    try {
      let answer: unknown;
      if (method === 'get' || method === 'delete') {
        const params = paramsOf(url);
        answer = await (Object.keys(params).length === 0
          ? (mock as GetMock)(path)
          : (mock as GetMock)(path, { params }));
      } else {
        const body = await bodyOf(request);
        answer = await (body === undefined
          ? (mock as SendMock)(path)
          : (mock as SendMock)(path, body));
      }
      // A mock without an answer returns undefined: say which request was not mocked.
      if (typeof answer !== 'object' || answer === null) {
        return HttpResponse.json(
          { error: { code: 'NOT_MOCKED', message: `${request.method} ${path} is not mocked` } },
          { status: 501 },
        );
      }
      return await respond(answer as Answer);
    } catch (error) {
      return refusal(error);
    }
  }),
);

/** For setup.ts: start before the tests, forget every answer and request after each. */
export function resetApiMocks() {
  for (const mock of Object.values(mockApi)) mock.mockReset();
  apiRequests.length = 0;
}
