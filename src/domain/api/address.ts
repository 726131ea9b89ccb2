import type * as ENDPOINTS from './endpoints';

/** The API's endpoints by name (endpoints/). */
export type EndpointName = keyof typeof ENDPOINTS;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Endpoint<N extends EndpointName = EndpointName> {
  readonly name: N;
  readonly method: Method;
  readonly path: string;
}

/** `'/a/:b/c/:d'` → `'b' | 'd'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<N extends EndpointName> = { [K in ParamNames<(typeof ENDPOINTS)[N]['path']>]: string };

const PARAM = /:(\w+)/g;
/** The names of an address's path parameters, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(PARAM)].map(([, key]) => key!);
/** A parameter as text: a string as it is, a number or a boolean as JSON writes it. */
const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The endpoint's address with its path parameters filled (encoded) and every other defined
 * parameter as the query, in the order given. A parameter the path names but `params` lacks is a
 * caller's mistake, not a request to send.
 */
export function addressOf(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  const inPath = new Set<string>();
  const path = endpoint.path.replace(PARAM, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.name}: ${key} is missing`);
    inPath.add(key);
    return encodeURIComponent(text(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (inPath.has(key) || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) query.append(key, text(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether an address (a server-supplied action's href, its query aside) is the endpoint's. */
export const isAddressOf = (endpoint: Endpoint, method: string, href: string): boolean =>
  endpoint.method === method.toUpperCase() &&
  new RegExp(`^${endpoint.path.replace(PARAM, '[^/]+')}$`).test(
    new URL(href, 'http://portal.invalid').pathname,
  );

/**
 * The path parameters and the query of an address when it is the endpoint's (the placeholder of
 * a set still to be created stays as it is); undefined when it is not.
 */
export function paramsIn(
  endpoint: Endpoint,
  method: string,
  href: string,
): Record<string, string> | undefined {
  if (!isAddressOf(endpoint, method, href)) return undefined;
  const url = new URL(href, 'http://portal.invalid');
  const values = url.pathname.split('/');
  const params: Record<string, string> = {};
  endpoint.path.split('/').forEach((part, i) => {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(values[i]!);
  });
  url.searchParams.forEach((value, key) => (params[key] = value));
  return params;
}
