import { useCallback, useEffect, useMemo, useState } from 'react';
import { setUnsavedCheck } from '../../../client/unsaved';
import {
  chooseList,
  draftOf,
  newDraft,
  variantOf,
  type Draft,
  type FieldErrors,
} from '../../../domain/calculation/editor';
import type { CalculationSetSave } from '../../../domain/calculation/variant';
import type { CalculationViewProperties, VariantProperties } from '../api/types';
import { useCalculation } from './use-calculation';

/**
 * The editor's state: the draft, touched fields, the parties, and what saving sends. Choosing
 * contract type, residual value, commission or repurchase snaps the selection to the lists on
 * offer (chooseList); a period the new list lacks falls back to its default.
 */
export interface Parties {
  applicant: string;
  supplier: string;
}

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
    paymentMethod: methodOffered
      ? draft.paymentMethod
      : (list?.paymentMethods[0]?.code ?? draft.paymentMethod),
  };
}

export function useEditor(view: CalculationViewProperties, userProfileId: string) {
  const saved = view.variant?.properties;
  const initial = useMemo(
    () =>
      normalise(
        saved ? draftOf(saved.calculationVariant, view.conditionLists) : newDraft(view.conditionLists, ''),
        view,
      ),
    // The editor is keyed by the variant: the first view is the one it starts from.
    [],
  );
  const [draft, setDraft] = useState<Draft>(initial);
  const [parties, setParties] = useState<Parties>({
    applicant: saved?.applicant?.name ?? '',
    supplier: saved?.supplier?.name ?? '',
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saveErrors, setSaveErrors] = useState<FieldErrors>({});
  const [baseline, setBaseline] = useState(() => snapshot(initial, parties, view));

  const calc = useCalculation({
    draft,
    lists: view.conditionLists,
    userProfileId,
    initialResults: saved?.calculationResults ?? [],
  });

  const update = useCallback(
    (patch: Partial<Draft>) => {
      setDraft((d) => normalise({ ...d, ...patch }, view));
      setSaveErrors({});
    },
    [view],
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
    (name === 'objects' && [...touched].some((t) => t === 'inputValue' || t.startsWith('objects.')));

  const dirty = snapshot(draft, parties, view) !== baseline;
  useEffect(() => {
    setUnsavedCheck(() => dirty);
    return () => setUnsavedCheck(null);
  }, [dirty]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const body = (): CalculationSetSave | undefined => {
    const list = calc.choice.list;
    if (!list) return undefined;
    const party = (name: string) => (name.trim() ? { name: name.trim() } : null);
    return {
      calculationVariant: variantOf(draft, list),
      applicant: party(parties.applicant),
      supplier: party(parties.supplier),
      sublessee: saved?.sublessee ?? null,
      creditAgencyReportIds: saved?.creditAgencyReportIds ?? [],
    };
  };

  /** After a save: the answer is the new baseline. */
  const markSaved = (answer: VariantProperties) => {
    setBaseline(snapshot(draft, parties, view));
    setSaveErrors({});
    setSubmitted(false);
    return answer;
  };

  return {
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
