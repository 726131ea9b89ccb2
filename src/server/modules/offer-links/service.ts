import { randomBytes } from 'node:crypto';
import {
  type CustomerLinkBody,
  isAnswerable,
  mayOfferLink,
  offeredFigures,
  offerLinkStateOf,
} from '../../../domain/offer-links';
import type { OfferLinkEntity } from '../../../domain/api/offer-links';
import { transition } from '../../../domain/calculation/states';
import { ACTION_ITEMS_LIMIT, OFFER_LINKS_DAYS, type Dashboard } from '../../../domain/dashboard';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/db';
import type { DocumentStore } from '../../integrations/document-store/port';
import { MAIL_SECRET, queueMail } from '../../integrations/mail/outbox';
import type { Caller } from '../../plugins/auth';
import { HttpProblem, invalidState, notFound } from '../../problems';
import { changeVariantState, loadVariant, requireWritable, type SetRow } from '../calculations';
import { insertDocument } from '../documents';
import { publish } from '../events';
import { buildOffer } from '../requests';
import { ownerOf } from '../session';
import { offerLinkMail } from './mails';
import { audienceOf, withdraw, withdrawIfChanged } from './withdrawal';
import {
  findById,
  insertOfferLink,
  linksOfVariant,
  newestLinks,
  openLinksOfVariant,
  tokenHash,
  type OfferLinkRow,
} from './repo';

/**
 * The salesperson's side of the customer's offer page (docs/domain.md, "The customer's offer
 * page"): send a link, list and withdraw a variant's links, the start screen's. The customer's
 * side, holding nothing but the token, is public.ts; the rule that withdraws a link whose
 * variant changed is withdrawal.ts.
 */
type Ids = { setId: string; variantId: string };

/** 256 random bits, URL-safe; only the hash is stored. */
const newToken = () => randomBytes(32).toString('base64url');

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
  const { variant } = await loadVariant(db, caller, ids);
  const now = new Date();
  for (const link of await linksOfVariant(db, variant.id))
    if (isAnswerable(offerLinkStateOf(link, now))) await withdrawIfChanged(db, link);
  const links = await linksOfVariant(db, variant.id);
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

async function announce(q: Queryable, set: SetRow, variantId: string, state: SetRow['state']) {
  await publish(q, audienceOf(set), {
    kind: 'calculationChanged',
    calculationSetId: set.id,
    calculationVariantId: variantId,
    state,
    customerName: set.applicant?.name ?? '',
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
  const { total, rows } = await newestLinks(db, scope, since, ACTION_ITEMS_LIMIT);
  const items = [];
  for (const l of rows) {
    const withdrawn = isAnswerable(offerLinkStateOf(l, now)) && (await withdrawIfChanged(db, l));
    items.push({
      calculationSetId: l.calculationSetId,
      calculationVariantId: l.calculationVariantId,
      customerName: l.customerName,
      state: withdrawn ? 'withdrawn' : offerLinkStateOf(l, now),
      acceptedPeriod: l.acceptedPeriod,
      declineReason: l.declineReason,
      at: (withdrawn ? now : l.at).toISOString(),
    });
  }
  return { total, items };
}
