import type { ESignatureService, EnvelopeRecipient } from './port';

/**
 * The eSignature REST API v2.1 (DocuSign): envelopes are created 'sent' with one document and
 * the signers, voided with a reason, and the combined document fetched when completed. The
 * simulator answers the same paths, so the portal runs here against it and against a real
 * account by configuration (ESIGNATURE_URL, ESIGNATURE_ACCOUNT_ID and the JWT grant's settings).
 */
export function docuSignClient(config: {
  baseUrl: string;
  accountId: string;
  /** The bearer token of each call; `invalidate` (docusign-auth.ts) hears of a refused one. */
  accessToken: (() => Promise<string> | string) & { invalidate?(token: string): void };
  fetch?: typeof fetch;
  /** Per call, the answer's body included; default 30 s (a document upload may take a while). */
  timeoutMs?: number;
}): ESignatureService {
  const http = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 30_000;
  const envelopes = `${config.baseUrl.replace(/\/$/, '')}/v2.1/accounts/${encodeURIComponent(config.accountId)}/envelopes`;
  const call = async <T>(
    method: string,
    url: string,
    body: unknown,
    read: (response: Response) => Promise<T>,
  ): Promise<T> => {
    const token = await config.accessToken();
    try {
      const response = await http(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // A refused token (revoked, or expired early) is not offered again: the next call renews it.
      if (response.status === 401) config.accessToken.invalidate?.(token);
      if (!response.ok)
        throw new Error(
          `e-signature service: ${method} ${url} answered ${response.status} ${await response.text()}`,
        );
      return await read(response);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new Error(`e-signature service: ${method} ${url}: no answer within ${timeoutMs} ms`, {
          cause: error,
        });
      throw error;
    }
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
      const answer = await call(
        'POST',
        envelopes,
        {
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
        },
        (r) => r.json() as Promise<{ envelopeId: string }>,
      );
      return { envelopeId: answer.envelopeId };
    },
    async voidEnvelope(envelopeId, reason) {
      await call(
        'PUT',
        `${envelopes}/${encodeURIComponent(envelopeId)}`,
        { status: 'voided', voidedReason: reason },
        (r) => r.text(),
      );
    },
    async combinedDocument(envelopeId) {
      const bytes = await call(
        'GET',
        `${envelopes}/${encodeURIComponent(envelopeId)}/documents/combined`,
        undefined,
        (r) => r.arrayBuffer(),
      );
      return new Uint8Array(bytes);
    },
  };
}
