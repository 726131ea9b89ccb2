import { canUpdate, colourOf } from '../../../domain/calculation/states';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { Action } from '../../../domain/hypermedia';
import type { SetRow, VariantRow } from './set-repo';
import { requestBlockers } from '../../../domain/calculation/requests';
import { mayOfferLink } from '../../../domain/offer-links';
import { canCopyVariant, canDeleteVariant, mayTake } from '../../../domain/calculation/variant-policy';

/**
 * How many customer signees may sign (portal specification, “Validation rules”): an instant decision allows one
 * (numberOfInstantDecisionSignatures), an underwriter's approval a joint signature of two.
 */
export const maxCustomerSignees = (v: Pick<VariantRow, 'request'>) =>
  v.request?.decidedBy === 'instant' ? 1 : 2;

/** What a calculation set answers: the variant in the editor, its siblings and the actions now allowed. */
export const etagOf = (v: Pick<VariantRow, 'id' | 'version'>) => `"${v.id}.${v.version}"`;

export const setHref = (setId: string) => `/api/calculationSets/${setId}`;
export const variantHref = (setId: string, variantId: string) =>
  `${setHref(setId)}/calculationVariant/${variantId}`;

function variantActions(set: SetRow, v: VariantRow, writable: boolean): Action[] {
  if (!writable) return [];
  const href = variantHref(set.id, v.id);
  const json = 'application/json';
  const actions: Action[] = [];
  const verdict = canUpdate(v.state, { force: true, decidedFieldChanged: false });
  if (verdict.allowed) {
    actions.push(
      { name: 'update-variant', method: 'PUT', href, type: json },
      { name: 'update-applicant', method: 'PUT', href: `${href}/applicant`, type: json },
      { name: 'update-object-list', method: 'PUT', href: `${href}/object-list`, type: json },
    );
  }
  const variants = { variantCount: set.variants.length };
  if (canCopyVariant(variants).allowed) actions.push(copyVariantAction(set.id, v.id));
  if (canDeleteVariant(variants, v.state).allowed)
    actions.push({ name: 'delete-variant', method: 'DELETE', href });
  actions.push(...processActions(set.id, v, { bankId: set.signsWithBankId }));
  // The customer's offer page (docs/domain.md): sent from the editor while the variant is a quote.
  if (mayOfferLink(v.state))
    actions.push({ name: 'send-offer-link', method: 'POST', href: `${href}/offer-links`, type: json });
  return actions;
}

/** Copies a variant into its set (offered where canCopyVariant allows it). */
export const copyVariantAction = (setId: string, variantId: string): Action => ({
  name: 'copy-variant',
  method: 'POST',
  href: `${setHref(setId)}/calculationVariant`,
  type: 'application/json',
  fields: [{ name: 'copyOf', type: 'text', value: variantId }],
});

/** What keeps the variant's request from going now (the shared rule of requestBlockers). */
export function blockersOf(set: SetRow, v: VariantRow): string[] {
  return requestBlockers({
    hasApplicant: Boolean(set.applicant),
    hasSupplier: Boolean(set.supplier),
    periodSelected: v.results.some((r) => r.periodInMonths === v.payload.periodInMonths),
    objects: v.payload.financingObjects,
    overviewProvidedSeparately: v.payload.generalObject?.isExternalObjectOverviewProvided ?? false,
    attachmentCategories: set.attachmentCategories,
  });
}

/** What the process actions need of a variant (a list row has its state only). */
export type ProcessVariant = Pick<
  VariantRow,
  'id' | 'state' | 'quoteNote' | 'nonBindingQuoteNote' | 'specialCase'
>;

/**
 * Offer, request, special case, contract and cancel, as the state machine allows them now
 * (docs/domain.md, "States"); the calculation list's row menu offers the same. BankID only for a
 * brand that signs with it.
 */
