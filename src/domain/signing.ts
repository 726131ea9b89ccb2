import { z } from 'zod';
import type { CalculationState } from './calculation/states';
import { passesLuhn } from './check-digits';
import type { InvalidParam } from './problems';

/**
 * The signing request of the contract details (portal specification, “Entities and their fields” 'Signing' and 5 'signers'),
 * shared by the form and the server: single or joint customer signature, the partner's signee
 * when the profile needs one, the delivery confirmation by the customer.
 */
export const SIGNING_METHODS = ['papercontract', 'docusign', 'bankid'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];
/** Single or joint customer signature. */
export const MAX_CUSTOMER_SIGNEES = 2;

export const Signee = z.object({
  title: z.string().trim().max(30).default(''),
  firstName: z.string().trim().min(1, 'required').max(50, 'tooLong'),
  lastName: z.string().trim().min(1, 'required').max(50, 'tooLong'),
  email: z.string().trim().min(1, 'required').max(254, 'tooLong'),
  mobileNumber: z.string().trim().max(30, 'tooLong').default(''),
  signingOrder: z.number().int().min(1).max(10).default(1),
  culture: z.string().max(10).default(''),
});
export type Signee = z.infer<typeof Signee>;

export const ESignatureRequest = z.object({
  /** 'signingApp' was the discontinued signing-app process: refused with its message. */
  eSignatureType: z.enum(['docusign', 'signingApp']).default('docusign'),
  isPartnerNeeded: z.boolean().default(false),
  useDeliveryConfirmation: z.boolean().default(true),
  customerContractSignees: z.array(Signee).min(1).max(MAX_CUSTOMER_SIGNEES),
  customerDeliveryConfirmationSignees: z.array(Signee).max(1).default([]),
  partnerContractSignees: z.array(Signee).max(1).default([]),
});
export type ESignatureRequest = z.infer<typeof ESignatureRequest>;
export type ESignatureRequestInput = z.input<typeof ESignatureRequest>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\+[1-9]\d{6,14}$/;
/** Generic mailboxes reach nobody in particular: a signature needs a person. */
const GENERIC = /^(info|office|kontakt|contact|mail|post|hello|admin|service)@/i;

/**
 * The signer rules of the portal specification, “Validation rules”: valid e-mail (no generic info@ address) and mobile
 * (beginning with +) for each signee; the customer signees' e-mails and mobiles differ; a
 * partner signee when the profile needs one; at most the allowed number of customer signees.
 */
export function signeeErrors(
  request: ESignatureRequest,
  opts: { partnerNeeded: boolean; maxSignees: number },
): InvalidParam[] {
  const errors: InvalidParam[] = [];
  const check = (s: Signee, path: string) => {
    if (!EMAIL.test(s.email)) errors.push({ name: `${path}.email`, reason: 'illegalEmail' });
    else if (GENERIC.test(s.email)) errors.push({ name: `${path}.email`, reason: 'genericEmail' });
    if (!s.mobileNumber.startsWith('+'))
      errors.push({ name: `${path}.mobileNumber`, reason: 'phoneMustBeginWithPlus' });
    else if (!MOBILE.test(s.mobileNumber.replace(/[\s-]/g, '')))
      errors.push({ name: `${path}.mobileNumber`, reason: 'illegalPhone' });
  };
  request.customerContractSignees.forEach((s, i) => check(s, `customerContractSignees.${i}`));
  request.customerDeliveryConfirmationSignees.forEach((s, i) =>
    check(s, `customerDeliveryConfirmationSignees.${i}`),
  );
  request.partnerContractSignees.forEach((s, i) => check(s, `partnerContractSignees.${i}`));
  const [a, b] = request.customerContractSignees;
  if (a && b) {
    if (a.email.toLowerCase() === b.email.toLowerCase())
      errors.push({ name: 'customerContractSignees.1.email', reason: 'signeeContactsEqual' });
    if (a.mobileNumber && a.mobileNumber === b.mobileNumber)
      errors.push({ name: 'customerContractSignees.1.mobileNumber', reason: 'signeeContactsEqual' });
  }
  // Signing order starts at 1 (portal specification, “Validation rules”): together (1, 1) or one after the other (1, 2).
  const orders = [...new Set(request.customerContractSignees.map((s) => s.signingOrder))].sort(
    (x, y) => x - y,
  );
  if (orders.some((o, i) => o !== i + 1))
    errors.push({ name: 'customerContractSignees', reason: 'illegalSigningOrder' });
  if (request.customerContractSignees.length > opts.maxSignees)
    errors.push({ name: 'customerContractSignees', reason: 'tooManySignees' });
  if (opts.partnerNeeded && request.partnerContractSignees.length === 0)
    errors.push({ name: 'partnerContractSignees', reason: 'partnerSigneeRequired' });
  return errors;
}

/**
 * The e-signature request with its signer rules, as the form checks it before sending: the rules
 * only once the request itself is whole, as on the server (which checks them again, after the
 * calculation's state).
 */
