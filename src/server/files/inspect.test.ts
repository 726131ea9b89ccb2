import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import {
  compoundFile,
  docx,
  jpg,
  pdf,
  pdfWithObjectStream,
  pdfWithStream,
  png,
  withUnlistedEntry,
  xlsx,
  zip,
} from '../test/files';
import { inspectFile, MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES } from './inspect';
import { workbookOf } from '../test/workbook';

const html = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/session")</script></body></html>');

describe('inspectFile', () => {
  it('accepts a real file of every allowed type', async () => {
    expect(await inspectFile(pdf(), 'pdf')).toBeUndefined();
    expect(await inspectFile(jpg, 'jpg')).toBeUndefined();
    expect(await inspectFile(png(), 'png')).toBeUndefined();
    expect(await inspectFile(docx(), 'docx')).toBeUndefined();
    expect(await inspectFile(await xlsx(), 'xlsx')).toBeUndefined();
    expect(await inspectFile(compoundFile('Root Entry', 'WordDocument', '1Table'), 'doc')).toBeUndefined();
    expect(await inspectFile(compoundFile('Root Entry', 'Workbook'), 'xls')).toBeUndefined();
    expect(await inspectFile(pdfWithObjectStream('<</Type /Catalog /Pages 3 0 R>>'), 'pdf')).toBeUndefined();
  });

  it('refuses a type the bytes are not: HTML named as a PDF or a JPG, and behind their headers', async () => {
    expect(await inspectFile(html, 'pdf')).toBe('fileContentMismatch');
    expect(await inspectFile(html, 'jpg')).toBe('fileContentMismatch');
    expect(
      await inspectFile(Buffer.concat([Buffer.from('%PDF-1.4\n'), html, Buffer.from('\n%%EOF\n')]), 'pdf'),
    ).toBe('fileContentMismatch');
    expect(await inspectFile(Buffer.concat([jpg.subarray(0, 20), html]), 'jpg')).toBe('fileContentMismatch');
    expect(await inspectFile(Buffer.concat([png(), html]), 'png')).toBe('fileContentMismatch');
    expect(await inspectFile(png(), 'jpg')).toBe('fileContentMismatch');
    expect(await inspectFile(await xlsx(), 'docx')).toBe('fileContentMismatch');
    expect(await inspectFile(compoundFile('Root Entry', 'Workbook'), 'doc')).toBe('fileContentMismatch');
    // A zip that is no Office file, and a Word file with macros under the plain name.
    expect(await inspectFile(zip({ 'run.exe': 'MZ' }), 'docx')).toBe('fileContentMismatch');
    const docm = 'application/vnd.ms-word.document.macroEnabled.main+xml';
    expect(await inspectFile(docx({}, docm), 'docx')).toBe('fileContentMismatch');
  });

  it('refuses PDFs that run JavaScript, launch a program or carry files, however the name is written', async () => {
    for (const body of [
      '2 0 obj <</Type /Action /S /JavaScript /JS (app.alert(1))>> endobj',
      '2 0 obj <</S /J#61vaScript /JS 3 0 R>> endobj',
      '2 0 obj <</Type /Action /S /Launch /F (cmd.exe)>> endobj',
      '2 0 obj <</Names <</EmbeddedFiles 3 0 R>> >> endobj',
    ])
      expect(await inspectFile(pdf(body), 'pdf'), body).toBe('fileActiveContent');
    // Hidden in a compressed object stream, where the file's plain text never shows it, also one
    // cut short (readers take what it holds), or one not called an object stream.
    const action = '<</OpenAction <</S /JavaScript /JS (x)>> >>';
    expect(await inspectFile(pdfWithObjectStream(action), 'pdf')).toBe('fileActiveContent');
    expect(await inspectFile(pdfWithStream(deflateSync(action).subarray(0, -4)), 'pdf')).toBe(
      'fileActiveContent',
    );
    expect(
      await inspectFile(pdfWithStream(deflateSync(action), '/X (obj) /Filter /FlateDecode'), 'pdf'),
    ).toBe('fileActiveContent');
    // Behind comments that look like a stream's start and end to a careless reader of the text.
    const commented = pdf('%stream\n2 0 obj <</S /JavaScript /JS (app.alert(1))>> endobj\n%endstream');
    expect(await inspectFile(commented, 'pdf')).toBe('fileActiveContent');
    // An XFA form, whose scripts sit in its XML.
    expect(await inspectFile(pdf('2 0 obj <</Fields [] /XFA 3 0 R>> endobj'), 'pdf')).toBe(
      'fileActiveContent',
    );
  });

  it('refuses a PDF with a stream it cannot read back, and accepts padding after its end', async () => {
    expect(await inspectFile(pdfWithStream(Buffer.from('-LZW-data-'), '/Filter /LZWDecode'), 'pdf')).toBe(
      'fileContentMismatch',
    );
    expect(await inspectFile(Buffer.concat([pdf(), Buffer.alloc(300)]), 'pdf')).toBeUndefined();
  });

  it('reads stream data too, as a reader finding objects by their offsets would, without false alarms', async () => {
    // An object placed inside what the stream's length calls data is still an object to a reader.
    const hidden = pdfWithStream(
      Buffer.from('\nendstream\n5 0 obj <</S /Launch /F (cmd.exe)>> endobj\n'),
      '/Length 0',
    );
    expect(await inspectFile(hidden, 'pdf')).toBe('fileActiveContent');
    // Image data, plain and deflated, does not spell one of the names by chance.
    const pixels = randomBytes(512 * 1024);
    expect(
      await inspectFile(pdfWithStream(pixels, '/Subtype /Image /Filter /DCTDecode'), 'pdf'),
    ).toBeUndefined();
    expect(
      await inspectFile(pdfWithStream(deflateSync(pixels), '/Subtype /Image /Filter /FlateDecode'), 'pdf'),
    ).toBeUndefined();
  });

  it('names an encrypted PDF, whose strings and streams cannot be read', async () => {
    const scrambled = Buffer.from('<</Type /Catalog>>').map((b) => b ^ 0x5a);
    const encrypted = pdfWithStream(scrambled, '/Type /ObjStm /Filter /FlateDecode', ' /Encrypt 3 0 R');
    expect(await inspectFile(encrypted, 'pdf')).toBe('fileEncrypted');
  });

  it('refuses Office files with macros, ActiveX or embedded programs', async () => {
    expect(await inspectFile(docx({ 'word/vbaProject.bin': 'VBA' }), 'docx')).toBe('fileActiveContent');
    expect(await inspectFile(docx({ 'word/activeX/activeX1.xml': '<ax/>' }), 'docx')).toBe(
      'fileActiveContent',
    );
    expect(await inspectFile(docx({ 'word/embeddings/oleObject1.bin': 'MZ' }), 'docx')).toBe(
      'fileActiveContent',
    );
    expect(await inspectFile(docx({ 'word/embeddings/budget.xlsm': 'PK' }), 'docx')).toBe(
      'fileActiveContent',
    );
    expect(await inspectFile(docx({ 'xl/macrosheets/sheet1.xml': '<xm/>' }), 'docx')).toBe(
      'fileActiveContent',
    );
    const packaged = compoundFile('Root Entry', 'WordDocument', '\u0001Ole10Native');
    expect(await inspectFile(packaged, 'doc')).toBe('fileActiveContent');
    expect(
      await inspectFile(compoundFile('Root Entry', 'WordDocument', 'Macros', '_VBA_PROJECT'), 'doc'),
    ).toBe('fileActiveContent');
    expect(await inspectFile(compoundFile('Root Entry', 'Workbook', '_VBA_PROJECT_CUR'), 'xls')).toBe(
      'fileActiveContent',
    );
  });

  it('measures what an Office file unpacks to, not what it declares', async () => {
    // About 100 kB that unpack to 100 MB: the bomb of the report.
    const bomb = docx({ 'word/media/padding.xml': Buffer.alloc(100 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await inspectFile(bomb, 'docx')).toBe('fileUnpackedTooLarge');
    // Just under the bound is fine.
    const large = docx({ 'word/media/padding.xml': Buffer.alloc(MAX_UNPACKED_BYTES - 1024) });
    expect(await inspectFile(large, 'docx')).toBeUndefined();
    const many = Object.fromEntries(
      Array.from({ length: MAX_ZIP_ENTRIES }, (_, i) => [`word/part${i}.xml`, '<p/>']),
    );
    expect(await inspectFile(docx(many), 'docx')).toBe('fileUnpackedTooLarge');
  });

  it('refuses an Office file holding an entry its directory does not list (a streaming reader would unpack it)', async () => {
    const hidden = withUnlistedEntry(docx(), 'word/media/padding.xml', Buffer.alloc(100 * 1024 * 1024));
    expect(await inspectFile(hidden, 'docx')).toBe('fileContentMismatch');
    // A workbook as a real writer makes it (write-excel-file) passes.
    const written = await workbookOf({ Sheet1: [['a', 1]] });
    expect(await inspectFile(written, 'xlsx')).toBeUndefined();
  });
});