export function processActions(setId: string, v: ProcessVariant, brand: { bankId?: boolean } = {}): Action[] {
  const href = variantHref(setId, v.id);
  const json = 'application/json';
  const may = (step: Parameters<typeof mayTake>[0]) => mayTake(step, v.state);
  const actions: Action[] = [];
  if (may('offer'))
    actions.push({
      name: 'make-offer',
      method: 'PUT',
      href: `${setHref(setId)}/offer?calculationVariantId=${v.id}`,
      type: json,
      fields: [
        { name: 'periods', type: 'number' },
        { name: 'makeOffer', type: 'boolean' },
        { name: 'nonBindingQuoteNote', type: 'text', value: v.nonBindingQuoteNote },
      ],
    });
  if (may('request'))
    actions.push({
      name: 'request-to-grenke',
      method: 'PUT',
      href: `${href}/toGrenke`,
      type: json,
      fields: [
        { name: 'quoteNote', type: 'text', value: v.quoteNote },
        { name: 'sendRequest', type: 'boolean' },
      ],
    });
  // Asked again while open, the request's text is replaced; once answered, a new one may follow.
  if (may('specialCase'))
    actions.push({
      name: 'request-special-case-condition',
      method: 'PUT',
      href: `${href}/special-case-condition`,
      type: 'application/json',
      fields: [
        { name: 'text', type: 'text', value: v.specialCase?.status === 'open' ? v.specialCase.text : '' },
      ],
    });
  if (may('paperContract'))
    actions.push({ name: 'paper-contract', method: 'PUT', href: `${href}/paperContract` });
  if (may('signing'))
    actions.push({
      name: v.state === 'contractPrinted' ? 'change-to-econtract' : 'start-esignature',
      method: 'PUT',
      href: `${href}/Esignature`,
      type: json,
    });
  if (brand.bankId && may('signing'))
    actions.push({ name: 'change-to-bankId', method: 'POST', href: `${href}/bankid/start`, type: json });
  if (may('cancelSigning')) {
    actions.push({ name: 'cancel-esignature', method: 'PUT', href: `${href}/Esignature/cancel` });
    actions.push({ name: 'change-to-papercontract', method: 'PUT', href: `${href}/paperContract` });
    // Whether a BankID order runs is known to the status call (404 when none).
    actions.push({ name: 'bankid-status', method: 'GET', href: `${href}/bankid/status` });
  }
  if (may('contractStart'))
    actions.push({ name: 'send-contract-start', method: 'POST', href: `${href}/contract-start` });
  if (may('cancelProcess')) actions.push({ name: 'cancel-process', method: 'POST', href: `${href}/cancel` });
  return actions;
}

export function variantEntity(set: SetRow, variantId: string, writable: boolean): VariantEntity {
  const v = set.variants.find((x) => x.id === variantId)!;
  return {
    class: ['calculationVariant'],
    properties: {
      calculationSetId: set.id,
      calculationVariantId: v.id,
      name: v.payload.name,
      state: v.state,
      stateColour: colourOf(v.state),
      isReadOnly: !writable || !canUpdate(v.state, { force: true, decidedFieldChanged: false }).allowed,
      isLocked: !canUpdate(v.state, { force: false, decidedFieldChanged: false }).allowed,
      currencyCode: set.currencyCode,
      source: set.source,
      lastEdited: v.lastEditedAt,
      lastSaved: { at: set.lastEditedAt, by: set.lastSavedByName },
      etag: etagOf(v),
      calculationVariant: v.payload,
      calculationResults: v.results,
      quoteNote: v.quoteNote,
      nonBindingQuoteNote: v.nonBindingQuoteNote,
      offer: { periods: v.offerPeriods ?? [], languageCode: v.offerLanguage },
      specialCaseRequested: v.specialCaseRequestedAt !== null,
      specialCase: v.specialCase,
      /** Why a request could not be sent now (the keys the request would be refused with). */
      requestBlockers: blockersOf(set, v),
      request: v.request,
      application: v.application,
      maxCustomerSignees: maxCustomerSignees(v),
      applicant: set.applicant,
      supplier: set.supplier,
      sublessee: set.sublessee,
      creditAgencyReportIds: set.creditAgencyReportIds,
      creditReports: set.creditReports,
      variants: set.variants.map((x) => ({
        calculationVariantId: x.id,
        name: x.payload.name,
        position: x.position,
        state: x.state,
        calculationVariant: x.payload,
        calculationResults: x.results,
      })),
    },
    actions: variantActions(set, v, writable),
    links: [
      { rel: ['self'], href: variantHref(set.id, v.id) },
      { rel: ['set'], href: setHref(set.id) },
    ],
  };
}
