import { z } from 'zod';
import { ApplicationCheck, BankIdStartRequest, ESignatureRequest, Signee } from '../signing';
import { ApplicationCheckedEntity, ApplicationsEntity } from './backoffice';
import type { Binding } from './binding';
import { VariantEntity } from './calculations';
import { CalculationStateSchema, ProfileQuery } from './common';
import { Action, entity } from './entity';

/** Answers of the signing: the paper contract, BankID's status, e-signature access codes. */
export const PaperContractEntity = entity(
  z.object({
    calculationSetId: z.string(),
    calculationVariantId: z.string(),
    documentId: z.string(),
    fileName: z.string(),
    state: CalculationStateSchema,
  }),
);

/** What the BankID start and each poll of its status answer (not an entity: polled each second). */
export const BankIdStatusSchema = z.object({
  /** pending while a signee is to sign (or the next order is being started); complete at the end. */
  status: z.enum(['pending', 'complete', 'failed']),
  /** BankID's hint (pending or failed), `starting` while the next order is started. */
  hintCode: z.string().nullable(),
  /** The QR code's text for this second (show it as a QR code; ask again each second). */
  qrCode: z.string().nullable(),
  autoStartToken: z.string().nullable(),
  /** Opens the BankID app on this device (the simulated app in simulator mode). */
  appUrl: z.string().nullable(),
  signee: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  role: z.enum(['customer', 'delivery']),
  /** Which of how many signatures (the customer's signees, then the delivery confirmation). */
  position: z.number(),
  of: z.number(),
  withDeliveryConfirmation: z.boolean(),
  /** The variant's state now. */
  state: CalculationStateSchema,
  actions: z.array(Action),
});

/** The access codes of a running e-signature's customer signees. */
export const AccessCodesSchema = z.object({
  signees: z.array(
    z.object({
      name: z.string(),
      role: z.enum(['customer', 'partner', 'delivery']),
      accessCode: z.string(),
      status: z.enum(['sent', 'completed', 'declined']),
    }),
  ),
});

/** The user's own signee, as the e-signature form keeps it. */
export const PartnerSigneeSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  telephone: z.string(),
});

export type PaperContractEntity = z.infer<typeof PaperContractEntity>;
export type BankIdStatus = z.infer<typeof BankIdStatusSchema>;
export type PartnerSignee = z.infer<typeof PartnerSigneeSchema>;

const PartnerSignee = Signee.pick({ firstName: true, email: true }).extend({
  surname: z.string().trim().min(1).max(50),
  telephone: z.string().trim().max(30).default(''),
});

/** The signing endpoints' schemas (contract.ts). */
export const signingEndpoints = {
  paperContract: { query: ProfileQuery, answer: PaperContractEntity },
  contractStart: { answer: VariantEntity },
  applications: { answer: ApplicationsEntity },
  checkApplication: { body: ApplicationCheck, answer: ApplicationCheckedEntity },
  esignature: { body: ESignatureRequest, answer: VariantEntity },
  cancelEsignature: { answer: VariantEntity },
  /** Signed by the service over the raw body, which the route reads as text (no schema). */
  esignatureConnect: {},
  esignatureAccessCodes: {
    query: z.object({ calculationSetId: z.string().max(100), calculationVariantId: z.string().max(100) }),
    answer: AccessCodesSchema,
  },
  partnerSignee: { answer: PartnerSigneeSchema },
  savePartnerSignee: { body: PartnerSignee, answer: PartnerSigneeSchema },
  bankIdStart: { body: BankIdStartRequest, answer: BankIdStatusSchema },
  bankIdStatus: { answer: BankIdStatusSchema },
  bankIdCancel: { answer: VariantEntity },
} satisfies Record<string, Binding>;
