import type { ConditionList, PeriodLimits } from '../../../domain/calculation/schemas';
import { listsCountedIn } from '../../../domain/calculation/thresholds';
import type { Db } from '../../db/db';
import { brandCurrency } from '../session';
import { conditionListsOfBrand, objectTypesOfBrand } from './repo';

/**
 * A brand's condition lists and object types, read at most once a minute by each server copy.
 * They are reference data that change with a new price list, not per request, and calculate
 * is the hottest call of the portal. Nothing here is state another copy needs.
 */
export interface BrandReference {
  lists: Map<string, ConditionList>;
  limits: Map<string, PeriodLimits>;
  /** The manufacturers each object type of the brand may have. */
  manufacturers: Map<string, Set<string>>;
}

export type ReferenceCache = (brandId: string) => Promise<BrandReference>;

export function createReferenceCache(db: Db, ttlMs = 60_000): ReferenceCache {
  const entries = new Map<string, { until: number; data: Promise<BrandReference> }>();
  return (brandId) => {
    const hit = entries.get(brandId);
    if (hit && hit.until > Date.now()) return hit.data;
    const data = Promise.all([
      conditionListsOfBrand(db, brandId),
      objectTypesOfBrand(db, brandId),
      brandCurrency(db, brandId),
    ]).then(([all, types, currency]) => {
      // A list counted in another currency than the brand's is never offered: its limits, fees
      // and report threshold would be read in the wrong money (docs/domain.md, "Amounts and currencies").
      const lists = currency ? listsCountedIn(all, currency) : [];
      return {
        lists: new Map(lists.map((l) => [l.id, l])),
        limits: new Map(types.map((t) => [t.id, t])),
        manufacturers: new Map(types.map((t) => [t.id, new Set(t.manufacturers.map((m) => m.id))])),
      };
    });
    entries.set(brandId, { until: Date.now() + ttlMs, data });
    data.catch(() => entries.delete(brandId));
    return data;
  };
}