export const eSignatureChecked = (opts: { partnerNeeded: boolean; maxSignees: number }) =>
  ESignatureRequest.superRefine(
    (request, ctx) => {
      for (const p of signeeErrors(request, opts))
        ctx.addIssue({
          code: 'custom',
          path: p.name.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
          message: p.reason,
        });
    },
    { when: (payload) => payload.issues.length === 0 },
  );

/** A Swedish personal identity number of 12 digits (YYYYMMDDNNNC) with its check digit. */
export function isSwedishPersonalNumber(value: string): boolean {
  const pn = value.replace(/[\s-]/g, '');
  if (!/^\d{12}$/.test(pn)) return false;
  const year = Number(pn.slice(0, 4));
  const month = Number(pn.slice(4, 6));
  const rawDay = Number(pn.slice(6, 8));
  const day = rawDay > 60 ? rawDay - 60 : rawDay; // co-ordination numbers
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return false;
  return year >= 1890 && passesLuhn(pn.slice(2));
}

/** A customer signee of a BankID signing (portal specification, “Entities and their fields”): the personal number binds the order to them. */
export const BankIdSignee = z.object({
  firstName: z.string().trim().min(1, 'required').max(50, 'tooLong'),
  lastName: z.string().trim().min(1, 'required').max(50, 'tooLong'),
  email: z
    .string()
    .trim()
    .min(1, 'required')
    .max(254, 'tooLong')
    .refine((s) => EMAIL.test(s), 'illegalEmail'),
  personalNumber: z
    .string()
    .trim()
    .max(20, 'tooLong')
    .refine((s) => s === '' || isSwedishPersonalNumber(s), 'illegalPersonalNumber')
    .optional(),
});
export type BankIdSignee = z.infer<typeof BankIdSignee>;

/** The BankID start (portal specification, “Entities and their fields” and “The calls it makes”): single or joint signature, then the delivery confirmation. */
export const BankIdStartRequest = z
  .object({
    customerContractSignees: z.array(BankIdSignee).min(1).max(MAX_CUSTOMER_SIGNEES),
    withDeliveryConfirmation: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    const [a, b] = r.customerContractSignees;
    if (!a || !b) return;
    if (a.email.toLowerCase() === b.email.toLowerCase())
      ctx.addIssue({
        code: 'custom',
        path: ['customerContractSignees', 1, 'email'],
        message: 'signeeContactsEqual',
      });
    const pn = (s: BankIdSignee) => s.personalNumber?.replace(/[\s-]/g, '') ?? '';
    if (pn(a) && pn(a) === pn(b))
      ctx.addIssue({
        code: 'custom',
        path: ['customerContractSignees', 1, 'personalNumber'],
        message: 'signeeContactsEqual',
      });
  });
export type BankIdStartRequest = z.infer<typeof BankIdStartRequest>;
export type BankIdStartRequestInput = z.input<typeof BankIdStartRequest>;

/** The papers the provider may find missing in an application. */
export const APPLICATION_PAPERS = ['agreement', 'delivery', 'identity', 'other'] as const;

/**
 * The provider's check of a contract start (docs/domain.md section 4): complete, or what is
 * missing (the server then wants a paper or a text).
 */
export const ApplicationCheck = z.object({
  complete: z.boolean(),
  missingDocuments: z.array(z.enum(APPLICATION_PAPERS)).max(APPLICATION_PAPERS.length).optional(),
  infoText: z.string().trim().max(500, 'tooLong').optional(),
});
export type ApplicationCheck = z.infer<typeof ApplicationCheck>;

/** The signed papers a contract start can need: the signed contract and the delivery note. */
export const START_PAPERS = ['agreement', 'delivery'] as const;
export type StartPaper = (typeof START_PAPERS)[number];

/**
 * The papers the contract start needs in this state (docs/domain.md, "Contract start"): both
 * after a paper contract, and again when the provider asked for more; after a signing service
 * only the partner's own delivery note, the signed contract having come from the service; none
 * where no contract start is possible.
 */
export function startPapers(state: CalculationState): readonly StartPaper[] {
  if (state === 'contractPrinted' || state === 'missingApplicationInfo') return START_PAPERS;
  if (state === 'awaitingDeliveryConfirmation') return ['delivery'];
  return [];
}

/** A document of the set as far as the contract start looks at it (savedAt: when it was stored). */
export interface StartDocument {
  documentGroup: 'generated' | 'attachment';
  category: string;
  savedAt: Date | string;
}

/** Only attachments saved at or after the latest contract PDF count as its signed papers. */
export function startPaperAttached(paper: StartPaper, documents: readonly StartDocument[]): boolean {
  const time = (d: StartDocument) => new Date(d.savedAt).getTime();
  const printedAt = Math.max(
    0,
    ...documents.filter((d) => d.documentGroup === 'generated' && d.category === 'contract').map(time),
  );
  return documents.some(
    (d) => d.documentGroup === 'attachment' && d.category === paper && time(d) >= printedAt,
  );
}

/** The error keys of the papers still missing for the contract start (`agreementMissing`, `deliveryMissing`). */
export function startPaperProblems(state: CalculationState, documents: readonly StartDocument[]): string[] {
  return startPapers(state)
    .filter((paper) => !startPaperAttached(paper, documents))
    .map((paper) => `${paper}Missing`);
}
