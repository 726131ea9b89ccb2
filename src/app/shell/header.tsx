import { Badge, Flex, IconButton } from '../../client/ui/chakra';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../client/online';
import { MenuIcon } from '../../client/ui/icons';
import { QuickSearch } from '../../features/search/components/quick-search';

// The outbox's IndexedDB code loads after the first screen.
const SyncIndicator = lazy(() => import('../../features/sync/components/sync-indicator'));

/** The header: navigation toggle, the quick search and the connection state. */
export function Header({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <Flex
      as="header"
      align="center"
      gap="3"
      px={{ base: '3', md: '6' }}
      py="3"
      bg="bg.panel"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <IconButton
        variant="ghost"
        onClick={onToggleNav}
        aria-expanded={navOpen}
        aria-label={navOpen ? t('shell.closeNavigation') : t('shell.openNavigation')}
      >
        <MenuIcon />
      </IconButton>
      <QuickSearch />
      <Flex ms="auto" gap="2" align="center">
        <Suspense fallback={null}>
          <SyncIndicator />
        </Suspense>
        <Badge colorPalette={online ? 'green' : 'orange'} variant="subtle" data-testid="connection-state">
          {online ? t('session.online') : t('session.offline')}
        </Badge>
      </Flex>
    </Flex>
  );
}
