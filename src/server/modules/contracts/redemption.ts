import {
  deferredPeriodsOf,
  instalmentCount,
  paidInstalmentsOf,
  isRedeemable,
  netScheduleOf,
  REDEMPTION_STATEMENT_MAX,
  redemptionAmount,
  redemptionValidUntil,
  utcToday,
  type RedemptionAmount,
  type RedemptionOfferBody,
} from '../../../domain/contracts';
import type { RedemptionOfferEntity, RedemptionSentEntity } from '../../../domain/api/contracts';
import type { Db, Queryable } from '../../db/db';
import type { DocumentStore } from '../../integrations/document-store/port';
import { queueMail, type MailMessage } from '../../integrations/mail/outbox';
import { textMail } from '../../integrations/mail/templates';
import { renderRedemptionPdf, type RedemptionPdfInput } from '../../integrations/pdf/redemption-pdf';
import type { Caller } from '../../plugins/auth';
import { errorKeys, invalidState } from '../../problems';
import { requireWritable } from '../session/policy';
import { brandName, findPartner } from '../session';
import { findLogo } from '../logo';
import { canOfferRedemption, requireVisibleContract } from './policy';
import { contractHref, redemptionAction, redemptionHref } from './presenter';
import { findContract, markRedemptionOffered, type ContractRecord } from './repo';
import { customerLocaleOf, type TranslatedLocale } from '../../../domain/locales';

/**
 * The redemption offer (docs/domain.md section 6): what redeeming a
 * running contract costs today, valid for 14 days; sent to the customer as a PDF by e-mail.
 * The PDF is kept as a generated document (of the contract's calculation set when it has one)
 * so that the mail can attach it.
 */

interface Offer {
  today: string;
  validUntil: string;
  paidInstalments: number;
  instalments: number;
  amount: RedemptionAmount;
}

function offerOf(c: ContractRecord, today: string): Offer {
  const periods = c.periodInMonths ?? 1;
  const instalments = instalmentCount(periods, c.paymentFrequency);
  const term = c.startDate && {
    startDate: c.startDate,
    periodInMonths: periods,
    frequency: c.paymentFrequency,
    rentFreeMonths: c.rentFreeMonths,
  };
  const paid = term ? paidInstalmentsOf(term, today) : 0;
  return {
    today,
    validUntil: redemptionValidUntil(today),
    paidInstalments: paid,
    instalments,
    amount: redemptionAmount({
      instalment: c.netInstalment,
      // A plan's contract owes its plan's instalments, not the level one it is worth at the start.
      schedule: netScheduleOf(c.schedule, c.instalment, c.netInstalment),
      periods,
      paidInstalments: paid,
      deferredPeriods: term ? deferredPeriodsOf(term, today) : 0,
      annualRatePercent: c.annualRatePercent,
      residualValue: c.residualValue,
      frequency: c.paymentFrequency,
      currencyCode: c.currencyCode,
    }),
  };
}

/** Only running, expiring and prolonged contracts can be redeemed: otherwise the invalid-state 409. */
function requireRedeemable(c: ContractRecord): void {
  if (!isRedeemable(c.state)) throw invalidState('invalidCurrentState', c.state, false);
}

/** The redemption offer's PDF as a document of the contract (and of its set, when it has one). */
export interface ContractDocument {
  contractId: string;
  calculationSetId: string | null;
  fileName: string;
  size: number;
  createdBy: string;
}

/**
 * What the contracts do to another module's data, handed in by app.ts: the documents module
 * imports calculations, which imports contracts (the quick search), so contracts cannot import it.
 */
export interface ContractEffects {
  /** Records the redemption offer's PDF as a generated document; answers its id. */
  insertContractDocument(q: Queryable, d: ContractDocument): Promise<string>;
  /** The e-mail of a calculation set's customer (null: none). */
  applicantEmailOf(q: Queryable, setId: string): Promise<string | null>;
}

/** The contract's customer e-mail, else that of the calculation's customer, when it came from one. */
const recipientOf = async (q: Queryable, effects: ContractEffects, c: ContractRecord) =>
  c.customerEmail || (c.calculationSetId && (await effects.applicantEmailOf(q, c.calculationSetId))) || null;

