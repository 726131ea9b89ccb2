import { describe, expect, it } from 'vitest';
import { CREDIT_REPORT_REQUIRED_ABOVE, isReportRequired, requestBlockers } from './requests';

describe('isReportRequired', () => {
  it("needs a report above the provider's 10,000, not at it", () => {
    expect(CREDIT_REPORT_REQUIRED_ABOVE).toBe(10_000);
    expect(isReportRequired(10_000, undefined)).toBe(false);
    expect(isReportRequired(10_000.01, undefined)).toBe(true);
    expect(isReportRequired(10_000.01, {})).toBe(true);
  });

  it("follows the condition list's own threshold where it names one", () => {
    expect(isReportRequired(20_000, { creditReportRequiredAbove: 25_000 })).toBe(false);
    expect(isReportRequired(6_000, { creditReportRequiredAbove: 5_000 })).toBe(true);
  });
});

describe('requestBlockers', () => {
  const ready = {
    hasApplicant: true,
    hasSupplier: true,
    periodSelected: true,
    objects: [{ details: 'imageRUNNER C3226i' }],
    overviewProvidedSeparately: false,
    attachmentCategories: [],
  };

  it('lets a complete variant go', () => {
    expect(requestBlockers(ready)).toEqual([]);
  });

  it('names every part that is missing', () => {
    expect(
      requestBlockers({
        ...ready,
        hasApplicant: false,
        hasSupplier: false,
        periodSelected: false,
        objects: [],
      }),
    ).toEqual(['applicantMissing', 'supplierMissing', 'periodNotSelected', 'objectDetailsMissing']);
  });

  it('accepts an attached or separately provided overview instead of object details', () => {
    const undescribed = { ...ready, objects: [{ details: ' ' }] };
    expect(requestBlockers(undescribed)).toEqual(['objectDetailsMissing']);
    expect(requestBlockers({ ...undescribed, attachmentCategories: ['objectOverview'] })).toEqual([]);
    expect(requestBlockers({ ...undescribed, overviewProvidedSeparately: true })).toEqual([]);
  });
});
