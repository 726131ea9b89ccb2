import { calculateParsed, type ParsedCalculateRequest } from '../../../domain/calculation/engine';
import { CALCULATION_DEFAULTS } from '../../../domain/calculation/defaults';
import { OFFER_VALID_DAYS } from '../../../domain/offer-links';
import { listsCountedIn } from '../../../domain/calculation/thresholds';
import type { CalculateEntity, CalculationViewEntity } from '../../../domain/api/calculations';
import type { Db } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { notFound } from '../../problems';
import { findPartner } from '../session';
import { requireProfile } from '../session/policy';
import type { ReferenceCache } from './reference-cache';
import { conditionListsOfBrand, objectTypesOfBrand, savedConditionList } from './repo';
import { calculationRefusal, getVariant } from './set-service';

/**
 * The calculation view and the calculate call (portal specification, “The calls it makes”). The server is the
 * authority for results; the same engine runs in the PWA for offline, indicative ones.
 */
export async function calculationView(
  db: Db,
  caller: Caller,
  ids: { calculationSetId?: string; calculationVariantId?: string },
): Promise<CalculationViewEntity> {
  const profile = requireProfile(caller);
  const [partner, conditionLists, objectTypes, variant] = await Promise.all([
    findPartner(db, caller.user.partnerId),
    conditionListsOfBrand(db, profile.brandId).then((lists) => listsCountedIn(lists, profile.currencyCode)),
    objectTypesOfBrand(db, profile.brandId),
    ids.calculationSetId && ids.calculationVariantId
      ? getVariant(db, caller, ids.calculationSetId, ids.calculationVariantId)
      : null,
  ]);
  // Without a list nothing can be calculated: no way to start a calculation is offered.
  const canCreate = profile.status === 'active' && conditionLists.length > 0;
  const listId = variant?.properties.calculationVariant.conditionListId;
  // A saved calculation keeps the version of its list; the editor needs it to show the saved choice.
  const variantConditionList =
    listId && !conditionLists.some((l) => l.id === listId)
      ? await savedConditionList(db, profile.brandId, listId)
      : undefined;
  return {
    class: ['calculationView'],
    properties: {
      calculationProfile: {
        userProfileId: profile.userProfileId,
        brandName: profile.name,
        isReadOnly: profile.status === 'readOnly',
        isNewCalculationPossible: canCreate,
        currencyCode: profile.currencyCode,
      },
      applicationSettings: { ...CALCULATION_DEFAULTS, currencyCode: profile.currencyCode },
      globalAndDashboardSettings: {
        hasGlobalAccess: caller.user.hasGlobalAccess,
        isAdmin: caller.user.isAdmin,
        isExcelDownloadPermitted: caller.user.isExcelDownloadPermitted,
        offerLinkValidDays: OFFER_VALID_DAYS,
      },
      partnerView: {
        businessPartnerId: partner.id,
        businessPartnerName: partner.name,
        countryIso: partner.countryIso,
        languages: partner.availableLanguages,
        enabledFeatures: partner.enabledFeatures,
      },
      conditionLists,
      ...(variantConditionList ? { variantConditionList } : {}),
      objectTypes,
      variant,
    },
    actions: canCreate
      ? [{ name: 'create-set', method: 'POST', href: '/api/calculationSets', type: 'application/json' }]
      : [],
    links: [{ rel: ['self'], href: '/api/calculationView' }],
  };
}

export async function calculate(
  cache: ReferenceCache,
  caller: Caller,
  conditionListId: string,
  /** Parsed by the route's schema already: the engine does not parse it again. */
  body: ParsedCalculateRequest,
): Promise<CalculateEntity> {
  const profile = requireProfile(caller);
  const { current, limits } = await cache(profile.brandId);
  // An older version's id is calculated with the version offered now, which the answer names.
  const list = current(conditionListId);
  if (!list) throw notFound('No such condition list for the selected brand.');
  const outcome = calculateParsed(list, body, limits);
  if (!outcome.ok) throw calculationRefusal(outcome);
  return { class: ['calculation'], properties: { conditionListId: list.id, results: outcome.results } };
}
