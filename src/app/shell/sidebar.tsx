import { Box, Flex, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { AccountProfile } from '../../domain/session';
import { ProfileArea } from '../../features/session/components/profile-area';
import { NAV_ENTRIES } from './nav';

/** The sidebar: logo, profile area and the main navigation. */
export function Sidebar({ profile, onNavigate }: { profile?: AccountProfile; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const entries = NAV_ENTRIES.filter((e) => !e.adminOnly || profile?.isAdmin);
  return (
    <Flex direction="column" h="full" gap="6" p="5">
      <Flex align="center" gap="2" fontWeight="bold" color="brand.fg" fontSize="lg">
        <img src="/favicon.svg" alt="" width="32" height="32" />
        {t('app.name')}
      </Flex>
      {profile ? <ProfileArea profile={profile} /> : <Skeleton h="48" rounded="md" />}
      <Separator />
      <Box as="nav" aria-label={t('shell.navigation')}>
        <Stack as="ul" listStyleType="none" gap="1">
          {entries.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} end onClick={onNavigate}>
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
      </Box>
    </Flex>
  );
}
