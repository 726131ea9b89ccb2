import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The e-signature service as the portal uses it, in DocuSign's envelope model: one document,
 * recipients signing by routing order (lowest first; equal orders in parallel), an optional
 * access code per recipient, and Connect webhooks signed with HMAC-SHA256 of the raw body
 * (header X-DocuSign-Signature-1, base64). A real DocuSign account (docusign-client.ts) or the
 * built-in simulator (simulator.ts) stands behind it, chosen by configuration.
 */
export interface EnvelopeRecipient {
  recipientId: string;
  name: string;
  email: string;
  routingOrder: number;
  roleName: 'customer' | 'partner' | 'delivery';
  /** The one-time code the signer must enter (the portal shows it to the partner). */
  accessCode?: string;
}

export interface ESignatureService {
  createEnvelope(input: {
    emailSubject: string;
    document: { name: string; bytes: Uint8Array };
    recipients: EnvelopeRecipient[];
  }): Promise<{ envelopeId: string }>;
  voidEnvelope(envelopeId: string, reason: string): Promise<void>;
  /** The completed document with its signatures. */
  combinedDocument(envelopeId: string): Promise<Uint8Array>;
}

/** A Connect message (JSON SIM format) as far as the portal reads it. */
export interface ConnectEvent {
  event:
    | 'envelope-sent'
    | 'envelope-delivered'
    | 'envelope-completed'
    | 'envelope-declined'
    | 'envelope-voided'
    | 'recipient-sent'
    | 'recipient-delivered'
    | 'recipient-completed'
    | 'recipient-declined';
  apiVersion: string;
  generatedDateTime: string;
  data: { accountId: string; envelopeId: string; recipientId?: string };
}

export const SIGNATURE_HEADER = 'x-docusign-signature-1';

export const connectSignature = (rawBody: string, secret: string) =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');

/** Constant-time comparison of the header against the body's HMAC. */
export function verifyConnectSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(connectSignature(rawBody, secret), 'base64');
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
