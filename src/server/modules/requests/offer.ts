import { createHash } from 'node:crypto';
import { objectsSumToNav } from '../../../domain/calculation/engine';
import { MAX_OFFER_PERIODS } from '../../../domain/calculation/requests';
import { OFFER_VALID_DAYS } from '../../../domain/offer-links';
import { transition } from '../../../domain/calculation/states';
import type { OfferEntity } from '../../../domain/api/requests';
import type { Db } from '../../db/db';
import type { DocumentStore } from '../../integrations/document-store/port';
import { queueMail } from '../../integrations/mail/outbox';
import { renderOfferPdf, type OfferPdfInput } from '../../integrations/pdf/offer-pdf';
import { oneOffFees } from '../../integrations/pdf/texts';
import type { Caller } from '../../plugins/auth';
import { HttpProblem, validation } from '../../problems';
import {
  customerLocaleOf,
  offerLanguagesOf,
  resolveLocale,
  type TranslatedLocale,
} from '../../../domain/locales';
import { nameIn } from '../../names';
import {
  changeVariantState,
  keepOfferChoice,
  loadVariant,
  requireStep,
  requireWritable,
  saveVariantNotes,
  savedConditionList,
  type SetRow,
  type VariantRow,
} from '../calculations';
import { base64Href, insertDocument } from '../documents';
import { brandName, findPartner } from '../session';
import { objectTypeLabels } from '../calculations';
import { findLogo } from '../logo';
import { offerMail } from './mails';

/**
 * The offer to the customer (portal specification, “The calls it makes” and “The error catalogue”): a PDF in the customer's language with
 * up to 4 periods, kept among the set's generated documents; `makeOffer` also mails it to the
 * customer and moves a variant in work to offerToCustomer. Refusals carry the spec's detail
 * codes: 3 no customer to send to, 7 the objects do not add up, 8 no valid period.
 */
export { MAX_OFFER_PERIODS };

const offerFailed = (code: 3 | 7 | 8, detail: string) =>
  new HttpProblem(400, '/problems/offer-failed', 'Offer failed', detail, { code });

/** The provider's product of each kind of contract, whose name a list without its own names shows. */
const PRODUCT_OF_CONTRACT_TYPE = { VA: 'Full payout leasing', TA: 'Partial payout leasing', MK: 'Rental' };

/**
 * The offer's language: the one the user chose among the languages it may be written in
 * (`offerLanguagesOf`: the partner's, kept to the condition list's), else the customer's (by
 * country) where it is one of them, else the first of them. A choice not among them is refused.
 */
function offerLocale(
  chosen: string | undefined,
  offered: TranslatedLocale[],
  country: string | undefined,
): TranslatedLocale {
  if (chosen) {
    const locale = resolveLocale(chosen);
    if (!offered.includes(locale))
      throw validation(
        [{ name: 'languageCode', reason: 'languageNotOffered' }],
        'The partner does not offer this language.',
      );
    return locale;
  }
  const customer = customerLocaleOf(country);
  return offered.includes(customer) ? customer : offered[0]!;
}

export interface OfferRequest {
  calculationVariantId: string;
  periods: number[];
  makeOffer: boolean;
  nonBindingQuoteNote: string;
  languageCode?: string;
}

function checkOffer(set: SetRow, variant: VariantRow, body: OfferRequest) {
  if (!set.applicant?.name) throw offerFailed(3, 'The offer needs a customer.');
  if (body.makeOffer && !set.applicant.email)
    throw offerFailed(3, 'The customer has no e-mail address to send to.');
  const v = variant.payload;
  const nav = variant.results[0]?.netAcquisitionValueAmount ?? 0;
  const objects = v.financingObjects.map((o) => ({ price: o.netPricePerItemAmount, quantity: o.quantity }));
  if (!v.generalObject && objects.length === 0) throw offerFailed(7, 'The calculation has no objects.');
  // The rule the editor and the save apply (src/domain/calculation/engine.ts): in cents, exactly.
  if (objects.length > 0 && !objectsSumToNav(objects, nav))
    throw offerFailed(7, 'The objects do not add up to the net acquisition value.');
  const rows = body.periods.map((p) => variant.results.find((r) => r.periodInMonths === p));
  if (body.periods.length === 0 || body.periods.length > MAX_OFFER_PERIODS || rows.some((r) => !r))
    throw offerFailed(8, `Choose 1 to ${MAX_OFFER_PERIODS} periods of the calculation.`);
  return rows.map((r) => r!);
}

/** An offer drawn up: its PDF and what the PDF shows, in the language chosen. */
export interface BuiltOffer {
  set: SetRow;
  variant: VariantRow;
  input: OfferPdfInput;
  pdf: Uint8Array;
  hash: string;
  fileName: string;
}

/**
 * Checks the variant may be offered (the step, the customer, the objects, the periods) and draws
 * the offer up; writes nothing. The offer to the customer and the customer's offer page share it.
 */
