import { Box, Flex, Separator, Skeleton, Stack } from '../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import type { AccountProfile } from '../../domain/session';
import { ProfileArea } from '../../features/session/components/profile-area';
import { isGroup, navFor } from './nav';
import { NavGroupButton, TopNavItem } from './nav-flyout';

/**
 * The sidebar: logo, profile area and the main navigation, whose calculations and administration
 * open as flyouts beside it (in the menu drawer, `onNavigate` given: in place).
 */
export function Sidebar({ profile, onNavigate }: { profile?: AccountProfile; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" h="full" gap="6" p="5">
      <Flex align="center" gap="2" fontWeight="bold" color="brand.fg" fontSize="lg">
        <img src="/favicon.svg" alt="" width="32" height="32" />
        {t('app.name')}
      </Flex>
      {profile ? <ProfileArea profile={profile} onSwitch={onNavigate} /> : <Skeleton h="48" rounded="md" />}
      <Separator />
      <Box as="nav" aria-label={t('shell.navigation')}>
        <Stack as="ul" listStyleType="none" gap="1">
          {navFor(profile).map((entry) =>
            isGroup(entry) ? (
              <NavGroupButton
                key={entry.group}
                group={entry}
                inDrawer={onNavigate !== undefined}
                onNavigate={onNavigate}
              />
            ) : (
              <TopNavItem key={entry.to} entry={entry} onNavigate={onNavigate} />
            ),
          )}
        </Stack>
      </Box>
    </Flex>
  );
}
