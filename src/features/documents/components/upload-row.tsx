import { Box, Button, Flex, HStack, Progress, Text, progressSlotRecipe } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../client/format/format';
import type { UploadItem } from './use-uploads';

/** One file on its way: its progress, or why it was refused or failed, with Retry and Remove. */
export function UploadRow({
  item,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = Math.round(item.progress * 100);
  const problem = item.status === 'refused' || item.status === 'failed';
  const busy = item.status === 'uploading' || item.status === 'waiting';
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor={problem ? 'border.error' : 'border'}
      rounded="l2"
      p="3"
      bg="bg.panel"
      data-testid="upload-item"
      data-status={item.status}
      data-uploading={busy || undefined}
      data-upload-failed={problem || undefined}
    >
      <Flex gap="3" align="center" wrap="wrap">
        <Box flex="1 1 12rem" minW="0">
          <Text fontWeight="medium" wordBreak="break-word">
            {item.file.name}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t(`documents.categories.${item.category}`, { defaultValue: item.category })} ·{' '}
            {format.fileSize(item.file.size)}
          </Text>
        </Box>
        <HStack ms="auto" gap="2">
          {item.status === 'failed' && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              {t('documents.upload.retry')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={t('documents.upload.removeName', { name: item.file.name })}
          >
            {busy ? t('documents.upload.cancel') : t('documents.upload.remove')}
          </Button>
        </HStack>
      </Flex>
      {busy && (
        <Progress.Root
          recipe={progressSlotRecipe}
          value={item.status === 'waiting' ? null : percent}
          size="sm"
          colorPalette="brand"
          mt="2"
          aria-label={t('documents.upload.progressOf', { name: item.file.name })}
        >
          <HStack gap="3">
            <Progress.Track flex="1">
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText fontSize="sm" minW="24" textAlign="end" data-testid="upload-progress">
              {item.status === 'waiting'
                ? t('documents.upload.waiting')
                : t('documents.upload.uploading', { percent })}
            </Progress.ValueText>
          </HStack>
        </Progress.Root>
      )}
      {problem && (
        <Text mt="2" fontSize="sm" color="fg.error" role="alert" data-testid="upload-problem">
          {item.status === 'failed' && `${t('documents.upload.failed')}: `}
          {t(`documents.errors.${item.reason ?? 'uploadFailed'}`, {
            defaultValue: t('documents.errors.uploadFailed'),
          })}
          {item.correlationId && (
            <Text as="span" display="block" color="fg.muted" fontSize="xs">
              {t('documents.correlationId', { id: item.correlationId })}
            </Text>
          )}
        </Text>
      )}
    </Box>
  );
}