export async function getRedemptionOffer(
  db: Db,
  effects: ContractEffects,
  caller: Caller,
  referenceCode: string,
): Promise<RedemptionOfferEntity> {
  const contract = requireVisibleContract(caller, await findContract(db, referenceCode));
  requireRedeemable(contract);
  const offer = offerOf(contract, utcToday());
  return {
    class: ['redemptionOffer'],
    properties: {
      referenceCode: contract.referenceCode,
      customerName: contract.customerName,
      subLesseeName: contract.subLesseeName,
      state: contract.state,
      currencyCode: contract.currencyCode,
      // The basis of the amount: the net instalment per billing period.
      instalment: contract.netInstalment,
      paymentFrequency: contract.paymentFrequency,
      annualRatePercent: contract.annualRatePercent,
      residualValue: contract.residualValue,
      instalments: offer.instalments,
      paidInstalments: offer.paidInstalments,
      date: offer.today,
      validUntil: offer.validUntil,
      ...offer.amount,
      recipient: await recipientOf(db, effects, contract),
      statementMaxLength: REDEMPTION_STATEMENT_MAX,
    },
    actions: canOfferRedemption(caller, contract) ? [redemptionAction(contract.referenceCode)] : [],
    links: [
      { rel: ['self'], href: redemptionHref(contract.referenceCode) },
      { rel: ['contract'], href: contractHref(contract.referenceCode) },
    ],
  };
}

function redemptionMail(
  to: string,
  locale: TranslatedLocale,
  ref: string,
  partner: string,
  until: string,
  statement: string,
): MailMessage {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${until}T00:00:00Z`),
  );
  return textMail(to, locale, 'mail.redemption', { reference: ref, partner, until: day }, statement);
}

const asDate = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);

/** Sends the redemption offer: the PDF kept as a generated document and mailed to the customer. */
export async function sendRedemptionOffer(
  db: Db,
  store: DocumentStore,
  effects: ContractEffects,
  caller: Caller,
  referenceCode: string,
  body: RedemptionOfferBody,
): Promise<RedemptionSentEntity> {
  requireWritable(caller);
  const contract = requireVisibleContract(caller, await findContract(db, referenceCode));
  requireRedeemable(contract);
  const to = await recipientOf(db, effects, contract);
  if (!to) throw errorKeys(['customerEmailMissing'], 'The customer has no e-mail address to send to.');

  const partner = await findPartner(db, caller.user.partnerId);
  const logo = await findLogo(db, partner.id);
  const locale = customerLocaleOf(partner.countryIso);
  const offer = offerOf(contract, utcToday());
  const issuedAt = new Date();
  const input: RedemptionPdfInput = {
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
    brandName: await brandName(db, contract.brandId),
    referenceCode: contract.referenceCode,
    issuedAt,
    validUntil: new Date(`${offer.validUntil}T00:00:00Z`),
    customer: { name: contract.customerName, subLesseeName: contract.subLesseeName || undefined },
    contract: {
      startDate: asDate(contract.startDate),
      endDate: asDate(contract.endDate),
      paymentFrequency: contract.paymentFrequency,
      instalments: offer.instalments,
      paidInstalments: offer.paidInstalments,
      annualRatePercent: contract.annualRatePercent,
      residualValue: contract.residualValue,
    },
    currency: contract.currencyCode,
    amount: offer.amount,
    statement: body.statement,
  };
  // Rendered before the transaction: nothing slow is awaited while it holds its locks.
  const pdf = await renderRedemptionPdf(input);
  const fileName = `redemption-offer-${contract.referenceCode}-${offer.today}.pdf`;

  const documentId = await db.tx(async (q) => {
    const locked = requireVisibleContract(caller, await findContract(q, referenceCode, true));
    requireRedeemable(locked);
    const id = await effects.insertContractDocument(q, {
      contractId: locked.contractId,
      calculationSetId: locked.calculationSetId,
      fileName,
      size: pdf.byteLength,
      createdBy: caller.user.id,
    });
    await store.put(q, id, pdf);
    await queueMail(q, {
      ...redemptionMail(to, locale, locked.referenceCode, partner.name, offer.validUntil, body.statement),
      attachments: [{ documentId: id, fileName }],
    });
    await markRedemptionOffered(q, locked.contractId);
    return id;
  });
  return {
    class: ['redemptionOfferSent'],
    properties: {
      referenceCode: contract.referenceCode,
      sent: true,
      recipient: to,
      documentId,
      fileName,
      total: offer.amount.total,
      currencyCode: contract.currencyCode,
      validUntil: offer.validUntil,
    },
    links: [{ rel: ['contract'], href: contractHref(contract.referenceCode) }],
  };
}
