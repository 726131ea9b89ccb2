/** A variant's process: offer, request, special case, and signing (paper, e-signature, BankID). The table's rules: index.ts. */
import { VARIANT } from './paths';

export const offer = { name: 'offer', method: 'PUT', path: '/api/calculationSets/:setId/offer' } as const;
export const request = { name: 'request', method: 'PUT', path: `${VARIANT}/toGrenke` } as const;
export const cancelRequest = {
  name: 'cancelRequest',
  method: 'POST',
  path: `${VARIANT}/cancel`,
} as const;
export const specialCase = {
  name: 'specialCase',
  method: 'PUT',
  path: `${VARIANT}/special-case-condition`,
} as const;
export const paperContract = {
  name: 'paperContract',
  method: 'PUT',
  path: `${VARIANT}/paperContract`,
} as const;
export const contractStart = {
  name: 'contractStart',
  method: 'POST',
  path: `${VARIANT}/contract-start`,
} as const;
export const esignature = { name: 'esignature', method: 'PUT', path: `${VARIANT}/Esignature` } as const;
export const cancelEsignature = {
  name: 'cancelEsignature',
  method: 'PUT',
  path: `${VARIANT}/Esignature/cancel`,
} as const;
export const esignatureConnect = {
  name: 'esignatureConnect',
  method: 'POST',
  path: '/api/esignature/connect',
} as const;
export const esignatureAccessCodes = {
  name: 'esignatureAccessCodes',
  method: 'GET',
  path: '/api/digitalsignature/econtract/otp',
} as const;
export const partnerSignee = {
  name: 'partnerSignee',
  method: 'GET',
  path: '/api/user/signeepartner',
} as const;
export const savePartnerSignee = {
  name: 'savePartnerSignee',
  method: 'PUT',
  path: '/api/user/signeepartner',
} as const;
export const bankIdStart = {
  name: 'bankIdStart',
  method: 'POST',
  path: `${VARIANT}/bankid/start`,
} as const;
export const bankIdStatus = {
  name: 'bankIdStatus',
  method: 'GET',
  path: `${VARIANT}/bankid/status`,
} as const;
export const bankIdCancel = {
  name: 'bankIdCancel',
  method: 'PUT',
  path: `${VARIANT}/bankid/cancel`,
} as const;
