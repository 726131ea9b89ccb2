import type { z } from 'zod';
import {
  type AcceptBody,
  type DeclineBody,
  isAnswerable,
  offerLinkStateOf,
} from '../../../domain/offer-links';
import type { PublicOfferEntity } from '../../../domain/api/offer-links';
import type { OfferAnswered } from '../../../domain/events';
import type { Db, Queryable } from '../../db/db';
import { HttpProblem, notFound, validation } from '../../problems';
import { countCall } from '../../plugins/rate-limits';
import { findSet, selectPeriod, type SetRow } from '../calculations';
import { publish } from '../events';
import { findByToken, logLinkEvent, setLinkState, tokenHash, type OfferLinkRow } from './repo';
import { audienceOf, stillOffered, withdraw } from './withdrawal';

/**
 * The customer's side of the offer link (docs/domain.md, "The customer's offer page"): the token
 * is the only key, and nothing answers about anything but its offer, as it was sent.
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Per token and per address: a person reads and answers a few times, a script is stopped. */
const PUBLIC_LIMITS = { token: 60, address: 300, windowMs: 60 * 60 * 1000 };

async function limited(db: Db, token: string, address: string) {
  const per = [
    [`offer-token:${tokenHash(token)}`, PUBLIC_LIMITS.token],
    [`offer-address:${address}`, PUBLIC_LIMITS.address],
  ] as const;
  for (const [key, max] of per) {
    const { current, ttl } = await countCall(db, key, PUBLIC_LIMITS.windowMs);
    if (current > max)
      throw new HttpProblem(429, 'about:blank', 'Too Many Requests', 'Too many requests; try again later.', {
        retryAfter: Math.ceil(ttl / 1000),
      });
  }
}

const GONE = 'This offer does not exist.';

/**
 * The link of a token, withdrawn first if it no longer offers what its variant offers. The set
 * is locked before the link, in the order a save and a send take them: an answer and a save of
 * the variant never cross.
 */
async function current(q: Queryable, token: string): Promise<{ link: OfferLinkRow; set: SetRow }> {
  if (!TOKEN.test(token)) throw notFound(GONE);
  const found = await findByToken(q, token);
  const set = found && (await findSet(q, found.calculationSetId, true));
  const link = set && (await findByToken(q, token, true));
  const variant = set?.variants.find((v) => v.id === link?.calculationVariantId);
  if (!link || !set || !variant) throw notFound(GONE);
  if (isAnswerable(offerLinkStateOf(link, new Date())) && !stillOffered(link, variant)) {
    await withdraw(q, link, 'changed');
    return { link: (await findByToken(q, token))!, set };
  }
  return { link, set };
}

export async function openOffer(db: Db, token: string, address: string): Promise<PublicOfferEntity> {
  await limited(db, token, address);
  const link = await db.tx(async (q) => {
    const { link, set } = await current(q, token);
    const first = offerLinkStateOf(link, new Date()) === 'sent';
    if (first) await setLinkState(q, link.id, { state: 'opened' });
    await logLinkEvent(q, link.id, 'opened', address);
    if (first) await tell(q, set, link, 'opened');
    return (await findByToken(q, token))!;
  });
  return presentPublic(link, token);
}

/**
 * One answer of the customer under the set's lock: the same answer again (a double tap, a lost
 * reply) is the answer given; any other needs a link still open.
 */
async function answerOffer(
  db: Db,
  token: string,
  address: string,
  answer: {
    kind: 'accepted' | 'declined';
    repeats: (link: OfferLinkRow) => boolean;
    apply: (q: Queryable, link: OfferLinkRow) => Promise<void>;
  },
): Promise<PublicOfferEntity> {
  await limited(db, token, address);
  const link = await db.tx(async (q) => {
    const { link, set } = await current(q, token);
    const state = offerLinkStateOf(link, new Date());
    if (state === answer.kind && answer.repeats(link)) return link;
    if (!isAnswerable(state)) throw answered(state);
    await answer.apply(q, link);
    await logLinkEvent(q, link.id, answer.kind, address);
    const given = (await findByToken(q, token))!;
    await tell(q, set, given, answer.kind);
    return given;
  });
  return presentPublic(link, token);
}

