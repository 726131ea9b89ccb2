import { randomBytes } from 'node:crypto';
import {
  type AcceptBody,
  type CustomerLinkBody,
  type DeclineBody,
  isAnswerable,
  mayOfferLink,
  offeredFigures,
  offerLinkStateOf,
} from '../../../domain/offer-links';
import type { OfferLinkEntity, PublicOfferEntity } from '../../../domain/api/offer-links';
import { transition } from '../../../domain/calculation/states';
import type { OfferAnswered } from '../../../domain/events';
import { ACTION_ITEMS_LIMIT, OFFER_LINKS_DAYS, type Dashboard } from '../../../domain/dashboard';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/db';
import type { DocumentStore } from '../../integrations/document-store/port';
import { MAIL_SECRET, queueMail } from '../../integrations/mail/outbox';
import type { Caller } from '../../plugins/auth';
import { HttpProblem, invalidState, notFound, validation } from '../../problems';
import { countCall } from '../../plugins/rate-limits';
import {
  changeVariantState,
  findSet,
  loadVariant,
  requireWritable,
  selectPeriod,
  type SetRow,
} from '../calculations';
import { insertDocument } from '../documents';
import { publish } from '../events';
import { buildOffer } from '../requests';
import { ownerOf } from '../session';
import { offerLinkMail } from './mails';
import {
  findById,
  findByToken,
  insertOfferLink,
  linksOfVariant,
  newestLinks,
  logLinkEvent,
  openLinksOfVariant,
  setLinkState,
  tokenHash,
  type OfferLinkRow,
} from './repo';

/**
 * The customer's offer page (docs/domain.md, "The customer's offer page"). The salesperson sends
 * a link; the customer, holding nothing but its token, opens the offer as it was sent and accepts
 * a period or declines. A link is bound to the figures it offered: once the variant's figures
 * for its periods differ, it counts as withdrawn, whoever looks first (the page, an answer, the
 * salesperson's list) records it.
 */
type Ids = { setId: string; variantId: string };

