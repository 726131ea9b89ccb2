import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Spinner, Stack, Text } from '../../../client/ui/chakra';

GlobalWorkerOptions.workerSrc = workerUrl;

/** A preview, not a reader: a long PDF shows its first pages and says so. */
const MAX_PAGES = 20;

/**
 * A PDF drawn page by page with pdf.js, the width of the dialog, as sharp as the screen: phones
 * show no PDF inside a page themselves. Its own chunk (pdf.js is large), loaded with the first
 * preview of a PDF. No WebAssembly (the page's policy runs none); fonts a PDF does not embed are
 * the system's. A page is drawn when it comes near the view: a phone holds the canvases of the
 * pages being read, not of twenty.
 */
export default function PdfPages({
  bytes,
  onFailed,
}: {
  bytes: Uint8Array;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  useEffect(() => {
    // pdf.js takes the buffer over: give it a copy, the dialog keeps its own.
    const task = getDocument({ data: bytes.slice(), useWasm: false, enableXfa: false });
    let closed = false;
    // Destroying the task rejects its promise: a closed preview is no failure.
    task.promise.then(setPdf, (error: unknown) => !closed && onFailed(error));
    return () => {
      closed = true;
      void task.destroy();
    };
  }, [bytes, onFailed]);

  if (!pdf) return <Spinner size="lg" mx="auto" my="8" display="block" />;
  const shown = Math.min(pdf.numPages, MAX_PAGES);
  return (
    <Stack gap="4">
      {Array.from({ length: shown }, (_, i) => (
        <PdfPage
          key={i + 1}
          pdf={pdf}
          number={i + 1}
          label={t('documents.previewPage', { page: i + 1 })}
          onFailed={onFailed}
        />
      ))}
      {pdf.numPages > shown && <Text color="fg.muted">{t('documents.previewFirstPages')}</Text>}
    </Stack>
  );
}

function PdfPage({
  pdf,
  number,
  label,
  onFailed,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  label: string;
  onFailed: (error: unknown) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const figure = useRef<HTMLElement>(null);
  const [near, setNear] = useState(number === 1);
  // The page's shape holds its place before it is drawn, so that the pages below keep theirs.
  const [ratio, setRatio] = useState<number>();
  useEffect(() => {
    let stopped = false;
    void pdf.getPage(number).then((page) => {
      const { width, height } = page.getViewport({ scale: 1 });
      if (!stopped) setRatio(width / height);
    }, onFailed);
    return () => void (stopped = true);
  }, [pdf, number, onFailed]);
  useEffect(() => {
    // Watched once the page has its shape: before, every page is short and all would be near.
    if (near || !ratio || !figure.current) return;
    // Drawn a screen ahead of the reader, in whichever element scrolls the dialog.
    const watch = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    watch.observe(figure.current);
    return () => watch.disconnect();
  }, [near, ratio]);
  useEffect(() => {
    if (!near) return;
    let render: { cancel(): void } | undefined;
    let stopped = false;
    void pdf.getPage(number).then(
      (page) => {
        const target = canvas.current;
        if (stopped || !target) return;
        const cssWidth = target.parentElement?.clientWidth || 600;
        // Sharp up to twice the CSS pixels: a phone's 3× would need 2.25 times the canvas memory.
        const density = Math.min(devicePixelRatio, 2);
        const viewport = page.getViewport({
          scale: (cssWidth / page.getViewport({ scale: 1 }).width) * density,
        });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        const task = page.render({ canvas: target, viewport });
        render = task;
        task.promise.catch((error: unknown) => {
          if (!stopped && (error as { name?: string }).name !== 'RenderingCancelledException')
            onFailed(error);
        });
      },
      (error: unknown) => !stopped && onFailed(error),
    );
    const drawn = canvas.current;
    return () => {
      stopped = true;
      render?.cancel();
      // A canvas keeps its pixels until it is resized: give the memory back at once.
      if (drawn) drawn.width = drawn.height = 0;
    };
  }, [near, pdf, number, onFailed]);
  return (
    <Box as="figure" m="0" ref={figure}>
      <Box borderWidth="1px" borderColor="border" bg="white" style={{ aspectRatio: ratio }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={label}
          style={{ display: 'block', width: '100%', height: ratio ? '100%' : undefined }}
        />
      </Box>
      <Text as="figcaption" fontSize="sm" color="fg.muted" textAlign="center" mt="1">
        {label}
      </Text>
    </Box>
  );
}
