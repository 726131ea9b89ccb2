import {
  noCounts,
  type ImportProblem,
  type ImportSummary,
  type ProviderData,
} from '../../../domain/provider-data';
import type { Queryable } from '../../db/db';
import { loadManufacturers, loadObjectTypes, loadPriceList, referenceIds } from '../calculations';
import { setProviderStates, unknownReferenceCodes } from '../contracts';
import { brandsForLoad, loadUnderwriters, providerBrand, type NewUnderwriter } from '../session';
import { lockLoads } from './repo';

/**
 * Loads the provider's reference data in the caller's transaction (docs/provider-data.md): all of
 * it or nothing. The pricing belongs to calculations, the underwriters to session, the contracts'
 * states to contracts; this checks
 * what the file refers to and hands each part to its owner. Throws ProviderDataRefused naming
 * every problem.
 */
export class ProviderDataRefused extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`The provider data was not loaded: ${problems.length} problem(s).`);
  }
}

export async function loadProviderData(
  q: Queryable,
  data: ProviderData,
): Promise<{ summary: ImportSummary; invite: NewUnderwriter[]; changedAccounts: string[] }> {
  await lockLoads(q);
  const problems = await crossCheck(q, data);
  if (problems.length) throw new ProviderDataRefused(problems);
  const summary: ImportSummary = {
    dryRun: false,
    manufacturers: await loadManufacturers(q, data.manufacturers),
    objectTypes: await loadObjectTypes(q, data.objectTypes),
    brands: [],
  };
  for (const brand of data.brands) summary.brands.push(await loadPriceList(q, brand));
  if (data.contracts.length) {
    const changed = await setProviderStates(q, data.contracts);
    summary.contracts = { ...noCounts(), changed, unchanged: data.contracts.length - changed };
  }
  if (!data.underwriters) return { summary, invite: [], changedAccounts: [] };
  const { counts, invite, changedAccounts } = await loadUnderwriters(q, data.underwriters);
  return { summary: { ...summary, underwriters: counts }, invite, changedAccounts };
}

/** What the file refers to must exist, in the file or in the database. */
async function crossCheck(q: Queryable, data: ProviderData): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const known = await referenceIds(q);
  const manufacturers = new Set([...known.manufacturers, ...data.manufacturers.map((m) => m.id)]);
  const objectTypes = new Set([...known.objectTypes, ...data.objectTypes.map((o) => o.id)]);
  data.objectTypes.forEach((o, i) =>
    o.manufacturerIds.forEach((m, j) => {
      if (!manufacturers.has(m))
        problems.push({
          where: `objectTypes.${i}`,
          field: `manufacturerIds.${j}`,
          message: `no manufacturer ${m}`,
        });
    }),
  );
  const brands = new Map((await brandsForLoad(q)).map((b) => [b.id, b]));
  data.brands.forEach((b, i) => {
    const brand = brands.get(b.brandId);
    if (!brand || brand.branding === 'provider') {
      problems.push({ where: `brands.${i}`, field: 'brandId', message: `no partner brand ${b.brandId}` });
      return;
    }
    b.objectTypeIds.forEach((o, j) => {
      if (!objectTypes.has(o))
        problems.push({ where: `brands.${i}`, field: `objectTypeIds.${j}`, message: `no object type ${o}` });
    });
    b.conditionLists.forEach((l, j) => {
      // A list in another currency would be read in the wrong money (docs/domain.md, "Amounts and currencies").
      if (l.currencyCode !== brand.currencyCode)
        problems.push({
          where: `brands.${i}.conditionLists.${j}`,
          field: 'currencyCode',
          message: `the brand calculates in ${brand.currencyCode}`,
        });
    });
  });
  const codes = data.contracts.map((c) => c.referenceCode);
  const unknown = new Set(await unknownReferenceCodes(q, codes));
  codes.forEach((code, i) => {
    if (unknown.has(code))
      problems.push({ where: `contracts.${i}`, field: 'referenceCode', message: `no contract ${code}` });
  });
  if (data.underwriters && !(await providerBrand(q)))
    problems.push({
      where: 'underwriters',
      field: '',
      message: 'no provider partner yet: create it with npm run create-admin -- --provider …',
    });
  return problems;
}