export async function buildOffer(
  db: Db,
  caller: Caller,
  setId: string,
  body: OfferRequest,
): Promise<BuiltOffer> {
  requireWritable(caller);
  const ids = { setId, variantId: body.calculationVariantId };
  const { set, variant } = await loadVariant(db, caller, ids);
  requireStep('offer', variant);
  const rows = checkOffer(set, variant, body);
  const applicant = set.applicant!;
  const partner = await findPartner(db, caller.user.partnerId);
  const logo = await findLogo(db, partner.id);
  const list = await savedConditionList(db, set.brandId, variant.payload.conditionListId);
  const v = variant.payload;
  const main = applicant.addresses.find((a) => a.addressType === 'main');
  const locale = offerLocale(
    body.languageCode,
    offerLanguagesOf(partner.availableLanguages, list?.languages),
    applicant.countryIso ?? main?.country,
  );
  const labels = await objectTypeLabels(
    db,
    [...v.financingObjects.map((o) => o.objectId), v.generalObject?.objectType ?? ''],
    locale,
  );
  const issuedAt = new Date();
  const input: OfferPdfInput = {
    locale,
    partner: {
      name: partner.name,
      logo: logo
        ? {
            bytes: logo.content,
            mimeType: logo.name.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg',
          }
        : undefined,
    },
    brandName: await brandName(db, set.brandId),
    reference: set.id.slice(0, 8).toUpperCase(),
    issuedAt,
    validUntil: new Date(issuedAt.getTime() + OFFER_VALID_DAYS * 86_400_000),
    customer: {
      name: applicant.name,
      street: main?.street,
      postcode: main?.zip,
      town: main?.town,
      countryIso: main?.country,
    },
    // The product's own name in the customer's language, else its kind of contract.
    contractType:
      list?.productTypeNames?.[locale] ??
      nameIn(locale, 'productTypes', PRODUCT_OF_CONTRACT_TYPE[list?.contractTypeCode ?? 'VA']) ??
      PRODUCT_OF_CONTRACT_TYPE[list?.contractTypeCode ?? 'VA'],
    paymentFrequency: v.paymentFrequency,
    paymentPlan: v.paymentPlan,
    rentFreeMonths: v.rentFreeMonths ?? 0,
    currency: set.currencyCode,
    nav: rows[0]!.netAcquisitionValueAmount,
    objects: v.financingObjects.length
      ? v.financingObjects.map((o) => ({
          description: [labels.get(o.objectId) ?? o.objectId, o.details].filter(Boolean).join(', '),
          quantity: o.quantity,
          price: o.netPricePerItemAmount,
        }))
      : [
          {
            description: labels.get(v.generalObject!.objectType) ?? v.generalObject!.objectType,
            quantity: 1,
            price: rows[0]!.netAcquisitionValueAmount,
          },
        ],
    periods: rows.map((r) => ({
      periodInMonths: r.periodInMonths,
      instalment: r.totalInstallmentAmount,
      monthly: r.monthlyTotalInstallmentAmount,
      service: r.serviceInstallmentAmount,
      damageWaiver: r.damageWaiverAmount,
      schedule: r.schedule ?? [],
    })),
    fees: oneOffFees(v, locale),
    note: body.nonBindingQuoteNote || undefined,
  };
  const pdf = await renderOfferPdf(input);
  const hash = createHash('sha256').update(pdf).digest('hex');
  const fileName = `offer-${input.reference}-${issuedAt.toISOString().slice(0, 10)}.pdf`;
  return { set, variant, input, pdf, hash, fileName };
}

export async function makeOffer(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  setId: string,
  body: OfferRequest,
): Promise<OfferEntity> {
  const ids = { setId, variantId: body.calculationVariantId };
  const { set, variant, input, pdf, hash, fileName } = await buildOffer(db, caller, setId, body);
  const applicant = set.applicant!;
  const { locale } = input;
  const partnerName = input.partner.name;

  const documentId = await db.tx(async (q) => {
    const { set: locked, variant: current } = await loadVariant(q, caller, ids, true);
    const id = await insertDocument(q, {
      calculationSetId: set.id,
      documentGroup: 'generated',
      category: 'offer',
      fileName,
      format: 'pdf',
      size: pdf.byteLength,
      lastModifiedAt: null,
      createdBy: caller.user.id,
    });
    await store.put(q, id, pdf);
    await saveVariantNotes(q, variant.id, { nonBindingQuoteNote: body.nonBindingQuoteNote });
    // The choice stays with the offer being made until it is sent.
    await keepOfferChoice(q, variant.id, {
      periods: body.makeOffer ? null : body.periods,
      language: body.makeOffer ? null : locale,
    });
    if (body.makeOffer) {
      await queueMail(q, {
        ...offerMail(applicant.email!, locale, partnerName, body.nonBindingQuoteNote),
        attachments: [{ documentId: id, fileName }],
      });
      const next = transition(current.state, 'offerToCustomer');
      if (next) await changeVariantState(q, locked, variant.id, next);
    }
    return id;
  });
  return {
    class: ['offer'],
    properties: {
      calculationSetId: set.id,
      calculationVariantId: variant.id,
      documentId,
      fileName,
      hash,
      sent: body.makeOffer,
    },
    actions: [{ name: 'get-document-details', method: 'GET', href: base64Href(documentId) }],
    links: [{ rel: ['self'], href: base64Href(documentId) }],
  };
}
