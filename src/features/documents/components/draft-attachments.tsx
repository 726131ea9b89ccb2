import { Box, Button, Field, Flex, NativeSelect, Stack, Text } from '../../../client/ui/chakra';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepFile, offlineDb, type FileRow } from '../../../client/offline/db';
import { currentOwner } from '../../../client/offline/owner';
import { notify } from '../../../client/ui/notify';
import { ALLOWED_EXTENSIONS, DOCUMENT_CATEGORIES, MAX_DOCUMENT_BYTES } from '../../../domain/documents';
import { localProblem } from '../api/files';
import { useFormat } from '../../../client/format/format';

const RULES = { maxFileSize: MAX_DOCUMENT_BYTES, allowedExtensions: ALLOWED_EXTENSIONS };

/**
 * Attachments of a new calculation: chosen now (also offline), kept on the device with the
 * draft, and uploaded to the set right after it is saved.
 */
export function DraftAttachments({ draftKey }: { draftKey: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [category, setCategory] = useState<string>('other');
  const files = useLiveQuery(
    () =>
      offlineDb.files
        .where('draftKey')
        .equals(draftKey)
        .sortBy('id')
        .catch((): FileRow[] => []),
    [draftKey],
    [],
  );
  const input = useRef<HTMLInputElement>(null);

  const take = async (chosen: FileList | null) => {
    const owner = currentOwner();
    for (const file of chosen ?? []) {
      const problem = localProblem(file, RULES);
      if (problem) notify({ type: 'warning', title: `${file.name}: ${t(`documents.errors.${problem}`)}` });
      else if (owner) await keepFile(file, { owner, category, draftKey });
    }
    if (input.current) input.current.value = '';
  };

  return (
    <Stack gap="3" data-testid="draft-attachments">
      <Text fontSize="sm" color="fg.muted">
        {t('documents.draft.intro')}
      </Text>
      <Flex gap="3" align="end" wrap="wrap">
        <Field.Root maxW={{ base: 'full', sm: 'xs' }}>
          <Field.Label>{t('documents.upload.category')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={category}
              onChange={(e) => setCategory(e.currentTarget.value)}
              data-testid="document-category"
            >
              {DOCUMENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`documents.categories.${c}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button variant="outline" onClick={() => input.current?.click()}>
          {t('documents.upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',')}
          aria-label={t('documents.upload.choose')}
          onChange={(e) => void take(e.currentTarget.files)}
          data-testid="document-input"
        />
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {t('documents.upload.rules', { max: format.fileSize(MAX_DOCUMENT_BYTES) })}
      </Text>
      {files.length > 0 && (
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
          {files.map((f) => (
            <Flex as="li" key={f.id} borderWidth="1px" rounded="l2" p="2" px="3" align="center" gap="3">
              <Box flex="1" minW="0" data-testid="draft-attachment">
                <Text fontWeight="medium" wordBreak="break-word">
                  {f.name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t(`documents.categories.${f.category}`)} · {format.fileSize(f.size)}
                </Text>
              </Box>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void offlineDb.files.delete(f.id)}
                aria-label={t('documents.upload.removeName', { name: f.name })}
              >
                {t('documents.upload.remove')}
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
