import { z } from 'zod';

/**
 * Every action name the server can offer on an entity (docs/api.md). The client looks actions
 * up by these names, so a name changed on one side fails the type check on the other.
 */
export const ACTION_NAMES = [
  // calculations
  'create-set',
  'update-variant',
  'update-applicant',
  'update-object-list',
  'copy-variant',
  'delete-variant',
  // requests, special cases and the back office
  'make-offer',
  'request-to-grenke',
  'request-special-case-condition',
  'answer-special-case',
  'decide',
  'guarantee-received',
  'check',
  // the customer's offer link
  'send-offer-link',
  'withdraw-offer-link',
  'accept-offer',
  'decline-offer',
  // signing
  'paper-contract',
  'start-esignature',
  'change-to-econtract',
  'change-to-bankId',
  'cancel-esignature',
  'change-to-papercontract',
  'bankid-status',
  'bankid-cancel',
  'send-contract-start',
  'cancel-process',
  // documents
  'get-document-details',
  'download',
  'delete',
  'upload',
  // contracts
  'assign',
  'make-redemption-offer',
  // user administration
  'create-user',
  'update-user',
  'delete-user',
  'reset-password',
  'move-calculations',
] as const;

export const ActionName = z.enum(ACTION_NAMES);
export type ActionName = z.infer<typeof ActionName>;
