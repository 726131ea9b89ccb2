import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { get, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { setUnsavedCheck } from '../../../client/unsaved';
import {
  chooseList,
  decimalSeparatorOf,
  draftOf,
  relocaleDraft,
  newDraft,
  variantOf,
  type Draft,
  type FieldErrors,
} from '../../../domain/calculation/editor';
import { draftSchema } from '../../../domain/calculation/draft-schema';
import type { CalculationSetSave } from '../../../domain/calculation/variant';
import type { CalculationViewProperties, VariantProperties } from '../../../client/calculation/types';
import {
  clearDraft,
  NO_PARTIES,
  writeDraft,
  type DraftRef,
  type Kept,
  type Parties,
  type StoredDraft,
} from '../../../client/calculation/draft-store';
import { useCalculation } from './use-calculation';

/**
 * The editor's state: the draft (a react-hook-form over `draftSchema`), touched fields, the
 * parties, and what saving sends. Choosing contract type, residual value, commission or
 * repurchase snaps the selection to the lists on offer (chooseList); a period the new list lacks
 * falls back to its default. Each change replaces the draft as one value (the form's fields are
 * controlled by the tiles) and checks it again; an error shows once its field was left, or every
 * one after a save try.
 */

function normalise(draft: Draft, view: CalculationViewProperties): Draft {
  const choice = chooseList(view.conditionLists, draft);
  const list = choice.list;
  const period =
    list && draft.periodInMonths !== null && list.periods.includes(draft.periodInMonths)
      ? draft.periodInMonths
      : (list?.defaultPeriod ?? null);
  const frequencyOffered = list?.paymentFrequencies.some((f) => f.code === draft.paymentFrequency) ?? true;
  const methodOffered = list?.paymentMethods.some((m) => m.code === draft.paymentMethod) ?? true;
  return {
    ...draft,
    productId: choice.productId,
    residualValue: choice.residualValue,
    commission: choice.commission,
    hasRepurchase: choice.hasRepurchase,
    periodInMonths: period,
    paymentFrequency: frequencyOffered ? draft.paymentFrequency : 'monthly',
    // A rent-free start only as long as the list allows (drafts kept before it existed: none).
    rentFreeMonths: Math.min(draft.rentFreeMonths ?? 0, list?.maxRentFreeMonths ?? 0),
    paymentMethod: methodOffered
      ? draft.paymentMethod
      : (list?.paymentMethods[0]?.code ?? draft.paymentMethod),
  };
}

/** The offered lists and the version a saved variant was calculated with, when no longer offered. */
function withSavedList(view: CalculationViewProperties) {
  return view.variantConditionList
    ? [...view.conditionLists, view.variantConditionList]
    : view.conditionLists;
}

export function useEditor(view: CalculationViewProperties, ref: DraftRef, { stored, pending }: Kept) {
  const server = view.variant?.properties;
  // A save kept on the device and not yet sent is what the user last saved: the editor starts
  // from it, and it counts as saved.
  const saved = server && pending ? { ...server, ...pending } : server;
  const { userProfileId } = ref;
  const { i18n } = useTranslation();
  const decimal = decimalSeparatorOf(i18n.language);
  // The editor is keyed by the variant: the first view is the one it starts from.
  const [start] = useState(() => {
    const savedDraft = normalise(
      saved
        ? draftOf(saved.calculationVariant, withSavedList(view), decimal)
        : newDraft(view.conditionLists, '', decimal),
      view,
    );
    const savedParties: Parties = saved
      ? {
          applicant: saved.applicant,
          supplier: saved.supplier,
          sublessee: saved.sublessee,
          creditAgencyReportIds: saved.creditAgencyReportIds,
        }
      : NO_PARTIES;
    // Unsaved work kept on the device (a party form was opened, a reload, offline) comes back.
    return {
      baseline: snapshot(savedDraft, savedParties, view),
      draft: stored
        ? normalise(
            relocaleDraft(
              { ...stored.draft, decimalSeparator: stored.draft.decimalSeparator ?? '.' },
              decimal,
            ),
            view,
          )
        : savedDraft,
      parties: stored?.parties ?? savedParties,
      partyErrors: stored?.partyErrors,
      // The server's results belong to its inputs only; other inputs are calculated afresh.
      initialResults: stored || pending ? [] : (saved?.calculationResults ?? []),
      periodLimits: new Map(view.objectTypes.map((o) => [o.id, o])),
    };
  });
  const resolver = useMemo(() => zodResolver(draftSchema(view.conditionLists)), [view.conditionLists]);
  const form = useForm<Draft, unknown, Draft>({ resolver, defaultValues: start.draft });
  const { control, getValues, reset, trigger } = form;
  const { errors } = form.formState;
  const [parties, setParties] = useState<Parties>(start.parties);
  const [partyErrors, setPartyErrors] = useState<StoredDraft['partyErrors']>(start.partyErrors);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saveErrors, setSaveErrors] = useState<FieldErrors>({});
  const [baseline, setBaseline] = useState(start.baseline);

  const calc = useCalculation({
    control,
    lists: view.conditionLists,
    userProfileId,
    initialResults: start.initialResults,
    periodLimits: start.periodLimits,
  });

  const { draft } = calc;

  /** The draft is replaced as one value; the errors shown stay until its check replaces them. */
  const replace = useCallback(
    (next: Draft) => {
      reset(next, {
        keepDefaultValues: true,
        keepErrors: true,
        keepIsSubmitted: true,
        keepSubmitCount: true,
      });
      void trigger();
    },
    [reset, trigger],
  );
  // Every field's error is known from the start (and for the lists of a refreshed view); which
  // ones show is the editor's choice (err).
  useEffect(() => void trigger(), [resolver, trigger]);

  // A language switch keeps the inputs, written the new language's way (before the screen shows).
  const relocale = useEffectEvent(() => {
    if (getValues().decimalSeparator !== decimal) replace(relocaleDraft(getValues(), decimal));
  });
  useLayoutEffect(() => relocale(), [decimal]);

  const update = useCallback(
    (patch: Partial<Draft>) => {
      replace(normalise({ ...getValues(), ...patch }, view));
      setSaveErrors({});
    },
    [view, getValues, replace],
  );
  const touch = useCallback(
    (name: string) => setTouched((s) => (s.has(name) ? s : new Set(s).add(name))),
    [],
  );

  /** The error of a field to show: the server's at once, the editor's once touched or after a save try. */
  const err = (name: string): string | undefined =>
    saveErrors[name] ??
    calc.serverErrors[name] ??
    (wasTouched(name) || submitted ? formError(name) : undefined);
  const formError = (name: string) => {
    // The objects' own error sits beside its items' (draftSchema orders it first).
    const own = get<typeof errors, { message?: string; root?: { message?: string } } | undefined>(
      errors,
      name,
    );
    return own?.message ?? own?.root?.message;
  };
  // The objects' sum concerns the NAV and every price: it shows once any of them was touched.
  const wasTouched = (name: string) =>
    touched.has(name) ||
    (name === 'objects' && [...touched].some((t) => t === 'inputValue' || t.startsWith('objects.')));

  const current = snapshot(draft, parties, view);
  const dirty = current !== baseline;
  /**
   * The inputs a save handed to the outbox in the click. The outbox's journal holds them from
   * that moment, so leaving right away must not ask about them, although React has not yet
   * rendered them as the new baseline.
   */
  const handedOver = useRef<string>(undefined);
  const unsaved = useCallback(() => dirty && current !== handedOver.current, [dirty, current]);
  // ref names the calculation the editor is keyed by: it does not change, and is no reason to write.
  const store = useEffectEvent((kept?: StoredDraft) => void (kept ? writeDraft(ref, kept) : clearDraft(ref)));
  useEffect(
    () => store(dirty ? { draft, parties, partyErrors } : undefined),
    [draft, parties, partyErrors, dirty],
  );
  useEffect(() => {
    setUnsavedCheck(unsaved);
    return () => setUnsavedCheck(null);
  }, [unsaved]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (unsaved()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, unsaved]);

  const body = (): CalculationSetSave | undefined => {
    const list = calc.choice.list;
    if (!list) return undefined;
    return { calculationVariant: variantOf(draft, list), ...parties };
  };

  /** After a save: the answer is the new baseline. */
  const markSaved = (answer: VariantProperties) => {
    setBaseline(snapshot(draft, parties, view));
    setPartyErrors(undefined);
    void clearDraft(ref);
    setSaveErrors({});
    setSubmitted(false);
    return answer;
  };

  /** Called in the click, right after the outbox recorded the save (or with false: it refused). */
  const handOver = (kept = true) => {
    handedOver.current = kept ? current : undefined;
  };
  /** The outbox holds the work (and took the kept draft over): it is the new baseline. */
  const forget = () => setBaseline(current);

  /** Keeps the current state for the party forms, which write their result into it. */
  const keep = () => writeDraft(ref, { draft, parties, partyErrors });

  return {
    keep,
    handOver,
    forget,
    draft,
    update,
    parties,
    setParties,
    touch,
    err,
    calc,
    dirty,
    submit: () => setSubmitted(true),
    setSaveErrors,
    setPartyErrors,
    body,
    markSaved,
  };
}

export type Editor = ReturnType<typeof useEditor>;

/** What the user would lose: the inputs as the server would receive them. */
function snapshot(draft: Draft, parties: Parties, view: CalculationViewProperties): string {
  const list = chooseList(view.conditionLists, draft).list;
  return JSON.stringify({ ...(list ? variantOf(draft, list) : draft), parties });
}
