// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../client/http';
import { providers, renderHookWithApp } from '../../../client/test/render';
import type { CalculateEntity } from '../../../domain/api/calculations';
import type { Draft } from '../../../domain/calculation/editor';
import type { ResultRow } from '../../../domain/calculation/schemas';
import { calculate } from '../api/mutations';
import { draftWith, engineRows, LISTS, listFor, PERIOD_LIMITS } from './test-fixtures';
import { useCalculation } from './use-calculation';

vi.mock('../api/mutations', () => ({ calculate: vi.fn() }));
const calculateMock = vi.mocked(calculate);

const saved = draftWith({ inputValue: '10000' });
const savedRows = engineRows(saved);

/** Rows no engine would compute: what the tests' server answers. */
const serverRows = (total: number): ResultRow[] =>
  savedRows.map((r) => ({ ...r, totalInstallmentAmount: total }));
const answer = (results: ResultRow[]): CalculateEntity => ({
  properties: { conditionListId: 'any', results },
});

/** The editor's form and its calculation, as the editor wires them. */
function useHarness(initial: Draft, initialResults: ResultRow[], userProfileId = 'up-1') {
  const form = useForm<Draft, unknown, Draft>({ defaultValues: initial });
  const calc = useCalculation({
    control: form.control,
    lists: LISTS,
    userProfileId,
    initialResults,
    periodLimits: PERIOD_LIMITS,
  });
  return { form, calc };
}

const type = (harness: { current: ReturnType<typeof useHarness> }, inputValue: string) =>
  act(() => harness.current.form.setValue('inputValue', inputValue));

/** A result's amounts, whichever period is selected. */
const amountsOf = (rows: ResultRow[]) => rows.map(({ isSelected: _, ...row }) => row);

/** The amounts the requests asked about, in order. */
const requestedNavs = () => calculateMock.mock.calls.map((c) => c[1].netAcquisitionValueAmount);

beforeEach(() => {
  calculateMock.mockReset();
  calculateMock.mockImplementation(() => Promise.resolve(answer(serverRows(123.45))));
});
afterEach(() => vi.restoreAllMocks());

