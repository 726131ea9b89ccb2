import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { sessionStore, startSession, type SessionStart } from '../../../client/auth/session';
import { CACHE_MAX_AGE, createQueryClient } from '../../../client/query';
import type * as PersistenceModule from '../../../client/query-persistence';
import { FullPageMessage } from '../../../client/pages/static-page';
import { sessionKeys } from '../../../client/profile/queries';

type Persistence = typeof PersistenceModule;

/**
 * Pages of the main shell need a signed-in user. The query cache belongs to that user: it is
 * restored from their persisted copy and never shown to another.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SessionStart | 'starting' | 'failed'>('starting');
  const user = useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get().user);
  const userKey = user?.profile.sub;

  // Sign-in needs Web Crypto (PKCE), which a browser offers only on https or this machine.
  const insecure = window.isSecureContext === false;

  // The cache's persistence is its own chunk, fetched while the session starts (not after it).
  const [persistence, setPersistence] = useState<Persistence | 'none'>();
  useEffect(() => {
    if (insecure) return;
    startSession().then(setStatus, (error: unknown) => {
      console.error('session start failed', error);
      setStatus('failed');
    });
    import('../../../client/query-persistence').then(setPersistence, (error: unknown) => {
      // The session is fine: the portal works without a kept copy of its data (as without IndexedDB).
      console.warn('query cache persistence not loaded', error);
      setPersistence('none');
    });
  }, [insecure]);

  const cache = useMemo(() => {
    if (!userKey || !persistence) return undefined;
    if (persistence === 'none') return { client: createQueryClient() };
    // Only this account's copy stays on the device (a browser without IndexedDB keeps none).
    persistence
      .dropOtherCaches(userKey)
      .catch((error: unknown) => console.warn('query cache not cleared', error));
    return { client: createQueryClient(), persister: persistence.createPersister(userKey) };
  }, [userKey, persistence]);

  if (insecure)
    return (
      <FullPageMessage
        title={t('session.insecure.title')}
        text={t('session.insecure.text', { address: window.location.origin })}
      />
    );
  if (status === 'failed') return <Navigate to="/authentication-error/session_start_failed" replace />;
  if (status === 'offlineWithoutSession')
    return <FullPageMessage title={t('session.offline')} text={t('session.offlineSignIn')} />;
  if (status !== 'signedIn' || !cache || !persistence)
    return <FullPageMessage busy text={t('signIn.redirecting')} />;
  if (persistence === 'none' || !cache.persister)
    return (
      <QueryClientProvider key={userKey} client={cache.client}>
        {children}
      </QueryClientProvider>
    );
  const { PersistQueryClientProvider } = persistence;
  return (
    <PersistQueryClientProvider
      key={userKey}
      client={cache.client}
      persistOptions={{ persister: cache.persister, maxAge: CACHE_MAX_AGE, buster: 'v1' }}
      // The kept copy is written at most once a second, so it can miss the last change (terms just
      // accepted, then a reload): the account is asked again at every start. Offline the kept
      // profile stands.
      onSuccess={() => void cache.client.invalidateQueries({ queryKey: sessionKeys.all })}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
