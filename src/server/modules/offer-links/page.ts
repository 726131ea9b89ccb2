import { BILLING } from '../../../domain/calculation/billing';
import { resolveLocale, textDirectionOf } from '../../../domain/locales';
import type { PublicOfferEntity } from '../../../domain/api/offer-links';
import { escapeHtml as esc } from '../../html';
import { translate, translatePlan } from '../../i18n';
import { formatDate, formatMoney } from '../../integrations/pdf/layout';
import { pdfTexts } from '../../integrations/pdf/texts';

/**
 * The customer's offer page (/o/{token}), rendered by the server: no account, no app, no script.
 * Forms answer it, so it works on any phone and is quick on a slow one; the offer's words are the
 * offer PDF's (pdfTexts), the page's own are `offerPage.*`.
 */
type Offer = PublicOfferEntity['properties'];

const STYLE = `*{box-sizing:border-box}body{margin:0;background:#f4f6f9;color:#1a202c;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}main{max-width:960px;margin:0 auto;padding:16px}
header{display:flex;align-items:center;gap:12px;margin:8px 0 16px}header img{max-height:48px;max-width:160px}
h1{font-size:1.5rem;margin:0 0 4px}h2{font-size:1.1rem;margin:24px 0 8px}.muted{color:#4a5568;font-size:.9rem}
.card{background:#fff;border:1px solid #d5dce6;border-radius:10px;padding:16px}
.periods{display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(200px,1fr))}
.period .amount{font-size:1.35rem;font-weight:700;margin:4px 0}dl{margin:0}dt{color:#4a5568;font-size:.9rem}dd{margin:0 0 8px}
table{width:100%;border-collapse:collapse}td,th{text-align:start;padding:6px 4px;border-bottom:1px solid #e2e8f0}td.n,th.n{text-align:end}
button,.button{display:inline-block;min-height:44px;padding:10px 16px;border-radius:6px;border:1px solid #1f4e8c;font:inherit;
font-weight:600;cursor:pointer;text-decoration:none}.primary{background:#1f4e8c;color:#fff;width:100%}.secondary{background:#fff;color:#1f4e8c}
textarea{width:100%;min-height:96px;padding:8px;border:1px solid #a0aec0;border-radius:6px;font:inherit}
label{display:block;font-weight:600;margin:12px 0 4px}.notice{border-inline-start:4px solid #1f4e8c;background:#fff;padding:12px 16px;border-radius:6px}
.alert{border-inline-start:4px solid #c53030;background:#fff5f5;padding:12px 16px;border-radius:6px}
:focus-visible{outline:3px solid #3b7dd8;outline-offset:2px}`;

export interface PageOptions {
  token: string;
  /** The period the customer is asked to confirm, or 'decline' for the reason's form. */
  confirm?: number | 'decline';
  problem?: string;
}

