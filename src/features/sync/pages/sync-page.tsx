import { methodOf } from '../../../client/offline/endpoints';
import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Progress,
  Stack,
  Text,
  progressSlotRecipe,
} from '../../../client/ui/chakra';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../client/offline/db';
import { discard, drain, retry, useOutbox, useUploadProgress } from '../../../client/offline/outbox';
import { useOnline } from '../../../client/online';
import { Conflict } from '../components/conflict';
import { useFormat } from '../../../client/format/format';

const PALETTE = { pending: 'orange', sending: 'blue', conflict: 'red', failed: 'red' } as const;

/** /sync: the writes waiting for the server, with retry, discard and 'sync now' (docs/offline.md). */
export function SyncPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const entries = useOutbox();
  const storage = useStorageInfo();
  const format = useFormat();
  const drop = (e: OutboxEntry) => {
    if (window.confirm(t('sync.discardConfirm', { label: e.label }))) void discard(e.id);
  };
  return (
    <Stack gap="5" maxW="4xl">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {t('sync.title')}
        </Heading>
        <Button colorPalette="brand" disabled={!online} onClick={() => void drain()}>
          {t('sync.now')}
        </Button>
      </Flex>
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('sync.offline')}</Alert.Title>
        </Alert.Root>
      )}
      {entries.length === 0 && <Text color="fg.muted">{t('sync.empty')}</Text>}
      <Stack gap="2" as="ul" listStyleType="none">
        {entries.map((e) => (
          <Box
            as="li"
            key={e.id}
            borderWidth="1px"
            rounded="l2"
            p="3"
            bg="bg.panel"
            data-testid="outbox-entry"
          >
            <Flex justify="space-between" gap="3" wrap="wrap">
              <Box>
                <Text fontWeight="medium">{e.label}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t(e.fileId ? 'sync.kinds.upload' : `sync.kinds.${methodOf(e)}`)} ·{' '}
                  {format.shortDateTime(e.createdAt)}
                  {e.attempts > 0 && ` · ${t('sync.attempts', { count: e.attempts })}`}
                </Text>
                {e.lastError && (
                  <Text fontSize="sm" color={e.state === 'pending' ? 'fg.muted' : 'fg.error'}>
                    {e.lastError}
                  </Text>
                )}
              </Box>
              <HStack>
                <Badge colorPalette={PALETTE[e.state]}>{t(`sync.states.${e.state}`)}</Badge>
                {e.state !== 'sending' && (
                  <Button size="xs" variant="outline" disabled={!online} onClick={() => void retry(e.id)}>
                    {t('sync.retry')}
                  </Button>
                )}
                <Button size="xs" variant="ghost" colorPalette="red" onClick={() => drop(e)}>
                  {t('sync.discard')}
                </Button>
              </HStack>
            </Flex>
            {e.fileId && e.state === 'sending' && <UploadProgress id={e.id} />}
            {e.state === 'conflict' && <Conflict entry={e} />}
          </Box>
        ))}
      </Stack>
      <Text fontSize="sm" color="fg.muted" data-testid="storage-info">
        {storage &&
          t(storage.persisted ? 'sync.storagePersistent' : 'sync.storageBestEffort', {
            used: (storage.usage / 1024 / 1024).toFixed(1),
          })}
      </Text>
    </Stack>
  );
}

function UploadProgress({ id }: { id: string }) {
  const { t } = useTranslation();
  const percent = Math.round((useUploadProgress(id) ?? 0) * 100);
  return (
    <Progress.Root recipe={progressSlotRecipe} value={percent} size="xs" colorPalette="brand" mt="2">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Progress.ValueText srOnly>{t('documents.upload.uploading', { percent })}</Progress.ValueText>
    </Progress.Root>
  );
}

function useStorageInfo() {
  const [info, setInfo] = useState<{ persisted: boolean; usage: number }>();
  useEffect(() => {
    void (async () => {
      const persisted = (await navigator.storage?.persisted?.()) ?? false;
      const estimate = await navigator.storage?.estimate?.();
      setInfo({ persisted, usage: estimate?.usage ?? 0 });
    })();
  }, []);
  return info;
}

export const Component = SyncPage;
