import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { renderOfferPdf, type OfferPdfInput } from './offer-pdf';
import { A4, MARGIN } from './layout';
import { drawnTexts, extractText } from './pdf-text';

// A valid 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const offer = (over: Partial<OfferPdfInput> = {}): OfferPdfInput => ({
  locale: 'en-IE',
  partner: { name: 'Dublin Office Supplies Ltd' },
  brandName: 'Emerald Leasing',
  reference: 'CS-2024-0042',
  issuedAt: new Date('2024-05-02T10:00:00Z'),
  validUntil: new Date('2024-06-01T10:00:00Z'),
  customer: {
    name: 'Acme Widgets Ltd',
    street: '1 Main Street',
    postcode: 'D02 X285',
    town: 'Dublin',
    countryIso: 'IE',
  },
  contractType: 'Full payout leasing',
  paymentFrequency: 'monthly',
  paymentPlan: 'none',
  rentFreeMonths: 0,
  currency: 'EUR',
  nav: 10_000,
  objects: [{ description: 'Multifunction printer', quantity: 2, price: 5_000 }],
  periods: [
    { periodInMonths: 36, instalment: 301.57, schedule: [] },
    { periodInMonths: 48, instalment: 1234.56, schedule: [] },
  ],
  fees: [{ label: 'Handling fee', amount: 150 }],
  note: 'Delivery within two weeks.\nInstallation included.',
  ...over,
});

const render = async (over: Partial<OfferPdfInput> = {}) => {
  const bytes = await renderOfferPdf(offer(over));
  return { bytes, text: await extractText(bytes), doc: await PDFDocument.load(bytes) };
};

