import { paramsIn } from '../../domain/api/address';
import { createSet, saveVariant } from '../../domain/api/endpoints/calculations';
import { uploadDocument, uploadDocumentFile } from '../../domain/api/endpoints/documents';
import { sendOfferLink } from '../../domain/api/endpoints/offer-links';

/**
 * The endpoints a write kept on the device goes to (src/domain/api/endpoints/), by the name its
 * outbox entry keeps: an online and an offline save make one request from the same constant.
 * A kept file goes as a form (`uploadDocumentFile`); `uploadDocument` names the files an earlier
 * version kept for the base64 address, which go there as before.
 */
export const OUTBOX_ENDPOINTS = {
  createSet,
  saveVariant,
  uploadDocument,
  uploadDocumentFile,
  sendOfferLink,
} as const;
export type OutboxEndpoint = keyof typeof OUTBOX_ENDPOINTS;

/** The placeholder of a set created by an earlier entry of the same entity (its `setId`). */
export const SET_ID = '{calculationSetId}';

/**
 * The endpoint and parameters of an address kept by a version before entries named their
 * endpoint (relative to /api/, with SET_ID where the set was still to be created). Undefined
 * for an address that is none of the outbox's endpoints.
 */
export function fromKeptPath(
  method: string,
  path: string,
): { endpoint: OutboxEndpoint; params: Record<string, string> } | undefined {
  for (const endpoint of Object.keys(OUTBOX_ENDPOINTS) as OutboxEndpoint[]) {
    // Relative to the API's root, or from it on (the attachments page kept the server's href).
    const href = new URL(path, 'http://portal.invalid/api/').href;
    const params = paramsIn(OUTBOX_ENDPOINTS[endpoint], method, href);
    if (params) return { endpoint, params };
  }
  return undefined;
}

/** The method an entry's request goes with: its endpoint's. */
export const methodOf = (entry: { endpoint: OutboxEndpoint }) => OUTBOX_ENDPOINTS[entry.endpoint].method;
