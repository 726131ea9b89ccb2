import type { CalculationState } from '../../../domain/calculation/states';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { calculationSets, calculationVariants } from '../../db/schema';
import type { SetRow } from './set-repo';

/**
 * What requests, offers and signing change on a variant, in their caller's transaction: its
 * state (the set follows its leading variant), its notes, the special-case mark, the offer choice.
 */
const v = calculationVariants;

/** The variant's new state; the set follows its leading variant. */
export async function changeVariantState(
  q: Queryable,
  set: Pick<SetRow, 'id' | 'leadingVariantId'>,
  variantId: string,
  state: CalculationState,
  { keepVersion = false } = {},
): Promise<void> {
  await orm(q)
    .update(v)
    .set({ state, ...(keepVersion ? {} : { version: sql`${v.version} + 1` }), lastEditedAt: sql`now()` })
    .where(eq(v.id, variantId));
  if (set.leadingVariantId === variantId)
    await orm(q)
      .update(calculationSets)
      .set({ state, lastEditedAt: sql`now()` })
      .where(eq(calculationSets.id, set.id));
}

/** The requested variant leads its set from now on (the lists show its state). */
export async function makeLeadingVariant(
  q: Queryable,
  setId: string,
  variantId: string,
  state: CalculationState,
): Promise<void> {
  await orm(q)
    .update(calculationSets)
    .set({ leadingVariantId: variantId, state, lastEditedAt: sql`now()` })
    .where(eq(calculationSets.id, setId));
}

export async function saveVariantNotes(
  q: Queryable,
  variantId: string,
  notes: { quoteNote?: string; nonBindingQuoteNote?: string },
): Promise<void> {
  if (notes.quoteNote !== undefined)
    await orm(q).update(v).set({ quoteNote: notes.quoteNote }).where(eq(v.id, variantId));
  if (notes.nonBindingQuoteNote !== undefined)
    await orm(q).update(v).set({ nonBindingQuoteNote: notes.nonBindingQuoteNote }).where(eq(v.id, variantId));
}

/** A special case was asked for the variant (a new version: its etag changes). */
export async function markSpecialCaseRequested(q: Queryable, variantId: string): Promise<void> {
  await orm(q)
    .update(v)
    .set({ specialCaseRequestedAt: sql`now()`, version: sql`${v.version} + 1` })
    .where(eq(v.id, variantId));
}

/** What the variant's contract paper shows (calculations/paper.ts), kept as it was printed. */
export async function savePaperFigures(q: Queryable, variantId: string, figures: unknown): Promise<void> {
  await orm(q).update(v).set({ paperFigures: figures }).where(eq(v.id, variantId));
}

/** The periods and language of an offer being made, kept until it is sent (null: none). */
export async function keepOfferChoice(
  q: Queryable,
  variantId: string,
  choice: { periods: number[] | null; language: string | null },
): Promise<void> {
  await orm(q)
    .update(v)
    .set({ offerPeriods: choice.periods, offerLanguage: choice.language })
    .where(eq(v.id, variantId));
}

/**
 * The customer accepted one of the offered periods (modules/offer-links): it becomes the
 * variant's period. Every offered period was calculated, so the results stay as they are.
 */
export async function selectPeriod(q: Queryable, variantId: string, periodInMonths: number): Promise<void> {
  await orm(q)
    .update(v)
    .set({
      payload: sql`jsonb_set(${v.payload}, '{periodInMonths}', to_jsonb(${periodInMonths}::int))`,
      version: sql`${v.version} + 1`,
      lastEditedAt: sql`now()`,
    })
    .where(eq(v.id, variantId));
}
