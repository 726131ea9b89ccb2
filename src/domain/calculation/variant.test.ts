import { describe, expect, it } from 'vitest';
import { listOf } from './test/fixtures';
import {
  CalculationVariant,
  contractFigures,
  contractFiguresDiffer,
  toCalculateRequest,
  variantFieldOf,
} from './variant';

const variant = CalculationVariant.parse({
  conditionListId: 'L1',
  productId: 'P1',
  navBasedCalculation: true,
  inputValue: 12_000,
  periodInMonths: 36,
  financingObjects: [{ objectId: 'O1', netPricePerItemAmount: 6_000, quantity: 2 }],
});
const parties = {
  applicant: { name: 'Nordwind GmbH', isReportRequired: false } as never,
  supplier: null,
  sublessee: null,
};
const figures = (v: Partial<CalculationVariant>, p: Partial<typeof parties> = {}) =>
  contractFigures({ ...variant, ...v }, { ...parties, ...p });

describe('contractFigures', () => {
  it('leaves out the name, the language, the notes and the report flag', () => {
    const before = figures({});
    expect(
      contractFiguresDiffer(
        before,
        figures(
          { name: 'Plan B', languageCode: 'de', additionalOfferInfo: 'x', additionalRequestInfo: 'y' },
          { applicant: { name: 'Nordwind GmbH', isReportRequired: true } as never },
        ),
      ),
    ).toBe(false);
  });

  it('holds every figure the contract shows: amounts, objects with serial numbers, the parties', () => {
    const before = figures({});
    expect(contractFiguresDiffer(before, figures({ inputValue: 20_000 }))).toBe(true);
    expect(contractFiguresDiffer(before, figures({ paymentFrequency: 'quarterly' }))).toBe(true);
    expect(contractFiguresDiffer(before, figures({ recurringServiceAmount: 10 }))).toBe(true);
    expect(
      contractFiguresDiffer(
        before,
        figures({ financingObjects: [{ ...variant.financingObjects[0]!, serialNumber: 'SN-1' }] }),
      ),
    ).toBe(true);
    expect(contractFiguresDiffer(before, figures({}, { supplier: { name: 'Other AG' } as never }))).toBe(
      true,
    );
  });

  it('compares figures read back from jsonb, whose keys come in another order', () => {
    const before = figures({});
    const { variant: v, ...parties } = before;
    const readBack = JSON.parse(JSON.stringify({ ...parties, variant: v })) as unknown;
    expect(contractFiguresDiffer(before, readBack)).toBe(false);
  });
});

describe('variantFieldOf', () => {
  it("names the variant's field each request field was made from, so an engine error lands there", () => {
    const list = listOf('L1', { hasRecurringServiceFee: true });
    const distinct = { ...variant, inputValue: 11_111, recurringServiceAmount: 22, periodInMonths: 48 };
    const fromNav = toCalculateRequest(distinct, list) as unknown as Record<string, unknown>;
    const fromInstalment = toCalculateRequest(
      { ...distinct, navBasedCalculation: false },
      list,
    ) as unknown as Record<string, unknown>;
    for (const request of [fromNav, fromInstalment])
      for (const [name, value] of Object.entries(request)) {
        const source = variantFieldOf(name);
        if (source !== name) expect(distinct[source as keyof CalculationVariant], name).toEqual(value);
      }
    expect(variantFieldOf('netAcquisitionValueAmount')).toBe('inputValue');
    expect(variantFieldOf('netInstallmentAmount')).toBe('inputValue');
    expect(variantFieldOf('selectedPeriod')).toBe('periodInMonths');
    expect(variantFieldOf('financingObjects')).toBe('financingObjects');
  });
});
