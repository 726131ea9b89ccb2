import { transition } from '../../../domain/calculation/states';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { Db } from '../../db/db';
import { enqueueJob } from '../../jobs/queue';
import type { Caller } from '../../plugins/auth';
import { errorKeys } from '../../problems';
import {
  blockersOf,
  changeVariantState,
  findSet,
  loadVariant,
  makeLeadingVariant,
  requireStep,
  requireWritable,
  saveVariantNotes,
  variantEntity,
} from '../calculations';
import { partyProblems } from '../customers';
import { findPartner } from '../session';
import { requireTermsAccepted } from '../session/policy';
import { DECIDE_JOB, INSTANT_DECISION_DELAY_MS } from './decisions';
import { cancelOpenRequests, insertRequest } from './repo';

/**
 * The partner's side of a request to the provider (portal specification, “States and transitions” and “The calls it makes”): send it (or only
 * keep the quote note), cancel the calculation process, ask for a special-case condition.
 */
export async function sendToProvider(
  db: Db,
  caller: Caller,
  ids: { setId: string; variantId: string },
  body: { quoteNote: string; sendRequest: boolean },
): Promise<VariantEntity> {
  requireWritable(caller);
  return db.tx(async (q) => {
    const { set, variant } = await loadVariant(q, caller, ids, true);
    requireStep('request', variant);
    if (!body.sendRequest) {
      await saveVariantNotes(q, variant.id, { quoteNote: body.quoteNote });
      return variantEntity((await findSet(q, set.id))!, variant.id, true);
    }
    const partner = await findPartner(q, caller.user.partnerId);
    requireTermsAccepted(caller, partner.isTnCAcceptanceNecessary);
    // Sent again while running, the request replaces the open one (the client warned that it is
    // updated): cancelOpenRequests below.
    const row = variant.results.find((r) => r.periodInMonths === variant.payload.periodInMonths);
    const missing = blockersOf(set, variant);
    const problems = partyProblems(
      { applicant: set.applicant, supplier: set.supplier, sublessee: set.sublessee },
      partner.countryIso,
    );
    if (problems.length) missing.push('partiesInvalid');
    if (missing.length) throw errorKeys(missing, 'The request cannot be sent yet.');

    await cancelOpenRequests(q, variant.id);
    const requestId = await insertRequest(q, {
      calculationSetId: set.id,
      calculationVariantId: variant.id,
      partnerId: set.partnerId,
      brandId: set.brandId,
      requestedBy: caller.user.id,
      nav: row!.netAcquisitionValueAmount,
      periodInMonths: row!.periodInMonths,
      quoteNote: body.quoteNote,
    });
    await saveVariantNotes(q, variant.id, { quoteNote: body.quoteNote });
    await changeVariantState(q, set, variant.id, 'requestToGrenke');
    await makeLeadingVariant(q, set.id, variant.id, 'requestToGrenke');
    await enqueueJob(q, DECIDE_JOB, { requestId }, INSTANT_DECISION_DELAY_MS);
    return variantEntity((await findSet(q, set.id))!, variant.id, true);
  });
}

/** Cancel the calculation process (any state but closed and contracted). */
export async function cancelProcess(
  db: Db,
  caller: Caller,
  ids: { setId: string; variantId: string },
): Promise<VariantEntity> {
  requireWritable(caller);
  return db.tx(async (q) => {
    const { set, variant } = await loadVariant(q, caller, ids, true);
    requireStep('cancelProcess', variant);
    const next = transition(variant.state, 'cancelProcess')!;
    await cancelOpenRequests(q, variant.id);
    await changeVariantState(q, set, variant.id, next);
    return variantEntity((await findSet(q, set.id))!, variant.id, true);
  });
}