/** 256 random bits, URL-safe; only the hash is stored. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function sendOfferLink(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  ids: Ids,
  body: z.output<typeof CustomerLinkBody>,
  publicUrl: string,
): Promise<OfferLinkEntity> {
  const built = await buildOffer(db, caller, ids.setId, {
    calculationVariantId: ids.variantId,
    periods: body.periods,
    makeOffer: false,
    nonBindingQuoteNote: body.note,
    languageCode: body.languageCode,
  });
  const { input } = built;
  if (!mayOfferLink(built.variant.state))
    throw invalidState('invalidCurrentState', built.variant.state, false);
  const token = newToken();
  const id = await db.tx(async (q) => {
    const { set, variant } = await loadVariant(q, caller, ids, true);
    if (!mayOfferLink(variant.state)) throw invalidState('invalidCurrentState', variant.state, false);
    // Saved meanwhile with other figures: the offer drawn up is no longer the variant's.
    if (offeredFigures(variant, body.periods) !== offeredFigures(built.variant, body.periods))
      throw new HttpProblem(
        409,
        'about:blank',
        'Conflict',
        'The calculation changed while the offer was drawn up. Send it again.',
      );
    for (const open of await openLinksOfVariant(q, variant.id)) await withdraw(q, open, 'replaced');
    const documentId = await insertDocument(q, {
      calculationSetId: set.id,
      documentGroup: 'generated',
      category: 'offer',
      fileName: built.fileName,
      format: 'pdf',
      size: built.pdf.byteLength,
      lastModifiedAt: null,
      createdBy: caller.user.id,
    });
    await store.put(q, documentId, built.pdf);
    const { partner, ...offer } = input;
    const linkId = await insertOfferLink(q, {
      tokenHash: tokenHash(token),
      calculationSetId: set.id,
      calculationVariantId: variant.id,
      partnerId: set.partnerId,
      brandId: set.brandId,
      // The calculation's owner: the answer shows in their list and start screen.
      userProfileId: set.userProfileId,
      email: body.email,
      locale: input.locale,
      periods: body.periods,
      figures: offeredFigures(variant, body.periods),
      offer: {
        ...offer,
        partner: { name: partner.name, hasLogo: Boolean(partner.logo) },
        contact: {
          name: `${caller.user.firstName} ${caller.user.lastName}`.trim(),
          email: (await ownerOf(q, caller.profile!.userProfileId))?.email ?? '',
        },
      },
      documentId,
      expiresAt: input.validUntil,
    });
    await queueMail(q, {
      ...offerLinkMail(
        body.email,
        input.locale,
        partner.name,
        body.note,
        // The token only as the mail's secret (MAIL_SECRET): forgotten once the mail is sent.
        `${publicUrl}/o/${MAIL_SECRET}`,
        input.validUntil,
      ),
      attachments: [{ documentId, fileName: built.fileName }],
      secret: token,
    });
    const next = transition(variant.state, 'offerToCustomer');
    // The version stays: nothing the editor edits changed, and a save made on top of the version
    // before the link (the editor's, or one waiting in the outbox behind it) still holds.
    if (next) await changeVariantState(q, set, variant.id, next, { keepVersion: true });
    await announce(q, set, variant.id, next ?? variant.state);
    return linkId;
  });
  return present((await findById(db, ids.variantId, id))!, new Date());
}

export async function listOfferLinks(db: Db, caller: Caller, ids: Ids) {
  const links = await db.tx(async (q) => {
    // The set's lock first, as a save and a send take it: the open links are compared with the
    // figures they were sent against, never with a copy read before a save and a newer link.
    const { variant } = await loadVariant(q, caller, ids, true);
    for (const open of await openLinksOfVariant(q, variant.id))
      if (!stillOffered(open, variant)) await withdraw(q, open, 'changed');
    return linksOfVariant(q, variant.id);
  });
  const now = new Date();
  return { properties: { count: links.length }, entities: links.map((l) => present(l, now)) };
}

export async function withdrawOfferLink(db: Db, caller: Caller, ids: Ids & { linkId: string }) {
  requireWritable(caller);
  const { variant } = await loadVariant(db, caller, ids);
  const link = await db.tx(async (q) => {
    const found = await findById(q, variant.id, ids.linkId, true);
    if (!found) throw notFound('No such offer link.');
    if (isAnswerable(offerLinkStateOf(found, new Date()))) await withdraw(q, found, 'partner');
    return (await findById(q, variant.id, ids.linkId))!;
  });
  return present(link, new Date());
}

async function withdraw(q: Queryable, link: OfferLinkRow, address: string) {
  await setLinkState(q, link.id, { state: 'withdrawn' });
  await logLinkEvent(q, link.id, 'withdrawn', address);
}

const audienceOf = (set: SetRow) => ({
  partnerId: set.partnerId,
  brandId: set.brandId,
  userProfileId: set.userProfileId,
});

async function announce(q: Queryable, set: SetRow, variantId: string, state: SetRow['state']) {
  await publish(q, audienceOf(set), {
    kind: 'calculationChanged',
    calculationSetId: set.id,
    calculationVariantId: variantId,
    state,
    customerName: set.applicant?.name ?? '',
  });
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

function present(l: OfferLinkRow, now: Date): OfferLinkEntity {
  return {
    class: ['offerLink'],
    properties: {
      offerLinkId: l.id,
      state: offerLinkStateOf(l, now),
      email: l.email,
      periods: l.periods,
      acceptedPeriod: l.acceptedPeriod,
      declineReason: l.declineReason,
      createdAt: l.createdAt.toISOString(),
      expiresAt: l.expiresAt.toISOString(),
      answeredAt: l.answeredAt?.toISOString() ?? null,
      openedAt: l.openedAt?.toISOString() ?? null,
    },
  };
}

/**
 * The start screen's offer links (the dashboard module's, through index.ts): the newest of the
 * last OFFER_LINKS_DAYS, an open one checked against its variant's figures as every reader does.
 */
