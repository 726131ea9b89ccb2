import {
  calculate as runEngine,
  CALCULATION_ERRORS,
  type CalculationOutcome,
} from '../../../domain/calculation/engine';
import type { ConditionList, ResultRow } from '../../../domain/calculation/schemas';
import { isReportRequired } from '../../../domain/calculation/requests';
import { canUpdate, categoryOf, partiesHeldBy } from '../../../domain/calculation/states';
import { canCopyVariant, canDeleteVariant } from '../../../domain/calculation/variant-policy';
import {
  decidedFieldChanged,
  toCalculateRequest,
  type CalculationSetSave,
  type CalculationVariant,
  type FinancingObject,
  canonical,
  variantRuleErrors,
} from '../../../domain/calculation/variant';
import type { Customer } from '../../../domain/customers/schemas';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { InvalidParam } from '../../../domain/problems';
import type { Db, Queryable } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { errorKeys, invalidState, validation, versionMismatch } from '../../problems';
import { findPartner } from '../session';
import { partyProblems } from '../customers';
import type { ChangeEffects } from './changes';
import { canWrite, loadVariant, requireVisible, requireWritable, variantIn } from './policy';
import { contractFiguresChange } from './paper';
import { etagOf, variantEntity } from './presenter';
import { listKeyOf } from '../../../domain/provider-data';
import type { BrandReference, ReferenceCache } from './reference-cache';
import { savedConditionList } from './repo';
import {
  deleteVariantRow,
  findSet,
  insertSet,
  insertVariant,
  touchSet,
  updateParties,
  updateVariantRow,
  type SetRow,
  type VariantRow,
} from './set-repo';

// Saving calculation sets and variants (docs/domain.md section 4). Every save is recalculated here
// with the engine from the named condition list; the locks of the states are enforced in the same
// transaction that writes.

/** The variant as it will be stored, with its server-computed results and its condition list. */
function evaluate(
  ref: BrandReference,
  v: CalculationVariant,
): { payload: CalculationVariant; results: ResultRow[]; list: ConditionList } {
  const list = ref.current(v.conditionListId);
  if (!list || list.productId !== v.productId)
    throw validation([{ name: 'productId', reason: CALCULATION_ERRORS.noConditionListForProduct }]);
  const unknown: InvalidParam[] = [];
  const objectTypes = [
    ...v.financingObjects.map((o) => o.objectId),
    ...(v.generalObject ? [v.generalObject.objectType] : []),
  ];
  if (objectTypes.some((t) => !ref.limits.has(t)))
    unknown.push({ name: 'financingObjects', reason: 'unknownObjectType' });
  if (
    v.financingObjects.some(
      (o) => o.manufacturerId && !ref.manufacturers.get(o.objectId)?.has(o.manufacturerId),
    )
  )
    unknown.push({ name: 'financingObjects', reason: 'unknownManufacturer' });
  const period = v.periodInMonths ?? list.defaultPeriod;
  if (!list.periods.includes(period)) unknown.push({ name: 'periodInMonths', reason: 'periodNotOffered' });
  unknown.push(...variantRuleErrors(v, list));
  if (unknown.length) throw validation(unknown);
  const payload = { ...v, conditionListId: list.id, periodInMonths: period };
  const outcome = runEngine(list, toCalculateRequest(payload, list), ref.limits);
  if (!outcome.ok) throw calculationRefusal(outcome);
  return { payload, results: outcome.results, list };
}

/**
 * A variant the provider has decided on (past the quote) keeps the version of its condition list
 * while a save keeps its choice of list (docs/provider-data.md): its decision stays on what it was
 * made on. A quote is calculated anew with the version offered now.
 */
async function evaluateFor(
  q: Queryable,
  ref: BrandReference,
  brandId: string,
  variant: VariantRow,
  v: CalculationVariant,
): Promise<ReturnType<typeof evaluate>> {
  const own = variant.payload.conditionListId;
  if (categoryOf(variant.state) === 'Quote' || listKeyOf(own) !== listKeyOf(v.conditionListId))
    return evaluate(ref, v);
  const kept = ref.lists.get(own) ?? (await savedConditionList(q, brandId, own));
  if (!kept) return evaluate(ref, v);
  return evaluate(
    { ...ref, current: (id) => (id === own ? kept : ref.current(id)) },
    { ...v, conditionListId: own },
  );
}
/** The engine's refusal as the API answers it: field errors, or error keys for the result as a whole. */
export function calculationRefusal(outcome: Extract<CalculationOutcome, { ok: false }>) {
  return outcome.errorKeys
    ? errorKeys(outcome.errorKeys, 'The calculation leaves no instalment to pay: lower the advance payment.')
    : validation(outcome.errors, 'The calculation is not possible with these values.');
}

