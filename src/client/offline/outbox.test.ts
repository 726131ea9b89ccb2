import 'fake-indexeddb/auto';
import { fakeLocalStorage } from '../test/local-storage';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HttpModule from '../http';

// The outbox runs in the page; here its calls and the signed-in account are stand-ins.
const calls: { path: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
const answers: ((path: string) => unknown)[] = [];
/** The next prepared answer; one that throws is a refused call. */
const answer = (path: string) => new Promise((resolve) => resolve(answers.shift()?.(path)));
vi.mock('../http', async (original) => {
  const http = await original<typeof HttpModule>();
  return {
    ...http,
    api: vi.fn(
      (path: string, options: { method: string; headers: Record<string, string>; body: unknown }) => {
        calls.push({ path, ...options });
        return answer(path);
      },
    ),
  };
});
vi.mock('../upload', () => ({
  uploadForm: (file: Blob, name: string) => ({ form: name, size: file.size }),
  uploadBody: (file: Blob, name: string) => Promise.resolve({ fileName: name, size: file.size }),
  postWithProgress: vi.fn(
    (path: string, body: unknown, _p: unknown, _s: unknown, headers: Record<string, string>) => {
      calls.push({ path, method: 'POST', headers, body });
      return answer(path);
    },
  ),
}));
vi.mock('./owner', () => ({ currentOwner: () => 'user-1' }));
/** The token the page holds now; the session renews it by replacing it. */
const session = { token: 'token-1' };
vi.mock('../auth/session', () => ({
  sessionStore: {
    subscribe: () => () => undefined,
    get: () => ({ user: { access_token: session.token } }),
  },
}));
Object.defineProperty(globalThis, 'navigator', { value: { onLine: true }, configurable: true });
// The journal's local storage, as the browser gives it.
const stored = fakeLocalStorage();

const { ApiError } = await import('../http');
const { offlineDb, keepFile } = await import('./db');
const { discard, drain, enqueue, MAX_REFUSALS, resolveConflict, resumeOutbox, retry, SET_ID } =
  await import('./outbox');
const { apply, record } = await import('./journal');

const fail =
  (status: number, type = 'about:blank') =>
  () => {
    throw new ApiError(status, 'c', { type, title: 'no', status });
  };
const entries = () => offlineDb.outbox.orderBy('id').toArray();
/** The address of variant `v` of set `id`. */
const variant = (id: string) => `/api/calculationSets/${id}/calculationVariant/v`;
/** A save of variant `v` of the set the entity key names, or (createSet) of a new set. */
const save = (entityKey: string, n: number, endpoint: 'saveVariant' | 'createSet' = 'saveVariant') =>
  enqueue({
    profileId: 'p',
    entityKey,
    label: `save ${n}`,
    endpoint,
    params: endpoint === 'saveVariant' ? { setId: entityKey.split(':')[1]!, variantId: 'v' } : {},
    body: { n },
  });
/** Queues while offline (nothing is sent), then comes back online. */
async function offline(queue: () => Promise<unknown>) {
  Object.assign(navigator, { onLine: false });
  await queue();
  Object.assign(navigator, { onLine: true });
}
const pdf = () => new File(['%PDF-1.4 test'], 'offer.pdf', { type: 'application/pdf', lastModified: 1 });

beforeEach(async () => {
  calls.length = 0;
  answers.length = 0;
  stored.clear();
  await Promise.all([
    offlineDb.outbox.clear(),
    offlineDb.files.clear(),
    offlineDb.drafts.clear(),
    offlineDb.sequences.clear(),
  ]);
  resumeOutbox();
  await drain();
});

describe('outbox', () => {
  it('sends a new set, then its attachment to the set the server created, each with its own key', async () => {
    answers.push(
      () => ({ properties: { calculationSetId: 'S-1' } }),
      () => ({ properties: {} }),
    );
    const file = await keepFile(pdf(), { owner: 'user-1', category: 'financial' });
    await offline(async () => {
      await enqueue({
        profileId: 'p',
        entityKey: 'new:1',
        label: 'set',
        endpoint: 'createSet',
        params: {},
        body: {},
      });
      await enqueue({
        profileId: 'p',
        entityKey: 'new:1',
        label: 'offer.pdf',
        endpoint: 'uploadDocumentFile',
        params: { setId: SET_ID, documentType: 'financial' },
        fileId: file.id,
      });
    });
    await drain();

    expect(calls.map((c) => c.path)).toEqual([
      '/api/calculationSets',
      '/api/calculationSets/S-1/documents?documentType=financial',
    ]);
    expect(calls[1]!.body).toEqual({ form: 'offer.pdf', size: 13 });
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(2);
    // Each for the brand it was made under, not the one the tab has selected when it goes.
    expect(calls.map((c) => c.headers['X-User-Profile-Id'])).toEqual(['p', 'p']);
    expect(await entries()).toEqual([]);
    expect(await offlineDb.files.count()).toBe(0);
  });

  it('sends a file kept for the base64 address there, as base64', async () => {
    answers.push(() => ({ properties: {} }));
    const file = await keepFile(pdf(), { owner: 'user-1', category: 'other' });
    await offline(() =>
      enqueue({
        profileId: 'p',
        entityKey: 'documents:S-9',
        label: 'offer.pdf',
        endpoint: 'uploadDocument',
        params: { setId: 'S-9', documentType: 'other' },
        fileId: file.id,
      }),
    );
    await drain();
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/calculationSets/S-9/documents/base64?documentType=other', { fileName: 'offer.pdf', size: 13 }],
    ]);
    expect(await entries()).toEqual([]);
  });

  it('retries a lost answer with the same Idempotency-Key, later and not at once', async () => {
    answers.push(fail(0));
    await save('variant:a', 1);
    const failedAfter = Date.now();
    await drain();
    const [waiting] = await entries();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    // The first retry waits 1 s with jitter of ±50 %: never sooner than half a second.
    expect(waiting!.nextAttemptAt).toBeGreaterThanOrEqual(failedAfter + 500);

    await offlineDb.outbox.update(waiting!.id, { nextAttemptAt: 0 });
    await drain();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['Idempotency-Key']).toBe(calls[0]!.headers['Idempotency-Key']);
    expect(await entries()).toEqual([]);
  });

  it('keeps the order within an entity: a conflict holds back its later saves, not other entities', async () => {
    answers.push(fail(412));
    await offline(async () => {
      await save('variant:a', 1);
      await save('variant:b', 1);
      await save('variant:a', 2, 'createSet');
    });
    await drain();
    expect(calls.map((c) => `${c.path}:${JSON.stringify(c.body)}`)).toEqual([
      `${variant('a')}:{"n":1}`,
      `${variant('b')}:{"n":1}`,
    ]);
    expect((await entries()).map((e) => [e.entityKey, e.state])).toEqual([
      ['variant:a', 'conflict'],
      ['variant:a', 'pending'],
    ]);

    // Keeping mine sends it again as a forced update without the old version, then the next one.
    await resolveConflict((await entries())[0]!.id, 'mine');
    expect(calls.slice(2).map((c) => c.path)).toEqual([
      `${variant('a')}?forceUpdate=true`,
      '/api/calculationSets',
    ]);
    expect(calls[2]!.headers['If-Match']).toBeUndefined();
  });

  it('replaces the body of a save not yet sent instead of queueing a second one', async () => {
    await offline(async () => {
      await save('variant:a', 1);
      await save('variant:a', 2);
    });
    expect((await entries()).map((e) => e.body)).toEqual([{ n: 2 }]);
  });

  it('sends an offer link behind the saves before it; a save after it goes on from the version they made', async () => {
    answers.push(
      () => ({ properties: { etag: '"v.2"' } }),
      () => ({ properties: { state: 'sent' } }),
      () => ({ properties: { etag: '"v.3"' } }),
    );
    const write = (n: number, endpoint: 'saveVariant' | 'sendOfferLink') =>
      enqueue({
        profileId: 'p',
        entityKey: 'variant:a',
        label: `${endpoint} ${n}`,
        endpoint,
        params: { setId: 'a', variantId: 'v' },
        body: { n },
        // The editor's version while offline: the same for every save it makes.
        ...(endpoint === 'saveVariant' ? { ifMatch: '"v.1"' } : {}),
      });
    await offline(async () => {
      await write(1, 'saveVariant');
      await write(2, 'sendOfferLink');
      await write(3, 'saveVariant');
    });
    await drain();
    expect(calls.map((c) => [c.path, c.headers['If-Match']])).toEqual([
      [variant('a'), '"v.1"'],
      [`${variant('a')}/offer-links`, undefined],
      [variant('a'), '"v.2"'],
    ]);
    expect(await entries()).toEqual([]);
  });

  it('pauses on 401 until the account signs in again', async () => {
    answers.push(fail(401));
    await save('variant:a', 1);
    await drain();
    await save('variant:b', 1);
    await drain();
    expect(calls).toHaveLength(1);
    resumeOutbox();
    await drain();
    expect(calls.map((c) => c.path)).toEqual([variant('a'), variant('a'), variant('b')]);
  });

  it('sends again at once, without pausing, when the 401 answered a token renewed meanwhile', async () => {
    answers.push(() => {
      session.token = 'token-2'; // renewed while the call was on its way
      throw new ApiError(401, 'c', { type: 'about:blank', title: 'Unauthorized', status: 401 });
    });
    await save('variant:a', 1);
    await drain();
    await drain();
    expect(calls.map((c) => c.path)).toEqual([variant('a'), variant('a')]);
    expect(await entries()).toEqual([]);
  });

  it('treats other refusals as final and shows the server message', async () => {
    answers.push(() => {
      throw new ApiError(400, 'c', {
        type: '/problems/validation',
        title: 'Invalid',
        detail: 'NAV missing',
        status: 400,
      });
    });
    await save('variant:a', 1);
    await drain();
    expect(await entries()).toMatchObject([{ state: 'failed', lastError: 'NAV missing' }]);
  });

  it('fails an entry the server refuses again and again, with its reason, after a bounded number of tries', async () => {
    const refuse = () => {
      throw new ApiError(500, 'c', { type: 'about:blank', title: 'Mapping failed', status: 500 });
    };
    const away = fail(503);
    answers.push(away, refuse, away, ...Array.from({ length: MAX_REFUSALS - 1 }, () => refuse));
    await save('variant:a', 1);
    for (let attempt = 0; attempt < MAX_REFUSALS + 2; attempt++) {
      await offlineDb.outbox.toCollection().modify({ nextAttemptAt: 0 });
      await drain();
      if (attempt < MAX_REFUSALS + 1) expect((await entries())[0]!.state).toBe('pending');
    }
    // A 503 says 'away for now' and never counts; the same 500 five times is final.
    expect(await entries()).toMatchObject([
      { state: 'failed', attempts: MAX_REFUSALS + 2, lastError: 'Mapping failed' },
    ]);
    await drain();
    expect(calls).toHaveLength(MAX_REFUSALS + 2);

    // The user's retry gives it its tries again.
    answers.push(() => ({ properties: {} }));
    await retry((await entries())[0]!.id);
    expect(await entries()).toEqual([]);
  });

  it('discarding a create also discards the attachments waiting for its set, with their files', async () => {
    const file = await keepFile(pdf(), { owner: 'user-1', category: 'other' });
    await offline(async () => {
      await save('new:1', 1, 'createSet');
      await enqueue({
        profileId: 'p',
        entityKey: 'new:1',
        label: 'offer.pdf',
        endpoint: 'uploadDocumentFile',
        params: { setId: SET_ID, documentType: 'other' },
        fileId: file.id,
      });
    });
    await discard((await entries())[0]!.id);
    expect(await entries()).toEqual([]);
    expect(await offlineDb.files.count()).toBe(0);
  });
});