describe('useCalculation', () => {
  // The user sees the saved results at once, and fresh ones shortly after typing.
  it('calculates nothing at start when the saved variant has results', async () => {
    // A second calculation without results is the clock: its request leaves a debounce after
    // the first one's would have.
    const { result } = renderHookWithApp(() => ({
      saved: useHarness(saved, savedRows, 'up-saved'),
      probe: useHarness(saved, [], 'up-probe'),
    }));
    expect(result.current.saved.calc.results).toEqual(savedRows);
    expect(result.current.saved.calc.upToDate).toBe(true);
    expect(result.current.saved.calc.status).toBe('idle');
    await waitFor(() => expect(calculateMock).toHaveBeenCalled());
    expect(calculateMock.mock.calls.map((c) => c[2])).toEqual(['up-probe']);
    expect(result.current.saved.calc.results).toEqual(savedRows);
  });

  it('marks a change at once, then sends the new inputs once and shows the answer', async () => {
    const { result } = renderHookWithApp(() => useHarness(saved, savedRows));
    type(result, '12000');
    expect(result.current.calc.status).toBe('changed');
    expect(result.current.calc.upToDate).toBe(false);
    await waitFor(() => expect(result.current.calc.results).toEqual(serverRows(123.45)));
    expect(result.current.calc.upToDate).toBe(true);
    expect(result.current.calc.status).toBe('idle');
    expect(result.current.calc.indicative).toBe(false);
    expect(calculateMock).toHaveBeenCalledTimes(1);
    const [listId, request, profile, signal] = calculateMock.mock.calls[0]!;
    expect(listId).toBe(listFor(saved).id);
    expect(request).toMatchObject({ navBasedCalculation: true, netAcquisitionValueAmount: 12000 });
    expect(profile).toBe('up-1');
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('sends one request for changes made within the debounce, with the last inputs', async () => {
    const { result } = renderHookWithApp(() => useHarness(saved, savedRows));
    type(result, '11000');
    type(result, '12000');
    type(result, '13000');
    await waitFor(() => expect(result.current.calc.upToDate).toBe(true));
    expect(requestedNavs()).toEqual([13000]);
  });

  it('shows no results as current while the inputs are invalid, and sends nothing for them', async () => {
    const { result } = renderHookWithApp(() => useHarness(saved, [], 'up-probe'));
    await waitFor(() => expect(requestedNavs()).toEqual([10000]));
    type(result, '100');
    expect(result.current.calc.errors.inputValue).toBe('navTooLow');
    expect(result.current.calc.valid).toBe(false);
    expect(result.current.calc.upToDate).toBe(false);
    // Back to valid inputs: the next request is for them, none was sent for 100.
    type(result, '14000');
    await waitFor(() => expect(requestedNavs()).toEqual([10000, 14000]));
  });
});

describe('useCalculation when the server refuses or is away', () => {
  // The user sees the server's reasons on the fields, or indicative results offline.
  it("puts a 400's invalid params on the editor's fields and fails", async () => {
    calculateMock.mockRejectedValue(
      new ApiError(400, 'corr-1', {
        type: '/problems/validation',
        title: 'validation',
        status: 400,
        'invalid-params': [
          { name: 'calculationVariant.netAcquisitionValueAmount', reason: 'navExceedsUpperLimit' },
          { name: 'financingObjects.0.price', reason: 'objectPriceTooLow' },
        ],
      }),
    );
    const { result } = renderHookWithApp(() => useHarness(saved, savedRows));
    type(result, '12000');
    await waitFor(() => expect(result.current.calc.status).toBe('failed'));
    expect(result.current.calc.serverErrors).toEqual({
      inputValue: 'navExceedsUpperLimit',
      financingObjects: 'objectPriceTooLow',
    });
    expect(result.current.calc.upToDate).toBe(false);
    expect(result.current.calc.failure).toBeUndefined();
    // The next change is about other inputs: the server's verdict goes.
    type(result, '12500');
    expect(result.current.calc.serverErrors).toEqual({});
    expect(result.current.calc.status).toBe('changed');
  });

  it('computes indicative results on the device while offline, without a request', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderHookWithApp(() => useHarness(saved, savedRows));
    type(result, '12000');
    await waitFor(() => expect(result.current.calc.upToDate).toBe(true));
    expect(result.current.calc.indicative).toBe(true);
    expect(amountsOf(result.current.calc.results)).toEqual(
      amountsOf(engineRows(draftWith({ inputValue: '12000' }))),
    );
    expect(amountsOf(result.current.calc.results)).not.toEqual(amountsOf(savedRows));
    expect(calculateMock).not.toHaveBeenCalled();
  });

  it('computes indicative results when the request fails for the network (status 0)', async () => {
    calculateMock.mockRejectedValue(new ApiError(0, 'corr-2'));
    const { result } = renderHookWithApp(() => useHarness(saved, savedRows));
    type(result, '12000');
    await waitFor(() => expect(result.current.calc.indicative).toBe(true));
    expect(amountsOf(result.current.calc.results)).toEqual(
      amountsOf(engineRows(draftWith({ inputValue: '12000' }))),
    );
    expect(result.current.calc.status).toBe('idle');
    expect(calculateMock).toHaveBeenCalledTimes(1);
  });

  it('sends the same inputs again on retry after a failure', async () => {
    calculateMock.mockRejectedValueOnce(
      new ApiError(500, 'corr-3', { type: '/problems/internal', title: 'internal', status: 500 }),
    );
    const { result } = renderHookWithApp(() => useHarness(saved, savedRows));
    type(result, '12000');
    await waitFor(() => expect(result.current.calc.status).toBe('failed'));
    expect(result.current.calc.failure?.status).toBe(500);
    act(() => result.current.calc.retry());
    await waitFor(() => expect(result.current.calc.results).toEqual(serverRows(123.45)));
    expect(result.current.calc.failure).toBeUndefined();
    expect(calculateMock).toHaveBeenCalledTimes(2);
    const [first, second] = calculateMock.mock.calls;
    expect(second!.slice(0, 3)).toEqual(first!.slice(0, 3));
  });
});

describe('useCalculation under StrictMode', () => {
  // In development React mounts effects twice: the saved results must still stand untouched.
  it('sends no calculation at start for a saved variant with results', async () => {
    // StrictMode at the root, as src/app/bootstrap.tsx renders the app. (A <StrictMode> returned
    // by the wrapper component renders twice but does not run effects twice: React only does
    // that below a StrictMode whose parents are strict too.)
    const { Wrapper } = providers();
    const { result } = renderHook(
      () => ({
        saved: useHarness(saved, savedRows, 'up-saved'),
        probe: useHarness(saved, [], 'up-probe'),
      }),
      { wrapper: Wrapper, reactStrictMode: true },
    );
    await waitFor(() => expect(calculateMock.mock.calls.map((c) => c[2])).toContain('up-probe'));
    expect(calculateMock.mock.calls.map((c) => c[2])).toEqual(['up-probe']);
    expect(result.current.saved.calc.results).toEqual(savedRows);
  });
});
