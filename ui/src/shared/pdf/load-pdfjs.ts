import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

/**
 * pdf.js (~400 kB) loads on first use, in its own chunk, so screens that only fill in forms never download it.
 * Its worker is a file Vite emits next to the app, so it loads from our own origin (CSP worker-src 'self').
 */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loading;
}
