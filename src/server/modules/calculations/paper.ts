import { contractFigures, contractFiguresDiffer } from '../../../domain/calculation/variant';
import type { Queryable } from '../../db/db';
import { errorKeys } from '../../problems';
import type { SetRow, VariantRow } from './set-repo';
import { savePaperFigures } from './state-repo';

/**
 * The contract paper of a variant (docs/domain.md, "What a contract shows"): what it shows is
 * kept when the paper contract is printed or a signing starts, from the variant the PDF was made
 * of; the contract start, each signature and the provider's booking go on only while the variant
 * still shows the same.
 */
const figuresOf = (set: SetRow, variant: VariantRow) => contractFigures(variant.payload, set);

export async function keepPaper(q: Queryable, set: SetRow, variant: VariantRow): Promise<void> {
  await savePaperFigures(q, variant.id, figuresOf(set, variant));
}

/** Whether a paper was made and the variant still shows what it shows. */
export const paperMatches = (set: SetRow, variant: VariantRow): boolean =>
  variant.paperFigures != null && !contractFiguresDiffer(variant.paperFigures, figuresOf(set, variant));

export function requireCurrentPaper(set: SetRow, variant: VariantRow): void {
  if (!paperMatches(set, variant))
    throw errorKeys(['contractOutdated'], 'Print the contract again: the calculation changed since.');
}

/** Whether a save changes what the contract shows. */
export const contractFiguresChange = (
  before: { set: SetRow; variant: VariantRow },
  after: Parameters<typeof contractFigures>,
): boolean => contractFiguresDiffer(figuresOf(before.set, before.variant), contractFigures(...after));
