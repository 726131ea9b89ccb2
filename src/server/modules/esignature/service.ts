import { randomInt } from 'node:crypto';
import type { VariantEntity } from '../../../domain/api/calculations';
import { signeeErrors, type ESignatureRequest, type Signee } from '../../../domain/signing';
import type { Db, Queryable } from '../../db/db';
import { translate } from '../../i18n';
import type { DocumentStore } from '../../integrations/document-store/port';
import type { ConnectEvent, ESignatureService, EnvelopeRecipient } from '../../integrations/esignature/port';
import type { Caller } from '../../plugins/auth';
import { PROBLEM } from '../../../domain/problems';
import { errorKeys, HttpProblem, invalidState, notFound, validation, versionMismatch } from '../../problems';
import {
  etagOf,
  findSet,
  keepPaper,
  loadVariant,
  maxCustomerSignees,
  requireStep,
  requireWritable,
  type SetRow,
  variantEntity,
} from '../calculations';
import { buildContract, moveBy, openApplication } from '../signing';
import { insertDocument } from '../documents';
import { findPartner } from '../session';
import { requireTermsAccepted } from '../session/policy';
import {
  processOfEnvelope,
  insertProcess,
  runningProcess,
  saveProcess,
  type ProcessRecipient,
  type ProcessRow,
} from './repo';

/**
 * E-signature of the contract (docs/domain.md section 4): the envelope
 * goes to the customer's signees first, then the partner's, then the delivery confirmation;
 * the service's Connect messages move the states; the completed document is kept for the
 * provider. The service is a port (a real DocuSign account or the built-in simulator).
 */
export const partnerSigneeNeeded = (enabledFeatures: string[]) => enabledFeatures.includes('PartnerSignee');
/** The provider may switch e-signature off for a partner (its settings): paper and BankID remain. */
export const eSignatureAllowed = (enabledFeatures: string[]) =>
  !enabledFeatures.includes('ESignatureDisabled');

/** The signing service could not be reached or refused to work: the partner may try again later. */
const serviceUnavailable = () =>
  new HttpProblem(503, PROBLEM.errorKeys, 'action validation', 'The e-signature service is unavailable.', {
    errorKeys: ['eSignatureServiceUnavailable'],
  });

/** The customer's main address goes on the contract and to the service: it must be complete. */
const hasContractAddress = (set: SetRow) => {
  const main = set.applicant?.addresses.find((a) => a.addressType === 'main');
  return Boolean(main?.street.trim() && main.zip.trim() && main.town.trim());
};

/** The name the signee is addressed by, with the title when one was given (e.g. 'Dr. Eva Ström'). */
const fullName = (s: Signee) => [s.title, s.firstName, s.lastName].filter(Boolean).join(' ');

function recipientsOf(body: ESignatureRequest): (EnvelopeRecipient & { role: ProcessRecipient['role'] })[] {
  const customers = body.customerContractSignees.map((s, i) => ({
    recipientId: String(i + 1),
    name: fullName(s),
    email: s.email,
    routingOrder: s.signingOrder,
    roleName: 'customer' as const,
    role: 'customer' as const,
    accessCode: String(randomInt(100_000, 1_000_000)),
  }));
  let order = Math.max(...customers.map((c) => c.routingOrder));
  const partner = body.partnerContractSignees.map((s, i) => ({
    recipientId: String(10 + i),
    name: fullName(s),
    email: s.email,
    routingOrder: ++order,
    roleName: 'partner' as const,
    role: 'partner' as const,
  }));
  const confirming = body.customerDeliveryConfirmationSignees[0] ?? body.customerContractSignees[0]!;
  const delivery = body.useDeliveryConfirmation
    ? [
        {
          recipientId: '20',
          name: fullName(confirming),
          email: confirming.email,
          routingOrder: order + 1,
          roleName: 'delivery' as const,
          role: 'delivery' as const,
          accessCode: String(randomInt(100_000, 1_000_000)),
        },
      ]
    : [];
  return [...customers, ...partner, ...delivery];
}

