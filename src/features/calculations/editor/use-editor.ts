import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setUnsavedCheck } from '../../../client/unsaved';
import {
  listOf,
  snapToLists,
  decimalSeparatorOf,
  draftOf,
  relocaleDraft,
  newDraft,
  variantOf,
  type Draft,
  type FieldErrors,
} from '../../../domain/calculation/editor';
import { draftErrors } from '../../../domain/calculation/draft-schema';
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
import { NO_ERRORS, useCalculation } from './use-calculation';

/**
 * The editor's state: the draft (held by a react-hook-form), touched fields, the parties, and
 * what saving sends. Choosing contract type, residual value, commission or repurchase snaps the
 * selection to the lists on offer (snapToLists of src/domain/calculation/editor.ts). Each change replaces the draft in the form as one value (the form's fields are
 * controlled by the tiles); the render checks it with `draftSchema` (useCalculation), and an
 * error shows once its field was left, or every one after a save try.
 *
 * The form's values are the truth at every moment: a change may render in a transition
 * (TransitionUpdates of client/ui/form-fields.tsx), so whatever a click sends, keeps or compares
 * (save, copy, leaving) reads the form, never the last render's draft.
 */

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
    const loaded = saved
      ? draftOf(saved.calculationVariant, withSavedList(view), decimal)
      : newDraft(view.conditionLists, '', decimal);
    const savedDraft = snapToLists(loaded, view.conditionLists);
    const savedParties: Parties = saved
      ? {
          applicant: saved.applicant,
          supplier: saved.supplier,
          sublessee: saved.sublessee,
          creditAgencyReportIds: saved.creditAgencyReportIds,
        }
      : NO_PARTIES;
    // Unsaved work kept on the device (a party form was opened, a reload, offline) comes back.
    const baseline = snapshot(savedDraft, savedParties, view);
    return {
      baseline,
      // What the server holds, unless a save waits on the device or the offered lists moved it.
      baselineOnServer: !!server && !pending && snapshot(loaded, savedParties, view) === baseline,
      draft: stored
        ? snapToLists(
            relocaleDraft(
              { ...stored.draft, decimalSeparator: stored.draft.decimalSeparator ?? '.' },
              decimal,
            ),
            view.conditionLists,
          )
        : savedDraft,
      parties: stored?.parties ?? savedParties,
      partyErrors: stored?.partyErrors,
      // The server's results belong to its inputs only; other inputs are calculated afresh.
      initialResults: stored || pending ? [] : (saved?.calculationResults ?? []),
      periodLimits: new Map(view.objectTypes.map((o) => [o.id, o])),
    };
  });
  const form = useForm<Draft, unknown, Draft>({ defaultValues: start.draft });
  const { control, getValues, reset } = form;
  const [parties, setParties] = useState<Parties>(start.parties);
  const [partyErrors, setPartyErrors] = useState<StoredDraft['partyErrors']>(start.partyErrors);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saveErrors, setSaveErrors] = useState<FieldErrors>(NO_ERRORS);
  const [baseline, setBaseline] = useState(start.baseline);
  const [baselineOnServer, setBaselineOnServer] = useState(start.baselineOnServer);

  const calc = useCalculation({
    control,
    lists: view.conditionLists,
    userProfileId,
    initialResults: start.initialResults,
    periodLimits: start.periodLimits,
  });

  const { draft } = calc;

  /** The draft is replaced as one value. */
  const replace = useCallback((next: Draft) => reset(next, { keepDefaultValues: true }), [reset]);

  // A language switch keeps the inputs, written the new language's way (before the screen shows).
  const relocale = useEffectEvent(() => {
    if (getValues().decimalSeparator !== decimal) replace(relocaleDraft(getValues(), decimal));
  });
  useLayoutEffect(() => relocale(), [decimal]);

  /** A patch, or one made from the form's values (a change of an object row or of a list). */
  const update = useCallback(
    (patch: Partial<Draft> | ((values: Draft) => Partial<Draft>)) => {
      const values = getValues();
      replace(
        snapToLists(
          { ...values, ...(typeof patch === 'function' ? patch(values) : patch) },
          view.conditionLists,
        ),
      );
      setSaveErrors(NO_ERRORS);
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
    (wasTouched(name) || submitted ? calc.errors[name] : undefined);
  // The objects' sum concerns the NAV and every price: it shows once any of them was touched.
  const wasTouched = (name: string) =>
    touched.has(name) ||
    (name === 'financingObjects' &&
      [...touched].some((t) => t === 'inputValue' || t.startsWith('financingObjects.')));

  const dirty = snapshot(draft, parties, view) !== baseline;
  /**
   * The inputs a save handed to the outbox in the click. The outbox's journal holds them from
   * that moment, so leaving right away must not ask about them, although React has not yet
   * rendered them as the new baseline.
   */
  const handedOver = useRef<string>(undefined);
  /** The inputs the last save sent: its baseline once it is saved. */
  const sent = useRef<string>(undefined);
  const unsaved = useCallback(() => {
    const now = snapshot(getValues(), parties, view);
    return now !== baseline && now !== handedOver.current;
  }, [getValues, parties, view, baseline]);
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

  /** The variant as the server takes it, from the form's values (the last change may not be rendered yet). */
  const variant = () => {
    const values = getValues();
    const list = listOf(view.conditionLists, values);
    return list && variantOf(values, list);
  };

  /** The calculation to save, from the form's values; none while they are invalid. */
  const body = (): CalculationSetSave | undefined => {
    const values = getValues();
    const list = listOf(view.conditionLists, values);
    if (!list || Object.keys(draftErrors(list, values)).length > 0) return undefined;
    const calculationVariant = variantOf(values, list);
    sent.current = snapshot(getValues(), parties, view);
    return { calculationVariant, ...parties };
  };

  /**
   * Whether the save may send the object list alone, the server keeping the rest: only while the
   * server holds the editor's baseline and the calculation to save differs from it in its objects
   * alone (a serial number, a description). Keeping one's own work over another's version
   * (`ifMatch`), forcing, or a save still waiting on the device (`onDevice`) send the whole
   * calculation. The whole rule is here; the editor passes its save's options. Called after `body`.
   */
  const objectsOnly = (save: { ifMatch?: string; force?: boolean; onDevice: boolean }): boolean => {
    if (save.ifMatch || save.force || save.onDevice) return false;
    if (!baselineOnServer || !sent.current || sent.current === baseline) return false;
    const withoutObjects = (shot: string) => JSON.stringify({ ...JSON.parse(shot), financingObjects: null });
    return withoutObjects(sent.current) === withoutObjects(baseline);
  };

  /** After a save: what it sent is the new baseline. */
  const markSaved = (answer: VariantProperties) => {
    setBaseline(sent.current ?? snapshot(getValues(), parties, view));
    setBaselineOnServer(true);
    setPartyErrors(undefined);
    void clearDraft(ref);
    setSaveErrors(NO_ERRORS);
    setSubmitted(false);
    return answer;
  };

  /** Called in the click, right after the outbox recorded the save (or with false: it refused). */
  const handOver = (kept = true) => {
    handedOver.current = kept ? sent.current : undefined;
  };
  /** The outbox holds the work (and took the kept draft over): it is the new baseline. */
  const forget = () => {
    setBaseline(handedOver.current ?? snapshot(getValues(), parties, view));
    setBaselineOnServer(false);
  };

  /** Keeps the current state for the party forms, which write their result into it. */
  const keep = () => writeDraft(ref, { draft: getValues(), parties, partyErrors });

  return {
    keep,
    handOver,
    forget,
    draft,
    variant,
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
    objectsOnly,
    markSaved,
  };
}

export type Editor = ReturnType<typeof useEditor>;

/** What the user would lose: the inputs as the server would receive them. */
function snapshot(draft: Draft, parties: Parties, view: CalculationViewProperties): string {
  const list = listOf(view.conditionLists, draft);
  return JSON.stringify({ ...(list ? variantOf(draft, list) : draft), parties });
}
