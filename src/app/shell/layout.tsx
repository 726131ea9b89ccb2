import { Box, Flex, Link, useBreakpointValue } from '../../client/ui/chakra';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useOnline } from '../../client/online';
import { MutationOverlay } from '../../client/ui/loading-overlay';
import { notify } from '../../client/ui/notify';
import { useProfile } from '../../client/profile/queries';
import { SessionWarning } from '../../features/session/components/session-warning';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';

const MobileNav = lazy(() => import('./mobile-nav'));
const LiveUpdates = lazy(() => import('../../features/requests/components/live-updates'));

/**
 * The main shell (portal specification, “Screens and routes”): sidebar, header with quick search, the page, footer,
 * notifications and the loading overlay. From xl up the sidebar sits beside the page and can
 * be folded away; below it opens as a drawer.
 */
export function Layout() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  // Beside the page from xl (1280 px) up: on a 1024 px tablet the lists need the whole width.
  const wide = useBreakpointValue({ base: false, xl: true }, { ssr: false }) ?? true;
  const [sidebarShown, setSidebarShown] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The outbox (and its IndexedDB code) loads after the first screen; then it drains. Not before
  // the device's copy of the queries is restored: a save delivered earlier would update a cache
  // still empty, and the restored copy, older than the save, would then be kept and persisted
  // (the calculation opened offline later would start from it and meet a conflict).
  const restoring = useIsRestoring();
  useEffect(() => {
    if (restoring) return;
    void Promise.all([
      import('../../client/offline/outbox'),
      import('../../client/calculation/queries'),
    ]).then(([m, calculations]) => {
      m.startOutbox();
      m.onSent((entry, answer) => {
        if (entry.endpoint === 'saveVariant')
          calculations.keepDeliveredVariant(queryClient, entry.entityKey, answer);
        void queryClient.invalidateQueries();
      });
    });
    // Ask that the device keep drafts and queued writes (shown in the sync panel).
    void navigator.storage?.persist?.();
  }, [queryClient, restoring]);

  // Work saved on this device while offline: once the last of it has reached the server, say so.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../client/offline/outbox').then((m) => {
      if (gone) return;
      stop = m.onSent(() => {
        void m.pendingCount().then((left) => {
          if (left === 0) notify({ type: 'success', title: t('sync.allSent'), duration: 6000 });
        });
      });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [t]);

  // Whenever online with a known brand, the reference data for drafting offline is renewed.
  const online = useOnline();
  const countryIso = profile?.countryIso;
  const brand = profile?.selectedUserProfileId;
  useEffect(() => {
    if (online && countryIso && brand)
      void import('../../client/offline/reference').then((m) => m.refreshReference(countryIso));
  }, [online, countryIso, brand]);

  const navOpen = wide ? sidebarShown : drawerOpen;
  const toggleNav = () => (wide ? setSidebarShown((v) => !v) : setDrawerOpen((v) => !v));

  return (
    <Flex minH="100dvh">
      {profile && (
        <Suspense>
          <LiveUpdates userProfileId={profile.selectedUserProfileId} />
        </Suspense>
      )}
      <Link
        href="#main"
        position="absolute"
        // Off the start side until focused: that overflow never scrolls, left to right or right to left.
        insetInlineStart="-9999px"
        _focus={{ insetInlineStart: '2', top: '2', zIndex: 'skipLink', bg: 'bg.panel', p: '2' }}
      >
        {t('app.skipToContent')}
      </Link>
      {wide && sidebarShown && (
        <Box
          as="aside"
          w="280px"
          flexShrink={0}
          bg="bg.panel"
          borderEndWidth="1px"
          position="sticky"
          top="0"
          h="100dvh"
          overflowY="auto"
        >
          <Sidebar profile={profile} />
        </Box>
      )}
      {!wide && (
        <Suspense>
          <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen} profile={profile} />
        </Suspense>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Header navOpen={navOpen} onToggleNav={toggleNav} />
        <Box
          as="main"
          id="main"
          tabIndex={-1}
          flex="1"
          // The footer starts below the fold: a page that grows as it loads moves nothing in view.
          minH="100dvh"
          px={{ base: '4', md: '8' }}
          py={{ base: '5', md: '8' }}
        >
          <Outlet />
        </Box>
        <Footer countryIso={profile?.countryIso} />
      </Flex>
      <SessionWarning />
      <MutationOverlay />
    </Flex>
  );
}
