import type { TermsDocumentEntity } from '../../../domain/api/terms';
import type { TranslatedLocale } from '../../../domain/locales';
import { translate } from '../../i18n';
import { renderTermsPdf } from '../../integrations/pdf/terms-pdf';

/** The edition of the terms and conditions the portal ships (locales/ui.*.json, terms.termsAndConditionsText). */
export const TERMS_EDITION = new Date('2026-01-01T00:00:00Z');

// One rendering per language and issuer: the document never changes while the server runs.
const rendered = new Map<string, Promise<string>>();

export async function termsAndConditionsDocument(
  locale: TranslatedLocale,
  brandName: string | undefined,
): Promise<TermsDocumentEntity> {
  const issuer = brandName ?? translate(locale, 'app.name');
  const key = `${locale}|${issuer}`;
  let content = rendered.get(key);
  if (!content) {
    content = renderTermsPdf({
      locale,
      title: translate(locale, 'terms.termsAndConditions'),
      text: translate(locale, 'terms.termsAndConditionsText'),
      issuer,
      edition: TERMS_EDITION,
    }).then((bytes) => Buffer.from(bytes).toString('base64'));
    // A failed rendering is tried again by the next call.
    content.catch(() => rendered.delete(key));
    rendered.set(key, content);
  }
  const title = translate(locale, 'terms.termsAndConditions');
  return {
    class: ['document', 'termsAndConditions'],
    properties: {
      content: await content,
      fileName: `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}.pdf`,
      fileFormat: 'pdf' as const,
      languageCode: locale,
    },
  };
}
