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

const require = createRequire(import.meta.url);
let files: Promise<[Buffer, Buffer]> | undefined;

/**
 * Read once per process (1.3 MB for both); a failed read is tried again by the next document.
 * Each document parses its own copy: a parsed font remembers the characters it first met each
 * glyph as (a ligature's "fi"), which would then be what another document's text reads as.
 */
const fontFiles = () => {
  files ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  ]);
  files.catch(() => (files = undefined));
  return files;
};

export async function embedFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await fontFiles();
  return {
    // A subset's name starts with a six-letter tag (PDF 32000-1, 9.6.4).
    regular: await doc.embedFont(regular, { subset: true, customName: 'PORTAL+DejaVuSansCondensed' }),
    bold: await doc.embedFont(bold, { subset: true, customName: 'PORTAL+DejaVuSansCondensed-Bold' }),
  };
}