/**
 * Whether the customer needs a credit-agency report is the server's to say, from the NAV, the list
 * and the brand's currency (the caller's profile's: the cache's lists are that brand's).
 */
function withReportFlag(
  applicant: Customer | null,
  results: ResultRow[],
  list: ConditionList | undefined,
  currencyCode: string,
) {
  if (!applicant) return null;
  const nav = results[0]?.netAcquisitionValueAmount ?? 0;
  return { ...applicant, isReportRequired: isReportRequired(nav, list, currencyCode) };
}

/** The same customer, whatever the report flag derived from the NAV says. */
const sameCustomer = (a: Customer | null, b: Customer | null) =>
  canonical(a && { ...a, isReportRequired: undefined }) ===
  canonical(b && { ...b, isReportRequired: undefined });

async function reload(q: Queryable, setId: string): Promise<SetRow> {
  return (await findSet(q, setId))!;
}

/** The parties must follow the customer rules of their country (the partner's by default). */
async function checkParties(q: Queryable, caller: Caller, parties: Parameters<typeof partyProblems>[0]) {
  const partner = await findPartner(q, caller.user.partnerId);
  const problems = partyProblems(parties, partner.countryIso);
  if (problems.length) throw validation(problems, 'The customer, supplier or sublessee is not complete.');
}

const partiesOf = (
  body: CalculationSetSave,
  evaluated: { results: ResultRow[]; list: ConditionList },
  currencyCode: string,
) => ({
  applicant: withReportFlag(body.applicant, evaluated.results, evaluated.list, currencyCode),
  supplier: body.supplier,
  sublessee: body.sublessee,
  creditAgencyReportIds: body.creditAgencyReportIds,
});

export async function createSet(
  db: Db,
  cache: ReferenceCache,
  caller: Caller,
  body: CalculationSetSave,
): Promise<VariantEntity> {
  requireWritable(caller);
  const profile = caller.profile!;
  const evaluated = evaluate(await cache(profile.brandId), body.calculationVariant);
  const { payload, results } = evaluated;
  const parties = partiesOf(body, evaluated, profile.currencyCode);
  return db.tx(async (q) => {
    await checkParties(q, caller, parties);
    const setId = await insertSet(q, {
      partnerId: caller.user.partnerId,
      brandId: profile.brandId,
      userProfileId: profile.userProfileId,
      userId: caller.user.id,
      currencyCode: profile.currencyCode,
      ...parties,
    });
    const variantId = await insertVariant(q, setId, caller.user.id, payload, results);
    await touchSet(q, setId, caller.user.id, { variantId, state: 'inWork' });
    return variantEntity(await reload(q, setId), variantId, true);
  });
}

export async function getVariant(
  db: Db,
  caller: Caller,
  setId: string,
  variantId: string,
): Promise<VariantEntity> {
  const { set } = await loadVariant(db, caller, { setId, variantId });
  return variantEntity(set, variantId, canWrite(caller));
}

interface UpdateOptions {
  force: boolean;
  ifMatch?: string;
}

/** Locks, If-Match and the state a change leads to, for one variant in a locked set row. */
async function lockForUpdate(
  q: Queryable,
  caller: Caller,
  setId: string,
  variantId: string,
  opts: UpdateOptions,
) {
  const { set, variant } = await loadVariant(q, caller, { setId, variantId }, true);
  // A forced update is the user's choice to overwrite (docs/offline.md conflicts), so it skips If-Match.
  if (!opts.force && opts.ifMatch && opts.ifMatch !== '*' && opts.ifMatch !== etagOf(variant))
    throw versionMismatch(etagOf(variant), variantEntity(set, variantId, true));
  return { set, variant };
}

