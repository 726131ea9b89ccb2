import { CALCULATION_DEFAULTS } from '../../domain/calculation/defaults';
import { hasThresholdDefaults } from '../../domain/calculation/thresholds';
import { z } from 'zod';
import type { Db } from '../db/db';
import { SET_PASSWORD_PATH } from '../identity/password-pages';
import { issuePasswordToken } from '../identity/password-tokens';

/**
 * The first administrator of a partner in a database without demo data (docs/operations.md,
 * "First administrator"): the partner and a brand are made when missing, then the account and
 * the admin user with a profile on the brand. The answer is a one-time link to choose the
 * password; the operator hands it over. Everything else an admin does in the portal.
 */
export const FirstAdmin = z
  .object({
    email: z.email(),
    firstName: z.string().trim().min(1).max(50),
    lastName: z.string().trim().min(1).max(50),
    partnerId: z.string().regex(/^\d{3}-\d{5}$/, 'partner ids look like 752-10001'),
    partnerName: z.string().trim().min(1).max(100),
    countryIso: z.string().regex(/^[A-Z]{2}$/),
    /** The partner's language, e.g. sv-SE. */
    locale: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
    brandId: z.string().trim().min(1).max(20),
    brandName: z.string().trim().min(1).max(100),
    /** The brand's currency (ISO 4217); its sets are made in it. */
    currencyCode: z
      .string()
      .regex(/^[A-Z]{3}$/, 'currencies look like EUR')
      .default(CALCULATION_DEFAULTS.currencyCode),
    /**
     * Above this NAV, in the brand's currency, an underwriter decides. Without it the currency's
     * default applies (src/domain/calculation/thresholds.ts); a currency without one needs it.
     */
    instantDecisionLimit: z.coerce.number().positive().max(1e9).optional(),
    /**
     * The provider's own partner: its brand calculates nothing (branding 'provider'); its admins
     * load the price lists and underwriters (docs/provider-data.md).
     */
    provider: z.boolean().optional(),
    /** The brand's contracts may be signed with BankID (the server then needs BANKID). */
    signsWithBankId: z.boolean().optional(),
  })
  .refine((a) => a.instantDecisionLimit !== undefined || hasThresholdDefaults(a.currencyCode), {
    path: ['instantDecisionLimit'],
    message: 'this currency has no default instant-decision limit: give the brand its own',
  });
export type FirstAdmin = z.infer<typeof FirstAdmin>;

/** The admin exists already: the operator is told so, and nothing is changed. */
export class AdminExists extends Error {}

export async function createFirstAdmin(db: Db, publicUrl: string, a: FirstAdmin): Promise<string> {
  return db.tx(async (q) => {
    const [existing] = await q.query(
      `select 1 from users u join accounts acc on acc.id = u.account_id
        where lower(acc.email) = lower($1) and u.partner_id = $2 and u.deleted_at is null`,
      [a.email, a.partnerId],
    );
    if (existing)
      throw new AdminExists(
        `${a.email} is a user of partner ${a.partnerId} already. Nothing was changed; a new password link is sent from the portal's user administration.`,
      );
    await q.query(
      `insert into partners (id, name, country_iso, company_locale, available_languages, default_language)
       values ($1, $2, $3, $4, array[$4], $4) on conflict (id) do nothing`,
      [a.partnerId, a.partnerName, a.countryIso, a.locale],
    );
    await q.query(
      `insert into brands (id, partner_id, name, branding, currency_code, instant_decision_limit, signs_with_bankid)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
      [
        a.brandId,
        a.partnerId,
        a.brandName,
        a.provider ? 'provider' : 'office',
        a.currencyCode,
        a.instantDecisionLimit ?? null,
        !a.provider && (a.signsWithBankId ?? false),
      ],
    );
    const [account] = await q.query<{ id: string }>(
      `insert into accounts (email) values ($1)
       on conflict (lower(email)) do update set email = accounts.email returning id`,
      [a.email],
    );
    const [user] = await q.query<{ id: string }>(
      `insert into users (account_id, partner_id, first_name, last_name, is_admin, has_global_access,
         is_excel_download_permitted, can_move_calculations)
       values ($1, $2, $3, $4, true, true, true, true) returning id`,
      [account!.id, a.partnerId, a.firstName, a.lastName],
    );
    await q.query(
      `insert into user_profiles (user_id, brand_id, status, is_default) values ($1, $2, 'active', true)`,
      [user!.id, a.brandId],
    );
    const token = await issuePasswordToken(q, account!.id, 'invitation');
    return `${publicUrl}${SET_PASSWORD_PATH}/${token}`;
  });
}