describe('the last save wins', () => {
  const entry = (n: number) => ({
    profileId: 'p',
    entityKey: 'variant:a',
    label: `save ${n}`,
    endpoint: 'saveVariant' as const,
    params: { setId: 'a', variantId: 'v' },
    body: { n },
  });

  it('sends a save that was recorded when the page went before it reached IndexedDB', async () => {
    answers.push(() => ({ properties: {} }));
    record('user-1', entry(1));
    expect(await entries()).toEqual([]);
    await drain();
    expect(calls.map((c) => c.body)).toEqual([{ n: 1 }]);
    expect(stored.size).toBe(1); // only the sequence counter is left
  });

  it('never lets an older save replace a newer one, also after the newer one was sent', async () => {
    const older = record('user-1', entry(1));
    const newer = record('user-1', entry(2));
    await offline(async () => {
      await apply(newer);
      await apply(older);
    });
    expect((await entries()).map((e) => e.body)).toEqual([{ n: 2 }]);

    answers.push(() => ({ properties: {} }));
    await drain();
    await apply(older);
    expect(await entries()).toEqual([]);
    expect(calls.map((c) => c.body)).toEqual([{ n: 2 }]);
  });

  it('sends again, under the same key, an entry whose sending was cut off', async () => {
    answers.push(() => ({ properties: {} }));
    await offline(() => save('variant:a', 1));
    const [cut] = await entries();
    await offlineDb.outbox.update(cut!.id, { state: 'sending' });
    await drain();
    expect(calls.map((c) => c.headers['Idempotency-Key'])).toEqual([cut!.idempotencyKey]);
    expect(await entries()).toEqual([]);
  });

  it("hands a new calculation's draft and its files over to the create in one step", async () => {
    await offlineDb.drafts.put({ key: 'draft-new', owner: 'user-1', value: {}, updatedAt: 0 });
    await keepFile(pdf(), { owner: 'user-1', category: 'financial', draftKey: 'draft-new' });
    await offline(() =>
      enqueue(
        {
          profileId: 'p',
          entityKey: 'new:1',
          label: 'set',
          endpoint: 'createSet',
          params: {},
          body: {},
        },
        { draftKey: 'draft-new', upload: { userProfileId: 'p' } },
      ),
    );
    expect((await entries()).map((e) => [e.endpoint, e.params])).toEqual([
      ['createSet', {}],
      ['uploadDocumentFile', { setId: SET_ID, userProfileId: 'p', documentType: 'financial' }],
    ]);
    expect(await offlineDb.drafts.count()).toBe(0);
    expect(await offlineDb.files.where('draftKey').equals('draft-new').count()).toBe(0);
  });
});
