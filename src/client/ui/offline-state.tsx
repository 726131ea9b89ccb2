import { methodOf } from '../offline/endpoints';
import { Alert, Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useOutbox } from '../offline/outbox';
import { useOnline } from '../online';

/**
 * A read that has nothing kept on this device and waits for the connection: offline, a page
 * never opened before would otherwise show its placeholders for ever.
 */
export const unavailableOffline = (query: { data: unknown; fetchStatus: string }) =>
  query.data === undefined && query.fetchStatus === 'paused';

/** Said instead of a page's content that was never loaded on this device. */
export function NotAvailableOffline() {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info" data-testid="not-available-offline">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('offline.unavailable')}</Alert.Title>
        <Alert.Description>{t('offline.unavailableHint')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Above a list: offline, that it is the list as last loaded here; and, with `profileId`, the
 * calculations saved on this device that the server does not have yet, marked as such.
 */
export function OfflineListNote({ profileId }: { profileId?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const entries = useOutbox();
  const waiting = profileId
    ? [
        ...new Map(
          entries.filter((e) => e.profileId === profileId && !e.fileId).map((e) => [e.entityKey, e]),
        ).values(),
      ]
    : [];
  if (online && waiting.length === 0) return null;
  return (
    <Stack gap="2" className="no-print">
      {!online && (
        <Alert.Root status="warning" data-testid="offline-list">
          <Alert.Indicator />
          <Alert.Title>{t('offline.cachedList')}</Alert.Title>
        </Alert.Root>
      )}
      {waiting.length > 0 && (
        <Box borderWidth="1px" borderStyle="dashed" rounded="l2" p="3" data-testid="waiting-saves">
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold">{t('offline.waitingTitle')}</Text>
            <Link asChild color="brand.fg">
              <RouterLink to="/sync">{t('offline.toSync')}</RouterLink>
            </Link>
          </HStack>
          <Stack as="ul" listStyleType="none" gap="1" mt="2">
            {waiting.map((e) => (
              <HStack as="li" key={e.entityKey} gap="2">
                <Badge colorPalette="orange" variant="subtle">
                  {t(`sync.kinds.${methodOf(e)}`)}
                </Badge>
                <Text>{e.label}</Text>
              </HStack>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
