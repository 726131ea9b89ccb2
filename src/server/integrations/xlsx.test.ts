import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { cellStyle, columnWidths, readSheet } from '../test/xlsx';
import { listWorkbook } from './xlsx';

describe('listWorkbook', () => {
  const COLUMNS = [
    ['referenceCode', 14],
    ['customerName', 32],
    ['subLesseeName', 24],
    ['startDate', 12],
    ['instalment', 14],
    ['periodInMonths', 10],
  ] as const;
  const start = new Date('2025-03-01T00:00:00Z');
  const workbook = () =>
    listWorkbook({
      locale: 'de-DE',
      texts: 'contracts',
      name: 'contracts',
      columns: COLUMNS,
      rows: [
        {
          referenceCode: '752-0000101',
          customerName: ' Öresund Logistik AB ',
          subLesseeName: null,
          startDate: start,
          instalment: 1234.5,
          periodInMonths: 36,
          notAColumn: 'left out',
        },
        { referenceCode: '752-0000102', customerName: 'Luleå Fiskhall HB', startDate: null, instalment: 0 },
      ],
      formats: { startDate: 'yyyy-mm-dd', instalment: '#,##0.00' },
    });

  it('writes one sheet named by the title with a bold, translated header row', async () => {
    const file = await workbook();
    expect(file.fileFormat).toBe('xlsx');
    expect(file.fileName).toBe(`contracts-${new Date().toISOString().slice(0, 10)}.xlsx`);
    const { name, rows } = await readSheet(file.contentAsBase64);
    expect(name).toBe(translate('de-DE', 'contracts.title'));
    expect(rows[0]).toEqual(COLUMNS.map(([key]) => translate('de-DE', `contracts.columns.${key}`)));
    for (const column of 'ABCDEF') expect(cellStyle(file.contentAsBase64, `${column}1`).bold).toBe(true);
    expect(cellStyle(file.contentAsBase64, 'A2').bold).toBe(false);
  });

  it('keeps numbers, dates and texts as they are, empties as empty cells, in the columns given', async () => {
    const { rows } = await readSheet((await workbook()).contentAsBase64);
    expect(rows.slice(1)).toEqual([
      ['752-0000101', ' Öresund Logistik AB ', null, start, 1234.5, 36],
      ['752-0000102', 'Luleå Fiskhall HB', null, null, 0, null],
    ]);
  });

  it('gives the number and date cells their column format and the columns their widths', async () => {
    const { contentAsBase64 } = await workbook();
    expect(cellStyle(contentAsBase64, 'D2').numberFormat).toBe('yyyy-mm-dd');
    expect(cellStyle(contentAsBase64, 'E2').numberFormat).toBe('#,##0.00');
    expect(cellStyle(contentAsBase64, 'E3').numberFormat).toBe('#,##0.00');
    expect(cellStyle(contentAsBase64, 'F2').numberFormat).toBeUndefined();
    expect(cellStyle(contentAsBase64, 'A2').numberFormat).toBeUndefined();
    expect(columnWidths(contentAsBase64)).toEqual(COLUMNS.map(([, width]) => width));
  });
});
