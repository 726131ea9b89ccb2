import type { ConditionList } from '../../../domain/calculation/schemas';
import type { Queryable } from '../../db/db';
import { eq, inArray } from 'drizzle-orm';
import { orm } from '../../db/orm';
import { calculationSets, objectTypes } from '../../db/schema';

/** Pricing reference data of a brand: condition lists and the object types it finances. */
export async function conditionListsOfBrand(q: Queryable, brandId: string): Promise<ConditionList[]> {
  const rows = await q.query<{ definition: ConditionList }>(
    `select definition from condition_lists
      where brand_id = $1 and valid_from <= current_date and (valid_to is null or valid_to >= current_date)
      order by (definition->>'isCountedServicesAvailable')::boolean,
               case contract_type_code when 'VA' then 1 when 'TA' then 2 else 3 end, product_id, id`,
    [brandId],
  );
  return rows.map((r) => r.definition);
}

export interface ObjectTypeRow {
  id: string;
  label: string;
  softPeriodLimit: number;
  hardPeriodLimit: number;
  countedServicePossible: boolean;
  defaultManufacturerId: string | null;
  manufacturers: { id: string; name: string }[];
}

export async function objectTypesOfBrand(q: Queryable, brandId: string): Promise<ObjectTypeRow[]> {
  return q.query<ObjectTypeRow>(
    `select o.id, o.label, o.soft_period_limit as "softPeriodLimit", o.hard_period_limit as "hardPeriodLimit",
            o.counted_service_possible as "countedServicePossible", o.default_manufacturer_id as "defaultManufacturerId",
            coalesce((select json_agg(json_build_object('id', m.id, 'name', m.name) order by m.name)
                        from object_type_manufacturers om join manufacturers m on m.id = om.manufacturer_id
                       where om.object_type_id = o.id), '[]'::json) as manufacturers
       from brand_object_types bo join object_types o on o.id = bo.object_type_id
      where bo.brand_id = $1
      order by o.label`,
    [brandId],
  );
}

/** Hands a profile's calculation sets to another profile; answers how many moved. */
export async function moveSetsOfProfile(q: Queryable, fromProfileId: string, toProfileId: string) {
  const moved = await orm(q)
    .update(calculationSets)
    .set({ userProfileId: toProfileId })
    .where(eq(calculationSets.userProfileId, fromProfileId))
    .returning({ id: calculationSets.id });
  return moved.length;
}

/** The labels of these object types, by id. */
export async function objectTypeLabels(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  const rows = await orm(q)
    .select({ id: objectTypes.id, label: objectTypes.label })
    .from(objectTypes)
    .where(inArray(objectTypes.id, ids));
  return new Map(rows.map((r) => [r.id, r.label]));
}
