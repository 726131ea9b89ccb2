import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  approvalLimitIn,
  DECISION_PROBLEM_KEYS,
  DECISION_TEXT_MAX,
  DecisionDraft,
  decisionProblems,
  isReportRequired,
  requestBlockers,
} from './requests';

describe('isReportRequired', () => {
  it("needs a report above the currency's default, not at it", () => {
    expect(isReportRequired(10_000, undefined, 'EUR')).toBe(false);
    expect(isReportRequired(10_000.01, undefined, 'EUR')).toBe(true);
    expect(isReportRequired(10_000.01, {}, 'EUR')).toBe(true);
    // 10,000 kr is no amount to ask a report for; 100,000 kr is the Swedish default.
    expect(isReportRequired(10_000.01, {}, 'SEK')).toBe(false);
    expect(isReportRequired(100_000.01, {}, 'SEK')).toBe(true);
  });

  it("follows the condition list's own threshold where it names one, in the deal's currency", () => {
    expect(isReportRequired(20_000, { creditReportRequiredAbove: 25_000 }, 'EUR')).toBe(false);
    expect(isReportRequired(6_000, { creditReportRequiredAbove: 5_000 }, 'EUR')).toBe(true);
    expect(isReportRequired(6_000, { creditReportRequiredAbove: 5_000, currencyCode: 'SEK' }, 'SEK')).toBe(
      true,
    );
    // A list counted in another currency sets nothing here: the deal's currency's default does.
    expect(isReportRequired(20_000, { creditReportRequiredAbove: 25_000, currencyCode: 'SEK' }, 'EUR')).toBe(
      true,
    );
  });

  it('asks a report for every deal in a currency without defaults, until the provider sets its own', () => {
    expect(isReportRequired(1, undefined, 'PLN')).toBe(true);
    expect(isReportRequired(1, { creditReportRequiredAbove: 40_000, currencyCode: 'PLN' }, 'PLN')).toBe(
      false,
    );
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

describe('decisionProblems', () => {
  it('asks for a decision first', () => {
    expect(decisionProblems({ decision: '' })).toEqual([{ name: 'decision', reason: 'decisionRequired' }]);
    expect(decisionProblems({ decision: 'approve' })).toEqual([]);
  });

  it('needs what is missing, ticked or in words, for needInformation', () => {
    expect(decisionProblems({ decision: 'needInformation', missingInfo: [], infoText: '  ' })).toEqual([
      { name: 'missingInfo', reason: 'missingInfoRequired' },
    ]);
    expect(decisionProblems({ decision: 'needInformation', missingInfo: ['other'] })).toEqual([]);
    expect(decisionProblems({ decision: 'needInformation', infoText: 'The annual report' })).toEqual([]);
  });

  it('needs a reason for a decline, and counts the texts trimmed', () => {
    expect(decisionProblems({ decision: 'decline', declineReason: ' ' })).toEqual([
      { name: 'declineReason', reason: 'required' },
    ]);
    const longest = 'x'.repeat(DECISION_TEXT_MAX);
    expect(decisionProblems({ decision: 'decline', declineReason: ` ${longest} ` })).toEqual([]);
    expect(decisionProblems({ decision: 'decline', declineReason: `${longest}x` })).toEqual([
      { name: 'declineReason', reason: 'tooLong' },
    ]);
    expect(decisionProblems({ decision: 'needInformation', infoText: `${longest}x` })).toEqual([
      { name: 'infoText', reason: 'tooLong' },
    ]);
  });

  it('bounds approvals by the underwriter’s limit in the request’s currency', () => {
    const limits = { EUR: 100_000 };
    const at = (nav: number, currency: string) => ({ nav, limit: approvalLimitIn(limits, currency) });
    const above = [{ name: 'decision', reason: 'aboveApprovalLimit' }];
    expect(decisionProblems({ decision: 'approve' }, at(100_000, 'EUR'))).toEqual([]);
    expect(decisionProblems({ decision: 'approve' }, at(100_000.01, 'EUR'))).toEqual(above);
    expect(decisionProblems({ decision: 'approveWithGuarantee' }, at(100_001, 'EUR'))).toEqual(above);
    // No limit in a currency: no approvals in it; declining and asking stay possible.
    expect(decisionProblems({ decision: 'approve' }, at(1, 'SEK'))).toEqual(above);
    expect(decisionProblems({ decision: 'decline', declineReason: 'Too young' }, at(1e6, 'SEK'))).toEqual([]);
    // An underwriter without any limits (made before limits existed) approves any amount.
    expect(
      decisionProblems({ decision: 'approve' }, { nav: 1e9, limit: approvalLimitIn(null, 'EUR') }),
    ).toEqual([]);
  });

  it('gives only keys that every locale translates', () => {
    const all = [
      decisionProblems({ decision: 'approve' }, { nav: 2, limit: 1 }),
      decisionProblems({ decision: '' }),
      decisionProblems({ decision: 'needInformation', infoText: 'x'.repeat(DECISION_TEXT_MAX + 1) }),
      decisionProblems({ decision: 'needInformation' }),
      decisionProblems({ decision: 'decline' }),
    ].flat();
    for (const p of all) expect(DECISION_PROBLEM_KEYS).toContain(p.reason);
    for (const locale of ['de-DE', 'en-IE', 'sv-SE']) {
      const ui = JSON.parse(readFileSync(`locales/ui.${locale}.json`, 'utf8')) as {
        validation: Record<string, string>;
        backoffice: { errors: Record<string, string> };
      };
      // The form shows 'required' with the common text (useErrorText), the others from its own.
      for (const key of DECISION_PROBLEM_KEYS)
        expect(
          key === 'required' ? ui.validation.required : ui.backoffice.errors[key],
          `${locale} ${key}`,
        ).toBeTruthy();
    }
  });
});

describe('DecisionDraft (the back office decision form)', () => {
  const draft: DecisionDraft = { decision: '', missingInfo: [], infoText: '', declineReason: '' };
  /** The first message per field, as the form shows it. */
  const messages = (value: DecisionDraft) => {
    const result = DecisionDraft.safeParse(value);
    const first: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
    return first;
  };

  it('passes a complete decision, trimmed as the server keeps it', () => {
    expect(DecisionDraft.parse({ ...draft, decision: 'decline', declineReason: ' No. ' })).toEqual({
      ...draft,
      decision: 'decline',
      declineReason: 'No.',
    });
    expect(DecisionDraft.safeParse({ ...draft, decision: 'approve' }).success).toBe(true);
    expect(
      DecisionDraft.safeParse({ ...draft, decision: 'needInformation', missingInfo: ['other'] }).success,
    ).toBe(true);
    expect(
      DecisionDraft.safeParse({ ...draft, decision: 'needInformation', infoText: 'The annual report' })
        .success,
    ).toBe(true);
  });

  it("gives decisionProblems' keys on their fields", () => {
    const tooLong = 'x'.repeat(DECISION_TEXT_MAX + 1);
    expect(messages(draft)).toEqual({ decision: 'decisionRequired' });
    expect(messages({ ...draft, decision: 'needInformation', infoText: ' ' })).toEqual({
      missingInfo: 'missingInfoRequired',
    });
    expect(
      messages({ ...draft, decision: 'needInformation', missingInfo: ['other'], infoText: tooLong }),
    ).toEqual({ infoText: 'tooLong' });
    expect(messages({ ...draft, decision: 'decline', declineReason: '  ' })).toEqual({
      declineReason: 'required',
    });
    expect(messages({ ...draft, decision: 'decline', declineReason: tooLong })).toEqual({
      declineReason: 'tooLong',
    });
  });

  it('gives the same keys as the server for what decisionProblems checks', () => {
    const cases: DecisionDraft[] = [
      draft,
      { ...draft, decision: 'needInformation' },
      { ...draft, decision: 'decline', declineReason: ' ' },
    ];
    for (const value of cases)
      expect(messages(value)).toEqual(
        Object.fromEntries(decisionProblems(value).map((p) => [p.name, p.reason])),
      );
  });
});
