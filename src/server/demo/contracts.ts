import Decimal from 'decimal.js';
import {
  annuityInstalment,
  BILLING,
  D,
  periodsIn,
  round2,
  type PaymentFrequency,
} from '../../domain/calculation/billing';
import type { Db } from '../db/db';
import { DEMO_WORK, type DemoContract } from './world';

/**
 * The demo world's contracts (docs/domain.md section 7): on each partner's main brand, contracts in
 * every contract state. The states follow the calendar (migration 011 derives them from the
 * dates, relative to the day the demo is loaded; the hourly refresher moves them on), or the
 * provider's word where the demo's provider gives one (seed.ts loads it). Here the
 * contracts of DEMO_WORK that are still missing are added, and every demo contract gets its
 * terms: NAV, the monthly instalment the engine's formula gives, rate, residual value, the
 * customer's e-mail for the redemption offer.
 */
const NAVS = [24_000, 31_500, 9_900, 17_250];

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .split('-')
    .slice(0, 3)
    .join('-');

/** Months from the start to the day after the end (at least 1); 36 without dates. */
function termOf(c: DemoContract): number {
  if (!c.startDate || !c.endDate) return 36;
  const [sy, sm, sd] = c.startDate.split('-').map(Number) as [number, number, number];
  const next = new Date(`${c.endDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const months = (next.getUTCFullYear() - sy) * 12 + (next.getUTCMonth() + 1 - sm);
  return Math.max(1, next.getUTCDate() < sd ? months - 1 : months);
}

/** The level instalment per billing period of the engine's formula (docs/domain.md). */
function instalmentOf(nav: number, ratePercent: number, rv: number, months: number, f: PaymentFrequency) {
  const i = new D(ratePercent).div(100).div(BILLING[f].perYear);
  return round2(annuityInstalment(new D(nav), new D(rv), i, periodsIn(f, months) ?? months)).toNumber();
}

export async function seedDemoContracts(db: Db): Promise<void> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'select count(*)::int as count from partners',
  );
  if (count === 0) return;
  await db.tx(async (q) => {
    let k = 0;
    for (const work of DEMO_WORK) {
      const [profile] = await q.query<{ id: string; partnerId: string }>(
        `select up.id, u.partner_id as "partnerId" from user_profiles up
           join users u on u.id = up.user_id join accounts a on a.id = u.account_id
          where lower(a.email) = lower($1) and up.brand_id = $2 and up.deleted_at is null and u.deleted_at is null`,
        [work.owner, work.brandId],
      );
      for (const c of work.contracts) {
        k += 1;
        if (profile)
          await q.query(
            `insert into contracts (reference_code, partner_id, user_profile_id, customer_name, state, start_date, end_date, currency_code)
             values ($1, $2, $3, $4, $5, $6, $7,
                     (select b.currency_code from user_profiles up join brands b on b.id = up.brand_id where up.id = $3))
             on conflict (reference_code) do nothing`,
            [c.referenceCode, profile.partnerId, profile.id, c.customerName, c.state, c.startDate, c.endDate],
          );
        const nav = c.nav ?? NAVS[k % NAVS.length]!;
        const rate = c.annualRatePercent ?? 6.9;
        const months = termOf(c);
        const rv = new Decimal(nav)
          .mul(c.residualValuePercent ?? 0)
          .div(100)
          .toDecimalPlaces(2)
          .toNumber();
        // Only contracts without their terms yet: a second start changes nothing.
        await q.query(
          `update contracts set sub_lessee_name = $2, customer_email = $3, nav = $4, instalment = $5, net_instalment = $5,
                  period_in_months = $6, annual_rate_percent = $7, residual_value = $8, payment_frequency = $9,
                  cancelled_at = $10, returned_at = $11, paid_at = $12
            where reference_code = $1 and nav = 0`,
          [
            c.referenceCode,
            c.subLesseeName ?? '',
            c.customerEmail ??
              `${work.brandId.startsWith('DE') ? 'buchhaltung' : 'ekonomi'}@${slug(c.customerName)}.example`,
            nav,
            instalmentOf(nav, rate, rv, months, c.paymentFrequency ?? 'monthly'),
            months,
            rate,
            rv,
            c.paymentFrequency ?? 'monthly',
            c.cancelledAt ?? null,
            c.returnedAt ?? null,
            c.paidAt ?? null,
          ],
        );
      }
    }
  });
}
