import { useTranslation } from 'react-i18next';
import { dateTimeFormat, displayNames, numberFormat } from './intl';

const formatsByLocale = new Map<string, ReturnType<typeof makeFormats>>();

/**
 * Dates, amounts, percentages, countries and file sizes as every page shows them, in the given
 * language. An absent value shows as '–'. A calendar day ('YYYY-MM-DD', or the date part of a
 * timestamp) is formatted in UTC, so the browser's zone cannot move it; one that is no date at all
 * is shown as it came.
 */
export function formatsOf(locale: string) {
  let formats = formatsByLocale.get(locale);
  if (!formats) formatsByLocale.set(locale, (formats = makeFormats(locale)));
  return formats;
}

function makeFormats(locale: string) {
  // Each formatter is made when first used (intl.ts keeps it).
  const calendarDay = (dateStyle: 'medium' | 'long') => (iso: string | null | undefined) => {
    if (!iso) return '–';
    const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? iso : dateTimeFormat(locale, { dateStyle, timeZone: 'UTC' }).format(d);
  };
  let regions: Intl.DisplayNames | null | undefined;
  const regionNames = () => {
    if (regions === undefined) {
      try {
        regions = displayNames(locale, { type: 'region' });
      } catch {
        regions = null;
      }
    }
    return regions;
  };
  return {
    /** "26 Nov 2026". */
    date: calendarDay('medium'),
    /** "26 November 2026". */
    longDate: calendarDay('long'),
    /** "26 Nov 2026, 11:12", in the browser's zone. */
    dateTime: (iso: string | null | undefined) =>
      iso ? dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '–',
    /** "€1,173.21". */
    amount: (value: number | null | undefined, currency: string) =>
      value === null || value === undefined
        ? '–'
        : numberFormat(locale, { style: 'currency', currency }).format(value),
    /** "4.5 %". */
    percent: (value: number) => `${numberFormat(locale, { maximumFractionDigits: 3 }).format(value)} %`,
    /** "Sweden" for 'SE'; the code itself when the language has no name for it. */
    country: (code: string | undefined) => (code ? (regionNames()?.of(code.toUpperCase()) ?? code) : ''),
    /** "512 byte", "12.5 kB", "3.1 MB". */
    fileSize: (bytes: number) => {
      const [value, unit] =
        bytes < 1024
          ? [bytes, 'byte']
          : bytes < 1024 * 1024
            ? [bytes / 1024, 'kilobyte']
            : [bytes / (1024 * 1024), 'megabyte'];
      return numberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: unit === 'byte' ? 0 : 1,
      }).format(value);
    },
  };
}

export type Formats = ReturnType<typeof formatsOf>;

/** The formats of the display language. */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  return formatsOf(i18n.language);
}
