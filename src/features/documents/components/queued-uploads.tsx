import {
  Box,
  Button,
  Flex,
  HStack,
  Progress,
  Stack,
  Text,
  progressSlotRecipe,
} from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../client/offline/db';
import { discard, useOutbox, useUploadProgress } from '../../../client/offline/outbox';

/**
 * Files kept on this device until they can be sent (docs/offline.md): each waits in the outbox,
 * shows its progress once on its way, and can be taken back (after a question).
 */
export function QueuedUploads({ entityKey }: { entityKey: string }) {
  const { t } = useTranslation();
  const entries = useOutbox().filter((e) => e.fileId && e.entityKey === entityKey);
  if (entries.length === 0) return null;
  return (
    <Stack gap="2" as="section" aria-labelledby="queued-uploads-title" data-testid="queued-uploads">
      <Text id="queued-uploads-title" fontWeight="medium">
        {t('documents.queued.title')}
      </Text>
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
        {entries.map((e) => (
          <QueuedUpload key={e.id} entry={e} />
        ))}
      </Stack>
    </Stack>
  );
}

function QueuedUpload({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const progress = useUploadProgress(entry.id);
  const percent = Math.round((progress ?? 0) * 100);
  const remove = () => {
    if (window.confirm(t('sync.discardConfirm', { label: entry.label }))) void discard(entry.id);
  };
  return (
    <Box as="li" borderWidth="1px" rounded="l2" p="3" bg="bg.panel" data-testid="queued-upload">
      <Flex gap="3" align="center" wrap="wrap">
        <Box flex="1 1 12rem" minW="0">
          <Text fontWeight="medium" wordBreak="break-word">
            {entry.label}
          </Text>
          <Text fontSize="sm" color={entry.state === 'failed' ? 'fg.error' : 'fg.muted'}>
            {entry.state === 'failed' || entry.state === 'conflict'
              ? (entry.lastError ?? t('documents.upload.failed'))
              : t('documents.queued.waiting')}
          </Text>
        </Box>
        {entry.state !== 'sending' && (
          <Button size="sm" variant="ghost" ms="auto" onClick={remove}>
            {t('documents.upload.remove')}
          </Button>
        )}
      </Flex>
      {progress !== undefined && (
        <Progress.Root recipe={progressSlotRecipe} value={percent} size="sm" colorPalette="brand" mt="2">
          <HStack gap="3">
            <Progress.Track flex="1">
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText fontSize="sm" minW="24" textAlign="end">
              {t('documents.upload.uploading', { percent })}
            </Progress.ValueText>
          </HStack>
        </Progress.Root>
      )}
    </Box>
  );
}