/** Another variant's contract holds the set's parties: a change of them is refused. */
function requirePartiesFree(set: SetRow, variantId: string, partiesChanged: boolean) {
  const holder = partiesChanged && partiesHeldBy(set.variants, variantId);
  if (holder) throw invalidState('contractLocked', holder, false);
}

/** What a change leads to in the variant's state, or the refusal that names why not. */
function verdictFor(state: SetRow['state'], force: boolean, changes: { decided: boolean; figures: boolean }) {
  const verdict = canUpdate(state, {
    force,
    decidedFieldChanged: changes.decided,
    contractFiguresChanged: changes.figures,
  });
  if (verdict.allowed) return verdict;
  if (verdict.reason === 'locked') throw invalidState('updateBlocked', state, true);
  throw invalidState(verdict.reason, state, false);
}

/** A forced change of a requested variant withdraws its request, of a signing one ends the signing. */
async function endWhatTheChangeEnds(
  q: Queryable,
  effects: ChangeEffects,
  cancels: ReturnType<typeof verdictFor>['cancels'],
  variantId: string,
) {
  if (cancels === 'request') await effects.withdrawRequest(q, variantId);
  if (cancels === 'signing') await effects.endSigning(q, variantId, 'The calculation was changed');
}

export async function updateVariant(
  db: Db,
  cache: ReferenceCache,
  effects: ChangeEffects,
  caller: Caller,
  ids: { setId: string; variantId: string },
  body: CalculationSetSave,
  opts: UpdateOptions,
): Promise<VariantEntity> {
  requireWritable(caller);
  const ref = await cache(caller.profile!.brandId);
  // Refused inputs are named before anything is locked.
  evaluate(ref, body.calculationVariant);
  return db.tx(async (q) => {
    const { set, variant } = await lockForUpdate(q, caller, ids.setId, ids.variantId, opts);
    const evaluated = await evaluateFor(q, ref, set.brandId, variant, body.calculationVariant);
    const { payload, results } = evaluated;
    const parties = partiesOf(body, evaluated, caller.profile!.currencyCode);
    await checkParties(q, caller, parties);
    // The customer is part of what the provider decided on, as the decided inputs are.
    const decided =
      decidedFieldChanged(variant.payload, payload) || !sameCustomer(set.applicant, parties.applicant);
    const partiesChanged =
      !sameCustomer(set.applicant, parties.applicant) ||
      canonical([set.supplier, set.sublessee]) !== canonical([body.supplier, body.sublessee]);
    requirePartiesFree(set, variant.id, partiesChanged);
    const contentChanged = canonical(variant.payload) !== canonical(payload) || partiesChanged;
    const verdict = verdictFor(variant.state, opts.force, {
      decided,
      figures: contractFiguresChange({ set, variant }, [payload, parties]),
    });
    await endWhatTheChangeEnds(q, effects, verdict.cancels, variant.id);
    await updateVariantRow(q, variant.id, caller.user.id, {
      payload,
      results,
      state: verdict.nextState,
      contentChanged,
    });
    await touchSet(
      q,
      ids.setId,
      caller.user.id,
      { variantId: variant.id, state: verdict.nextState },
      parties,
    );
    return variantEntity(await reload(q, ids.setId), variant.id, true);
  });
}

export async function updateObjectList(
  db: Db,
  cache: ReferenceCache,
  effects: ChangeEffects,
  caller: Caller,
  ids: { setId: string; variantId: string },
  financingObjects: FinancingObject[],
  opts: UpdateOptions,
): Promise<VariantEntity> {
  requireWritable(caller);
  const ref = await cache(caller.profile!.brandId);
  return db.tx(async (q) => {
    const { set, variant } = await lockForUpdate(q, caller, ids.setId, ids.variantId, opts);
    const { payload, results, list } = await evaluateFor(q, ref, set.brandId, variant, {
      ...variant.payload,
      financingObjects,
    });
    const verdict = verdictFor(variant.state, opts.force, {
      decided: decidedFieldChanged(variant.payload, payload),
      figures: contractFiguresChange({ set, variant }, [payload, set]),
    });
    await endWhatTheChangeEnds(q, effects, verdict.cancels, variant.id);
    await updateVariantRow(q, variant.id, caller.user.id, {
      payload,
      results,
      state: verdict.nextState,
      contentChanged: canonical(variant.payload) !== canonical(payload),
    });
    // The NAV may have changed, and with it whether the customer needs a report.
    if (set.applicant)
      await updateParties(q, ids.setId, {
        applicant: withReportFlag(set.applicant, results, list, caller.profile!.currencyCode),
      });
    await touchSet(q, ids.setId, caller.user.id, { variantId: variant.id, state: verdict.nextState });
    return variantEntity(await reload(q, ids.setId), variant.id, true);
  });
}

