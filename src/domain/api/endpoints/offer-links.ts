/** The customer's offer link: the salesperson's calls under the variant, the customer's public ones. */
import { VARIANT } from './paths';

export const sendOfferLink = {
  name: 'sendOfferLink',
  method: 'POST',
  path: `${VARIANT}/offer-links`,
} as const;
export const offerLinks = { name: 'offerLinks', method: 'GET', path: `${VARIANT}/offer-links` } as const;
export const withdrawOfferLink = {
  name: 'withdrawOfferLink',
  method: 'POST',
  path: `${VARIANT}/offer-links/:linkId/withdraw`,
} as const;
/** The customer's page: no account, no cookie; the token is the only key (docs/security.md). */
export const publicOffer = { name: 'publicOffer', method: 'GET', path: '/api/public/offers/:token' } as const;
export const publicOfferPdf = {
  name: 'publicOfferPdf',
  method: 'GET',
  path: '/api/public/offers/:token/pdf',
} as const;
export const publicOfferLogo = {
  name: 'publicOfferLogo',
  method: 'GET',
  path: '/api/public/offers/:token/logo',
} as const;
export const acceptOffer = {
  name: 'acceptOffer',
  method: 'POST',
  path: '/api/public/offers/:token/accept',
} as const;
export const declineOffer = {
  name: 'declineOffer',
  method: 'POST',
  path: '/api/public/offers/:token/decline',
} as const;