/** Accepts one of the offered periods: the variant selects it, the request stays the salesperson's. */
export const acceptOffer = (db: Db, token: string, body: z.output<typeof AcceptBody>, address: string) =>
  answerOffer(db, token, address, {
    kind: 'accepted',
    repeats: (link) => link.acceptedPeriod === body.periodInMonths,
    apply: async (q, link) => {
      if (!link.periods.includes(body.periodInMonths))
        throw validation(
          [{ name: 'periodInMonths', reason: 'notOffered' }],
          'Choose one of the offered periods.',
        );
      await setLinkState(q, link.id, { state: 'accepted', acceptedPeriod: body.periodInMonths });
      await selectPeriod(q, link.calculationVariantId, body.periodInMonths);
    },
  });

export const declineOffer = (db: Db, token: string, body: z.output<typeof DeclineBody>, address: string) =>
  answerOffer(db, token, address, {
    kind: 'declined',
    repeats: (link) => link.declineReason === body.reason,
    apply: (q, link) => setLinkState(q, link.id, { state: 'declined', declineReason: body.reason }),
  });

const answered = (state: string) =>
  new HttpProblem(409, '/problems/offer-answered', 'Conflict', 'This offer can no longer be answered.', {
    state,
  });

function presentPublic(l: OfferLinkRow, token: string): PublicOfferEntity {
  const offer = l.offer as Omit<
    PublicOfferEntity['properties'],
    'state' | 'acceptedPeriod' | 'declineReason'
  > & {
    contact: { name: string; email: string };
    partner: { name: string; hasLogo: boolean };
    customer: { name: string };
  };
  const state = offerLinkStateOf(l, new Date());
  const base = `/api/public/offers/${token}`;
  return {
    class: ['publicOffer'],
    properties: {
      state,
      locale: l.locale,
      partner: { ...offer.partner, contact: offer.contact.name, email: offer.contact.email },
      brandName: offer.brandName,
      reference: offer.reference,
      issuedAt: String(offer.issuedAt),
      validUntil: String(offer.validUntil),
      customerName: offer.customer.name,
      contractType: offer.contractType,
      paymentFrequency: offer.paymentFrequency,
      paymentPlan: offer.paymentPlan,
      rentFreeMonths: offer.rentFreeMonths,
      currency: offer.currency,
      nav: offer.nav,
      objects: offer.objects,
      periods: offer.periods,
      fees: offer.fees,
      ...(offer.note ? { note: offer.note } : {}),
      acceptedPeriod: l.acceptedPeriod,
      declineReason: l.declineReason,
    },
    links: [
      { rel: ['pdf'], href: `${base}/pdf` },
      ...(offer.partner.hasLogo ? [{ rel: ['logo'], href: `${base}/logo` }] : []),
    ],
    ...(isAnswerable(state)
      ? {
          actions: [
            {
              name: 'accept-offer',
              method: 'POST' as const,
              href: `${base}/accept`,
              type: 'application/json',
            },
            {
              name: 'decline-offer',
              method: 'POST' as const,
              href: `${base}/decline`,
              type: 'application/json',
            },
          ],
        }
      : {}),
  };
}

/** What the page's PDF and logo need; counted against the same limits, no open logged. */
export async function linkFiles(db: Db, token: string, address: string) {
  await limited(db, token, address);
  if (!TOKEN.test(token)) throw notFound(GONE);
  const link = await findByToken(db, token);
  if (!link) throw notFound(GONE);
  return { documentId: link.documentId, partnerId: link.partnerId };
}

/** The customer's step, told to the salesperson's open app. */
async function tell(q: Queryable, set: SetRow, link: OfferLinkRow, answer: OfferAnswered['answer']) {
  await publish(q, audienceOf(set), {
    kind: 'offerAnswered',
    calculationSetId: set.id,
    calculationVariantId: link.calculationVariantId,
    customerName: set.applicant?.name ?? '',
    answer,
    ...(answer === 'accepted' && link.acceptedPeriod ? { periodInMonths: link.acceptedPeriod } : {}),
  });
}
