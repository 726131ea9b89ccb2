import { describe, expect, it } from 'vitest';
import { CONFIGURED_COUNTRIES, customerConfiguration, partyConfiguration } from '../customers/configuration';
import { CalculationListEntity, CalculationListItemSchema, type CalculationListItem } from './calculations';
import { ContractListEntity } from './contracts';
import { CustomerConfigurationSchema, PartyConfigurationSchema } from './customers';
import { QuickSearchCalculationSchema } from './search';

describe('the answers of src/domain/api', () => {
  it('hold every country configuration whole', () => {
    for (const iso of CONFIGURED_COUNTRIES) {
      const applicant = customerConfiguration(iso);
      expect(CustomerConfigurationSchema.parse(applicant)).toEqual(applicant);
      for (const kind of ['supplier', 'sublessee'] as const) {
        const party = partyConfiguration(kind, iso);
        expect(PartyConfigurationSchema.parse(party)).toEqual(party);
      }
    }
  });

  it("give a quick-search calculation the list row's own values, fewer of them", () => {
    const row: CalculationListItem = {
      calculationSetId: 'set-1',
      calculationVariantId: 'variant-1',
      lastEdited: '2026-11-26T10:00:00.000Z',
      name: 'Two copiers',
      applicantName: 'Nordic Office Supply AB',
      sublesseeName: '',
      isSubLease: false,
      referenceCode: null,
      state: 'inWork',
      stateColour: 'blue',
      currencyCode: 'SEK',
      ownerName: 'Erik Lindqvist',
      netAcquisitionValueAmount: 12_000,
      periodInMonths: 36,
      totalInstallmentAmount: 380,
      billingPeriod: 'month',
      monthlyTotalInstallmentAmount: 380,
      schedule: [],
    };
    expect(QuickSearchCalculationSchema.parse(CalculationListItemSchema.parse(row))).toEqual({
      calculationSetId: 'set-1',
      calculationVariantId: 'variant-1',
      lastEdited: '2026-11-26T10:00:00.000Z',
      name: 'Two copiers',
      applicantName: 'Nordic Office Supply AB',
      sublesseeName: '',
      isSubLease: false,
      state: 'inWork',
    });
  });

  it('page both lists alike, each with the states of its own kind', () => {
    const page = (availableStates: string[]) => ({
      properties: { count: 0, availableStates, page: 1, itemsPerPage: 10 },
      entities: [],
    });
    expect(CalculationListEntity.safeParse(page(['inWork'])).success).toBe(true);
    expect(CalculationListEntity.safeParse(page(['runningContract'])).success).toBe(false);
    expect(ContractListEntity.safeParse(page(['runningContract'])).success).toBe(true);
    expect(ContractListEntity.safeParse(page(['inWork'])).success).toBe(false);
    expect(ContractListEntity.safeParse({ properties: { count: 0 } }).success).toBe(false);
  });
});
