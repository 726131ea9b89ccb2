import { Box, Button, Field, Heading, HStack, NativeSelect, Stack, Text } from '../../../client/ui/chakra';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action } from '../../../domain/hypermedia';
import { notify } from '../../../client/ui/notify';
import { useFormat } from '../../../client/format/format';
import { QueuedUploads } from './queued-uploads';
import { UploadRow } from './upload-row';
import { useUploads } from './use-uploads';

/**
 * Adding attachments: the category first (default 'other'), then files chosen or dropped.
 * Each file is checked before it is sent and shows its progress; a failed one can be retried.
 */
export function UploadArea({
  calculationSetId,
  upload,
  categories,
  rules,
  title,
  status,
}: {
  calculationSetId: string;
  upload: Action;
  categories: string[];
  rules: { maxFileSize: number; allowedExtensions: string[] };
  /** A heading of its own (the contract start asks for one kind of paper per area). */
  title?: string;
  /** Shown beside the title (whether the paper is attached, say). */
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [category, setCategory] = useState(
    categories.includes('other') ? 'other' : (categories[0] ?? 'other'),
  );
  const [dragging, setDragging] = useState(false);
  const titleId = useId();
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const uploads = useUploads({
    calculationSetId,
    upload,
    rules,
    // Said once: a file kept for later by a toast (seen and announced), a file sent, which the
    // list shows, to screen readers only.
    onUploaded: (name, queued) => {
      if (queued) notify({ type: 'info', title: t('documents.queued.kept', { name }), duration: 5000 });
      else setAnnouncement(t('documents.upload.uploaded', { name }));
    },
  });

  const take = (files: FileList | null | undefined) => {
    if (files?.length) uploads.add([...files], category);
    if (input.current) input.current.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  return (
    <Stack gap="4" as="section" aria-labelledby={titleId} data-testid="upload-area">
      <HStack gap="3" wrap="wrap">
        <Heading as="h3" size="sm" id={titleId}>
          {title ?? t('documents.upload.title')}
        </Heading>
        {status}
      </HStack>
      <Field.Root maxW={{ base: 'full', sm: 'xs' }}>
        <Field.Label>{t('documents.upload.category')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value)}
            data-testid="document-category"
          >
            {categories.map((c) => (
              <option key={c} value={c}>
                {t(`documents.categories.${c}`, { defaultValue: c })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.solid' : 'border.emphasized'}
        bg={dragging ? 'brand.subtle' : 'bg.subtle'}
        rounded="l2"
        px="4"
        py={{ base: '6', md: '8' }}
        textAlign="center"
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <Stack gap="3" align="center">
          <Text>{t('documents.upload.drop')}</Text>
          <Button colorPalette="brand" onClick={() => input.current?.click()}>
            {t('documents.upload.choose')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('documents.upload.rules', { max: format.fileSize(rules.maxFileSize) })}
          </Text>
        </Stack>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={rules.allowedExtensions.map((e) => `.${e}`).join(',')}
          aria-label={t('documents.upload.choose')}
          onChange={(e) => take(e.currentTarget.files)}
          data-testid="document-input"
        />
      </Box>
      {uploads.items.length > 0 && (
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" data-testid="upload-queue">
          {uploads.items.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onRetry={() => uploads.retry(item.id)}
              onRemove={() => uploads.remove(item.id)}
            />
          ))}
        </Stack>
      )}
      <QueuedUploads entityKey={`documents:${calculationSetId}`} />
      <Text srOnly aria-live="polite" role="status">
        {announcement}
      </Text>
    </Stack>
  );
}
