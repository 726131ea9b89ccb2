import type { ESignatureService, EnvelopeRecipient } from './port';

/**
 * The eSignature REST API v2.1 (DocuSign): envelopes are created 'sent' with one document and
 * the signers, voided with a reason, and the combined document fetched when completed. The
 * simulator answers the same paths, so the portal runs here against it and against a real
 * account by configuration (ESIGNATURE_URL, ESIGNATURE_ACCOUNT_ID, ESIGNATURE_TOKEN).
 */
export function docuSignClient(config: {
  baseUrl: string;
  accountId: string;
  accessToken: () => Promise<string> | string;
  fetch?: typeof fetch;
}): ESignatureService {
  const http = config.fetch ?? fetch;
  const envelopes = `${config.baseUrl.replace(/\/$/, '')}/v2.1/accounts/${encodeURIComponent(config.accountId)}/envelopes`;
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await http(url, {
      method,
      headers: {
        authorization: `Bearer ${await config.accessToken()}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok)
      throw new Error(
        `e-signature service: ${method} ${url} answered ${response.status} ${await response.text()}`,
      );
    return response;
  };
  const signer = (r: EnvelopeRecipient) => ({
    email: r.email,
    name: r.name,
    recipientId: r.recipientId,
    routingOrder: String(r.routingOrder),
    roleName: r.roleName,
    ...(r.accessCode ? { accessCode: r.accessCode } : {}),
  });
  return {
    async createEnvelope({ emailSubject, document, recipients }) {
      const response = await call('POST', envelopes, {
        emailSubject,
        status: 'sent',
        documents: [
          {
            documentId: '1',
            name: document.name,
            fileExtension: 'pdf',
            documentBase64: Buffer.from(document.bytes).toString('base64'),
          },
        ],
        recipients: { signers: recipients.map(signer) },
      });
      return { envelopeId: ((await response.json()) as { envelopeId: string }).envelopeId };
    },
    async voidEnvelope(envelopeId, reason) {
      await call('PUT', `${envelopes}/${encodeURIComponent(envelopeId)}`, {
        status: 'voided',
        voidedReason: reason,
      });
    },
    async combinedDocument(envelopeId) {
      const response = await call('GET', `${envelopes}/${encodeURIComponent(envelopeId)}/documents/combined`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
