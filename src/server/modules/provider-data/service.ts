import type { ImportSummary } from '../../../domain/provider-data';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { forbidden } from '../../problems';
import { requireWritable } from '../session/policy';
import { sendPasswordLink } from '../users';
import { loadProviderData, ProviderDataRefused } from './load';
import { readProviderData, relocated, type FileKind } from './read';

/** Only the provider's own administrators load its data (docs/security.md). */
export function requireProviderAdmin(caller: Caller): void {
  if (!caller.user.isAdmin || caller.profile?.branding !== 'provider')
    throw forbidden('Only the provider’s administrators load its price lists and underwriters.');
  requireWritable(caller);
}

class DryRun extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

/**
 * Reads, checks and loads one file in one transaction; a dry run does all of it and rolls back,
 * answering what the load would do. New underwriters get the invitation to choose a password.
 */
export async function loadFile(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  file: { bytes: Buffer; kind: FileKind },
  dryRun = false,
): Promise<{ summary: ImportSummary; changedAccounts: string[] }> {
  const read = await readProviderData(file.bytes, file.kind);
  if (!read.ok) throw new ProviderDataRefused(read.problems);
  try {
    return await db.tx(async (q) => {
      const { summary, invite, changedAccounts } = await loadProviderData(q, read.data);
      if (dryRun) throw new DryRun({ ...summary, dryRun: true });
      for (const person of invite)
        await sendPasswordLink(q, config, person.partnerId, person.accountId, 'invitation', person);
      return { summary, changedAccounts };
    });
  } catch (e) {
    if (e instanceof DryRun) return { summary: e.summary, changedAccounts: [] };
    // What the load found is named as the file names it (a workbook's sheet and row).
    if (e instanceof ProviderDataRefused)
      throw new ProviderDataRefused(e.problems.map((p) => relocated(p, read.origins)));
    throw e;
  }
}
