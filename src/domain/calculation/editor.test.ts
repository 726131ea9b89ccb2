import { describe, expect, it } from 'vitest';
import type { ConditionList } from './schemas';
import { listOf } from './test/fixtures';
import {
  chooseList,
  contractTypesOf,
  defaultObjectPrice,
  draftOf,
  newDraft,
  newObject,
  parseAmount,
  relocaleDraft,
  snapToLists,
  validateDraft,
  variantOf,
  type Draft,
} from './editor';

/** A brand's lists like the demo world's: VA by commission, TA by residual value and commission, rental, all-in. */
const ta = (rv: number, c: number, rp = false) =>
  listOf(`SE-NOS-TA-R${rv}-C${c}${rp ? '-RP' : ''}`, {
    productId: 'SE-NOS-TA',
    productType: 'Partial payout leasing',
    contractTypeCode: 'TA',
    residualValue: rv,
    commission: c,
    hasRepurchase: rp,
    defaultPeriod: 48,
  });
const lists: ConditionList[] = [
  ...[0, 2, 3].map((c) => listOf(`SE-NOS-VA-C${c}`, { commission: c })),
  ...[10, 15, 20].flatMap((rv) => [ta(rv, 0), ta(rv, 2)]),
  ta(10, 0, true),
  listOf('SE-NOS-DAS-C0', {
    productId: 'SE-NOS-DAS',
    productType: 'DAS all-in',
    isCountedServicesAvailable: true,
    maintenanceFeeType: 'percent',
  }),
  listOf('SE-NOS-MK-C0', { productId: 'SE-NOS-MK', productType: 'Rental', contractTypeCode: 'MK' }),
];
const draft = (over: Partial<Draft> = {}): Draft => ({ ...newDraft(lists, 'OT-LAPTOP'), ...over });
const pick = (over: Partial<Draft>) => chooseList(lists, draft(over));

describe('parseAmount', () => {
  it.each([
    ['1234.5', '.', 1234.5],
    ['25,000', '.', 25000],
    ['1,234.50', '.', 1234.5],
    ['1 234.50', '.', 1234.5],
    ['1,5', '.', undefined],
    ['1234,5', ',', 1234.5],
    ['1 234,50', ',', 1234.5],
    ['1.234,50', ',', 1234.5],
    // Swiss grouping, as browsers write de-CH (’) and as people type it (').
    ['1’234.50', '.', 1234.5],
    ["1'234.50", '.', 1234.5],
    ['1234.5', ',', undefined],
    ['12', '.', 12],
    ['-3', '.', -3],
    ['', '.', undefined],
    ['12a', '.', undefined],
    ['1,2,3.4.5', '.', undefined],
  ] as const)('%s with %s → %s', (text, decimal, value) => expect(parseAmount(text, decimal)).toBe(value));

  it('rewrites a draft for another language without changing its values', () => {
    const d = draft({
      inputValue: '12500.5',
      advancePaymentAmount: '1,000',
      financingObjects: [newObject('OT-LAPTOP', '', 12500.5)],
    });
    const de = relocaleDraft(d, ',');
    expect(de.inputValue).toBe('12500,5');
    expect(de.advancePaymentAmount).toBe('1000');
    expect(de.financingObjects[0]!.price).toBe('12500,5');
    const list = chooseList(lists, d).list!;
    expect(variantOf(de, list)).toEqual(variantOf(d, list));
  });
});

describe('condition list choice', () => {
  it('shows the residual value only for TA, and snaps an unknown one to the nearest offered', () => {
    expect(pick({ productId: 'SE-NOS-VA' }).showResidualValue).toBe(false);
    const ta = pick({ productId: 'SE-NOS-TA', residualValue: 14, commission: 0 });
    expect(ta.showResidualValue).toBe(true);
    expect(ta.residualValues).toEqual([10, 15, 20]);
    expect(ta.residualValue).toBe(15);
    expect(ta.list?.id).toBe('SE-NOS-TA-R15-C0');
    expect(pick({ productId: 'SE-NOS-TA', residualValue: 99 }).residualValue).toBe(20);
  });

  it('falls back to the first commission, and shows commission only with a choice', () => {
    const va = pick({ productId: 'SE-NOS-VA', commission: 7 });
    expect(va.commission).toBe(0);
    expect(va.showCommission).toBe(true);
    expect(pick({ productId: 'SE-NOS-MK' }).showCommission).toBe(false);
  });

  it('offers repurchase only where a matching list has it', () => {
    expect(pick({ productId: 'SE-NOS-TA', residualValue: 10, commission: 0 }).showRepurchase).toBe(true);
    expect(pick({ productId: 'SE-NOS-TA', residualValue: 15, commission: 0 }).showRepurchase).toBe(false);
    const rp = pick({ productId: 'SE-NOS-TA', residualValue: 10, commission: 0, hasRepurchase: true });
    expect(rp.list?.id).toBe('SE-NOS-TA-R10-C0-RP');
    const none = pick({ productId: 'SE-NOS-TA', residualValue: 20, commission: 0, hasRepurchase: true });
    expect(none.hasRepurchase).toBe(false);
    expect(none.list?.id).toBe('SE-NOS-TA-R20-C0');
  });
});

