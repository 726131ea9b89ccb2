import type { ConditionList, PeriodLimits } from '../../../domain/calculation/schemas';
import { listsCountedIn } from '../../../domain/calculation/thresholds';
import { listKeyOf } from '../../../domain/provider-data';
import type { Db } from '../../db/db';
import { REFERENCE_CHANGED } from './reference-repo';
import { brandCurrency } from '../session';
import { conditionListsOfBrand, objectTypesOfBrand } from './repo';

/**
 * A brand's condition lists and object types, read at most once a minute by each server copy.
 * They are reference data that change with a new price list, not per request, and calculate
 * is the hottest call of the portal. Nothing here is state another copy needs. A load of the
 * provider's data says which brand changed (NOTIFY on commit), and every copy drops that brand.
 */

export interface BrandReference {
  lists: Map<string, ConditionList>;
  /**
   * The list offered now for an id, also an older version's: a save or a calculation made with a
   * list that a newer version replaced since (an editor opened before, a save kept offline) is
   * made with the newer one (docs/provider-data.md).
   */
  current: (conditionListId: string) => ConditionList | undefined;
  limits: Map<string, PeriodLimits>;
  /** The manufacturers each object type of the brand may have. */
  manufacturers: Map<string, Set<string>>;
}

export type ReferenceCache = ((brandId: string) => Promise<BrandReference>) & {
  /** Drops a brand ('*': all) at once, after the load that changed it committed (its NOTIFY may come later). */
  forget(brandId: string): void;
  close(): Promise<void>;
};

export function createReferenceCache(db: Db, ttlMs = 60_000): ReferenceCache {
  const entries = new Map<string, { until: number; data: Promise<BrandReference> }>();
  // '*': notifications may have been missed. Without a listener the minute's limit still holds.
  const listening = db
    .listen(REFERENCE_CHANGED, (brandId) => (brandId === '*' ? entries.clear() : entries.delete(brandId)))
    .catch(() => async () => {});
  const cache = (brandId: string) => {
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
      const byKey = new Map(lists.map((l) => [listKeyOf(l.id), l]));
      return {
        lists: new Map(lists.map((l) => [l.id, l])),
        current: (id: string) => byKey.get(listKeyOf(id)),
        limits: new Map(types.map((t) => [t.id, t])),
        manufacturers: new Map(types.map((t) => [t.id, new Set(t.manufacturers.map((m) => m.id))])),
      };
    });
    entries.set(brandId, { until: Date.now() + ttlMs, data });
    data.catch(() => entries.delete(brandId));
    return data;
  };
  return Object.assign(cache, {
    forget: (brandId: string) => (brandId === '*' ? entries.clear() : void entries.delete(brandId)),
    close: async () => (await listening)(),
  });
}
