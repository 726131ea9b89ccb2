import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import { PageSubjectProvider } from '../client/page-subject';

/** What a route calls itself in the browser's tab: a translation key, given the route's parameters. */
export interface TitledHandle {
  title: string;
}

const isTitled = (handle: unknown): handle is TitledHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle;

/**
 * Names the tab after the deepest route with a title (“Calculations – Partner Portal”), led by
 * the page's subject where it names one (“Müller GmbH – Calculation – Partner Portal”,
 * `usePageSubject`), so that tabs, history and screen readers tell pages apart; in the current
 * language.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const [subject, setSubject] = useState<string>();
  const match = [...useMatches()].reverse().find((m) => isTitled(m.handle));
  const page = match && isTitled(match.handle) ? t(match.handle.title, match.params) : undefined;
  const app = t('app.name');
  useEffect(() => {
    document.title = [subject, page, app].filter(Boolean).join(' – ');
  }, [subject, page, app]);
  return (
    <PageSubjectProvider value={setSubject}>
      <Outlet />
    </PageSubjectProvider>
  );
}
