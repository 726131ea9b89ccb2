import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLocale, initI18n, initialLocale, keepQueryLocale } from '../client/i18n/i18n';
import { sessionForCalls } from '../client/auth/session';
import { configureHttp } from '../client/http';
import { selectedProfileId } from '../client/profile/selection';
import { registerServiceWorker } from '../client/pwa/register';
import { App } from './app';
import { withoutStartParameters } from './start-address';

/**
 * Start-up: choose the locale (the `l` parameter, then storage, then the company's, then
 * en-IE; an `l` is kept as the user's choice), drop the start's
 * parameters from the address (administration specification, “States and transitions”; the
 * sign-in callback keeps its code), load the translations, render, then register the service
 * worker. A list's own parameters stay, so that a reload keeps its filters and sort.
 */
export async function bootstrap(): Promise<void> {
  const locale = initialLocale();
  keepQueryLocale();
  if (window.location.pathname !== '/auth/callback') {
    const kept = withoutStartParameters(window.location.search);
    if (kept !== window.location.search)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + kept + window.location.hash,
      );
  }
  // A lazy chunk of an older version is gone after an update: reload once to get the new shell.
  window.addEventListener('vite:preloadError', () => {
    if (sessionStorage.getItem('reloadedForChunk')) return;
    sessionStorage.setItem('reloadedForChunk', '1');
    window.location.reload();
  });
  // Every call carries the session's token, the selected profile and the display language.
  configureHttp({ ...sessionForCalls, userProfileId: selectedProfileId, locale: currentLocale });
  await initI18n(locale);
  // The first render in slices a phone can interrupt (docs/architecture.md, “Rendering on a phone”).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  void registerServiceWorker();
}
