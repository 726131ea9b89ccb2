import { CALCULATION_DEFAULTS } from '../../domain/calculation/defaults';
import type { Db } from '../db/db';
import { hashPassword } from '../identity/passwords';
import { conditionListsOf, DEMO_MANUFACTURERS, DEMO_OBJECT_TYPES, objectTypesOf } from './conditions';
import { demoApplicant } from './applicants';
import { seedDemoVariants } from './calculations';
import { ProviderData } from '../../domain/provider-data';
import { loadProviderData } from '../modules/provider-data/load';
import { DEMO_PARTNERS, DEMO_PASSWORD, DEMO_USERS, DEMO_WORK } from './world';

/** Loads the demo world into an empty database; each part only where it is still missing. */
export async function seedDemoWorld(db: Db): Promise<boolean> {
  const seeded = await seedPeople(db);
  await seedConditions(db);
  await seedDemoVariants(db);
  await (await import('./contracts')).seedDemoContracts(db);
  await seedProviderStates(db);
  return seeded;
}

/** The states the demo's provider gave contracts, loaded as the provider loads them (docs/provider-data.md). */
async function seedProviderStates(db: Db): Promise<void> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'select count(*)::int as count from contracts where provider_state is not null',
  );
  if (count > 0) return;
  const known = new Set(
    (await db.query<{ code: string }>('select reference_code as code from contracts')).map((r) => r.code),
  );
  const contracts = DEMO_WORK.flatMap((w) => w.contracts).flatMap((c) =>
    c.providerState && known.has(c.referenceCode)
      ? [{ referenceCode: c.referenceCode, state: c.providerState }]
      : [],
  );
  if (contracts.length === 0) return;
  await db.tx((q) => loadProviderData(q, ProviderData.parse({ contracts })));
}

/** The demo's pricing, loaded as the provider loads its own (docs/provider-data.md). */
async function seedConditions(db: Db): Promise<void> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'select count(*)::int as count from condition_lists',
  );
  if (count > 0) return;
  const brands = await db.query<{ id: string; branding: string; currencyCode: string }>(
    `select id, branding, currency_code as "currencyCode" from brands where branding <> 'provider'`,
  );
  if (brands.length === 0) return;
  const data = ProviderData.parse({
    manufacturers: DEMO_MANUFACTURERS.map(([id, name]) => ({ id, name })),
    objectTypes: DEMO_OBJECT_TYPES.map((o) => ({
      id: o.id,
      label: o.label,
      softPeriodLimit: o.soft,
      hardPeriodLimit: o.hard,
      countedServicePossible: Boolean(o.counted),
      manufacturerIds: o.manufacturers,
      defaultManufacturerId: o.manufacturers[0],
    })),
    brands: brands.map((b) => ({
      brandId: b.id,
      objectTypeIds: objectTypesOf(b.branding),
      conditionLists: conditionListsOf(b.id, b.currencyCode),
    })),
  });
  await db.tx((q) => loadProviderData(q, data));
}

async function seedPeople(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'select count(*)::int as count from partners',
  );
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.tx(async (q) => {
    for (const p of DEMO_PARTNERS) {
      await q.query(
        `insert into partners (id, name, country_iso, company_locale, available_languages, default_language,
           enabled_features, is_logo_upload_permitted) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          p.id,
          p.name,
          p.countryIso,
          p.companyLocale,
          p.languages,
          p.languages[0],
          p.enabledFeatures,
          p.isLogoUploadPermitted,
        ],
      );
      for (const b of p.brands) {
        await q.query(
          `insert into brands (id, partner_id, name, branding, currency_code, instant_decision_limit, signs_with_bankid)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [
            b.id,
            p.id,
            b.name,
            b.branding,
            b.currencyCode ?? CALCULATION_DEFAULTS.currencyCode,
            b.instantDecisionLimit ?? null,
            b.signsWithBankId ?? false,
          ],
        );
      }
    }
    for (const person of DEMO_USERS) {
      const [account] = await q.query<{ id: string }>(
        'insert into accounts (email, password_hash) values ($1, $2) returning id',
        [person.email, passwordHash],
      );
      for (const act of person.acts) {
        const [user] = await q.query<{ id: string }>(
          `insert into users (account_id, partner_id, branch_name, first_name, last_name, is_admin, has_global_access,
             is_excel_download_permitted, can_move_calculations, is_api_user, is_underwriter, approval_limits,
             terms_and_conditions_accepted_at, terms_of_use_accepted_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) returning id`,
          [
            account!.id,
            act.partnerId,
            act.branchName,
            person.firstName,
            person.lastName,
            Boolean(act.isAdmin),
            Boolean(act.hasGlobalAccess),
            Boolean(act.isExcelDownloadPermitted),
            Boolean(act.canMoveCalculations),
            Boolean(act.isApiUser),
            Boolean(act.isUnderwriter),
            act.approvalLimits ? JSON.stringify(act.approvalLimits) : null,
            person.termsPending ? null : new Date(),
          ],
        );
        for (const [index, profile] of act.profiles.entries()) {
          await q.query(
            'insert into user_profiles (user_id, brand_id, status, is_default) values ($1, $2, $3, $4)',
            [user!.id, profile.brandId, profile.readOnly ? 'readOnly' : 'active', index === 0],
          );
        }
      }
    }
    for (const work of DEMO_WORK) {
      const [profile] = await q.query<{ id: string; partnerId: string }>(
        `select up.id, u.partner_id as "partnerId" from user_profiles up
           join users u on u.id = up.user_id join accounts a on a.id = u.account_id
          where lower(a.email) = lower($1) and up.brand_id = $2`,
        [work.owner, work.brandId],
      );
      for (const c of work.calculations) {
        await q.query(
          `insert into calculation_sets (partner_id, brand_id, user_profile_id, applicant_name, applicant, state, currency_code)
           values ($1, $2, $3, $4, $5, $6, (select currency_code from brands where id = $2))`,
          [
            profile!.partnerId,
            work.brandId,
            profile!.id,
            c.applicantName,
            JSON.stringify(demoApplicant(c.applicantName, work.brandId.startsWith('DE') ? 'DE' : 'SE')),
            c.state,
          ],
        );
      }
      for (const c of work.contracts) {
        await q.query(
          `insert into contracts (reference_code, partner_id, user_profile_id, customer_name, state, start_date, end_date, currency_code)
           values ($1, $2, $3, $4, $5, $6, $7,
                   (select b.currency_code from user_profiles up join brands b on b.id = up.brand_id where up.id = $3))`,
          [c.referenceCode, profile!.partnerId, profile!.id, c.customerName, c.state, c.startDate, c.endDate],
        );
      }
    }
  });
  return true;
}
