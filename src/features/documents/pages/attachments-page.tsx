import { BackArrow } from '../../../client/ui/icons';
import { Alert, Button, Heading, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { downloadDocument, useDeleteDocument } from '../api/mutations';
import { documentsQuery } from '../../../client/documents/queries';
import type { DocumentItem } from '../../../client/documents/types';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { DocumentPreview } from '../components/document-preview';
import { DocumentGroup } from '../components/document-group';
import { UploadArea } from '../components/upload-area';

/**
 * .../attachments: the documents of a calculation set (portal specification, “Screens and routes” and “Entities and their fields”), generated
 * documents and attachments apart; attachments are added here and can be downloaded and deleted.
 */
export function AttachmentsPage() {
  const { t } = useTranslation();
  const { calculationSetId = '', calculationVariantId = '' } = useParams();
  const documents = useQuery(documentsQuery(calculationSetId));
  const remove = useDeleteDocument(calculationSetId);
  const [deleting, setDeleting] = useState<DocumentItem>();
  const [downloading, setDownloading] = useState<string>();
  const [previewing, setPreviewing] = useState<DocumentItem>();
  const rules = useMemo(
    () => ({
      maxFileSize: documents.data?.maxFileSize ?? 0,
      allowedExtensions: documents.data?.allowedExtensions ?? [],
    }),
    [documents.data?.maxFileSize, documents.data?.allowedExtensions],
  );

  const download = (item: DocumentItem) => {
    if (!item.download) return;
    setDownloading(item.documentId);
    downloadDocument(item.download)
      .catch((error: unknown) =>
        notify({
          type: 'error',
          title: t('documents.downloadFailed'),
          correlationId: error instanceof ApiError ? error.correlationId : undefined,
        }),
      )
      .finally(() => setDownloading(undefined));
  };

  const confirmDelete = () => {
    if (!deleting?.delete) return;
    const name = deleting.name;
    remove.mutate(deleting.delete, {
      onSuccess: () => notify({ type: 'success', title: t('documents.deleted', { name }), duration: 4000 }),
      onError: (error) =>
        notify({
          type: 'error',
          title: t('documents.deleteFailed'),
          correlationId: error instanceof ApiError ? error.correlationId : undefined,
        }),
      onSettled: () => setDeleting(undefined),
    });
  };

  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
      <Link
        to={`/calculations/${calculationSetId}/${calculationVariantId}`}
        data-testid="back-to-calculation"
      >
        <BackArrow /> {t('documents.backToCalculation')}
      </Link>
    </Button>
  );

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="5xl" w="full">
      {back}
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {t('documents.title')}
        </Heading>
        <Text color="fg.muted">{t('documents.intro')}</Text>
      </Stack>

      {documents.isPending ? (
        <Stack gap="4" aria-busy="true" data-testid="documents-loading">
          <Skeleton h="48" />
          <Skeleton h="24" />
          <Skeleton h="32" />
        </Stack>
      ) : documents.isError ? (
        <Alert.Root status="error" role="alert" data-testid="documents-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {documents.error instanceof ApiError && documents.error.status === 404
                ? t('documents.notFound')
                : t('documents.loadFailed')}
            </Alert.Title>
            {documents.error instanceof ApiError && documents.error.status !== 404 && (
              <Alert.Description>
                <Button size="sm" variant="outline" mt="2" onClick={() => void documents.refetch()}>
                  {t('documents.retry')}
                </Button>
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      ) : (
        <>
          <DocumentGroup
            id="attachments"
            title={t('documents.attachments')}
            empty={t('documents.noAttachments')}
            items={documents.data.attachments}
            downloading={downloading}
            onDownload={download}
            onPreview={setPreviewing}
            onDelete={setDeleting}
          >
            {documents.data.upload ? (
              <UploadArea
                calculationSetId={calculationSetId}
                upload={documents.data.upload}
                categories={documents.data.categories}
                rules={rules}
              />
            ) : (
              <Alert.Root status="info" data-testid="documents-read-only">
                <Alert.Indicator />
                <Alert.Title>{t('documents.readOnly')}</Alert.Title>
              </Alert.Root>
            )}
          </DocumentGroup>
          <DocumentGroup
            id="generated-documents"
            title={t('documents.generated')}
            empty={t('documents.noGenerated')}
            items={documents.data.generated}
            downloading={downloading}
            onDownload={download}
            onPreview={setPreviewing}
            onDelete={setDeleting}
          />
        </>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('documents.confirmDelete.title')}
        text={t('documents.confirmDelete.text', { name: deleting?.name })}
        confirm={t('documents.confirmDelete.confirm')}
        cancel={t('documents.confirmDelete.cancel')}
        danger
        pending={remove.isPending}
        confirmTestId="confirm-delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
      />
      {previewing && (
        <DocumentPreview item={previewing} onClose={() => setPreviewing(undefined)} onDownload={download} />
      )}
    </Stack>
  );
}

export const Component = AttachmentsPage;
