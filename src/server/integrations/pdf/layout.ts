import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { textDirectionOf } from '../../../domain/locales';
import { needsBidi, paragraphLevels, visualRuns, withoutDirectionMarks } from './bidi';
import { embedFonts } from './fonts';

/**
 * Shared drawing helpers for the customer PDFs (offer, contract, redemption offer, terms): an A4
 * page flow with a cursor that breaks pages by itself, wrapped text, simple tables and locale
 * formatting. pdf-lib's origin is bottom-left; `y` here is the top of the next line. Callers place
 * things as in a left-to-right document; a right-to-left one (Arabic) is drawn mirrored: what is
 * placed at the left margin lands at the right one, and left and right alignment swap.
 */

export const mm = (value: number) => (value * 72) / 25.4;

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = { top: mm(18), right: mm(20), bottom: mm(22), left: mm(20) };
export const SIZE = { small: 8, body: 10, heading: 12, title: 20 };
export const COLOR = {
  text: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.42, 0.42, 0.46),
  rule: rgb(0.78, 0.78, 0.8),
  fill: rgb(0.94, 0.95, 0.96),
};

const LEADING = 1.35;
/** Inner padding of table cells; values outside a table align with it. */
export const CELL_PAD = 4;

const charsets = new WeakMap<PDFFont, Set<number>>();
/** Marks that steer the direction (Intl writes them into Arabic amounts): kept for visualRuns. */
const DIRECTION_MARK = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The text with every character the font cannot draw (emoji, Chinese, …) replaced by '?'. */
export function encodable(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())));
  let out = '';
  for (const c of text.replaceAll('\t', ' ')) {
    out += c === '\n' || DIRECTION_MARK.test(c) || set.has(c.codePointAt(0) ?? 0) ? c : '?';
  }
  return out;
}

const measured = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of `text` at `size`. A font measures by shaping the text (fontkit's layout), which is
 * slow enough to dominate a long document: each word's width is kept per font.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let known = measured.get(font);
  if (!known) measured.set(font, (known = new Map<string, number>()));
  let width = known.get(text);
  // Direction marks are not drawn (visualRuns): measured, fontkit would count them as spaces.
  if (width === undefined) known.set(text, (width = font.widthOfTextAtSize(withoutDirectionMarks(text), 1)));
  return width * size;
}

/** How much of an over-long word fits the column: the longest start that does, one character at least. */
function fittingPart(font: PDFFont, size: number, word: string, width: number): number {
  let [fits, over] = [1, word.length];
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (textWidth(font, word.slice(0, middle), size) <= width) fits = middle;
    else over = middle;
  }
  // Never between the halves of a character outside the first plane (an emoji).
  const high = word.charCodeAt(fits - 1);
  return fits > 1 && high >= 0xd800 && high <= 0xdbff ? fits - 1 : fits;
}

/** A wrapped line, with its part of its paragraph's embedding levels where directions mix. */
export interface Line {
  text: string;
  levels?: Uint8Array;
}

/**
 * Greedy word wrap; explicit line breaks are kept and over-long words are cut. A line is as wide
 * as its words and the spaces between them (words are shaped alone: letters join within a word).
 * Each line keeps its offsets in its paragraph, whose embedding levels are resolved as a whole.
 */
export function wrapText(
  font: PDFFont,
  size: number,
  text: string,
  width: number,
  direction: 'ltr' | 'rtl' = 'ltr',
): Line[] {
  const space = textWidth(font, ' ', size);
  const lines: Line[] = [];
  for (const paragraph of encodable(font, text).split(/\r?\n/)) {
    const levels = needsBidi(paragraph, direction) ? paragraphLevels(paragraph, direction) : undefined;
    const push = (start: number, end: number) => {
      const line = paragraph.slice(start, end).trimEnd();
      lines.push({ text: line, levels: levels?.slice(start, start + line.length) });
    };
    // The line so far is paragraph[start, end); the next word starts at `at`.
    let [start, end, lineWidth, at] = [0, 0, 0, 0];
    for (const word of paragraph.split(' ')) {
      let [from, rest, restWidth] = [at, word, textWidth(font, word, size)];
      at += word.length + 1;
      if (end > start && lineWidth + space + restWidth <= width) {
        [end, lineWidth] = [from + word.length, lineWidth + space + restWidth];
        continue;
      }
      if (end > start) push(start, end);
      // A word wider than the column (a long URL, say) is cut where it no longer fits.
      while (restWidth > width && rest.length > 1) {
        const cut = fittingPart(font, size, rest, width);
        push(from, from + cut);
        [from, rest] = [from + cut, rest.slice(cut)];
        restWidth = textWidth(font, rest, size);
      }
      [start, end, lineWidth] = [from, from + rest.length, restWidth];
    }
    push(start, end);
  }
  return lines;
}

export const formatMoney = (amount: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

export const formatNumber = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);

/** A calendar date in the customer's time zone, so the server's zone does not change it. */
export const formatDate = (date: Date, locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
  x?: number;
  width?: number;
  align?: 'left' | 'right';
}

export interface Column {
  header: string;
  /** Share of the content width; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right';
}

export class PdfLayout {
  page!: PDFPage;
  y = 0;
  readonly left = MARGIN.left;
  readonly width = A4[0] - MARGIN.left - MARGIN.right;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly direction: 'ltr' | 'rtl',
  ) {
    this.newPage();
  }

  /** A document in `locale`'s language, which decides its direction. */
  static async create(locale: string): Promise<PdfLayout> {
    const doc = await PDFDocument.create();
    const { regular, bold } = await embedFonts(doc);
    return new PdfLayout(doc, regular, bold, textDirectionOf(locale));
  }

