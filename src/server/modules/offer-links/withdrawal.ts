import { mayOfferLink, offeredFigures } from '../../../domain/offer-links';
import type { Queryable } from '../../db/db';
import type { SetRow } from '../calculations';
import { logLinkEvent, setLinkState, type OfferLinkRow } from './repo';

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

/** Who hears of a link's calculation live: its owner's profile, as the calculation's events. */
export const audienceOf = (set: SetRow) => ({
  partnerId: set.partnerId,
  brandId: set.brandId,
  userProfileId: set.userProfileId,
});
