import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../client/format/format';

/** The shared formats (src/client/format/format.ts) and the age of a request. */
export function useBackofficeFormat() {
  const { t } = useTranslation();
  return {
    ...useFormat(),
    /** "12 min"; "2 h 5 min" from an hour; whole days from two days (texts of the language). */
    age: (totalMinutes: number) => {
      const m = Math.max(0, Math.floor(totalMinutes));
      if (m < 60) return t('backoffice.age.minutes', { count: m });
      if (m < 48 * 60) return t('backoffice.age.hours', { hours: Math.floor(m / 60), minutes: m % 60 });
      return t('backoffice.age.days', { count: Math.floor(m / (24 * 60)) });
    },
  };
}
