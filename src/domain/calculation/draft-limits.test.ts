import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecimalSeparator } from './amounts';
import { newDraft, newObject, validateDraft, variantOf, type Draft } from './editor';
import { calculate, CALCULATION_ERRORS } from './engine';
import type { ConditionList } from './schemas';
import { listOf } from './test/fixtures';
import { toCalculateRequest } from './variant';

/**
 * The editor's draft check and the engine agree at the list's limits: whatever the user typed,
 * the draft refuses a value exactly when the engine refuses the amount the draft would send.
 */
const listWith = (over: Partial<ConditionList>): ConditionList =>
  listOf('SE-NOS-VA-C0', {
    hasRecurringServiceFee: false,
    periods: [24, 36],
    rateBands: [{ navFrom: 0, navTo: 1_000_000, annualRatePercent: 7.9 }],
    damageWaiverPercent: 0,
    paymentMethods: [{ code: 'invoice', surchargePercent: 0, surchargeAmount: 0 }],
    handlingFee: { allowed: true, amount: 0 },
    ...over,
  });

/** Thousandths written as typed: "499,995" in a comma locale. */
const typed = (thousandths: number, decimal: DecimalSeparator) =>
  `${Math.trunc(thousandths / 1000)}${decimal}${String(thousandths % 1000).padStart(3, '0')}`;

/** The engine's reasons for one field of the request the draft would send. */
function engineReasons(draft: Draft, list: ConditionList, field: string): string[] {
  const outcome = calculate(list, toCalculateRequest(variantOf(draft, list), list));
  return outcome.ok ? [] : outcome.errors.filter((e) => e.name === field).map((e) => e.reason);
}

const limitArb = fc.record({
  navMinimum: fc.constantFrom(500, 750.5, 1_000),
  navUpperLimit: fc.constantFrom(25_000, 99_999.99, 250_000),
  advancePaymentMaxPercent: fc.constantFrom(0, 10, 12.5, 30, 33.33),
});
const decimalArb = fc.constantFrom<DecimalSeparator>('.', ',');
/** Thousandths within 5 cents of a limit, either side. */
const near = (limit: number) => fc.integer({ min: -50, max: 50 }).map((d) => Math.round(limit * 1000) + d);

describe('the draft check and the engine at the limits', () => {
  it('agree on the NAV range and the largest advance payment', () => {
    fc.assert(
      fc.property(
        limitArb,
        decimalArb,
        fc.boolean(),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        (limits, decimal, atUpper, navDelta, advanceDelta) => {
          const list = listWith(limits);
          const nav = Math.round((atUpper ? list.navUpperLimit : list.navMinimum) * 1000) + navDelta;
          const maxAdvance = Math.round((nav * list.advancePaymentMaxPercent) / 100);
          const advance = Math.max(0, maxAdvance + advanceDelta);
          const draft: Draft = {
            ...newDraft([list], 'OT-LAPTOP', decimal),
            inputValue: typed(nav, decimal),
            advancePaymentAmount: typed(advance, decimal),
          };
          const errors = validateDraft(draft, list);
          const navReasons = engineReasons(draft, list, 'netAcquisitionValueAmount');
          expect(errors.inputValue ? [errors.inputValue] : []).toEqual(navReasons);
          const advanceReasons = engineReasons(draft, list, 'advancePaymentAmount');
          expect(errors.advancePaymentAmount ? [errors.advancePaymentAmount] : []).toEqual(advanceReasons);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agree on the smallest object price and on objects that add up to the NAV', () => {
    const list = listWith({ navMinimum: 1 });
    fc.assert(
      fc.property(
        decimalArb,
        fc.array(fc.record({ price: near(1), quantity: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: -20, max: 20 }),
        (decimal, objects, navDelta) => {
          const sum = objects.reduce((s, o) => s + o.price * o.quantity, 0);
          const draft: Draft = {
            ...newDraft([list], '', decimal),
            inputValue: typed(Math.max(0, sum + navDelta), decimal),
            financingObjects: objects.map((o) => ({
              ...newObject('OT-LAPTOP', '', 1, decimal),
              price: typed(o.price, decimal),
              quantity: String(o.quantity),
            })),
          };
          const errors = validateDraft(draft, list);
          const draftReasons = [
            ...new Set(
              Object.entries(errors)
                .filter(
                  ([name]) => name === 'financingObjects' || /^financingObjects\.\d+\.price$/.test(name),
                )
                .map(([, reason]) => reason),
            ),
          ];
          expect(draftReasons).toEqual(engineReasons(draft, list, 'financingObjects'));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('round a typed third decimal half away from zero, as the engine does', () => {
    const list = listWith({});
    const at = (inputValue: string) => validateDraft({ ...newDraft([list], 'OT-LAPTOP'), inputValue }, list);
    expect(at('499.995').inputValue).toBeUndefined();
    expect(at('499.994').inputValue).toBe(CALCULATION_ERRORS.navTooLow);
    expect(at('250000.004').inputValue).toBeUndefined();
    expect(at('250000.005').inputValue).toBe(CALCULATION_ERRORS.navExceedsUpperLimit);
  });
});
