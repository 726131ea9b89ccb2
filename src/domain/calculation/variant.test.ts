import { describe, expect, it } from 'vitest';
import { CalculationVariant, contractFigures, contractFiguresDiffer } from './variant';

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
