import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { decisionMail, offerMail } from '../../modules/requests/mails';
import { TRANSLATED_LOCALES, type TranslatedLocale } from '../../../domain/locales';
import { embedFonts } from './fonts';
import { pdfTexts } from './texts';

const LOCALES: TranslatedLocale[] = [...TRANSLATED_LOCALES];

/** Every text of a language, the templates filled with sample values. */
function allTexts(locale: TranslatedLocale): string[] {
  const walk = (node: unknown): string[] =>
    typeof node === 'string'
      ? [node]
      : typeof node === 'function'
        ? [String((node as (...a: unknown[]) => unknown)(3, 7, '€10.00'))]
        : typeof node === 'object' && node
          ? Object.values(node).flatMap(walk)
          : [];
  return walk({ ...pdfTexts(locale), timeZone: undefined });
}

describe('the PDF and mail wording from the translation files', () => {
  it.each(LOCALES)('%s has every text the PDFs print, with its variables filled', (locale) => {
    for (const text of allTexts(locale)) {
      expect(text).not.toMatch(/^pdf\./);
      expect(text).not.toContain('{{');
    }
  });

  it.each(LOCALES)('%s is written whole by the PDFs’ font: no letter prints as “?”', async (locale) => {
    const { regular, bold } = await embedFonts(await PDFDocument.create());
    const bolds = new Set(bold.getCharacterSet());
    const writes = new Set(regular.getCharacterSet().filter((c) => bolds.has(c)));
    const missing = new Set(
      [...allTexts(locale).join('')].filter((c) => c !== '\n' && !writes.has(c.codePointAt(0)!)),
    );
    expect([...missing]).toEqual([]);
  });

  it('fills the templates as the PDFs print them', () => {
    const en = pdfTexts('en-IE');
    expect(en.page(1, 2)).toBe('Page 1 of 2');
    expect(en.months(1)).toBe('1 month');
    expect(en.months(36)).toBe('36 months');
    expect(en.offer.scheduleLine(4, 4, '€1.00')).toBe('Instalment 4: €1.00');
    expect(en.offer.scheduleLine(4, 35, '€1.00')).toBe('Instalments 4–35: €1.00');
    expect(pdfTexts('de-DE').redemption.instalments(12, 36)).toBe('12 von 36 bezahlt');
    expect(pdfTexts('sv-SE').contract.title).toBe('Leasingavtal');
  });

  it('writes the mails in the recipient’s language', () => {
    const decision = decisionMail('a@example.com', 'de-DE', 'Muster GmbH', 'declined', 'https://x/');
    expect(decision.subject).toBe('Kreditentscheidung für Muster GmbH');
    expect(decision.text).toContain('Die Anfrage für Muster GmbH ist abgelehnt.');
    const unknownState = decisionMail('a@example.com', 'en-IE', 'Acme', 'inWork', 'https://x/');
    expect(unknownState.text).toContain('The request for Acme is inWork.');
    const offer = offerMail('b@example.com', 'sv-SE', 'Partner AB', 'Hej!');
    expect(offer.subject).toBe('Ditt leasingerbjudande från Partner AB');
    expect(offer.text).toBe('Bifogat finns ditt leasingerbjudande från Partner AB.\n\nHej!');
  });
});
