import { degrees, rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import type { SignatureFont } from './submission-pdf-fonts';
import { toPdfText, wrapText } from './submission-pdf-text';

/**
 * The fonts of a submission PDF: standard fonts for the text, so nothing is embedded but what is drawn, and the
 * embedded handwriting font for typed signatures when the submission has any.
 */
export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  mono: PDFFont;
  /** Typed signatures the handwriting font cannot draw: the most handwriting-like standard font (Times Bold Italic). */
  script: PDFFont;
  /** The embedded handwriting font (Dancing Script), when a typed signature needs it. */
  signature?: SignatureFont | null;
}

export interface TextStyle {
  font?: PDFFont;
  size?: number;
  color?: RGB;
  /** Points from the left margin. */
  indent?: number;
  /** Extra points between lines. */
  leading?: number;
}

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.42, 0.44, 0.48);
export const RULE = rgb(0.78, 0.8, 0.83);
export const VOID_RED = rgb(0.8, 0.08, 0.08);

// US Letter, the paper of the product's users.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN_X = 54;
const TOP = PAGE_HEIGHT - 64;
const BOTTOM = 56;

/**
 * Lays content out top to bottom over as many pages as it needs: every draw first makes room (a new page when the
 * block does not fit), so callers never think about page breaks. Headers, page numbers and the VOID stamp are drawn
 * last, by finish(), once the page count is known.
 */
