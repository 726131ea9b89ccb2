/**
 * BankID (Sweden) as the portal sees it: a signing order is started, then collected about every
 * two seconds until it is complete or failed, or cancelled. The shapes are those of the BankID
 * relying-party API v6 (`/rp/v6.0/sign`, `/collect`, `/cancel`), so the adapter (`client.ts`)
 * passes them through; the built-in simulator (`simulator.ts`) answers the same API.
 */

export interface BankIdSignInput {
  /** The IP address of the user's device as the portal sees it (IPv4 or IPv6). */
  endUserIp: string;
  /** The text shown to the signer in the app, plain UTF-8 (the adapter sends it base64-encoded). */
  userVisibleData: string;
  /** 'simpleMarkdownV1' lets the text use BankID's small markdown subset. */
  userVisibleDataFormat?: 'simpleMarkdownV1';
  /** Data signed but not shown (e.g. a hash of the contract), plain text or bytes. */
  userNonVisibleData?: string | Uint8Array;
  /** Only this person (12 digits, YYYYMMDDNNNN) may sign the order. */
  personalNumber?: string;
}

/** What a started order answers. The qrStartSecret is the portal's: it never goes to a browser. */
export interface BankIdOrder {
  orderRef: string;
  /** Starts the app on the same device: `bankid:///?autostarttoken=…` (or the simulated app page). */
  autoStartToken: string;
  /** With qrStartSecret, the animated QR code for another device (see qr.ts). */
  qrStartToken: string;
  qrStartSecret: string;
}

/** While pending; BankID may add codes, so an unknown one counts as 'waiting'. */
export const PENDING_HINT_CODES = [
  'outstandingTransaction',
  'noClient',
  'started',
  'userMrtd',
  'userCallConfirm',
  'userSign',
] as const;
export type PendingHintCode = (typeof PENDING_HINT_CODES)[number];

/** Why an order failed; BankID may add codes, so an unknown one counts as a generic failure. */
export const FAILED_HINT_CODES = [
  'expiredTransaction',
  'certificateErr',
  'userCancel',
  'cancelled',
  'startFailed',
  'userDeclinedCall',
  'notSupportedByUserApp',
] as const;
export type FailedHintCode = (typeof FAILED_HINT_CODES)[number];

export interface BankIdCompletionData {
  user: { personalNumber: string; name: string; givenName: string; surname: string };
  device: { ipAddress: string; uhi?: string };
  /** ISO date (YYYY-MM-DD) the signer's BankID was issued. */
  bankIdIssueDate: string;
  /** Base64 of the XML signature (the simulator's is not a real one, see simulator.ts). */
  signature: string;
  /** Base64 of the OCSP response of the signer's certificate. */
  ocspResponse: string;
  stepUp?: { mrtd: boolean };
  risk?: 'low' | 'moderate' | 'high';
}

export type BankIdCollect =
  | { orderRef: string; status: 'pending'; hintCode: PendingHintCode | (string & {}) }
  | { orderRef: string; status: 'failed'; hintCode: FailedHintCode | (string & {}) }
  | { orderRef: string; status: 'complete'; completionData: BankIdCompletionData };

/**
 * The error codes of the API (HTTP 4xx/5xx with `{ errorCode, details }`), plus two of the
 * adapter's own: `transportError` (no answer: network, TLS, timeout) and `invalidResponse`
 * (an answer that is not the API's shape).
 */
export type BankIdErrorCode =
  | 'alreadyInProgress'
  | 'invalidParameters'
  | 'unauthorized'
  | 'notFound'
  | 'methodNotAllowed'
  | 'requestTimeout'
  | 'unsupportedMediaType'
  | 'internalError'
  | 'maintenance'
  | 'transportError'
  | 'invalidResponse';

const RETRYABLE = new Set<string>(['requestTimeout', 'internalError', 'maintenance', 'transportError']);

export class BankIdError extends Error {
  override readonly name = 'BankIdError';
  constructor(
    readonly errorCode: BankIdErrorCode | (string & {}),
    readonly details: string,
    /** The HTTP status of the answer; none for a transport error. */
    readonly status?: number,
  ) {
    super(`BankID ${errorCode}${details ? `: ${details}` : ''}`);
  }

  /** The guidelines ask to try again later for these (not for alreadyInProgress or invalidParameters). */
  get retryable(): boolean {
    return RETRYABLE.has(this.errorCode);
  }
}

export interface BankId {
  sign(input: BankIdSignInput): Promise<BankIdOrder>;
  collect(orderRef: string): Promise<BankIdCollect>;
  /** Ends a pending order (collect then answers failed `cancelled`); a finished one stays as it is. */
  cancel(orderRef: string): Promise<void>;
}
