import { calculate } from '../../domain/calculation/engine';
import type { ConditionList } from '../../domain/calculation/schemas';
import type { CalculationState } from '../../domain/calculation/states';
import { CalculationVariant, toCalculateRequest } from '../../domain/calculation/variant';
import type { Db } from '../db/db';
import { conditionListsOfBrand, objectTypesOfBrand } from '../modules/calculations/repo';

/**
 * Variants for the demo world's calculation sets, computed by the engine like any save: each
 * set gets one, cycling through the brand's contract types, objects and amounts, so that the
 * lists, the editor and the quick search have real content at first start.
 */
const AMOUNTS = [4_800, 12_500, 27_900, 8_250, 45_000, 18_300];

export async function seedDemoVariants(db: Db): Promise<void> {
  const sets = await db.query<{ id: string; brandId: string; state: CalculationState; userId: string }>(
    `select s.id, s.brand_id as "brandId", s.state, up.user_id as "userId"
       from calculation_sets s join user_profiles up on up.id = s.user_profile_id
      where s.leading_variant_id is null order by s.created_at, s.id`,
  );
  if (sets.length === 0) return;
  await db.tx(async (q) => {
    for (const [k, set] of sets.entries()) {
      const lists = await conditionListsOfBrand(q, set.brandId);
      const types = await objectTypesOfBrand(q, set.brandId);
      const list = pick(lists, k);
      const type = types[(k * 7) % types.length]!;
      const nav = AMOUNTS[k % AMOUNTS.length]!;
      const variant = CalculationVariant.parse({
        name: '',
        conditionListId: list.id,
        productId: list.productId,
        navBasedCalculation: true,
        inputValue: nav,
        periodInMonths: list.defaultPeriod,
        financingObjects: [
          {
            objectId: type.id,
            manufacturerId: type.defaultManufacturerId,
            details: type.label,
            netPricePerItemAmount: nav / 2,
            quantity: 2,
          },
        ],
      });
      const outcome = calculate(
        list,
        toCalculateRequest(variant, list),
        new Map(types.map((t) => [t.id, t])),
      );
      if (!outcome.ok) throw new Error(`demo calculation ${set.id}: ${JSON.stringify(outcome.errors)}`);
      const [row] = await q.query<{ id: string }>(
        `insert into calculation_variants (calculation_set_id, position, state, payload, results, last_saved_by)
         values ($1, 1, $2, $3, $4, $5) returning id`,
        [set.id, set.state, JSON.stringify(variant), JSON.stringify(outcome.results), set.userId],
      );
      await q.query('update calculation_sets set leading_variant_id = $2, last_saved_by = $3 where id = $1', [
        set.id,
        row!.id,
        set.userId,
      ]);
    }
  });
}

/** VA, TA and DAS in turn; long periods exceed some object types' limits, so use the default. */
function pick(lists: ConditionList[], k: number): ConditionList {
  const codes = ['-VA-C3', '-TA-R10-C0', '-VA-C0', '-TA-R15-C2'];
  const suffix = codes[k % codes.length]!;
  return lists.find((l) => l.id.endsWith(suffix)) ?? lists[0]!;
}
