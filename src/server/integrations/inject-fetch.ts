import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A fetch that hands the request to this server's own routes (`app.inject`) instead of the
 * network: the built-in simulators (e-signature, BankID) are called through the HTTP API their
 * real adapters speak, in process, however the server listens.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const options: InjectOptions = {
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    };
    const res = await app.inject(options);
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      for (const value of [v ?? []].flat()) headers.append(k, String(value));
    const nullBody = [101, 204, 205, 304].includes(res.statusCode) || res.rawPayload.length === 0;
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}
