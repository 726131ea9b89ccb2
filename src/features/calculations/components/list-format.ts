import { useTranslation } from 'react-i18next';

/** Dates and amounts of the list in the display language. */
export function useListFormat() {
  const { i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    amount: (value: number | null, currency: string) =>
      value === null
        ? '–'
        : new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(value),
  };
}