describe('validation before calculating', () => {
  const listOf = (d: Draft) => chooseList(lists, d).list;
  const errorsOf = (d: Draft) => validateDraft(d, listOf(d));

  it('needs an input value within the NAV bounds', () => {
    expect(errorsOf(draft()).inputValue).toBe('required');
    expect(errorsOf(draft({ inputValue: '100' })).inputValue).toBe('navTooLow');
    expect(errorsOf(draft({ inputValue: '300000' })).inputValue).toBe('navExceedsUpperLimit');
    expect(errorsOf(draft({ inputValue: '10 000' }))).toEqual({});
  });

  it('wants the objects to sum to the NAV, and a new object defaults to what is missing', () => {
    const d = draft({ inputValue: '10000', financingObjects: [newObject('OT-LAPTOP', '', 4000)] });
    expect(defaultObjectPrice(d)).toBe(6000);
    expect(errorsOf(d).financingObjects).toBe('objectSumInvalid');
    const full = {
      ...d,
      financingObjects: [...d.financingObjects, newObject('OT-MONITOR', '', defaultObjectPrice(d))],
    };
    expect(errorsOf(full)).toEqual({});
    expect(defaultObjectPrice(full)).toBe(1);
  });

  it('limits the advance payment and refuses more than 99 objects', () => {
    expect(errorsOf(draft({ inputValue: '10000', advancePaymentAmount: '3001' })).advancePaymentAmount).toBe(
      'advancePaymentTooHigh',
    );
    const many = draft({
      inputValue: '10000',
      financingObjects: [{ ...newObject('OT-LAPTOP', '', 100), quantity: '100' }],
    });
    expect(errorsOf(many).financingObjects).toBe('tooManyObjects');
  });

  it('asks all-in contracts for a service agreement', () => {
    const das = draft({ productId: 'SE-NOS-DAS', inputValue: '10000', recurringServiceAmount: '5' });
    expect(errorsOf(das).customServiceLevelAgreement).toBe('mandatorySLARequired');
    expect(errorsOf({ ...das, customServiceLevelAgreement: 'Next business day' })).toEqual({});
  });
});

describe('draft and variant', () => {
  it('round-trips a variant through the draft', () => {
    const d = draft({
      productId: 'SE-NOS-TA',
      residualValue: 15,
      commission: 2,
      inputValue: '12000',
      financingObjects: [newObject('OT-COPIER', 'M-CANON', 12000)],
    });
    const list = chooseList(lists, d).list!;
    const v = variantOf(d, list);
    expect(v.conditionListId).toBe('SE-NOS-TA-R15-C2');
    expect(v.generalObject).toBeNull();
    expect(variantOf(draftOf(v, lists), list)).toEqual(v);
  });

  it('sends the general object only while there is no specific one', () => {
    const d = draft({ inputValue: '5000' });
    const list = chooseList(lists, d).list!;
    expect(variantOf(d, list).generalObject).toEqual({
      objectType: 'OT-LAPTOP',
      isExternalObjectOverviewProvided: false,
    });
  });
});

describe('contract type names', () => {
  it('are the product names in the language shown, else as the provider calls them, one per product', () => {
    const names = { 'en-IE': 'Rental', 'de-DE': 'Miete', 'sv-SE': 'Hyra' };
    const lists = [
      listOf('va-0', {}),
      listOf('va-2', { commission: 2 }),
      listOf('mk', {
        productId: 'SE-NOS-MK',
        productType: 'Rental',
        contractTypeCode: 'MK',
        productTypeNames: names,
      }),
    ];
    expect(contractTypesOf(lists, 'sv-SE')).toEqual([
      { productId: 'SE-NOS-VA', productType: 'Full payout leasing' },
      { productId: 'SE-NOS-MK', productType: 'Hyra' },
    ]);
    expect(contractTypesOf(lists, 'de-DE').map((c) => c.productType)).toEqual([
      'Full payout leasing',
      'Miete',
    ]);
    expect(contractTypesOf(lists, 'fr-FR').map((c) => c.productType)).toEqual([
      'Full payout leasing',
      'Rental',
    ]);
  });
});

describe('snapToLists', () => {
  it('keeps a draft the lists offer as it is', () => {
    const d = draft({
      conditionListId: 'SE-NOS-TA-R15-C2',
      productId: 'SE-NOS-TA',
      residualValue: 15,
      commission: 2,
      periodInMonths: 36,
    });
    expect(snapToLists(d, lists)).toEqual(d);
  });

  it('names the list it chose in the draft, for every reader after it', () => {
    const snapped = snapToLists(draft({ productId: 'SE-NOS-TA', residualValue: 17, commission: 2 }), lists);
    expect(snapped.conditionListId).toBe('SE-NOS-TA-R15-C2');
    expect(snapToLists(draft({ productId: 'SE-NOS-GONE' }), []).conditionListId).toBe('');
  });

  it('snaps the selection to a list and a period the list lacks to its default', () => {
    const snapped = snapToLists(
      draft({ productId: 'SE-NOS-TA', residualValue: 17, periodInMonths: 7 }),
      lists,
    );
    expect(snapped).toMatchObject({ residualValue: 15, periodInMonths: 48 });
  });

  it('falls back to monthly, to the first payment method and to the rent-free months the list allows', () => {
    const [list] = lists;
    const snapped = snapToLists(
      draft({ paymentFrequency: 'daily', paymentMethod: 'nowhere', rentFreeMonths: 99 }),
      [
        {
          ...list!,
          paymentFrequencies: list!.paymentFrequencies.filter((f) => f.code === 'monthly'),
          maxRentFreeMonths: 2,
        },
      ],
    );
    expect(snapped).toMatchObject({
      paymentFrequency: 'monthly',
      paymentMethod: list!.paymentMethods[0]!.code,
      rentFreeMonths: 2,
    });
  });
});
