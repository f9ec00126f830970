import { Alert, Box, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { loadPdfJs } from './load-pdfjs';

/** A URL on our origin (sent with the session cookie), bytes, or a file the user just picked. */
export type PdfSource = string | ArrayBuffer | Uint8Array | Blob;

async function toLoadParams(source: PdfSource) {
  // pdf.js never needs eval for display; leaving it off keeps the CSP (script-src 'self') free of violations.
  const common = { isEvalSupported: false, enableXfa: false };
  if (typeof source === 'string') return { ...common, url: source, withCredentials: true };
  // The bytes are transferred to the worker (and detached), so hand it a copy the caller will never reuse.
  const bytes =
    source instanceof Blob
      ? new Uint8Array(await source.arrayBuffer())
      : new Uint8Array(source instanceof Uint8Array ? source.slice() : source.slice(0));
  return { ...common, data: bytes };
}

function PdfPage({
  pdf,
  pageNumber,
  pageCount,
  title,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  pageCount: number;
  title: string;
}) {
  const holderRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(pageNumber <= 2);
  const [failed, setFailed] = useState(false);

  // Pages render when they come near the viewport, so a long PDF does not paint every page up front.
  useEffect(() => {
    const holder = holderRef.current;
    if (!holder || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '400px' },
    );
    observer.observe(holder);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let cancelRender: (() => void) | null = null;
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        const canvas = canvasRef.current;
        const holder = holderRef.current;
        if (cancelled || !canvas || !holder) return;
        const unscaled = page.getViewport({ scale: 1 });
        const width = Math.min(holder.clientWidth || unscaled.width, 900);
        const viewport = page.getViewport({ scale: width / unscaled.width });
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        const task = page.render({
          canvas,
          viewport,
          ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
        });
        cancelRender = () => task.cancel();
        await task.promise;
      } catch (error) {
        if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException') setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [pdf, pageNumber, visible]);

  return (
    <Stack gap={4} component="figure" m={0}>
      <Paper
        ref={holderRef}
        withBorder
        shadow="xs"
        style={{ overflow: 'hidden', minHeight: visible ? undefined : 400 }}
      >
        {failed ? (
          <Text p="md" size="sm" c="red.9">
            Page {pageNumber} could not be shown.
          </Text>
        ) : (
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={`${title}, page ${pageNumber} of ${pageCount}`}
            style={{ display: 'block', maxWidth: '100%' }}
          />
        )}
      </Paper>
      <Text component="figcaption" size="xs" c="dimmed" ta="center">
        Page {pageNumber} of {pageCount}
      </Text>
    </Stack>
  );
}

/**
 * A PDF shown page by page with pdf.js: the imported document of a PDF form (the form detail page and the
 * PDF import builder) and the external signer's preview; `onLoaded` reports the page count once it opens.
 */
export function PdfPages({
  source,
  title = 'PDF document',
  onLoaded,
}: {
  source: PdfSource;
  title?: string;
  onLoaded?: (pageCount: number) => void;
}) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState(false);
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    void (async () => {
      try {
        const [pdfjs, params] = await Promise.all([loadPdfJs(), toLoadParams(source)]);
        if (cancelled) return;
        const task = pdfjs.getDocument(params);
        destroy = () => void task.destroy();
        if (cancelled) return destroy();
        const doc = await task.promise;
        if (cancelled) return;
        setError(false);
        setPdf(doc);
        onLoadedRef.current?.(doc.numPages);
      } catch {
        if (!cancelled) setError(true);
      }
    })();
    return () => {
      cancelled = true;
      setPdf(null);
      destroy?.();
    };
  }, [source]);

  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title="The PDF could not be opened">
        The file may be damaged or not a PDF.
      </Alert>
    );
  }
  if (!pdf) {
    return (
      <Box role="status" aria-label="Loading the PDF">
        <Skeleton height={480} radius="sm" />
      </Box>
    );
  }
  return (
    <Stack
      gap="md"
      maw={900}
      aria-label={`${title}: ${pdf.numPages} page${pdf.numPages === 1 ? '' : 's'}`}
      role="region"
    >
      {Array.from({ length: pdf.numPages }, (_, index) => (
        <PdfPage key={index} pdf={pdf} pageNumber={index + 1} pageCount={pdf.numPages} title={title} />
      ))}
    </Stack>
  );
}
