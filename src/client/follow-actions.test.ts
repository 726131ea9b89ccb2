import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignContract } from '../domain/api/endpoints/contracts';
import type { Action } from '../domain/hypermedia';
import { followActions } from './follow-actions';

const assign = (ref: string): Action => ({
  name: 'assign',
  method: 'POST',
  href: `/api/contracts/${ref}/assign`,
});

/** A server that answers each call when told to, and counts the calls open at once. */
function server() {
  const open = new Map<string, () => void>();
  let mostAtOnce = 0;
  const fetch = vi.fn((url: string) => {
    const ref = /contracts\/([^/]+)\//.exec(url)![1]!;
    return new Promise<Response>((resolve) => {
      open.set(ref, () =>
        resolve(
          ref.startsWith('refused')
            ? new Response(JSON.stringify({ title: 'Forbidden' }), { status: 403 })
            : new Response(
                JSON.stringify({
                  properties: { referenceCode: ref, userProfileId: 'p', ownerName: 'Maja Holm' },
                }),
                {
                  status: 200,
                },
              ),
        ),
      );
      mostAtOnce = Math.max(mostAtOnce, open.size);
    });
  });
  /** Answers the calls open at each moment, a batch at a time, until `work` has finished. */
  const answerUntil = async <T>(work: Promise<T>): Promise<T> => {
    let finished = false;
    void work.finally(() => (finished = true));
    while (!finished) {
      await vi.waitFor(() => expect(finished || open.size > 0).toBe(true));
      for (const [ref, answer] of [...open]) {
        open.delete(ref);
        answer();
      }
    }
    return work;
  };
  return { fetch, answerUntil, mostAtOnce: () => mostAtOnce };
}

describe('following many actions (administration specification, “The calls it makes”)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends 4 at once by default and answers each outcome in order, a refusal among them', async () => {
    const s = server();
    vi.stubGlobal('fetch', s.fetch);
    const refs = ['C-1', 'C-2', 'refused-3', 'C-4', 'C-5', 'C-6', 'C-7', 'C-8', 'C-9', 'C-10'];
    const outcomes = await s.answerUntil(
      followActions(refs.map(assign), assignContract, { userProfileId: 'p' }),
    );
    expect(s.fetch).toHaveBeenCalledTimes(10);
    expect(s.mostAtOnce()).toBe(4);
    expect(outcomes.map((o) => o.status)).toEqual(
      refs.map((r) => (r.startsWith('refused') ? 'rejected' : 'fulfilled')),
    );
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.properties.referenceCode : 'x'))).toEqual(
      refs.map((r) => (r.startsWith('refused') ? 'x' : r)),
    );
  });

  it('sends one after the other when asked to', async () => {
    const s = server();
    vi.stubGlobal('fetch', s.fetch);
    const follow = followActions(
      ['C-1', 'C-2', 'C-3'].map(assign),
      assignContract,
      { userProfileId: 'p' },
      { parallel: 1 },
    );
    await s.answerUntil(follow);
    expect(s.mostAtOnce()).toBe(1);
  });

  it('refuses an action that is not the expected call without sending it', async () => {
    const s = server();
    vi.stubGlobal('fetch', s.fetch);
    const [outcome] = await followActions(
      [{ name: 'delete', method: 'DELETE', href: '/api/users/1' }],
      assignContract,
      { userProfileId: 'p' },
    );
    expect(outcome!.status).toBe('rejected');
    expect(s.fetch).not.toHaveBeenCalled();
  });
});