describe('renderOfferPdf', () => {
  it('writes a loadable PDF with the customer, every instalment, the fees and the note', async () => {
    const { bytes, text, doc } = await render();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(doc.getTitle()).toBe('Offer CS-2024-0042');
    expect(doc.getPageCount()).toBe(1);
    expect(text).toContain('Acme Widgets Ltd');
    expect(text).toContain('CS-2024-0042');
    expect(text).toContain('€301.57');
    expect(text).toContain('€1,234.56');
    expect(text).toContain('Handling fee');
    expect(text).toContain('Delivery within two weeks.');
    expect(text).toContain('Installation included.');
    expect(text).toContain('This offer is not binding and subject to credit approval by Emerald Leasing.');
    expect(text).toContain('Page 1 of 1');
  });

  it('quotes a quarterly instalment per quarter with its monthly equivalent, and a plan by what is paid', async () => {
    const { text } = await render({
      paymentFrequency: 'quarterly',
      paymentPlan: 'EasyStart',
      rentFreeMonths: 3,
      periods: [
        { periodInMonths: 24, instalment: 1650.4, monthly: 550.13, schedule: [] },
        {
          periodInMonths: 36,
          instalment: 1173.21,
          monthly: 391.07,
          schedule: [
            { fromInstallment: 1, toInstallment: 1, totalInstallmentAmount: 586.61 },
            { fromInstallment: 2, toInstallment: 12, totalInstallmentAmount: 1228.72 },
          ],
        },
      ],
    });
    expect(text).toContain('Quarterly instalment');
    expect(text).toContain('€1,650.40');
    expect(text).toContain('€550.13');
    // The level amount of a plan is never charged: the row says what is.
    expect(text.replace(/\s+/g, ' ')).toContain('€586.61 for 1 quarter, then €1,228.72 per quarter');
    expect(text).not.toContain('€1,173.21');
    expect(text).not.toContain('€391.07');
    expect(text).toContain('Instalment 1: €586.61');
    expect(text).toContain('Instalments 2–12: €1,228.72');
    expect(text).toContain('Rent-free start');
  });

  it('speaks German and Swedish, with the locale’s money format', async () => {
    const de = await render({ locale: 'de-DE' });
    expect(de.text).toContain('Angebot');
    expect(de.text).toContain('1.234,56');
    expect(de.text).toContain('Seite 1 von 1');

    const sv = await render({
      locale: 'sv-SE',
      currency: 'SEK',
      customer: { name: 'Åkesson & Öberg AB', street: 'Storgatan 1', postcode: '211 42', town: 'Malmö' },
    });
    expect(sv.text).toContain('Offert');
    expect(sv.text).toContain('Malmö');
    expect(sv.text).toContain('Åkesson & Öberg AB');
    const instalment = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(301.57);
    expect(sv.text).toContain(instalment.replace(/\s/g, ' ')); // "301,57 kr", its space a no-break one
  });

  it('continues a long note on further pages, each with its footer', async () => {
    const note = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    const { text, doc } = await render({ note });
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
    expect(text).toContain('word2999');
  });

  it('embeds a PNG logo and skips one it cannot read', async () => {
    const withLogo = await render({
      partner: { name: 'Logo Ltd', logo: { bytes: PNG, mimeType: 'image/png' } },
    });
    expect(Buffer.from(withLogo.bytes).toString('latin1')).toContain('/Subtype /Image');

    for (const logo of [
      { bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/png' },
      { bytes: PNG, mimeType: 'image/gif' },
    ]) {
      const { bytes, text } = await render({ partner: { name: 'Logo Ltd', logo } });
      expect(Buffer.from(bytes).toString('latin1')).not.toContain('/Subtype /Image');
      expect(text).toContain('Logo Ltd');
    }
  });

  it('gives the same bytes for the same input, whenever it runs', async () => {
    const input = offer({ partner: { name: 'Logo Ltd', logo: { bytes: PNG, mimeType: 'image/png' } } });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
      const first = await renderOfferPdf(input);
      vi.setSystemTime(new Date('2030-07-01T12:34:56Z'));
      expect(await renderOfferPdf(input)).toEqual(first);
      expect((await PDFDocument.load(first)).getCreationDate()).toEqual(input.issuedAt);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads back as the letters written, whatever documents came before', async () => {
    // A document whose text holds the one-glyph forms themselves (a ligature, an Arabic
    // presentation form, as text pasted from a PDF does) …
    await render({ note: 'ﬁ ﬂ ﻻ ﺑ' });
    // … leaves the next one's lam-alef, drawn with that same glyph, reading as its two letters.
    const { text } = await render({ locale: 'ar-AE', note: 'لا بيت' });
    expect(text).not.toMatch(/[\ufb00-\ufb4f\ufe70-\ufeff]/);
  });

  it('writes Polish, Cyrillic and Greek letters as they are, and what no font has as ?', async () => {
    const { text } = await render({
      customer: { name: 'Łódź Sp. z o.o. 🚀' },
      note: 'Zażółć gęślą jaźń. Съешь же ещё. Ξεσκεπάζω. 你好',
    });
    expect(text).toContain('Łódź Sp. z o.o. ?');
    expect(text).toContain('Zażółć gęślą jaźń. Съешь же ещё. Ξεσκεπάζω. ??');
  });

  it('writes Arabic right to left: the page mirrored, numbers left to right', async () => {
    const input = {
      locale: 'ar-AE' as const,
      currency: 'AED',
      customer: { name: 'شركة الخليج للتجارة', street: 'شارع الشيخ زايد 12', town: 'دبي' },
    };
    const { bytes, text, doc } = await render(input);
    expect(doc.getTitle()).toBe('عرض CS-2024-0042');
    expect(text).toContain('شركة الخليج للتجارة');
    expect(text).toContain('10,000.00'); // digits in their order inside the Arabic amount
    expect(text).toContain('الصفحة 1 من 1');
    // The page is mirrored: the title ends at the right margin, as the English one starts at the left.
    const title = (pdf: Uint8Array, words: string) =>
      drawnTexts(pdf).then((all) => all.find((d) => d.text === words)!);
    const right = await title(bytes, 'عرض');
    const left = await title((await render()).bytes, 'Offer');
    expect(right.x + right.width).toBeCloseTo(A4[0] - MARGIN.right, 0);
    expect(left.x).toBeCloseTo(MARGIN.left, 0);
  });
});
