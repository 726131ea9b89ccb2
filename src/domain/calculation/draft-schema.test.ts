import { describe, expect, it } from 'vitest';
import { draftErrors, draftSchema } from './draft-schema';
import { chooseList, newDraft, newObject, type Draft } from './editor';
import { CALCULATION_ERRORS } from './engine';
import type { ConditionList } from './schemas';
import { listOf } from './test/fixtures';

const threeYears = (id: string, over: Partial<ConditionList> = {}) =>
  listOf(id, { periods: [12, 24, 36], ...over });
const va = threeYears('SE-NOS-VA-C0');
const das = threeYears('SE-NOS-DAS-C0', {
  productId: 'SE-NOS-DAS',
  isCountedServicesAvailable: true,
  maintenanceFeeType: 'percent',
});
const lists = [va, das];
/** The list the editor would have chosen for the draft's selection. */
const listFor = (draft: Draft) => chooseList(lists, draft).list;
const valid = (over: Partial<Draft> = {}): Draft => ({
  ...newDraft(lists, 'OT-LAPTOP'),
  inputValue: '10000',
  ...over,
});
const object = (price: string, quantity = '1') => ({ ...newObject('OT-LAPTOP', '', 0), price, quantity });

/** The issues the schema gives, as path → message key. */
function issuesOf(draft: Draft) {
  const result = draftSchema(listFor(draft)).safeParse(draft);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('draftSchema', () => {
  it('passes a valid draft as it is', () => {
    const draft = valid({ financingObjects: [object('10000')] });
    expect(draftSchema(listFor(draft)).parse(draft)).toEqual(draft);
    expect(draftErrors(listFor(draft), draft)).toEqual({});
  });

  it.each<[string, Partial<Draft>, string, string]>([
    ['an empty input value', { inputValue: '' }, 'inputValue', 'required'],
    ['an input value that is no number', { inputValue: 'abc' }, 'inputValue', 'invalidNumber'],
    ['a negative input value', { inputValue: '-5' }, 'inputValue', 'mustNotBeNegative'],
    ['a NAV below the list', { inputValue: '100' }, 'inputValue', CALCULATION_ERRORS.navTooLow],
    [
      'an instalment of zero',
      { navBasedCalculation: false, inputValue: '0' },
      'inputValue',
      CALCULATION_ERRORS.factorZero,
    ],
    [
      'an advance payment that is no number',
      { advancePaymentAmount: 'x' },
      'advancePaymentAmount',
      'invalidNumber',
    ],
    [
      'a too high advance payment',
      { advancePaymentAmount: '5000' },
      'advancePaymentAmount',
      CALCULATION_ERRORS.advancePaymentTooHigh,
    ],
    ['a negative deposit', { securityDepositAmount: '-1' }, 'securityDepositAmount', 'mustNotBeNegative'],
    ['a handling fee that is no number', { handlingFeeAmount: 'x' }, 'handlingFeeAmount', 'invalidNumber'],
    [
      'a negative maintenance fee',
      { recurringServiceAmount: '-1' },
      'recurringServiceAmount',
      CALCULATION_ERRORS.maintenanceFeeNegative,
    ],
    [
      'a percent above 100 on an all-in list',
      { productId: 'SE-NOS-DAS', recurringServiceAmount: '101', customServiceLevelAgreement: 'SLA' },
      'recurringServiceAmount',
      'percentTooHigh',
    ],
    [
      'no maintenance fee on an all-in list',
      { productId: 'SE-NOS-DAS', customServiceLevelAgreement: 'SLA' },
      'recurringServiceAmount',
      'required',
    ],
    [
      'no service agreement on an all-in list',
      { productId: 'SE-NOS-DAS', recurringServiceAmount: '5' },
      'customServiceLevelAgreement',
      'mandatorySLARequired',
    ],
    ['no object and no general object type', { generalObjectType: '' }, 'generalObjectType', 'required'],
    [
      'an object without a type',
      { financingObjects: [{ ...object('10000'), objectId: '' }] },
      'financingObjects.0.objectId',
      'required',
    ],
    ['an object without a price', { financingObjects: [object('')] }, 'financingObjects.0.price', 'required'],
    [
      'an object price that is no number',
      { financingObjects: [object('x')] },
      'financingObjects.0.price',
      'invalidNumber',
    ],
    [
      'an object price below the minimum',
      { inputValue: '10000', financingObjects: [object('0.5'), object('9999.5')] },
      'financingObjects.0.price',
      CALCULATION_ERRORS.objectPriceTooLow,
    ],
    [
      'a quantity that is no whole number',
      { financingObjects: [object('10000', '1.5')] },
      'financingObjects.0.quantity',
      'invalidNumber',
    ],
    [
      'too many objects',
      { financingObjects: [object('10000', '1000')] },
      'financingObjects',
      CALCULATION_ERRORS.tooManyObjects,
    ],
    [
      'objects that do not sum to the NAV',
      { financingObjects: [object('9000')] },
      'financingObjects',
      CALCULATION_ERRORS.objectSumInvalid,
    ],
  ])('gives %s its message key at its path', (_, over, path, key) => {
    const draft = valid(over);
    expect(issuesOf(draft)[path]).toBe(key);
    expect(draftErrors(listFor(draft), draft)[path]).toBe(key);
  });

  it('puts the group error of the objects before the errors of its items', () => {
    const draft = valid({ financingObjects: [{ ...object('', '1000'), objectId: '' }] });
    expect(
      draftSchema(listFor(draft))
        .safeParse(draft)
        .error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['financingObjects', 'financingObjects.0.objectId', 'financingObjects.0.price']);
  });

  it('still applies the rules to a draft kept without a field', () => {
    const kept: Partial<Draft> = valid({ inputValue: '' });
    delete kept.name;
    expect(
      draftSchema(va)
        .safeParse(kept)
        .error?.issues.map((i) => [i.path.join('.'), i.message]),
    ).toContainEqual(['inputValue', 'required']);
  });

  it('names the missing list at the contract type', () => {
    expect(draftErrors(undefined, valid())).toEqual({
      productId: CALCULATION_ERRORS.noConditionListForProduct,
    });
  });
});
