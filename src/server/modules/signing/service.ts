import { transition } from '../../../domain/calculation/states';
import { customerLocaleOf, type TranslatedLocale } from '../../../domain/locales';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { PaperContractEntity } from '../../../domain/api/signing';
import { startPaperProblems } from '../../../domain/signing';
import type { Db, Queryable } from '../../db/db';
import type { DocumentStore } from '../../integrations/document-store/port';
import { renderContractPdf } from '../../integrations/pdf/contract-pdf';
import { oneOffFees } from '../../integrations/pdf/texts';
import type { Caller } from '../../plugins/auth';
import { errorKeys } from '../../problems';
import {
  findSet,
  loadVariant,
  objectTypeLabels,
  changeVariantState,
  keepPaper,
  requireCurrentPaper,
  requireStep,
  requireWritable,
  type SetRow,
  variantEntity,
} from '../calculations';
import { base64Href, insertDocument, listDocuments } from '../documents';
import { brandName, findPartner } from '../session';
import type { LatestSigning } from './cancel';
import { cancelOpenApplications, insertApplication } from './repo';
import { requireTermsAccepted } from '../session/policy';

/*
 * The paper contract and the contract start (docs/domain.md section 4): the contract PDF moves
 * an approved variant to contractPrinted; with the papers of `startPapers` attached, the
 * contract start makes it applicationReceived for the provider's check.
 */

