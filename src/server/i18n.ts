import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BillingPeriod, planOutline, type ScheduleSegment } from '../domain/calculation/billing';
import { resolveLocale, TRANSLATED_LOCALES, type TranslatedLocale } from '../domain/locales';
import { ROOT_DIR } from './config';

/**
 * The server's own texts (sign-in page, mails) come from the same translation files as the
 * PWA's, so every text has one home: locales/ui.{locale}.json.
 */
type Tree = { [key: string]: string | Tree };

const bundles = new Map<TranslatedLocale, Tree>(
  TRANSLATED_LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', `ui.${locale}.json`), 'utf8')) as Tree,
  ]),
);

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

export function translate(
  locale: string | undefined,
  key: string,
  vars: Record<string, string> = {},
): string {
  const text = lookup(bundles.get(resolveLocale(locale)), key) ?? lookup(bundles.get('en-IE'), key) ?? key;
  return fill(text, vars);
}

/**
 * A count in the language's plural form: `key_one`, `key_few`, … `key_other`, as the PWA's
 * i18next reads them (docs/domain.md, "Plurals"), with `{{count}}` filled.
 */
export function translateCount(locale: string | undefined, key: string, count: number): string {
  const vars = { count: String(count) };
  for (const l of [resolveLocale(locale), 'en-IE'] as const) {
    const form = new Intl.PluralRules(l).select(count);
    const text = lookup(bundles.get(l), `${key}_${form}`) ?? lookup(bundles.get(l), `${key}_other`);
    if (text) return fill(text, vars);
  }
  return key;
}

/**
 * A payment plan's headline as the PWA words it (`billing.planOutline`, docs/domain.md "Payment
 * plans"): "€586.61 for 1 quarter, then €1,228.72 per quarter"; null without a plan.
 */
export function translatePlan(
  locale: string | undefined,
  period: BillingPeriod,
  schedule: readonly ScheduleSegment[] | undefined,
  currency: string,
): string | null {
  const plan = planOutline(schedule);
  if (!plan) return null;
  const money = new Intl.NumberFormat(resolveLocale(locale), { style: 'currency', currency });
  return translate(locale, 'billing.planOutline', {
    first: money.format(plan.first),
    periods: translateCount(locale, `billing.periods.${period}`, plan.firstCount),
    then: translate(locale, `billing.per.${period}`, { amount: money.format(plan.then) }),
  });
}