  /** Where a box placed at `x` (`width` wide) is drawn: mirrored in a right-to-left document. */
  boxX(x: number, width: number): number {
    return this.direction === 'rtl' ? 2 * this.left + this.width - x - width : x;
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN.top;
  }

  /** Starts a new page unless `height` still fits above the footer. */
  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /**
   * One line at the cursor without moving it (callers place several on a row), in a box from `x`
   * to `width` (else to the right margin), its pieces in visual order (visualRuns).
   */
  line(text: string | Line, style: TextStyle = {}, y = this.y) {
    const font = style.bold ? this.bold : this.regular;
    const size = style.size ?? SIZE.body;
    const x = style.x ?? this.left;
    const width = style.width ?? this.left + this.width - x;
    const runs =
      typeof text === 'string'
        ? visualRuns(encodable(font, text), this.direction)
        : visualRuns(text.text, this.direction, text.levels);
    const widths = runs.map((run) => textWidth(font, run, size));
    const atRight = (style.align === 'right') !== (this.direction === 'rtl');
    let at = this.boxX(x, width) + (atRight ? width - widths.reduce((a, b) => a + b, 0) : 0);
    runs.forEach((run, i) => {
      this.page.drawText(run, { x: at, y: y - size, size, font, color: style.color ?? COLOR.text });
      at += widths[i] ?? 0;
    });
  }

  /** Wrapped text that moves the cursor and continues on a new page when the page is full. */
  paragraph(text: string, style: TextStyle = {}) {
    const size = style.size ?? SIZE.body;
    for (const line of wrapText(
      style.bold ? this.bold : this.regular,
      size,
      text,
      style.width ?? this.width,
      this.direction,
    )) {
      this.ensure(size * LEADING);
      this.line(line, style);
      this.y -= size * LEADING;
    }
  }

  heading(text: string) {
    this.ensure(SIZE.heading * LEADING + 3 * SIZE.body * LEADING); // never alone at a page end
    this.gap(SIZE.heading * 0.6);
    this.paragraph(text, { size: SIZE.heading, bold: true });
    this.gap(2);
  }

  rule(y = this.y) {
    this.page.drawLine({
      start: { x: this.left, y },
      end: { x: this.left + this.width, y },
      thickness: 0.5,
      color: COLOR.rule,
    });
  }

  /** Label/value rows: labels muted in a fixed column, values wrapped beside them. */
  keyValues(
    rows: [string, string][],
    style: { x?: number; width?: number; labelWidth?: number; bold?: boolean; align?: 'left' | 'right' } = {},
  ) {
    const x = style.x ?? this.left;
    const width = style.width ?? this.width;
    const labelWidth = style.labelWidth ?? width * 0.4;
    for (const [label, value] of rows) {
      const font = style.bold ? this.bold : this.regular;
      const lines = wrapText(font, SIZE.body, value, width - labelWidth, this.direction);
      this.ensure(lines.length * SIZE.body * LEADING);
      this.line(label, { x, width: labelWidth, color: COLOR.muted });
      for (const text of lines) {
        this.line(text, {
          x: x + labelWidth,
          width: width - labelWidth,
          bold: style.bold,
          align: style.align,
        });
        this.y -= SIZE.body * LEADING;
      }
    }
  }

  /** A table with a shaded header that is repeated when rows continue on a new page. */
  table(columns: Column[], rows: string[][]) {
    const widths = columns.map((c) => c.share * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const lineHeight = SIZE.body * LEADING;
    const drawRow = (cells: string[], bold: boolean) => {
      const font = bold ? this.bold : this.regular;
      const wrapped = cells.map((c, i) =>
        wrapText(font, SIZE.body, c, (widths[i] ?? 0) - 2 * CELL_PAD, this.direction),
      );
      const height = Math.max(...wrapped.map((w) => w.length)) * lineHeight + 2 * CELL_PAD;
      if (this.y - height < MARGIN.bottom) {
        this.newPage();
        if (!bold)
          drawRow(
            columns.map((c) => c.header),
            true,
          );
      }
      if (bold) {
        const [x, width] = [this.left, this.width];
        this.page.drawRectangle({ x, y: this.y - height, width, height, color: COLOR.fill });
      }
      wrapped.forEach((lines, i) =>
        lines.forEach((text, n) =>
          this.line(
            text,
            {
              bold,
              x: (xs[i] ?? 0) + CELL_PAD,
              width: (widths[i] ?? 0) - 2 * CELL_PAD,
              align: columns[i]?.align,
            },
            this.y - CELL_PAD - n * lineHeight,
          ),
        ),
      );
      this.y -= height;
      this.rule();
    };
    this.ensure(2 * (lineHeight + 2 * CELL_PAD));
    drawRow(
      columns.map((c) => c.header),
      true,
    );
    for (const row of rows) drawRow(row, false);
  }

  /** A footer on every page, drawn last so that it knows the page count. */
  footer(left: string, right: (page: number, pages: number) => string) {
    const pages = this.doc.getPages();
    const y = MARGIN.bottom - mm(8);
    pages.forEach((page, i) => {
      this.page = page;
      this.rule(y + 4);
      this.line(left, { size: SIZE.small, color: COLOR.muted }, y);
      this.line(right(i + 1, pages.length), { size: SIZE.small, color: COLOR.muted, align: 'right' }, y);
    });
  }
}
