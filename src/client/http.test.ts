import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureHttp } from './http';

/** A server that never answers: the call ends only when its signal aborts it. */
const hanging = () =>
  vi.fn((_url: string, init?: RequestInit) => {
    const signal = init?.signal;
    return new Promise<Response>((_resolve, reject) => {
      // As fetch does: an aborted signal fails the call at once, or when it aborts.
      if (signal?.aborted) reject(signal.reason as Error);
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  });

describe('a call without an answer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureHttp({ requestTimeoutMs: () => 30_000 });
  });

  it('fails as a network failure after the configured time (administration specification, “The calls it makes”)', async () => {
    const fetch = hanging();
    vi.stubGlobal('fetch', fetch);
    configureHttp({ requestTimeoutMs: () => 20 });
    const started = Date.now();
    const failure = await api('users').catch((error: unknown) => error);
    // Ended by the configured 20 ms, long before the default 30 s.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('still ends at once when the caller cancels it, as a cancellation', async () => {
    vi.stubGlobal('fetch', hanging());
    const cancel = new AbortController();
    const call = api('users', { signal: cancel.signal });
    cancel.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