export async function updateApplicant(
  db: Db,
  effects: ChangeEffects,
  caller: Caller,
  ids: { setId: string; variantId: string },
  applicant: Customer,
  companyCountryIso: string | undefined,
  opts: UpdateOptions,
): Promise<VariantEntity> {
  requireWritable(caller);
  return db.tx(async (q) => {
    const { set, variant } = await lockForUpdate(q, caller, ids.setId, ids.variantId, opts);
    const list = await savedConditionList(q, set.brandId, variant.payload.conditionListId);
    const given = { ...applicant, ...(companyCountryIso ? { countryIso: companyCountryIso } : {}) };
    const next = withReportFlag(given, variant.results, list, caller.profile!.currencyCode)!;
    await checkParties(q, caller, { applicant: next, supplier: null, sublessee: null });
    // The customer is part of what the provider decided on.
    const changed = !sameCustomer(set.applicant, next);
    requirePartiesFree(set, variant.id, changed);
    const verdict = verdictFor(variant.state, opts.force, { decided: changed, figures: changed });
    await endWhatTheChangeEnds(q, effects, verdict.cancels, variant.id);
    await updateParties(q, ids.setId, { applicant: next });
    await updateVariantRow(q, variant.id, caller.user.id, {
      ...variant,
      state: verdict.nextState,
      contentChanged: changed,
    });
    await touchSet(q, ids.setId, caller.user.id, { variantId: variant.id, state: verdict.nextState });
    return variantEntity(await reload(q, ids.setId), variant.id, true);
  });
}

/** A new variant of a set: a copy of an existing one, or the given inputs. */
export async function addVariant(
  db: Db,
  cache: ReferenceCache,
  caller: Caller,
  setId: string,
  body: { copyOf?: string; calculationVariant?: CalculationVariant },
): Promise<VariantEntity> {
  requireWritable(caller);
  const ref = await cache(caller.profile!.brandId);
  return db.tx(async (q) => {
    const set = requireVisible(caller, await findSet(q, setId, true));
    const room = canCopyVariant({ variantCount: set.variants.length });
    if (!room.allowed) throw errorKeys([room.errorKey]);
    // A copy starts without a name: the tabs tell variants apart by their number.
    const source = body.copyOf
      ? { ...variantIn(set, body.copyOf).payload, name: '' }
      : body.calculationVariant;
    if (!source) throw validation([{ name: 'calculationVariant', reason: '#0000_006#' }]);
    const { payload, results } = evaluate(ref, source);
    const variantId = await insertVariant(q, setId, caller.user.id, payload, results);
    // A new variant leads the set only while the leading one is still a quote.
    const leading = set.variants.find((v) => v.id === set.leadingVariantId);
    if (!leading || categoryOf(leading.state) === 'Quote')
      await touchSet(q, setId, caller.user.id, { variantId, state: 'inWork' });
    return variantEntity(await reload(q, setId), variantId, true);
  });
}

export async function deleteVariant(db: Db, caller: Caller, setId: string, variantId: string): Promise<void> {
  requireWritable(caller);
  await db.tx(async (q) => {
    const { set, variant } = await loadVariant(q, caller, { setId, variantId }, true);
    const verdict = canDeleteVariant({ variantCount: set.variants.length }, variant.state);
    if (verdict.allowed === false && verdict.errorKey === 'invalidCurrentState')
      throw invalidState('invalidCurrentState', variant.state, false);
    if (!verdict.allowed) throw errorKeys([verdict.errorKey]);
    await deleteVariantRow(q, variantId);
    if (set.leadingVariantId === variantId) {
      const next = set.variants.filter((v) => v.id !== variantId).at(-1)!;
      await touchSet(q, setId, caller.user.id, { variantId: next.id, state: next.state });
    }
  });
}