export function offerPage(o: Offer, opts: PageOptions): string {
  const locale = resolveLocale(o.locale);
  const t = (key: string, vars?: Record<string, string>) => esc(translate(locale, `offerPage.${key}`, vars));
  const p = pdfTexts(locale);
  const money = (n: number) => esc(formatMoney(n, o.currency, locale));
  const date = (iso: string) => esc(formatDate(new Date(iso), locale, p.timeZone));
  const base = `/o/${encodeURIComponent(opts.token)}`;
  const open = o.state === 'sent' || o.state === 'opened';
  const dealer = `${esc(o.partner.name)}${o.partner.contact ? `, ${esc(o.partner.contact)}` : ''}`;
  const contact = o.partner.email
    ? `<a href="mailto:${esc(o.partner.email)}">${esc(o.partner.email)}</a>`
    : '';

  const instalment = (period: Offer['periods'][number]) =>
    translatePlan(locale, BILLING[o.paymentFrequency].billingPeriod, period.schedule, o.currency) ??
    `${formatMoney(period.instalment, o.currency, locale)}`;
  // The services the instalment includes, named as the portal's results name them.
  const services = (period: Offer['periods'][number]) => {
    const parts = (
      [
        ['calculation.results.service', period.service],
        ['calculation.results.damageWaiver', period.damageWaiver],
      ] as const
    ).filter(([, amount]) => amount);
    return parts.length
      ? `<p class="muted" data-services>${parts.map(([key, amount]) => `${esc(translate(locale, key))}: ${money(amount!)}`).join(' · ')}</p>`
      : '';
  };
  const periodCard = (period: Offer['periods'][number]) => {
    const chosen = o.acceptedPeriod === period.periodInMonths;
    const count = period.schedule.length
      ? period.schedule.at(-1)!.toInstallment
      : Math.round((period.periodInMonths / 12) * BILLING[o.paymentFrequency].perYear);
    const total = period.schedule.length
      ? period.schedule.reduce(
          (s, r) => s + (r.toInstallment - r.fromInstallment + 1) * r.totalInstallmentAmount,
          0,
        )
      : period.instalment * count;
    return `<section class="card period" aria-labelledby="p${period.periodInMonths}">
<h3 id="p${period.periodInMonths}" style="margin:0">${esc(p.months(period.periodInMonths))}${chosen ? ` · ${t('chosen')}` : ''}</h3>
<p class="muted" style="margin:0">${esc(p.offer.instalment[o.paymentFrequency])}</p>
<p class="amount">${esc(instalment(period))}</p>
${o.paymentFrequency !== 'monthly' && period.monthly !== undefined && !period.schedule.length ? `<p class="muted">${esc(translate(locale, 'pdf.aMonth', { amount: formatMoney(period.monthly, o.currency, locale) }))}</p>` : ''}
${services(period)}
<p class="muted">${t('total', { count: String(count), total: formatMoney(total, o.currency, locale) })}</p>
${open ? `<form method="get" action="${base}"><input type="hidden" name="accept" value="${period.periodInMonths}"><button class="primary" type="submit">${t('accept', { period: p.months(period.periodInMonths) })}</button></form>` : ''}
</section>`;
  };

  let answer = '';
  if (open && typeof opts.confirm === 'number') {
    const period = o.periods.find((x) => x.periodInMonths === opts.confirm);
    if (period)
      answer = `<section class="notice" aria-labelledby="confirm"><h2 id="confirm">${t('confirmTitle')}</h2>
<p>${t('confirmText', { period: p.months(period.periodInMonths), instalment: instalment(period), partner: o.partner.name })}</p>
<form method="post" action="${base}/accept"><input type="hidden" name="periodInMonths" value="${period.periodInMonths}">
<button class="primary" type="submit" autofocus>${t('confirm')}</button></form>
<p><a href="${base}">${t('back')}</a></p></section>`;
  } else if (open && opts.confirm === 'decline') {
    answer = `<section class="notice" aria-labelledby="decline"><h2 id="decline">${t('declineTitle')}</h2>
<form method="post" action="${base}/decline"><label for="reason">${t('reason')}</label>
<textarea id="reason" name="reason" maxlength="500" required aria-describedby="reason-hint"></textarea>
<p id="reason-hint" class="muted">${t('reasonHint')}</p>
<button class="secondary" type="submit">${t('declineConfirm')}</button></form>
<p><a href="${base}">${t('back')}</a></p></section>`;
  }

  const status = {
    sent: '',
    opened: '',
    accepted: `<p class="notice" role="status">${t('accepted', { period: o.acceptedPeriod ? p.months(o.acceptedPeriod) : '', partner: o.partner.name })}</p>`,
    declined: `<p class="notice" role="status">${t('declined', { partner: o.partner.name })}</p>`,
    expired: `<p class="alert" role="status">${t('expired')} ${t('contact')} ${dealer} ${contact}</p>`,
    withdrawn: `<p class="alert" role="status">${t('withdrawn')} ${t('contact')} ${dealer} ${contact}</p>`,
  }[o.state];

  const body = `<header>${o.partner.hasLogo ? `<img src="/api/public/offers/${esc(opts.token)}/logo" alt="${esc(o.partner.name)}">` : ''}
<div><strong>${esc(o.partner.name)}</strong><div class="muted">${esc(o.partner.contact)} ${contact}</div></div></header>
<h1>${esc(p.offer.title)} ${esc(o.reference)}</h1>
<p class="muted">${esc(o.customerName)} · ${esc(p.offer.validUntil)} ${date(o.validUntil)}</p>
${opts.problem ? `<p class="alert" role="alert">${t(opts.problem)}</p>` : ''}${status}${answer}
<h2>${esc(p.offer.periods)}</h2>
<div class="periods">${o.periods.map(periodCard).join('')}</div>
<p class="muted">${o.rentFreeMonths > 0 ? t('firstInstalmentRentFree', { months: p.months(o.rentFreeMonths) }) : t('firstInstalment')}</p>
<h2>${esc(p.offer.objects)}</h2>
<div class="card"><table><thead><tr><th>${esc(p.offer.description)}</th><th class="n">${esc(p.offer.quantity)}</th><th class="n">${esc(p.offer.price)}</th></tr></thead>
<tbody>${o.objects.map((x) => `<tr><td>${esc(x.description)}</td><td class="n">${x.quantity}</td><td class="n">${money(x.price)}</td></tr>`).join('')}</tbody></table>
<p><strong>${esc(p.offer.nav)}: ${money(o.nav)}</strong></p></div>
<h2>${esc(p.offer.contract)}</h2>
<div class="card"><dl><dt>${esc(p.offer.contractType)}</dt><dd>${esc(o.contractType)}</dd>
<dt>${esc(p.offer.paymentFrequency)}</dt><dd>${esc(p.frequency[o.paymentFrequency])}</dd>
<dt>${esc(p.offer.paymentPlan)}</dt><dd>${esc(p.offer.plans[o.paymentPlan as keyof typeof p.offer.plans] ?? o.paymentPlan)}</dd>
${o.rentFreeMonths > 0 ? `<dt>${esc(p.offer.rentFree)}</dt><dd>${esc(p.months(o.rentFreeMonths))}</dd>` : ''}
${o.fees.map((f) => `<dt>${esc(f.label)}</dt><dd>${money(f.amount)}</dd>`).join('')}</dl></div>
${o.note ? `<h2>${esc(p.offer.note)}</h2><div class="card"><p style="white-space:pre-line;margin:0">${esc(o.note)}</p></div>` : ''}
<p><a class="button secondary" href="/api/public/offers/${esc(opts.token)}/pdf">${t('pdf')}</a></p>
${open && !opts.confirm ? `<form method="get" action="${base}"><input type="hidden" name="decline" value="1"><button class="secondary" type="submit">${t('decline')}</button></form>` : ''}
<p class="muted">${esc(p.offer.disclaimer(o.brandName))}</p>`;

  return `<!doctype html><html lang="${esc(locale)}" dir="${textDirectionOf(locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(p.offer.title)} – ${esc(o.partner.name)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * A link that names no offer (nothing about why), or one asked for too often to answer now
 * (`busy`), in the visitor's language.
 */
export function unknownOfferPage(locale: string, reason: 'unknown' | 'busy' = 'unknown'): string {
  const l = resolveLocale(locale);
  const title = esc(translate(l, `offerPage.${reason}Title`));
  return `<!doctype html><html lang="${esc(l)}" dir="${textDirectionOf(l)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title><style>${STYLE}</style></head><body><main>
<h1>${title}</h1><p>${esc(translate(l, `offerPage.${reason}`))}</p></main></body></html>`;
}
