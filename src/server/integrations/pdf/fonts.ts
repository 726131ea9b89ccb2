import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The customer PDFs' font: DejaVu Sans Condensed (about Helvetica's width), which writes every
 * language of the portal: Latin with its accents (Polish, Czech, Romanian, Turkish, …), Greek,
 * Cyrillic and Arabic, whose letters fontkit joins as they are written. Only the glyphs a document
 * uses are embedded (a subset), under a fixed name so that the same input gives the same bytes.
 */
const FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;

const require = createRequire(import.meta.url);
let files: Promise<[Buffer, Buffer]> | undefined;

/** Read once per process (1.3 MB for both): each document embeds its own subset. */
const fontFiles = () =>
  (files ??= Promise.all([readFile(require.resolve(FILES.regular)), readFile(require.resolve(FILES.bold))]));

/**
 * fontkit, parsing each font file once: a parsed font keeps the tables it has read, and every
 * document takes its own subset of it (half the time of a short document went to parsing).
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const parsingOnce: Fontkit = {
  create(data, postscriptName) {
    let font = parsed.get(data);
    if (!font) parsed.set(data, (font = fontkit.create(data, postscriptName)));
    return font;
  },
};

export async function embedFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(parsingOnce);
  const [regular, bold] = await fontFiles();
  return {
    // A subset's name starts with a six-letter tag (PDF 32000-1, 9.6.4).
    regular: await doc.embedFont(regular, { subset: true, customName: 'PORTAL+DejaVuSansCondensed' }),
    bold: await doc.embedFont(bold, { subset: true, customName: 'PORTAL+DejaVuSansCondensed-Bold' }),
  };
}
