import type { ConditionList } from '../../../domain/calculation/schemas';
import type { Queryable } from '../../db/db';

/** SQL of the pricing reference data the provider loads (price-list.ts, docs/provider-data.md). */

/** The channel on which a load says which brand's reference data changed ('*': any). */
export const REFERENCE_CHANGED = 'reference_changed';

/** Every copy drops the brand from its reference cache when the caller's transaction commits. */
export async function referenceChanged(q: Queryable, brandId: string): Promise<void> {
  await q.query('select pg_notify($1, $2)', [REFERENCE_CHANGED, brandId]);
}

export async function referenceIds(q: Queryable) {
  const ids = async (table: 'manufacturers' | 'object_types') =>
    (await q.query<{ id: string }>(`select id from ${table}`)).map((r) => r.id);
  return { manufacturers: await ids('manufacturers'), objectTypes: await ids('object_types') };
}

/** Adds or renames a manufacturer; answers whether it was new and whether its name changed. */
export async function upsertManufacturer(q: Queryable, id: string, name: string) {
  const [row] = await q.query<{ inserted: boolean; changed: boolean }>(
    `with old as (select name from manufacturers where id = $1)
     insert into manufacturers (id, name) values ($1, $2::text)
     on conflict (id) do update set name = excluded.name
     returning not exists (select from old) as inserted, (select name from old) is distinct from $2::text as changed`,
    [id, name],
  );
  return row!;
}

export interface ObjectTypeRecord {
  id: string;
  label: string;
  softPeriodLimit: number;
  hardPeriodLimit: number;
  countedServicePossible: boolean;
  defaultManufacturerId: string | null;
  names: Record<string, string>;
  manufacturerIds: string[];
}

export async function findObjectType(q: Queryable, id: string): Promise<ObjectTypeRecord | undefined> {
  const [row] = await q.query<ObjectTypeRecord>(
    `select id, label, soft_period_limit as "softPeriodLimit", hard_period_limit as "hardPeriodLimit",
            counted_service_possible as "countedServicePossible", default_manufacturer_id as "defaultManufacturerId",
            names, coalesce((select array_agg(manufacturer_id order by manufacturer_id)
                               from object_type_manufacturers where object_type_id = $1), '{}') as "manufacturerIds"
       from object_types where id = $1`,
    [id],
  );
  return row;
}

export async function saveObjectType(q: Queryable, o: ObjectTypeRecord): Promise<void> {
  await q.query(
    `insert into object_types (id, label, soft_period_limit, hard_period_limit, counted_service_possible,
       default_manufacturer_id, names) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (id) do update set label = excluded.label, soft_period_limit = excluded.soft_period_limit,
       hard_period_limit = excluded.hard_period_limit, counted_service_possible = excluded.counted_service_possible,
       default_manufacturer_id = excluded.default_manufacturer_id, names = excluded.names`,
    [
      o.id,
      o.label,
      o.softPeriodLimit,
      o.hardPeriodLimit,
      o.countedServicePossible,
      o.defaultManufacturerId,
      JSON.stringify(o.names),
    ],
  );
  await q.query('delete from object_type_manufacturers where object_type_id = $1', [o.id]);
  for (const m of o.manufacturerIds)
    await q.query('insert into object_type_manufacturers values ($1, $2)', [o.id, m]);
}

/** The lists a brand offers now: the current version of each key. */
export async function currentListVersions(q: Queryable, brandId: string) {
  return q.query<{ id: string; listKey: string; definition: ConditionList }>(
    `select id, list_key as "listKey", definition from condition_lists
      where brand_id = $1 and retired_at is null`,
    [brandId],
  );
}

export async function retireListVersion(q: Queryable, brandId: string, id: string): Promise<void> {
  await q.query('update condition_lists set retired_at = now() where brand_id = $1 and id = $2', [
    brandId,
    id,
  ]);
}

export async function nextListVersion(q: Queryable, brandId: string, listKey: string): Promise<number> {
  const [row] = await q.query<{ version: number }>(
    `select coalesce(max(version), 0) + 1 as version from condition_lists where brand_id = $1 and list_key = $2`,
    [brandId, listKey],
  );
  return row!.version;
}

export async function insertListVersion(
  q: Queryable,
  brandId: string,
  listKey: string,
  version: number,
  definition: ConditionList,
): Promise<void> {
  await q.query(
    `insert into condition_lists (id, brand_id, list_key, version, product_id, contract_type_code, definition)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      definition.id,
      brandId,
      listKey,
      version,
      definition.productId,
      definition.contractTypeCode,
      JSON.stringify(definition),
    ],
  );
}

export async function brandObjectTypeIds(q: Queryable, brandId: string): Promise<string[]> {
  return (
    await q.query<{ id: string }>('select object_type_id as id from brand_object_types where brand_id = $1', [
      brandId,
    ])
  ).map((r) => r.id);
}

export async function addBrandObjectType(q: Queryable, brandId: string, objectTypeId: string) {
  await q.query('insert into brand_object_types values ($1, $2)', [brandId, objectTypeId]);
}

export async function removeBrandObjectType(q: Queryable, brandId: string, objectTypeId: string) {
  await q.query('delete from brand_object_types where brand_id = $1 and object_type_id = $2', [
    brandId,
    objectTypeId,
  ]);
}
