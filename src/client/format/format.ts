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
  const names = new Map<'region' | 'language', Intl.DisplayNames | null>();
  const namesOf = (type: 'region' | 'language') => {
    if (!names.has(type)) {
      try {
        names.set(type, displayNames(locale, { type }));
      } catch {
        names.set(type, null);
      }
    }
    return names.get(type);
  };
  const moment = (options: Intl.DateTimeFormatOptions) => (at: string | number | null | undefined) =>
    at === null || at === undefined || at === '' ? '–' : dateTimeFormat(locale, options).format(new Date(at));
  const money = (options: Intl.NumberFormatOptions) => (value: number, code: string) =>
    numberFormat(locale, { style: 'currency', currency: code, ...options }).format(value);
  const plainAmount = money({});
  const month = (width: 'long' | 'short' | 'narrow') => (yearMonth: string) =>
    dateTimeFormat(locale, {
      month: width,
      ...(width === 'long' ? { year: 'numeric' as const } : {}),
      timeZone: 'UTC',
    }).format(new Date(`${yearMonth}-01T00:00:00Z`));
  return {
    /** "26 Nov 2026". */
    date: calendarDay('medium'),
    /** "26 November 2026". */
    longDate: calendarDay('long'),
    /** "26 Nov 2026": the day of a moment, in the browser's zone. */
    dayOf: moment({ dateStyle: 'medium' }),
    /** "26 Nov 2026, 11:12", in the browser's zone. */
    dateTime: moment({ dateStyle: 'medium', timeStyle: 'short' }),
    /** "26/11/2026, 11:12". */
    shortDateTime: moment({ dateStyle: 'short', timeStyle: 'short' }),
    /** "26 November 2026 at 11:12". */
    longDateTime: moment({ dateStyle: 'long', timeStyle: 'short' }),
    /** "11:12:05". */
    time: moment({ timeStyle: 'medium' }),
    /** "9:00" (en-IE), "9:00 AM" (en-US): an hour of the day as a clock shows it (opening hours). */
    hour: (h: number) =>
      dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
        Date.UTC(2026, 0, 5, h),
      ),
    /** "November 2026", "Nov" and "N" for '2026-11'. */
    longMonth: month('long'),
    shortMonth: month('short'),
    narrowMonth: month('narrow'),
    /** "1,234". */
    number: (value: number) => numberFormat(locale).format(value),
    /** "€1,173.21". */
    amount: (value: number | null | undefined, currency: string) =>
      value === null || value === undefined ? '–' : plainAmount(value, currency),
    /** "€1,173": to the whole unit. */
    wholeAmount: money({ maximumFractionDigits: 0 }),
    /** "€1.17K": compact, three digits. */
    compactAmount: money({ notation: 'compact', maximumSignificantDigits: 3 }),
    /** "4.5 %". */
    percent: (value: number) => `${numberFormat(locale, { maximumFractionDigits: 3 }).format(value)} %`,
    /** "Sweden" for 'SE'; the code itself when the language has no name for it. */
    country: (code: string | undefined) => (code ? (namesOf('region')?.of(code.toUpperCase()) ?? code) : ''),
    /** "German" for 'de' (in English); the code itself when the language has no name for it. */
    language: (code: string) => namesOf('language')?.of(code) ?? code,
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

/**
 * A locale's name in its own language, as a language menu shows it: “Français”, or
 * “Français suisse” where the menu has more than one locale of that language.
 */
export function languageName(locale: string, withRegion: boolean): string {
  const [language] = locale.split('-');
  let name = locale;
  try {
    name = displayNames([locale], { type: 'language' }).of(withRegion ? locale : language!) ?? locale;
  } catch {
    // An engine without the name shows the tag.
  }
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
