import { startTransition, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { ApiError } from '../../../client/http';
import { serverFieldErrors } from '../../../client/calculation/field-errors';
import { draftErrors } from '../../../domain/calculation/draft-schema';
import { listOf, variantOf, type Draft, type FieldErrors } from '../../../domain/calculation/editor';
import { calculate as runEngine } from '../../../domain/calculation/engine';
import type { ConditionList, PeriodLimits, ResultRow } from '../../../domain/calculation/schemas';
import { toCalculateRequest, variantFieldOf } from '../../../domain/calculation/variant';
import { calculate } from '../api/mutations';

/**
 * Results as the user types (portal specification, “States and transitions”, 'Calculation editing'): any input change marks
 * the variant changed; a calculation runs DEBOUNCE_MS after the last change, if the inputs are
 * valid; success stores the rows and selects the period, failure marks it changed again and
 * shows the server's field errors.
 */
export const DEBOUNCE_MS = 150;

export type CalculationStatus = 'idle' | 'changed' | 'calculating' | 'failed';

/** No errors, one value for all: an unchanged absence of errors re-renders nothing. */
export const NO_ERRORS: FieldErrors = Object.freeze({});

const sameErrors = (a: FieldErrors, b: FieldErrors) => {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
};

/**
 * A refusal of the result as a whole (docs/api.md, error keys): the problem's title ('action
 * validation' or another, unknown one) and its keys.
 */
export interface CalculationRefusal {
  title: string;
  keys: string[];
  correlationId?: string;
}
export const ACTION_VALIDATION = 'action validation';

function refusalOf(error: unknown): CalculationRefusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.problem?.errorKeys?.length)
    return undefined;
  return { title: error.problem.title, keys: error.problem.errorKeys, correlationId: error.correlationId };
}

export function useCalculation(opts: {
  /** The editor's form: the calculation follows its values. */
  control: Control<Draft, unknown, Draft>;
  lists: ConditionList[];
  userProfileId: string;
  initialResults: ResultRow[];
  /** Object types' period limits, for results computed here. */
  periodLimits: Map<string, PeriodLimits>;
}) {
  const { control, lists, userProfileId } = opts;
  const draft = useWatch({ control, compute: (v: Draft) => v });
  // The list snapToLists chose for the draft: typing elsewhere keeps it (and what shows it).
  const { conditionListId } = draft;
  const list = useMemo(() => listOf(lists, { conditionListId }), [lists, conditionListId]);
  // The draft's shape and the rules of its list (draftSchema), each error at its field's path.
  const checked = useMemo(() => draftErrors(list, draft), [list, draft]);
  // The same errors keep their identity from change to change: what shows them re-renders only
  // when one of them changes.
  const [errors, setErrors] = useState(checked);
  if (errors !== checked && !sameErrors(errors, checked)) setErrors(checked);
  const valid = Object.keys(errors).length === 0;
  // The request without the selected period: choosing a row does not recalculate.
  const request = useMemo(() => {
    if (!list || !valid) return undefined;
    return { ...toCalculateRequest(variantOf(draft, list), list), selectedPeriod: undefined };
  }, [draft, list, valid]);
  const key = request && list ? `${list.id}|${JSON.stringify(request)}` : '';

  const [results, setResults] = useState<ResultRow[]>(opts.initialResults);
  const [resultsKey, setResultsKey] = useState<string | null>(opts.initialResults.length ? 'initial' : null);
  const [status, setStatus] = useState<CalculationStatus>('idle');
  const [serverErrors, setServerErrors] = useState<FieldErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<ApiError | undefined>();
  const [refusal, setRefusal] = useState<CalculationRefusal | undefined>();
  const [indicative, setIndicative] = useState(false);
  // Counts the user's "Calculate again" after a failure: the same inputs are sent once more.
  const [attempt, setAttempt] = useState(0);
  // The inputs the saved variant's results belong to, known from the first render on.
  const [firstKey] = useState(key);
  // The saved variant's results stand until an input changes (undefined: none, so the first
  // inputs count as a change).
  const [keySeen, setKeySeen] = useState(opts.initialResults.length ? key : undefined);
  if (key !== keySeen) {
    setKeySeen(key);
    // The server's verdict was about other inputs.
    setServerErrors(NO_ERRORS);
    setFailure(undefined);
    setRefusal(undefined);
    const resultsFit = key === resultsKey || (resultsKey === 'initial' && key === firstKey);
    setStatus(key && list && request && resultsFit ? 'idle' : 'changed');
  }

  /** Calculates the inputs of the render that changed `key`, unless their results are there. */
  const schedule = useEffectEvent((signal: AbortSignal) => {
    if (!key || !list || !request || key === resultsKey) return undefined;
    /** Without the server, the same engine on the cached condition list: indicative rows (docs/offline.md). */
    const indicative = () => {
      const outcome = runEngine(list, request, opts.periodLimits);
      if (outcome.ok) {
        setResults(outcome.results);
        setResultsKey(key);
        setIndicative(true);
        setStatus('idle');
      } else {
        setServerErrors(Object.fromEntries(outcome.errors.map((e) => [variantFieldOf(e.name), e.reason])));
        setRefusal(outcome.errorKeys && { title: ACTION_VALIDATION, keys: outcome.errorKeys });
        setStatus('failed');
      }
    };
    // What follows re-renders the editor: in transitions, which a keystroke interrupts.
    return setTimeout(() => {
      if (!navigator.onLine) return startTransition(indicative);
      startTransition(() => setStatus('calculating'));
      calculate(list.id, request, userProfileId, signal)
        .then((answer) =>
          startTransition(() => {
            setResults(answer.properties.results);
            setResultsKey(key);
            setIndicative(false);
            setServerErrors(NO_ERRORS);
            setFailure(undefined);
            setRefusal(undefined);
            setStatus('idle');
          }),
        )
        .catch((error: unknown) => {
          if (signal.aborted) return;
          if (error instanceof ApiError && error.status === 0) return startTransition(indicative);
          startTransition(() => {
            setServerErrors(serverFieldErrors(error) ?? NO_ERRORS);
            setRefusal(refusalOf(error));
            setFailure(error instanceof ApiError && error.status !== 400 ? error : undefined);
            setStatus('failed');
          });
        });
    }, DEBOUNCE_MS);
  });
  // `key` stands for request and list; userProfileId changes reload the page.
  // The saved results stand for the inputs they belong to (decided from state, not from a first
  // run: React may run an effect twice in development).
  const savedStand = resultsKey === 'initial' && key === firstKey && attempt === 0;
  useEffect(() => {
    if (savedStand) return;
    const abort = new AbortController();
    const timer = schedule(abort.signal);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, attempt, savedStand]);
  const retry = () => {
    setFailure(undefined);
    setServerErrors(NO_ERRORS);
    setAttempt((n) => n + 1);
  };

  const upToDate = key !== '' && (key === resultsKey || (resultsKey === 'initial' && key === firstKey));
  return {
    draft,
    list,
    errors,
    valid,
    results,
    upToDate,
    status,
    serverErrors,
    failure,
    refusal,
    indicative,
    retry,
  };
}
