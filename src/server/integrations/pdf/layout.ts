import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Shared drawing helpers for the customer PDFs (offer now, contract and redemption later):
 * an A4 page flow with a cursor that breaks pages by itself, wrapped text, simple tables and
 * locale formatting. pdf-lib's origin is bottom-left; `y` here is the top of the next line.
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

// Intl uses narrow/thin no-break spaces and a real minus sign in some locales; WinAnsi has
// neither, so they become their nearest WinAnsi form instead of '?'.
const NEAREST: Record<string, string> = { '\u202f': '\u00a0', '\u2009': ' ', '\u2212': '-', '\t': ' ' };
const charsets = new WeakMap<PDFFont, Set<number>>();

/** The text with every character the font cannot encode (Ł, emoji, …) replaced by '?'. */
export function encodable(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())));
  let out = '';
  for (const ch of text) {
    const c = NEAREST[ch] ?? ch;
    out += c === '\n' || set.has(c.codePointAt(0) ?? 0) ? c : '?';
  }
  return out;
}

/** Greedy word wrap; explicit line breaks are kept and over-long words are cut. */
export function wrapText(font: PDFFont, size: number, text: string, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of encodable(font, text).split(/\r?\n/)) {
    let line = '';
    for (let word of paragraph.split(' ')) {
      if (line && fits(`${line} ${word}`)) {
        line = `${line} ${word}`;
        continue;
      }
      if (line) lines.push(line.trimEnd());
      // A word wider than the column (a long URL, say) is cut where it no longer fits.
      while (!fits(word) && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && !fits(word.slice(0, cut))) cut--;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    lines.push(line.trimEnd());
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
  ) {
    this.newPage();
  }

  static async create(): Promise<PdfLayout> {
    const doc = await PDFDocument.create();
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new PdfLayout(doc, regular, bold);
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

  /** One line at the cursor without moving it (callers place several on a row). */
  line(text: string, style: TextStyle = {}, y = this.y) {
    const font = style.bold ? this.bold : this.regular;
    const size = style.size ?? SIZE.body;
    const safe = encodable(font, text);
    const x = style.x ?? this.left;
    const right =
      style.align === 'right' ? (style.width ?? this.width) - font.widthOfTextAtSize(safe, size) : 0;
    this.page.drawText(safe, { x: x + right, y: y - size, size, font, color: style.color ?? COLOR.text });
  }

  /** Wrapped text that moves the cursor and continues on a new page when the page is full. */
  paragraph(text: string, style: TextStyle = {}) {
    const size = style.size ?? SIZE.body;
    for (const line of wrapText(
      style.bold ? this.bold : this.regular,
      size,
      text,
      style.width ?? this.width,
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
      const lines = wrapText(style.bold ? this.bold : this.regular, SIZE.body, value, width - labelWidth);
      this.ensure(lines.length * SIZE.body * LEADING);
      this.line(label, { x, color: COLOR.muted });
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
      const wrapped = cells.map((c, i) => wrapText(font, SIZE.body, c, (widths[i] ?? 0) - 2 * CELL_PAD));
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