export function eSignature(db: Db, service: ESignatureService, store: DocumentStore) {
  return {
    async start(
      caller: Caller,
      ids: { setId: string; variantId: string },
      body: ESignatureRequest,
      ifMatch?: string,
    ): Promise<VariantEntity> {
      requireWritable(caller);
      if (body.eSignatureType === 'signingApp')
        throw errorKeys(
          ['signingAppDiscontinued'],
          'The signing app process is discontinued: use e-signature or BankID.',
        );
      const partner = await findPartner(db, caller.user.partnerId);
      requireTermsAccepted(caller, partner.isTnCAcceptanceNecessary);
      if (!eSignatureAllowed(partner.enabledFeatures))
        throw errorKeys(['eSignatureNotAllowed'], 'E-signature is not allowed for this partner.');
      const { set, variant } = await loadVariant(db, caller, ids);
      // The form was filled in for the calculation as it was shown: a change since needs a look first.
      if (ifMatch && ifMatch !== etagOf(variant))
        throw versionMismatch(etagOf(variant), variantEntity(set, variant.id, true));
      if (await runningProcess(db, variant.id))
        throw errorKeys(['alreadyInProcess'], 'An e-signature of this calculation is already running.');
      requireStep('signing', variant);
      if (!hasContractAddress(set))
        throw errorKeys(['illegalAddress'], "The customer's main address is not complete.");
      const problems = signeeErrors(body, {
        partnerNeeded: partnerSigneeNeeded(partner.enabledFeatures),
        maxSignees: maxCustomerSignees(variant),
      });
      if (problems.length) throw validation(problems, 'The signees are not complete.');
      const { pdf, fileName, locale } = await buildContract(db, set, variant, partner);
      const recipients = recipientsOf(body);
      // The service is called outside any transaction; its envelope is recorded right after.
      const { envelopeId } = await service
        .createEnvelope({
          // The service mails the signees this subject: in the contract's language, the customer's.
          emailSubject: translate(locale, 'mail.eSignature.subject', { customer: set.applicant?.name ?? '' }),
          document: { name: fileName, bytes: pdf },
          recipients,
        })
        .catch((error: unknown) => {
          throw Object.assign(serviceUnavailable(), { cause: error });
        });
      try {
        return await db.tx(async (q) => {
          const { set: locked } = await loadVariant(q, caller, ids, true);
          // Two starts at once: the second finds the first's envelope.
          if (await runningProcess(q, variant.id))
            throw errorKeys(['alreadyInProcess'], 'An e-signature of this calculation is already running.');
          await insertProcess(q, {
            setId: set.id,
            variantId: variant.id,
            envelopeId,
            recipients: recipients.map(({ roleName: _r, ...r }) => ({ ...r, status: 'sent' as const })),
            createdBy: caller.user.id,
          });
          await keepPaper(q, set, variant);
          // The envelope-sent message may already have arrived: it then found no record and waits for this.
          await moveBy(q, locked, variant.id, 'startSigning');
          return variantEntity((await findSet(q, set.id))!, variant.id, true);
        });
      } catch (error) {
        // Nobody is to sign an envelope the portal does not follow (outside the transaction: a network call).
        await service.voidEnvelope(envelopeId, 'Not started').catch(() => undefined);
        throw error;
      }
    },

    async cancel(caller: Caller, ids: { setId: string; variantId: string }): Promise<VariantEntity> {
      requireWritable(caller);
      const { set, variant } = await loadVariant(db, caller, ids);
      requireStep('cancelSigning', variant);
      const process = await runningProcess(db, variant.id);
      if (!process) throw invalidState('invalidCurrentState', variant.state, false);
      await service.voidEnvelope(process.envelopeId, 'Cancelled by the partner').catch((error: unknown) => {
        throw Object.assign(serviceUnavailable(), { cause: error });
      });
      return db.tx(async (q) => {
        const { set: locked } = await loadVariant(q, caller, ids, true);
        await saveProcess(q, { ...process, status: 'cancelled' });
        await moveBy(q, locked, variant.id, 'cancelSigning');
        return variantEntity((await findSet(q, set.id))!, variant.id, true);
      });
    },

    /** The access codes of the customer's signees, for the partner to hand over in person. */
    async accessCodes(caller: Caller, ids: { setId: string; variantId: string }) {
      const { variant } = await loadVariant(db, caller, ids);
      const process = await runningProcess(db, variant.id);
      if (!process) throw notFound('No e-signature is running.');
      return {
        signees: process.recipients.flatMap((r) =>
          r.accessCode ? [{ name: r.name, role: r.role, accessCode: r.accessCode, status: r.status }] : [],
        ),
      };
    },

    /** A verified Connect message of the service. Unknown envelopes and repeats change nothing. */
    async onConnect(message: ConnectEvent): Promise<void> {
      const completedDocument =
        message.event === 'envelope-completed'
          ? await service.combinedDocument(message.data.envelopeId)
          : undefined;
      await db.tx(async (q) => {
        const process = await processOfEnvelope(q, message.data.envelopeId);
        if (!process) return;
        const set = (await findSet(q, process.calculationSetId, true))!;
        await apply(q, set, process, message, completedDocument);
      });
    },
  };

  async function apply(
    q: Queryable,
    set: SetRow,
    process: ProcessRow,
    message: ConnectEvent,
    document?: Uint8Array,
  ) {
    const variantId = process.calculationVariantId;
    const recipient = process.recipients.find((r) => r.recipientId === message.data.recipientId);
    switch (message.event) {
      case 'envelope-sent':
        await moveBy(q, set, variantId, 'signingStarted');
        return;
      case 'recipient-completed': {
        if (!recipient || recipient.status === 'completed') return;
        recipient.status = 'completed';
        await saveProcess(q, process);
        const customersDone = process.recipients
          .filter((r) => r.role === 'customer')
          .every((r) => r.status === 'completed');
        if (recipient.role === 'customer' && customersDone) {
          await moveBy(q, set, variantId, 'signingStarted'); // when envelope-sent came late
          const partnerNeeded = process.recipients.some((r) => r.role === 'partner');
          await moveBy(q, set, variantId, partnerNeeded ? 'customerSignedPartnerNeeded' : 'customerSigned');
        } else if (recipient.role === 'partner') await moveBy(q, set, variantId, 'partnerSigned');
        else if (recipient.role === 'delivery' && (await moveBy(q, set, variantId, 'deliveryConfirmed')))
          await openApplication(q, set, variantId, 'docusign', null);
        return;
      }
      case 'envelope-completed': {
        if (process.status !== 'running' || !document) return;
        await saveProcess(q, { ...process, status: 'completed' });
        const id = await insertDocument(q, {
          calculationSetId: set.id,
          documentGroup: 'generated',
          category: 'signedContract',
          fileName: `signed-contract-${set.id.slice(0, 8).toUpperCase()}.pdf`,
          format: 'pdf',
          size: document.byteLength,
          lastModifiedAt: null,
          createdBy: null,
        });
        await store.put(q, id, document);
        return;
      }
      case 'envelope-declined':
      case 'envelope-voided':
        if (process.status !== 'running') return;
        await saveProcess(q, {
          ...process,
          status: message.event === 'envelope-declined' ? 'declined' : 'cancelled',
        });
        await moveBy(q, set, variantId, 'cancelSigning');
        return;
      default:
        return;
    }
  }
}
