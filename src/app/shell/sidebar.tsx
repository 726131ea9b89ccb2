import { Box, Flex, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { AccountProfile } from '../../domain/session';
import { ProfileArea } from '../../features/session/components/profile-area';
import { NAV_ENTRIES, type NavEntry } from './nav';

/** The sidebar: logo, profile area and the main navigation with its administration group. */
export function Sidebar({ profile, onNavigate }: { profile?: AccountProfile; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const shown = NAV_ENTRIES.filter((e) => !e.visible || (profile && e.visible(profile)));
  const main = shown.filter((e) => !e.group);
  const admin = shown.filter((e) => e.group === 'admin');
  return (
    <Flex direction="column" h="full" gap="6" p="5">
      <Flex align="center" gap="2" fontWeight="bold" color="brand.fg" fontSize="lg">
        <img src="/favicon.svg" alt="" width="32" height="32" />
        {t('app.name')}
      </Flex>
      {profile ? <ProfileArea profile={profile} onSwitch={onNavigate} /> : <Skeleton h="48" rounded="md" />}
      <Separator />
      <Box as="nav" aria-label={t('shell.navigation')}>
        <NavList entries={main} onNavigate={onNavigate} />
        {admin.length > 0 && (
          <>
            <Text
              fontSize="xs"
              fontWeight="semibold"
              textTransform="uppercase"
              color="fg.muted"
              mt="5"
              mb="1"
              px="3"
            >
              {t('shell.nav.admin')}
            </Text>
            <NavList entries={admin} onNavigate={onNavigate} />
          </>
        )}
      </Box>
    </Flex>
  );
}

function NavList({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" listStyleType="none" gap="1">
      {entries.map(({ to, labelKey, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} end={to === '/'} onClick={onNavigate}>
            {({ isActive }) => (
              <Flex
                align="center"
                gap="3"
                px="3"
                py="2"
                rounded="md"
                fontWeight="medium"
                bg={isActive ? 'brand.subtle' : undefined}
                color={isActive ? 'brand.fg' : 'fg'}
                _hover={{ bg: 'bg.muted' }}
                aria-current={isActive ? 'page' : undefined}
              >
                <Icon />
                <Text>{t(labelKey)}</Text>
              </Flex>
            )}
          </NavLink>
        </li>
      ))}
    </Stack>
  );
}
