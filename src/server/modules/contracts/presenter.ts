import type { ContractDetail } from '../../../domain/api/contracts';
import { addDays, monthsBetween } from '../../../domain/contracts';
import { colourOf } from '../../../domain/calculation/states';
import type { ContractEntity, ContractListEntity } from '../../../domain/api/contracts';
import type { Action } from '../../../domain/hypermedia';
import type { ContractRecord, ContractRow } from './repo';

/** The hypermedia answers of the contracts (docs/api.md): the list, one contract, its actions. */
export const CONTRACTS_HREF = '/api/contracts';
export const contractHref = (referenceCode: string) => `${CONTRACTS_HREF}/${referenceCode}`;
export const redemptionHref = (referenceCode: string) => `${contractHref(referenceCode)}/redemption-offer`;
export const assignHref = (referenceCode: string) => `${contractHref(referenceCode)}/assign`;

export const assignAction = (referenceCode: string): Action => ({
  name: 'assign',
  method: 'POST',
  href: assignHref(referenceCode),
  type: 'application/json',
  fields: [{ name: 'userProfileId', type: 'text' }],
});

export const redemptionAction = (referenceCode: string): Action => ({
  name: 'make-redemption-offer',
  method: 'POST',
  href: redemptionHref(referenceCode),
  type: 'application/json',
  fields: [{ name: 'statement', type: 'textarea' }],
});

export function listItemEntity(
  row: ContractRow,
  writable: boolean,
): NonNullable<ContractListEntity['entities']>[number] {
  return {
    class: ['contract'],
    rel: ['item'],
    properties: { ...row, stateColour: colourOf(row.state) },
    actions: writable ? [assignAction(row.referenceCode)] : [],
    links: [{ rel: ['self'], href: contractHref(row.referenceCode) }],
  };
}

/** Months from the start to the day after the end: a contract of 2024-06-01 to 2028-05-31 runs 48. */
export function durationOf(c: Pick<ContractRecord, 'startDate' | 'endDate'>): number | null {
  if (!c.startDate || !c.endDate || c.endDate < c.startDate) return null;
  return monthsBetween(c.startDate, addDays(c.endDate, 1));
}

export function contractDetail(c: ContractRecord): ContractDetail {
  return {
    contractId: c.contractId,
    referenceCode: c.referenceCode,
    number: c.referenceCode,
    startDate: c.startDate,
    endDate: c.endDate,
    duration: durationOf(c),
    rentFreeMonths: c.rentFreeMonths,
    customerName: c.customerName,
    isSubLease: c.isSubLease,
    subLesseeName: c.subLesseeName,
    state: c.state,
    stateColour: colourOf(c.state),
    userProfileId: c.userProfileId,
    ownerName: c.ownerName,
    instalment: c.instalment,
    billingPeriod: c.billingPeriod,
    monthlyInstalment: c.monthlyInstalment,
    schedule: c.schedule,
    periodInMonths: c.periodInMonths,
    currencyCode: c.currencyCode,
    nav: c.nav,
    annualRatePercent: c.annualRatePercent,
    residualValue: c.residualValue,
    paymentFrequency: c.paymentFrequency,
    returnedAt: c.returnedAt,
    cancelledAt: c.cancelledAt,
    paidAt: c.paidAt,
    lastRedemptionOfferAt: c.lastRedemptionOfferAt,
    calculationSetId: c.calculationSetId,
    calculationVariantId: c.calculationVariantId,
  };
}

export function contractEntity(
  c: ContractRecord,
  opts: { writable: boolean; redeemable: boolean },
): ContractEntity {
  const contract = contractDetail(c);
  return {
    class: ['contract'],
    properties: {
      contract,
      // The terms the contract was calculated with.
      calculationProfile: {
        calculationSetId: c.calculationSetId,
        calculationVariantId: c.calculationVariantId,
        currencyCode: c.currencyCode,
        netAcquisitionValueAmount: c.nav,
        instalment: c.instalment,
        periodInMonths: c.periodInMonths ?? contract.duration,
        paymentFrequency: c.paymentFrequency,
        annualRatePercent: c.annualRatePercent,
        residualValue: c.residualValue,
      },
    },
    actions: [
      ...(opts.redeemable ? [redemptionAction(c.referenceCode)] : []),
      ...(opts.writable ? [assignAction(c.referenceCode)] : []),
    ],
    links: [
      { rel: ['self'], href: contractHref(c.referenceCode) },
      ...(opts.redeemable ? [{ rel: ['redemption-offer'], href: redemptionHref(c.referenceCode) }] : []),
    ],
  };
}
