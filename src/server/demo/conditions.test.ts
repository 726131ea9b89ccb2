import { describe, expect, it } from 'vitest';
import { ConditionList } from '../../domain/calculation/schemas';
import { conditionListsOf, DEMO_OBJECT_TYPES } from './conditions';

describe('demo pricing', () => {
  it('every demo condition list is a valid condition list, for every contract type', () => {
    const lists = conditionListsOf('SE-NOS', 'SEK');
    for (const list of lists) expect(() => ConditionList.parse(list)).not.toThrow();
    expect(new Set(lists.map((l) => l.contractTypeCode))).toEqual(new Set(['VA', 'TA', 'MK']));
    expect(lists.some((l) => l.productType.includes('DAS') && l.isCountedServicesAvailable)).toBe(true);
    expect(new Set(lists.map((l) => l.id)).size).toBe(lists.length);
  });

  it('has about twenty object types whose hard limit is not below the soft one', () => {
    expect(DEMO_OBJECT_TYPES.length).toBeGreaterThanOrEqual(18);
    for (const o of DEMO_OBJECT_TYPES) expect(o.hard).toBeGreaterThanOrEqual(o.soft);
  });
});