export async function recentOfferLinks(
  db: Db,
  scope: { brandId: string; userProfileId: string | null },
  now = new Date(),
): Promise<Dashboard['offerLinks']> {
  const since = new Date(now.getTime() - OFFER_LINKS_DAYS * 24 * 60 * 60 * 1000);
  return db.tx(async (q) => {
    const { total, rows } = await newestLinks(q, scope, since, ACTION_ITEMS_LIMIT);
    const items = [];
    for (const l of rows) {
      let state = offerLinkStateOf(l, now);
      if (isAnswerable(state)) {
        // Read again under the locks, the set's before the link's as a save and an answer take
        // them: an answer given meanwhile stays, a save and a newer link are seen together.
        const variant = (await findSet(q, l.calculationSetId, true))?.variants.find(
          (v) => v.id === l.calculationVariantId,
        );
        const open = (await openLinksOfVariant(q, l.calculationVariantId)).find((x) => x.id === l.id);
        if (open && variant && !stillOffered(open, variant)) {
          await withdraw(q, l, 'changed');
          state = 'withdrawn';
        }
      }
      items.push({
        calculationSetId: l.calculationSetId,
        calculationVariantId: l.calculationVariantId,
        customerName: l.customerName,
        state,
        acceptedPeriod: l.acceptedPeriod,
        declineReason: l.declineReason,
        at: (state === 'withdrawn' && l.state !== 'withdrawn' ? now : l.at).toISOString(),
      });
    }
    return { total, items };
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's side: the token is the only key; nothing answers about anything but its offer.

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
 * Whether a link still offers what its variant offers: the same figures and terms, and a
 * variant that is still a quote (a request sent or a cancel ends the offer).
 */
const stillOffered = (link: OfferLinkRow, variant: SetRow['variants'][number]) =>
  mayOfferLink(variant.state) && link.figures === offeredFigures(variant, link.periods);

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

export async function acceptOffer(
  db: Db,
  token: string,
  body: z.output<typeof AcceptBody>,
  address: string,
): Promise<PublicOfferEntity> {
  await limited(db, token, address);
  const link = await db.tx(async (q) => {
    const { link, set } = await current(q, token);
    const state = offerLinkStateOf(link, new Date());
    // The same answer again (a double tap, a lost reply) is the answer given.
    if (state === 'accepted' && link.acceptedPeriod === body.periodInMonths) return link;
    if (!isAnswerable(state)) throw answered(state);
    if (!link.periods.includes(body.periodInMonths))
      throw validation(
        [{ name: 'periodInMonths', reason: 'notOffered' }],
        'Choose one of the offered periods.',
      );
    await setLinkState(q, link.id, { state: 'accepted', acceptedPeriod: body.periodInMonths });
    await logLinkEvent(q, link.id, 'accepted', address);
    await selectPeriod(q, link.calculationVariantId, body.periodInMonths);
    const accepted = (await findByToken(q, token))!;
    await tell(q, set, accepted, 'accepted');
    return accepted;
  });
  return presentPublic(link, token);
}

export async function declineOffer(
  db: Db,
  token: string,
  body: z.output<typeof DeclineBody>,
  address: string,
): Promise<PublicOfferEntity> {
  await limited(db, token, address);
  const link = await db.tx(async (q) => {
    const { link, set } = await current(q, token);
    const state = offerLinkStateOf(link, new Date());
    if (state === 'declined' && link.declineReason === body.reason) return link;
    if (!isAnswerable(state)) throw answered(state);
    await setLinkState(q, link.id, { state: 'declined', declineReason: body.reason });
    await logLinkEvent(q, link.id, 'declined', address);
    await tell(q, set, link, 'declined');
    return (await findByToken(q, token))!;
  });
  return presentPublic(link, token);
}

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
