import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentItem } from '../../../client/documents/types';
import { ApiError } from '../../../client/http';
import { Box, Button, Dialog, Image, Spinner, Stack, Text } from '../../../client/ui/chakra';
import { DialogShell } from '../../../client/ui/dialog-shell';
import { Notice } from '../../../client/ui/notice';
import { fetchDocument } from '../api/mutations';

/** pdf.js's chunk; when it cannot be loaded (an older version's, gone after an update) the preview says it failed. */
const PdfPages = lazy(() =>
  import('./pdf-pages').catch((error: unknown) => ({
    default: function NoPdfPages({ onFailed }: { bytes: Uint8Array; onFailed: (error: unknown) => void }) {
      useEffect(() => onFailed(error), [onFailed]);
      return <></>;
    },
  })),
);

type Shown =
  | { state: 'loading' }
  | { state: 'image'; url: string }
  | { state: 'pdf'; bytes: Uint8Array }
  | { state: 'failed'; correlationId?: string };

/**
 * A document shown in the portal (an image, or a PDF page by page) without saving it, on a phone
 * as on a desktop: it fills a phone's screen and is a wide card from `md` up. What it cannot show
 * it says so, with the download beside.
 */
export function DocumentPreview({
  item,
  onClose,
  onDownload,
}: {
  item: DocumentItem;
  onClose: () => void;
  onDownload: (item: DocumentItem) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const failed = useCallback(
    (error: unknown) =>
      setShown({
        state: 'failed',
        correlationId: error instanceof ApiError ? error.correlationId : undefined,
      }),
    [],
  );

  useEffect(() => {
    if (!item.download) return;
    const stop = new AbortController();
    let url: string | undefined;
    fetchDocument(item.download, stop.signal).then(
      (file) => {
        if (stop.signal.aborted) return;
        if (file.mimeType === 'application/pdf') return setShown({ state: 'pdf', bytes: file.bytes });
        url = URL.createObjectURL(new Blob([file.bytes], { type: file.mimeType }));
        setShown({ state: 'image', url });
      },
      (error: unknown) => !stop.signal.aborted && failed(error),
    );
    return () => {
      stop.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [item.download, failed]);

  const loading = (
    <Stack align="center" py="8" gap="3" role="status">
      <Spinner size="lg" />
      <Text color="fg.muted">{t('documents.previewLoading')}</Text>
    </Stack>
  );
  return (
    <DialogShell open onClose={onClose} title={item.name} layout="wide sheet" testId="document-preview">
      <Dialog.Body>
        {shown.state === 'loading' && loading}
        {shown.state === 'image' && (
          <Box bg="bg.muted" borderRadius="l2" p="2">
            <Image src={shown.url} alt={item.name} maxW="100%" maxH="70dvh" mx="auto" objectFit="contain" />
          </Box>
        )}
        {shown.state === 'pdf' && (
          <Suspense fallback={loading}>
            <PdfPages bytes={shown.bytes} onFailed={failed} />
          </Suspense>
        )}
        {shown.state === 'failed' && (
          <Notice
            status="error"
            role="alert"
            title={t('documents.previewFailed')}
            correlationId={shown.correlationId}
          />
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {item.download && (
          <Button variant="outline" onClick={() => onDownload(item)}>
            {t('documents.download')}
          </Button>
        )}
        <Button onClick={onClose}>{t('documents.closePreview')}</Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
