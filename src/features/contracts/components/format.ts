import { useTranslation } from 'react-i18next';

/** Calendar days, amounts and percentages of the contract pages in the display language. */
export function useContractFormat() {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  // A calendar day ('YYYY-MM-DD') is read as UTC so the browser's zone cannot move it.
  const asDay = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return {
    date: (iso: string | null | undefined) => (iso ? day.format(asDay(iso)) : '–'),
    longDate: (iso: string | null | undefined) => (iso ? long.format(asDay(iso)) : '–'),
    dateTime: (iso: string | null | undefined) => (iso ? moment.format(new Date(iso)) : '–'),
    amount: (value: number | null | undefined, currency: string) =>
      value === null || value === undefined
        ? '–'
        : new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(value),
    percent: (value: number) => `${percent.format(value)} %`,
  };
}