export class SubmissionPdfWriter {
  readonly left = MARGIN_X;
  readonly width = PAGE_WIDTH - 2 * MARGIN_X;
  private page!: PDFPage;
  private y = TOP;
  private readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = TOP;
  }

  /** Starts a new page unless the current one is still empty. */
  breakPage(): void {
    if (this.y < TOP) this.newPage();
  }

  /** Makes sure `height` points fit below the cursor. */
  ensure(height: number): void {
    if (this.y - height < BOTTOM && this.y < TOP) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Wrapped text; each line may start a new page, so long answers flow across pages. */
  paragraph(text: string, style: TextStyle = {}): void {
    const font = style.font ?? this.fonts.regular;
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    const lineHeight = size * 1.25 + (style.leading ?? 0);
    const measure = (value: string, at: number) => font.widthOfTextAtSize(value, at);
    for (const line of wrapText(text, this.width - indent, size, measure)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      if (line) {
        this.page.drawText(line, {
          x: this.left + indent,
          y: this.y + size * 0.25,
          size,
          font,
          color: style.color ?? INK,
        });
      }
    }
  }

  /** A typed signature: in the handwriting font when it has every glyph, else in the standard script font. */
  signatureText(text: string, size = 24, indent = 0): void {
    // Coverage is checked on the signature as typed: a name the font cannot spell is shown in the standard script
    // font (transliterated where need be) rather than as question marks in handwriting.
    const value = text.trim() || '-';
    const handwriting = this.fonts.signature;
    const font = handwriting?.covers(value) ? handwriting.font : this.fonts.script;
    this.space(4);
    this.paragraph(value, { font, size, indent });
  }

  /** A label and a value on one line when they fit (certificate fields), else the value wrapped under the label. */
  field(label: string, value: string, style: { labelWidth?: number; font?: PDFFont; size?: number } = {}): void {
    const size = style.size ?? 9;
    const labelWidth = style.labelWidth ?? 110;
    const valueFont = style.font ?? this.fonts.regular;
    const measure = (text: string, at: number) => valueFont.widthOfTextAtSize(text, at);
    const lines = wrapText(value || '-', this.width - labelWidth, size, measure);
    const lineHeight = size * 1.3;
    lines.forEach((line, index) => {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      const baseline = this.y + size * 0.25;
      if (index === 0) {
        this.page.drawText(toPdfText(label), { x: this.left, y: baseline, size, font: this.fonts.bold, color: MUTED });
      }
      this.page.drawText(line, { x: this.left + labelWidth, y: baseline, size, font: valueFont, color: INK });
    });
  }

  rule(color: RGB = RULE, thickness = 0.75): void {
    this.ensure(8);
    this.y -= 4;
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.width, y: this.y },
      thickness,
      color,
    });
    this.y -= 4;
  }

  /** A drawn checkbox (checked or not) followed by its wrapped label. */
  checkbox(checked: boolean, label: string, indent = 0): void {
    const size = 10;
    const box = 8;
    const measure = (text: string, at: number) => this.fonts.regular.widthOfTextAtSize(text, at);
    const lines = wrapText(label, this.width - indent - box - 6, size, measure);
    lines.forEach((line, index) => {
      this.ensure(size * 1.3);
      this.y -= size * 1.3;
      const x = this.left + indent;
      if (index === 0) {
        this.page.drawRectangle({ x, y: this.y + 1, width: box, height: box, borderColor: INK, borderWidth: 0.75 });
        if (checked) {
          this.page.drawText('X', { x: x + 1.4, y: this.y + 2, size: 7.5, font: this.fonts.bold, color: INK });
        }
      }
      this.page.drawText(line, { x: x + box + 6, y: this.y + 2, size, font: this.fonts.regular, color: INK });
    });
  }

  /** An image scaled down (never up) to fit the box, kept on one page. */
  image(image: PDFImage, maxWidth: number, maxHeight: number, indent = 0): void {
    const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 4);
    this.y -= height + 4;
    this.page.drawImage(image, { x: this.left + indent, y: this.y + 2, width, height });
  }

  /**
   * A table with wrapped cells; `widths` are fractions of the available width. The header row is repeated at the top
   * of each page the table continues on.
   */
  table(header: string[] | null, rows: string[][], widths: number[], indent = 0): void {
    const size = 8.5;
    const pad = 3;
    const lineHeight = size * 1.25;
    const total = this.width - indent;
    const columnWidths = widths.map((w) => w * total);
    const measure = (text: string, at: number) => this.fonts.regular.widthOfTextAtSize(text, at);
    const layout = (cells: string[]) =>
      cells.map((cell, i) => wrapText(cell, Math.max(columnWidths[i]! - 2 * pad, 10), size, measure));
    const headerLines = header ? layout(header) : null;
    const drawRow = (lines: string[][], bold: boolean) => {
      const height = Math.max(1, ...lines.map((cell) => cell.length)) * lineHeight + 2 * pad;
      const top = this.y;
      let x = this.left + indent;
      lines.forEach((cellLines, i) => {
        const w = columnWidths[i]!;
        this.page.drawRectangle({
          x,
          y: top - height,
          width: w,
          height,
          borderColor: RULE,
          borderWidth: 0.5,
          ...(bold ? { color: rgb(0.95, 0.96, 0.97) } : {}),
        });
        cellLines.forEach((line, n) => {
          if (!line) return;
          this.page.drawText(line, {
            x: x + pad,
            y: top - pad - (n + 1) * lineHeight + size * 0.3,
            size,
            font: bold || i === 0 ? this.fonts.bold : this.fonts.regular,
            color: INK,
          });
        });
        x += w;
      });
      this.y -= height;
    };
    const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((c) => c.length)) * lineHeight + 2 * pad;
    if (headerLines) {
      this.ensure(heightOf(headerLines) + (rows[0] ? heightOf(layout(rows[0])) : 0));
      drawRow(headerLines, true);
    }
    for (const row of rows) {
      const lines = layout(row);
      const height = heightOf(lines);
      if (this.y - height < BOTTOM && this.y < TOP) {
        this.newPage();
        if (headerLines) drawRow(headerLines, true);
      }
      drawRow(lines, false);
    }
  }

  /** Running header, "Page n of N" footer, and the VOID stamp across every page of a voided submission. */
  finish(options: { header: string; footer: string; voided: boolean }): void {
    const count = this.pages.length;
    this.pages.forEach((page, index) => {
      const size = 8;
      const header = toPdfText(options.header);
      page.drawText(header, { x: MARGIN_X, y: PAGE_HEIGHT - 36, size, font: this.fonts.regular, color: MUTED });
      page.drawLine({
        start: { x: MARGIN_X, y: PAGE_HEIGHT - 42 },
        end: { x: PAGE_WIDTH - MARGIN_X, y: PAGE_HEIGHT - 42 },
        thickness: 0.5,
        color: RULE,
      });
      page.drawText(toPdfText(options.footer), { x: MARGIN_X, y: 30, size, font: this.fonts.regular, color: MUTED });
      const pageLabel = `Page ${index + 1} of ${count}`;
      const labelWidth = this.fonts.regular.widthOfTextAtSize(pageLabel, size);
      page.drawText(pageLabel, {
        x: PAGE_WIDTH - MARGIN_X - labelWidth,
        y: 30,
        size,
        font: this.fonts.regular,
        color: MUTED,
      });
      if (options.voided) this.stampVoid(page);
    });
  }

  get pageCount(): number {
    return this.pages.length;
  }

  private stampVoid(page: PDFPage): void {
    const size = 160;
    const font = this.fonts.bold;
    const width = font.widthOfTextAtSize('VOID', size);
    const angle = 45;
    const rad = (angle * Math.PI) / 180;
    // Centre the rotated word on the page: rotate the text's centre offset back around its origin.
    const cx = PAGE_WIDTH / 2;
    const cy = PAGE_HEIGHT / 2;
    const dx = width / 2;
    const dy = (size * 0.7) / 2;
    const x = cx - (dx * Math.cos(rad) - dy * Math.sin(rad));
    const y = cy - (dx * Math.sin(rad) + dy * Math.cos(rad));
    page.drawText('VOID', { x, y, size, font, color: VOID_RED, opacity: 0.28, rotate: degrees(angle) });
  }
}
