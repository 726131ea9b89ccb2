import { Badge, Flex, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../client/online';
import { MenuIcon, SearchIcon } from '../../client/ui/icons';

/**
 * The header: navigation toggle, the quick-search box and the connection state. Quick search
 * answers once calculations and contracts exist (the calculations issue wires it).
 */
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
      <Flex as="form" role="search" flex="1" maxW="xl" onSubmit={(e) => e.preventDefault()}>
        <InputGroup startElement={<SearchIcon />}>
          <Input
            name="searchText"
            type="search"
            aria-label={t('shell.search.label')}
            placeholder={t('shell.search.placeholder')}
            title={t('shell.search.notYetAvailable')}
            disabled
          />
        </InputGroup>
      </Flex>
      <Badge
        ml="auto"
        colorPalette={online ? 'green' : 'orange'}
        variant="subtle"
        data-testid="connection-state"
      >
        {online ? t('session.online') : t('session.offline')}
      </Badge>
    </Flex>
  );
}
