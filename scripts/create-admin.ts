/**
 * `npm run create-admin -- --email … --first-name … --last-name … --partner 752-10001
 *  --partner-name "…" --country SE --locale sv-SE --brand SE-NOS --brand-name "…" [--currency SEK]
 *  [--instant-decision-limit 250000] [--bankid] [--provider]`:
 * the first administrator of a partner in a production database (DATABASE_URL), printed as a
 * one-time link to choose the password.
 */
import { parseArgs } from 'node:util';
import { AdminExists, createFirstAdmin, FirstAdmin } from '../src/server/admin/first-admin';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';

/** The command's options and the fields they give. */
const FLAGS = {
  email: 'email',
  'first-name': 'firstName',
  'last-name': 'lastName',
  partner: 'partnerId',
  'partner-name': 'partnerName',
  country: 'countryIso',
  locale: 'locale',
  brand: 'brandId',
  'brand-name': 'brandName',
  currency: 'currencyCode',
  'instant-decision-limit': 'instantDecisionLimit',
} as const;
const { values } = parseArgs({
  options: {
    ...Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: 'string' as const }])),
    provider: { type: 'boolean' as const, default: false },
    bankid: { type: 'boolean' as const, default: false },
  },
});
const input = FirstAdmin.safeParse({
  ...Object.fromEntries(
    Object.entries(FLAGS).map(([flag, field]) => [field, (values as Record<string, unknown>)[flag]]),
  ),
  provider: values.provider,
  signsWithBankId: values.bankid,
});
if (!input.success) {
  const flagOf = (field: PropertyKey) =>
    Object.entries(FLAGS).find(([, f]) => f === field)?.[0] ?? String(field);
  console.error(
    `Not created:\n${input.error.issues.map((i) => `  --${flagOf(i.path[0]!)}: ${i.message}`).join('\n')}`,
  );
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ ...config, demoData: false });
try {
  const link = await createFirstAdmin(db, config.publicUrl, input.data);
  console.log(
    `Administrator ${input.data.email} created. Hand over this link to choose the password (valid 72 hours):\n${link}`,
  );
} catch (e) {
  if (!(e instanceof AdminExists)) throw e;
  console.error(`Not created: ${e.message}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
