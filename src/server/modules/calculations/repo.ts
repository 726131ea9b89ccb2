import { resolveLocale } from '../../../domain/locales';
import { nameIn, namesOf } from '../../names';
import type { ConditionList } from '../../../domain/calculation/schemas';
import type { Queryable } from '../../db/db';
import { and, count, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { orm } from '../../db/orm';
import { brandObjectTypes, calculationSets, conditionLists, objectTypes } from '../../db/schema';

/** Pricing reference data of a brand: condition lists and the object types it finances. */
export async function conditionListsOfBrand(q: Queryable, brandId: string): Promise<ConditionList[]> {
  const c = conditionLists;
  const rows = await orm(q)
    .select({ definition: c.definition })
    .from(c)
    .where(
      and(
        eq(c.brandId, brandId),
        isNull(c.retiredAt),
        lte(c.validFrom, sql`current_date`),
        or(isNull(c.validTo), gte(c.validTo, sql`current_date`)),
      ),
    )
    .orderBy(
      sql`(${c.definition}->>'isCountedServicesAvailable')::boolean`,
      sql`case ${c.contractTypeCode} when 'VA' then 1 when 'TA' then 2 else 3 end`,
      c.productId,
      c.id,
    );
  return rows.map((r) => r.definition);
}

/**
 * The list a saved calculation was calculated with, also when a newer version or a price list
 * without it retired it since (docs/provider-data.md): what it printed and decided stays so.
 */
export async function savedConditionList(
  q: Queryable,
  brandId: string,
  id: string,
): Promise<ConditionList | undefined> {
  const [row] = await orm(q)
    .select({ definition: conditionLists.definition })
    .from(conditionLists)
    .where(and(eq(conditionLists.brandId, brandId), eq(conditionLists.id, id)));
  return row?.definition;
}

export async function objectTypesOfBrand(q: Queryable, brandId: string) {
  const rows = await orm(q)
    .select({
      id: objectTypes.id,
      label: objectTypes.label,
      softPeriodLimit: objectTypes.softPeriodLimit,
      hardPeriodLimit: objectTypes.hardPeriodLimit,
      countedServicePossible: objectTypes.countedServicePossible,
      defaultManufacturerId: objectTypes.defaultManufacturerId,
      providerNames: objectTypes.names,
      manufacturers: sql<{ id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', m.id, 'name', m.name) order by m.name)
          from object_type_manufacturers om join manufacturers m on m.id = om.manufacturer_id
         where om.object_type_id = ${objectTypes.id}), '[]'::json)`,
    })
    .from(brandObjectTypes)
    .innerJoin(objectTypes, eq(objectTypes.id, brandObjectTypes.objectTypeId))
    .where(eq(brandObjectTypes.brandId, brandId))
    .orderBy(objectTypes.label);
  // The names the provider loaded win over the shipped translations.
  return rows.map(({ providerNames, ...r }) => ({
    ...r,
    names: { ...namesOf('objectTypes', r.id), ...providerNames },
  }));
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

/** The e-mail of the set's customer (null: none), where a contract of the set sends its mail. */
export async function applicantEmailOf(q: Queryable, setId: string): Promise<string | null> {
  const [row] = await orm(q)
    .select({ email: sql<string | null>`${calculationSets.applicant}->>'email'` })
    .from(calculationSets)
    .where(eq(calculationSets.id, setId));
  return row?.email ?? null;
}

/** How many calculation sets each of these profiles holds (a profile without any is left out). */
export async function countSetsOfProfiles(q: Queryable, profileIds: string[]): Promise<Map<string, number>> {
  if (profileIds.length === 0) return new Map();
  const s = calculationSets;
  const rows = await orm(q)
    .select({ profileId: s.userProfileId, n: count() })
    .from(s)
    .where(inArray(s.userProfileId, profileIds))
    .groupBy(s.userProfileId);
  return new Map(rows.map((r) => [r.profileId, r.n]));
}

/** The names of these object types in the language of `locale`, by id. */
export async function objectTypeLabels(
  q: Queryable,
  ids: string[],
  locale: string,
): Promise<Map<string, string>> {
  const rows = await orm(q)
    .select({ id: objectTypes.id, label: objectTypes.label, names: objectTypes.names })
    .from(objectTypes)
    .where(inArray(objectTypes.id, ids));
  const lang = resolveLocale(locale);
  return new Map(rows.map((r) => [r.id, r.names[lang] ?? nameIn(locale, 'objectTypes', r.id) ?? r.label]));
}
