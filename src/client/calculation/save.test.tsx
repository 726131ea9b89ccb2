// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalculationSetSave } from '../../domain/calculation/variant';
import { ApiError, call } from '../http';
import type * as Http from '../http';
import { queueDraftFiles } from '../offline/draft-files';
import { enqueue, onSent } from '../offline/outbox';
import { renderHookWithApp } from '../test/render';
import { useCalculationSave, type SaveOutcome } from './save';

/**
 * The save workflow decides online, offline, blocked and conflict; the editor only shows its
 * outcome. Calls and the outbox are stood in for; what they receive is what the server and the
 * device would.
 */
vi.mock('../http', async (original) => ({ ...(await original<typeof Http>()), call: vi.fn() }));
vi.mock('../offline/outbox', () => ({ enqueue: vi.fn(), onSent: vi.fn(() => () => {}) }));
vi.mock('../offline/draft-files', () => ({ queueDraftFiles: vi.fn(() => Promise.resolve()) }));
/** The server's answers and refusals, as `call` resolves or rejects. */
const callMock = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
const enqueueMock = vi.mocked(enqueue);
/** The outbox's report of a delivered entry, as the editor's save listens to it. */
const deliver = (entry: { entityKey: string; seq: number; endpoint?: string }, answer?: object) =>
  act(() => {
    for (const [listener] of vi.mocked(onSent).mock.calls)
      listener(
        { endpoint: 'saveVariant', ...entry } as Parameters<typeof listener>[0],
        answer as Parameters<typeof listener>[1],
      );
  });

const body = { calculationVariant: { name: 'Plan A' } } as unknown as CalculationSetSave;
const saved = {
  calculationSetId: 'S-1',
  calculationVariantId: 'V-1',
  etag: '"V-1.3"',
  state: 'inWork' as const,
};
const refusal = (status: number, problem: Record<string, unknown>) =>
  new ApiError(status, 'corr-1', { type: '/problems/x', title: 'x', status, ...problem });

/** The save of a saved variant, or of a new calculation (null). */
function renderSave(of: typeof saved | null = saved) {
  return renderHookWithApp(() =>
    useCalculationSave({
      userProfileId: 'up-1',
      saved: of ?? undefined,
      pending: false,
      dirty: true,
      onReload: () => {},
    }),
  );
}
const save = async (hook: ReturnType<typeof renderSave>, options = {}) => {
  const handOver = vi.fn();
  let outcome: SaveOutcome | undefined;
  await act(async () => {
    outcome = await hook.result.current.save(body, { label: 'Plan A', handOver, ...options });
  });
  return { outcome: outcome!, handOver };
};

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  callMock.mockReset();
  enqueueMock.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('useCalculationSave online', () => {
  it('saves with the version it holds, then holds the answer’s', async () => {
    callMock.mockResolvedValue({ properties: { ...saved, etag: '"V-1.4"', state: 'inWork' } });
    const hook = renderSave();
    const { outcome } = await save(hook);
    expect(outcome).toMatchObject({ kind: 'saved', created: false });
    expect(callMock).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'saveVariant' }),
      { setId: 'S-1', variantId: 'V-1', forceUpdate: undefined },
      { body, headers: { 'If-Match': '"V-1.3"' } },
    );
    expect(hook.result.current.etag).toBe('"V-1.4"');
  });

  it('sends the object list alone when only the objects changed, the whole variant when kept offline', async () => {
    const objects = [{ description: 'Press', serialNumber: 'SN-1' }];
    const withObjects = { calculationVariant: { name: 'Plan A', financingObjects: objects } };
    callMock.mockResolvedValue({ properties: { ...saved, etag: '"V-1.4"' } });
    const hook = renderHookWithApp(() =>
      useCalculationSave({ userProfileId: 'up-1', saved, pending: false, dirty: true, onReload: () => {} }),
    );
    const handOver = vi.fn();
    const options = { label: 'Plan A', handOver, objectsOnly: true };
    await act(() => hook.result.current.save(withObjects as unknown as CalculationSetSave, options));
    expect(callMock).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'saveObjectList', method: 'PUT' }),
      { setId: 'S-1', variantId: 'V-1', forceUpdate: undefined },
      { body: { financingObjects: objects }, headers: { 'If-Match': '"V-1.3"' } },
    );
    // Offline the outbox keeps the whole variant: the editor reopens from what it keeps.
    online = false;
    enqueueMock.mockResolvedValue(8);
    await act(() => hook.result.current.save(withObjects as unknown as CalculationSetSave, options));
    expect(enqueueMock).toHaveBeenCalledWith(
      expect.objectContaining({ endpoint: 'saveVariant', body: withObjects, ifMatch: '"V-1.4"' }),
      expect.anything(),
    );
  });

  it('creates a new calculation without a version', async () => {
    callMock.mockResolvedValue({ properties: { ...saved, calculationSetId: 'S-2' } });
    const { outcome } = await save(renderSave(null));
    expect(outcome).toMatchObject({ kind: 'saved', created: true });
    expect(callMock).toHaveBeenCalledWith(expect.objectContaining({ name: 'createSet' }), {}, { body });
    // The files chosen for the new calculation follow it, to its set.
    expect(queueDraftFiles).toHaveBeenCalledWith(expect.any(String), {
      profileId: 'up-1',
      entityKey: 'documents:S-2',
      setId: 'S-2',
    });
  });

  it('answers each refusal with what the user must decide or fix', async () => {
    const cases: [ApiError, Partial<SaveOutcome>][] = [
      [
        refusal(409, { canForce: true, state: 'requestToGrenke' }),
        { kind: 'blocked', state: 'requestToGrenke' },
      ],
      [refusal(412, { etag: '"V-1.9"' }), { kind: 'conflict', etag: '"V-1.9"' }],
      [
        refusal(400, {
          'invalid-params': [
            {
              name: 'calculationVariant.financingObjects.0.netPricePerItemAmount',
              reason: 'objectPriceTooLow',
            },
            { name: 'applicant.address.zip', reason: 'required' },
          ],
        }),
        {
          kind: 'invalid',
          fields: { financingObjects: 'objectPriceTooLow', applicant: 'required' },
          parties: { applicant: { 'address.zip': 'required' } },
        },
      ],
      [refusal(400, { errorKeys: ['instalmentTooSmall'] }), { kind: 'refused' }],
      [refusal(409, { canForce: false, errorKeys: ['contractLocked'] }), { kind: 'refused' }],
    ];
    for (const [error, expected] of cases) {
      callMock.mockRejectedValueOnce(error);
      const { outcome } = await save(renderSave());
      expect(outcome).toMatchObject(expected);
    }
  });

  it('forces over a lock without If-Match, and keeps one’s own work over a newer version', async () => {
    callMock.mockResolvedValue({ properties: saved });
    const hook = renderSave();
    await save(hook, { force: true });
    expect(callMock).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ forceUpdate: 'true' }),
      { body, headers: {} },
    );
    await save(hook, { ifMatch: '"V-1.9"' });
    expect(callMock).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), {
      body,
      headers: { 'If-Match': '"V-1.9"' },
    });
  });
});