const addressOf = (a?: { street?: string; zip?: string; town?: string } | null) =>
  [a?.street, [a?.zip, a?.town].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * The language of a contract and of what the customer reads about it (its PDF, the e-signature
 * envelope, the BankID app): the country of the customer's main address, else the partner's, so
 * that all of it reads alike.
 */
export function contractLocaleOf(
  applicant: { addresses: { addressType: string; country?: string | null }[] } | null,
  partnerCountry: string | null | undefined,
): TranslatedLocale {
  const main = applicant?.addresses.find((a) => a.addressType === 'main');
  return customerLocaleOf(main?.country ?? partnerCountry);
}

/**
 * The contract PDF of an approved variant: parties, objects, instalment, signature fields; in the
 * customer's language (`locale`, which the mails that carry it use too).
 */
export async function buildContract(
  q: Queryable,
  set: SetRow,
  variant: SetRow['variants'][number],
  partner: { name: string; countryIso: string },
): Promise<{ pdf: Uint8Array; fileName: string; locale: TranslatedLocale }> {
  if (!set.applicant || !set.supplier)
    throw errorKeys(['partiesMissing'], 'The contract needs a customer and a supplier.');
  const row = variant.results.find((r) => r.periodInMonths === variant.payload.periodInMonths)!;
  const v = variant.payload;
  const main = set.applicant.addresses.find((a) => a.addressType === 'main');
  const locale = contractLocaleOf(set.applicant, partner.countryIso);
  const labels = await objectTypeLabels(
    q,
    [...v.financingObjects.map((o) => o.objectId), v.generalObject?.objectType ?? ''],
    locale,
  );
  const issuedAt = new Date();
  const reference = set.id.slice(0, 8).toUpperCase();
  const directors = set.applicant.persons.filter((p) => p.position === 'director');
  const pdf = await renderContractPdf({
    locale,
    brandName: await brandName(q, set.brandId),
    partnerName: partner.name,
    reference,
    issuedAt,
    customer: {
      name: set.applicant.name,
      registrationNumber: set.applicant.registrationNumber,
      address: addressOf(main),
    },
    supplier: { name: set.supplier.name, address: addressOf(set.supplier.address) },
    objects: v.financingObjects.length
      ? v.financingObjects.map((o) => ({
          description: [labels.get(o.objectId) ?? o.objectId, o.details].filter(Boolean).join(', '),
          quantity: o.quantity,
          price: o.netPricePerItemAmount,
          serialNumber: o.serialNumber,
        }))
      : [
          {
            description: labels.get(v.generalObject!.objectType) ?? v.generalObject!.objectType,
            quantity: 1,
            price: row.netAcquisitionValueAmount,
            serialNumber: '',
          },
        ],
    currency: set.currencyCode,
    nav: row.netAcquisitionValueAmount,
    periodInMonths: row.periodInMonths,
    instalment: row.totalInstallmentAmount,
    monthly: row.monthlyTotalInstallmentAmount,
    paymentFrequency: v.paymentFrequency,
    paymentPlan: v.paymentPlan,
    schedule: row.schedule ?? [],
    rentFreeMonths: v.rentFreeMonths ?? 0,
    fees: oneOffFees(v, locale),
    signees: (directors.length ? directors : set.applicant.persons.slice(0, 1)).map((p) =>
      `${p.firstName} ${p.lastName}`.trim(),
    ),
  });
  return { pdf, fileName: `contract-${reference}-${issuedAt.toISOString().slice(0, 10)}.pdf`, locale };
}

export async function paperContract(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  ids: { setId: string; variantId: string },
  onCancelSigning: (q: Queryable, variantId: string) => Promise<void> = async () => {},
): Promise<PaperContractEntity> {
  requireWritable(caller);
  const partner = await findPartner(db, caller.user.partnerId);
  requireTermsAccepted(caller, partner.isTnCAcceptanceNecessary);
  const { set, variant } = await loadVariant(db, caller, ids);
  requireStep('paperContract', variant);
  const { pdf, fileName } = await buildContract(db, set, variant, partner);
  const documentId = await db.tx(async (q) => {
    const { set: locked, variant: current } = await loadVariant(q, caller, ids, true);
    requireStep('paperContract', current);
    const next =
      current.state === 'contractPrinted' ? 'contractPrinted' : transition(current.state, 'paperContract')!;
    const id = await insertDocument(q, {
      calculationSetId: set.id,
      documentGroup: 'generated',
      category: 'contract',
      fileName,
      format: 'pdf',
      size: pdf.byteLength,
      lastModifiedAt: null,
      createdBy: caller.user.id,
    });
    await store.put(q, id, pdf);
    // The paper shows the variant it was made of, even when a save came in meanwhile.
    await keepPaper(q, set, variant);
    // A paper contract replaces a running e-signature (portal specification, “States and transitions”).
    await onCancelSigning(q, current.id);
    if (next !== current.state) await changeVariantState(q, locked, current.id, next);
    return id;
  });
  return {
    class: ['paperContract'],
    properties: {
      calculationSetId: set.id,
      calculationVariantId: variant.id,
      documentId,
      fileName,
      state: 'contractPrinted',
    },
    actions: [{ name: 'get-document-details', method: 'GET', href: base64Href(documentId) }],
  };
}

/**
 * The contract start: the signed papers are attached; the provider checks the application. After
 * a signing service, the partner's own delivery note replaces the customer's confirmation there,
 * so the signing still waiting for it is ended (`signings.cancel`).
 */
export async function sendContractStart(
  db: Db,
  caller: Caller,
  ids: { setId: string; variantId: string },
  signings: {
    cancel: (q: Queryable, variantId: string) => Promise<void>;
    latest: LatestSigning;
  },
): Promise<VariantEntity> {
  requireWritable(caller);
  return db.tx(async (q) => {
    const { set, variant } = await loadVariant(q, caller, ids, true);
    requireStep('contractStart', variant);
    const event = variant.state === 'missingApplicationInfo' ? 'documentsResent' : 'deliveryConfirmed';
    const next = transition(variant.state, event)!;
    const documents = await listDocuments(q, set.id);
    // A paper that no longer shows the variant's figures does not describe the deal.
    requireCurrentPaper(set, variant);
    const missing = startPaperProblems(
      variant.state,
      documents.map((d) => ({ ...d, savedAt: d.createdAt })),
    );
    if (missing.length) throw errorKeys(missing, 'Attach the signed contract and the delivery note.');
    await cancelOpenApplications(q, variant.id);
    let method: 'papercontract' | 'docusign' | 'bankid' = 'papercontract';
    if (variant.state === 'awaitingDeliveryConfirmation') {
      // The signing service of the variant's latest signing: its signatures are the contract's.
      method = (await signings.latest(q, variant.id)) ?? 'docusign';
      await signings.cancel(q, variant.id);
    }
    await openApplication(q, set, variant.id, method, caller.user.id);
    await changeVariantState(q, set, variant.id, next);
    return variantEntity((await findSet(q, set.id))!, variant.id, true);
  });
}

/** The provider's check begins: an open application replaces an earlier one of the variant. */
export async function openApplication(
  q: Queryable,
  set: SetRow,
  variantId: string,
  method: 'papercontract' | 'docusign' | 'bankid',
  userId: string | null,
): Promise<void> {
  await cancelOpenApplications(q, variantId);
  await insertApplication(q, { setId: set.id, variantId, partnerId: set.partnerId, method, sentBy: userId });
}
