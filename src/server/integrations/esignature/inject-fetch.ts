import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A fetch that reaches routes of this same server without the network: the built-in
 * simulators are called through their HTTP API (the real adapters speak it), in process.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  const call = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input : input.url,
      'http://localhost',
    );
    const options: InjectOptions = {
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    };
    const res = await app.inject(options);
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, {
      status: res.statusCode,
      headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]),
    });
  };
  return call;
}