describe('useCalculationSave without a connection', () => {
  it('keeps the save in the outbox with its version, hands the work over in the click, and says so', async () => {
    online = false;
    let kept!: (seq: number) => void;
    enqueueMock.mockReturnValue(new Promise((resolve) => (kept = resolve)));
    const hook = renderSave();
    const handOver = vi.fn();
    let saving!: Promise<SaveOutcome>;
    act(() => {
      saving = hook.result.current.save(body, { label: 'Plan A', handOver });
    });
    // In the click, before the outbox has answered: leaving at once asks nothing.
    expect(handOver).toHaveBeenCalledWith();
    let outcome: SaveOutcome | undefined;
    await act(async () => {
      kept(7);
      outcome = await saving;
    });
    expect(outcome).toEqual({ kind: 'queued', created: false });
    expect(enqueueMock).toHaveBeenCalledWith(
      expect.objectContaining({
        endpoint: 'saveVariant',
        params: { setId: 'S-1', variantId: 'V-1' },
        entityKey: 'variant:S-1/V-1',
        ifMatch: '"V-1.3"',
        body,
      }),
      expect.anything(),
    );
    expect(callMock).not.toHaveBeenCalled();
    expect(hook.result.current.onDevice).toBe(true);
  });

  it('falls back to the outbox when the network fails on the way', async () => {
    callMock.mockRejectedValue(new ApiError(0, ''));
    enqueueMock.mockResolvedValue(8);
    const { outcome } = await save(renderSave());
    expect(outcome.kind).toBe('queued');
    expect(enqueueMock).toHaveBeenCalledTimes(1);
  });

  it('says when the device cannot keep it, and takes the hand-over back', async () => {
    online = false;
    enqueueMock.mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const { outcome, handOver } = await save(renderSave());
    expect(outcome).toEqual({ kind: 'notKept', storageFull: true });
    expect(handOver).toHaveBeenLastCalledWith(false);
  });

  it('takes the delivered version when the outbox sends it, and reloads for another tab’s later save', async () => {
    online = false;
    enqueueMock.mockResolvedValue(7);
    const onReload = vi.fn();
    const hook = renderHookWithApp(() =>
      useCalculationSave({ userProfileId: 'up-1', saved, pending: false, dirty: false, onReload }),
    );
    await save(hook);
    expect(hook.result.current.onDevice).toBe(true);
    deliver({ entityKey: 'variant:S-1/V-1', seq: 7 }, { properties: { etag: '"V-1.5"', state: 'inWork' } });
    expect(hook.result.current).toMatchObject({ onDevice: false, etag: '"V-1.5"' });
    expect(onReload).not.toHaveBeenCalled();
    deliver({ entityKey: 'variant:S-1/V-1', seq: 9 });
    expect(onReload).toHaveBeenCalledTimes(1);
    // Another calculation's delivery is not this editor's.
    deliver({ entityKey: 'variant:S-2/V-9', seq: 10 });
    expect(onReload).toHaveBeenCalledTimes(1);
    // An offer link of this variant the outbox sent answers no variant: nothing to take or reload.
    deliver(
      { entityKey: 'variant:S-1/V-1', seq: 11, endpoint: 'sendOfferLink' },
      { properties: { state: 'sent' } },
    );
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(hook.result.current).toMatchObject({ etag: '"V-1.5"', state: 'inWork' });
  });
});
