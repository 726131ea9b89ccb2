import type { Queryable } from '../../db/db';
import { eSignatureChannel } from '../esignature';
import { startOf, type BankIdProcessRow } from './repo';

/** Whether an e-signature was started for the variant after this BankID process (which then is stale). */
export async function eSignatureStartedSince(
  q: Queryable,
  process: Pick<BankIdProcessRow, 'id' | 'calculationVariantId'>,
): Promise<boolean> {
  const started = await startOf(q, process.id);
  const eSignature = await eSignatureChannel.latestStart(q, process.calculationVariantId);
  return started !== undefined && eSignature !== undefined && eSignature > started;
}
