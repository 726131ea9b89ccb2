import { mayOfferLink, offeredFigures } from '../../../domain/offer-links';
import type { Db, Queryable } from '../../db/db';
import { findSet, type SetRow } from '../calculations';
import { logLinkEvent, openLinksOfVariant, setLinkState, type OfferLinkRow } from './repo';

/**
 * Whether a link still offers what its variant offers: the same figures and terms, and a
 * variant that is still a quote (a request sent or a cancel ends the offer). Whoever reads an
 * open link first under the set's lock (the page, an answer, the salesperson's list, the start
 * screen) withdraws one that does not.
 */
export const stillOffered = (link: OfferLinkRow, variant: SetRow['variants'][number]) =>
  mayOfferLink(variant.state) && link.figures === offeredFigures(variant, link.periods);

/** Withdraws a link, kept with who or what withdrew it ('partner', 'replaced', 'changed'). */
export async function withdraw(q: Queryable, link: OfferLinkRow, by: string) {
  await setLinkState(q, link.id, { state: 'withdrawn' });
  await logLinkEvent(q, link.id, 'withdrawn', by);
}

/**
 * For a reader (the salesperson's list, the start screen): withdraws an open link its variant no
 * longer offers. Looked at without a lock first, so that reading waits for nobody; a link that
 * looks changed is checked again in a transaction of its own under the set's lock and then the
 * link's, the order a save, a send, an answer and a move take them, one set at a time.
 */
export async function withdrawIfChanged(db: Db, link: OfferLinkRow): Promise<boolean> {
  const variantOf = async (q: Queryable, lock: boolean) =>
    (await findSet(q, link.calculationSetId, lock))?.variants.find((v) => v.id === link.calculationVariantId);
  const seen = await variantOf(db, false);
  if (!seen || stillOffered(link, seen)) return false;
  return db.tx(async (q) => {
    const variant = await variantOf(q, true);
    const open = (await openLinksOfVariant(q, link.calculationVariantId)).find((l) => l.id === link.id);
    if (!variant || !open || stillOffered(open, variant)) return false;
    await withdraw(q, open, 'changed');
    return true;
  });
}

/** Who hears of a link's calculation live: its owner's profile, as the calculation's events. */
export const audienceOf = (set: SetRow) => ({
  partnerId: set.partnerId,
  brandId: set.brandId,
  userProfileId: set.userProfileId,
});
