import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A string drawn on a page: where it starts and how wide it is, in points from the left edge. */
export interface DrawnText {
  text: string;
  page: number;
  x: number;
  width: number;
}

/**
 * Test helper: the strings a PDF draws, in page order, as pdf.js reads them (through each font's
 * ToUnicode map: the embedded fonts' glyph codes are no characters). pdf.js reads every space,
 * the no-break ones too, as a plain space.
 */
export async function drawnTexts(bytes: Uint8Array): Promise<DrawnText[]> {
  const task = getDocument({
    data: new Uint8Array(bytes), // pdf.js takes the buffer over: a copy leaves the caller's intact
    useWasm: false,
    verbosity: 0,
  });
  const drawn: DrawnText[] = [];
  try {
    const doc = await task.promise;
    for (let page = 1; page <= doc.numPages; page++) {
      const { items } = await (await doc.getPage(page)).getTextContent();
      for (const item of items) {
        if (!('str' in item) || !item.str.trim()) continue;
        drawn.push({ text: item.str, page, x: Number(item.transform[4]), width: item.width });
      }
    }
  } finally {
    await task.destroy();
  }
  return drawn;
}

/** The text of a PDF, one drawn string per line. */
export const extractText = async (bytes: Uint8Array) =>
  (await drawnTexts(bytes)).map((d) => d.text).join('\n');
