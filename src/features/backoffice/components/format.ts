import { useTranslation } from 'react-i18next';

/** Amounts, dates, ages and countries in the display language. */
export function useBackofficeFormat() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  // Dates without a time (a date of birth) are calendar days: formatted in UTC, never shifted.
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames(lang, { type: 'region' });
  } catch {
    regions = undefined;
  }
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (isoDate: string) => {
      const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? isoDate : date.format(d);
    },
    amount: (value: number | null | undefined, currency: string) =>
      value === null || value === undefined
        ? '–'
        : new Intl.NumberFormat(lang, { style: 'currency', currency }).format(value),
    /** "12 min"; "2 h 5 min" from an hour; whole days from two days (texts of the language). */
    age: (totalMinutes: number) => {
      const m = Math.max(0, Math.floor(totalMinutes));
      if (m < 60) return t('backoffice.age.minutes', { count: m });
      if (m < 48 * 60) return t('backoffice.age.hours', { hours: Math.floor(m / 60), minutes: m % 60 });
      return t('backoffice.age.days', { count: Math.floor(m / (24 * 60)) });
    },
    country: (code: string | undefined) => (code ? (regions?.of(code.toUpperCase()) ?? code) : ''),
  };
}
