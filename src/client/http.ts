import type { AnswerOf, BodyOf, ParamsOf } from '../domain/api/contract';
import { addressOf, isAddressOf, type Endpoint, type EndpointName } from '../domain/api/address';
import { CALLS } from '../domain/constants';
import { HEADERS, newCorrelationId } from '../domain/http';
import type { Action } from '../domain/hypermedia';
import { PROBLEM_CONTENT_TYPE, type Problem } from '../domain/problems';

/**
 * The hypermedia client: every call carries the spec's headers (correlation id, bearer token,
 * display language, selected user profile id, time-zone offset) and every failure becomes an
 * ApiError with the status, the problem body and the correlation id.
 */
export interface HttpContext {
  accessToken(): string | undefined;
  /** Settles when the token may be used: a renewal of an expired one under way is waited for. */
  ready(): Promise<void>;
  userProfileId(): string | undefined;
  locale(): string;
  /**
   * A call without an answer this long fails as offline ones do: from the server's configuration
   * (administration specification, “The calls it makes”; `CLIENT_REQUEST_TIMEOUT_MS`).
   */
  requestTimeoutMs(): number;
}

let context: HttpContext = {
  accessToken: () => undefined,
  ready: () => Promise.resolve(),
  userProfileId: () => undefined,
  locale: () => 'en-IE',
  requestTimeoutMs: () => CALLS.requestTimeoutMs,
};

export function configureHttp(next: Partial<HttpContext>): void {
  context = { ...context, ...next };
}

/**
 * Waits until the session's token may be sent. A device back online after its token expired
 * renews it first: sent as it is, the token would be refused (401 → access denied). Rejects
 * when it could not be renewed.
 */
export const sessionReady = (): Promise<void> => context.ready();

/** The user profile the calls are made for; undefined: the account's default one. */
export const currentProfileId = (): string | undefined => context.userProfileId();

export class ApiError extends Error {
  constructor(
    /** 0 when the network failed. */
    readonly status: number,
    readonly correlationId: string,
    readonly problem?: Problem,
    /** The path that was called, for the rules that depend on it. */
    readonly path = '',
  ) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Paths are the spec's, relative to /api; server-supplied hrefs (starting with /) are used as they are. */
export function apiUrl(path: string): string {
  return path.startsWith('/api/') ? path : `/api/${path.replace(/^\//, '')}`;
}

/** The spec's headers of every call (also for uploads that go through XMLHttpRequest). */
export function requestHeaders(correlationId: string): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: `application/json, ${PROBLEM_CONTENT_TYPE}`,
    'Accept-Language': context.locale(),
    [HEADERS.correlationId]: correlationId,
    [HEADERS.timezoneOffset]: String(new Date().getTimezoneOffset()),
  };
  const token = context.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const profileId = context.userProfileId();
  if (profileId) headers[HEADERS.userProfileId] = profileId;
  return headers;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const correlationId = newCorrelationId();
  // An expired token that could not be renewed is not sent: the call fails as offline calls do.
  await context.ready().catch(() => {
    throw new ApiError(0, correlationId, undefined, path);
  });
  const headers: Record<string, string> = { ...requestHeaders(correlationId), ...options.headers };
  let body: BodyInit | undefined;
  if (typeof options.body === 'string') {
    body = options.body;
    headers['Content-Type'] ??= 'text/plain';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    // A call that hangs ends after the configured time as a network failure (status 0).
    const timeout = AbortSignal.timeout(context.requestTimeoutMs());
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    response = await fetch(apiUrl(path), { method: options.method ?? 'GET', headers, body, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, correlationId, undefined, path);
  }
  const answeredId = response.headers.get(HEADERS.correlationId) ?? correlationId;
  if (!response.ok) {
    const problem = response.headers.get('content-type')?.includes('json')
      ? ((await response.json().catch(() => undefined)) as Problem | undefined)
      : undefined;
    throw new ApiError(response.status, answeredId, problem, path);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export interface CallInit<N extends EndpointName> {
  body?: BodyOf<N>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint of the contract (src/domain/api/endpoints/): its method and address come
 * from its constant, the path parameters and the query from `params`, the answer's type from
 * its schema in src/domain/api/contract.ts.
 */
export function call<N extends EndpointName>(
  endpoint: Endpoint<N>,
  params: ParamsOf<N>,
  init: CallInit<N> = {},
): Promise<AnswerOf<N>> {
  return api<AnswerOf<N>>(addressOf(endpoint, params), { ...init, method: endpoint.method });
}

/**
 * Follows a server-supplied action with its own method and address. `endpoint` is the one the
 * caller expects it to be, which gives the answer its type; an action that is another endpoint
 * is refused before it is sent (the server and the PWA disagree about the contract).
 */
export function followAction<N extends EndpointName>(
  action: Action,
  endpoint: Endpoint<N> | readonly Endpoint<N>[],
  body?: BodyOf<N>,
  signal?: AbortSignal,
): Promise<AnswerOf<N>> {
  const expected: readonly Endpoint<N>[] = 'name' in endpoint ? [endpoint] : endpoint;
  if (!expected.some((e) => isAddressOf(e, action.method, action.href)))
    return Promise.reject(new Error(`${action.name} is not ${expected.map((e) => e.name).join(' or ')}`));
  return api<AnswerOf<N>>(action.href, { method: action.method, body, signal });
}
