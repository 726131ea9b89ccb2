import { offlineDb } from './db';
import { recover } from './journal';

/**
 * What this device keeps for an account, asked at sign-out. Saves still in the journal are
 * applied first, so that they are counted and cleared with the rest.
 */

/** The account's drafts and its writes not yet sent. */
export async function keptFor(owner: string): Promise<{ drafts: number; waiting: number }> {
  await recover();
  const [drafts, waiting] = await Promise.all([
    offlineDb.drafts.where('owner').equals(owner).count(),
    offlineDb.outbox.where('owner').equals(owner).count(),
  ]);
  return { drafts, waiting };
}

/** Sign-out with 'clear': nothing of the account stays on the device. */
export async function clearFor(owner: string): Promise<void> {
  await recover();
  const tables = [
    offlineDb.drafts,
    offlineDb.outbox,
    offlineDb.files,
    offlineDb.reference,
    offlineDb.sequences,
  ];
  await offlineDb.transaction('rw', tables, async () => {
    for (const table of tables) await table.where('owner').equals(owner).delete();
  });
}
