import {
  noCounts,
  sameData,
  VERSION_SEPARATOR,
  type BrandPriceList,
  type Counts,
  type ManufacturerData,
  type ObjectTypeData,
} from '../../../domain/provider-data';
import type { Queryable } from '../../db/db';
import {
  addBrandObjectType,
  brandObjectTypeIds,
  currentListVersions,
  findObjectType,
  insertListVersion,
  nextListVersion,
  referenceChanged,
  removeBrandObjectType,
  retireListVersion,
  saveObjectType,
  upsertManufacturer,
  type ObjectTypeRecord,
} from './reference-repo';

/**
 * The provider's pricing as it loads it (docs/provider-data.md), in the caller's transaction.
 * Loading the same data again changes nothing. A changed condition list becomes a new version and
 * the old one is retired, never rewritten: a saved calculation keeps the version it was made with.
 */
export async function loadManufacturers(q: Queryable, manufacturers: ManufacturerData[]): Promise<Counts> {
  const c = noCounts();
  for (const m of manufacturers) {
    const row = await upsertManufacturer(q, m.id, m.name);
    if (row.inserted) c.added++;
    else if (row.changed) c.changed++;
    else c.unchanged++;
  }
  // A manufacturer's name shows in every brand that finances its objects.
  if (c.changed) await referenceChanged(q, '*');
  return c;
}

export async function loadObjectTypes(q: Queryable, objectTypes: ObjectTypeData[]): Promise<Counts> {
  const c = noCounts();
  for (const o of objectTypes) {
    const record: ObjectTypeRecord = {
      id: o.id,
      label: o.label,
      softPeriodLimit: o.softPeriodLimit,
      hardPeriodLimit: o.hardPeriodLimit,
      countedServicePossible: o.countedServicePossible,
      defaultManufacturerId: o.defaultManufacturerId ?? o.manufacturerIds[0] ?? null,
      names: o.names ?? {},
      manufacturerIds: [...new Set(o.manufacturerIds)].sort(),
    };
    const old = await findObjectType(q, o.id);
    // The database orders ids by its collation, JavaScript by code point: compare them sorted alike.
    if (old && sameData({ ...old, manufacturerIds: [...old.manufacturerIds].sort() }, record)) {
      c.unchanged++;
      continue;
    }
    await saveObjectType(q, record);
    if (old) c.changed++;
    else c.added++;
  }
  // Object types are shared by brands: every copy drops every brand's reference data.
  if (c.changed) await referenceChanged(q, '*');
  return c;
}

/** A brand's price list: its condition lists become the only ones offered, its object types its own. */
export async function loadPriceList(q: Queryable, brand: BrandPriceList) {
  const lists = noCounts();
  const current = new Map((await currentListVersions(q, brand.brandId)).map((r) => [r.listKey, r]));
  for (const list of brand.conditionLists) {
    const old = current.get(list.id);
    current.delete(list.id);
    if (old && sameData({ ...old.definition, id: list.id }, list)) {
      lists.unchanged++;
      continue;
    }
    if (old) await retireListVersion(q, brand.brandId, old.id);
    const version = await nextListVersion(q, brand.brandId, list.id);
    const id = version === 1 ? list.id : `${list.id}${VERSION_SEPARATOR}${version}`;
    await insertListVersion(q, brand.brandId, list.id, version, { ...list, id });
    if (old) lists.changed++;
    else lists.added++;
  }
  // What the price list no longer names is no longer offered; saved calculations keep it.
  for (const gone of current.values()) {
    await retireListVersion(q, brand.brandId, gone.id);
    lists.removed++;
  }
  const objectTypes = noCounts();
  const had = new Set(await brandObjectTypeIds(q, brand.brandId));
  for (const id of brand.objectTypeIds) {
    if (had.delete(id)) objectTypes.unchanged++;
    else {
      await addBrandObjectType(q, brand.brandId, id);
      objectTypes.added++;
    }
  }
  for (const id of had) {
    await removeBrandObjectType(q, brand.brandId, id);
    objectTypes.removed++;
  }
  // Every copy drops the brand from its reference cache when this commits.
  await referenceChanged(q, brand.brandId);
  return { brandId: brand.brandId, conditionLists: lists, objectTypes };
}
