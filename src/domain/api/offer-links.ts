import { z } from 'zod';
import { PAYMENT_FREQUENCIES } from '../calculation/billing';
import { AcceptBody, CustomerLinkBody, DeclineBody, OFFER_LINK_STATES } from '../offer-links';
import type { Binding } from './binding';
import { entity, entityWith } from './entity';

/** A link as the salesperson sees it (never its token: that went to the customer only). */
export const OfferLinkProperties = z.object({
  offerLinkId: z.string(),
  state: z.enum(OFFER_LINK_STATES),
  email: z.string(),
  periods: z.array(z.number()),
  acceptedPeriod: z.number().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  answeredAt: z.string().nullable(),
  openedAt: z.string().nullable(),
});
export const OfferLinkEntity = entity(OfferLinkProperties);
export type OfferLinkEntity = z.infer<typeof OfferLinkEntity>;
export const OfferLinksEntity = entityWith(z.object({ count: z.number() }), OfferLinkEntity);

/** The offer as the customer's page shows it: what was sent, and where the answer stands. */
export const PublicOfferProperties = z.object({
  state: z.enum(OFFER_LINK_STATES),
  locale: z.string(),
  partner: z.object({ name: z.string(), hasLogo: z.boolean(), contact: z.string(), email: z.string() }),
  brandName: z.string(),
  reference: z.string(),
  issuedAt: z.string(),
  validUntil: z.string(),
  customerName: z.string(),
  contractType: z.string(),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  paymentPlan: z.string(),
  rentFreeMonths: z.number(),
  currency: z.string(),
  nav: z.number(),
  objects: z.array(z.object({ description: z.string(), quantity: z.number(), price: z.number() })),
  periods: z.array(
    z.object({
      periodInMonths: z.number(),
      instalment: z.number(),
      monthly: z.number().optional(),
      /** Included in the instalment (links sent before they were kept have neither). */
      service: z.number().optional(),
      damageWaiver: z.number().optional(),
      schedule: z.array(
        z.object({
          fromInstallment: z.number(),
          toInstallment: z.number(),
          totalInstallmentAmount: z.number(),
        }),
      ),
    }),
  ),
  fees: z.array(z.object({ label: z.string(), amount: z.number() })),
  note: z.string().optional(),
  acceptedPeriod: z.number().nullable(),
  declineReason: z.string().nullable(),
});
export const PublicOfferEntity = entity(PublicOfferProperties);
export type PublicOfferEntity = z.infer<typeof PublicOfferEntity>;

/** The customer's offer link's schemas (contract.ts): the portal's side, then the customer's. */
export const offerLinkEndpoints = {
  sendOfferLink: { body: CustomerLinkBody, answer: OfferLinkEntity, status: 201 },
  offerLinks: { answer: OfferLinksEntity },
  withdrawOfferLink: { answer: OfferLinkEntity },
  publicOffer: { answer: PublicOfferEntity },
  publicOfferPdf: {},
  publicOfferLogo: {},
  acceptOffer: { body: AcceptBody, answer: PublicOfferEntity },
  declineOffer: { body: DeclineBody, answer: PublicOfferEntity },
} satisfies Record<string, Binding>;
