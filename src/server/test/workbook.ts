import writeXlsxFile, { type Cell } from 'write-excel-file/node';

/**
 * Workbooks as the pricing team keeps them (docs/provider-data.md, "The workbook"), for the tests:
 * `workbookOf` writes sheets of rows as given (header first); `workbookFrom` writes a JSON
 * document of the format as its sheets, so both forms of one file can be loaded.
 */
export async function workbookOf(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  return writeXlsxFile(
    Object.entries(sheets).map(([sheet, rows]) => ({
      sheet,
      data: rows.map((row) => row.map((v) => (v === undefined ? null : (v as Cell)))),
    })),
  ).toBuffer();
}

type Json = Record<string, unknown>;

/** An object as header → cell, nested fields dotted, lists joined by semicolons. */
function flat(o: Json, prefix = ''): Json {
  return Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      Array.isArray(v)
        ? [[`${prefix}${k}`, v.join(';')]]
        : v && typeof v === 'object'
          ? Object.entries(flat(v as Json, `${prefix}${k}.`))
          : [[`${prefix}${k}`, v]],
    ),
  );
}

function sheetOf(records: Json[]): unknown[][] {
  const header = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return [header, ...records.map((r) => header.map((h) => r[h] ?? null))];
}

export async function workbookFrom(doc: Json): Promise<Buffer> {
  const sheets: Record<string, unknown[][]> = {};
  const manufacturers = doc.manufacturers as Json[] | undefined;
  if (manufacturers) sheets.Manufacturers = sheetOf(manufacturers.map((m) => flat(m)));
  const objectTypes = doc.objectTypes as Json[] | undefined;
  if (objectTypes) sheets.ObjectTypes = sheetOf(objectTypes.map((o) => flat(o)));
  const brands = (doc.brands as Json[] | undefined) ?? [];
  const lists: Json[] = [];
  const rates: Json[] = [];
  const surcharges: Json[] = [];
  const types: Json[] = [];
  for (const b of brands) {
    for (const id of b.objectTypeIds as string[]) types.push({ brandId: b.brandId, objectTypeId: id });
    for (const l of b.conditionLists as Json[]) {
      const { rateBands, paymentFrequencies, paymentMethods, ...rest } = l;
      lists.push(flat({ brandId: b.brandId, ...rest }));
      const of = { brandId: b.brandId, listId: l.id };
      for (const r of rateBands as Json[]) rates.push({ ...of, ...r });
      for (const s of paymentFrequencies as Json[])
        surcharges.push({ ...of, kind: 'paymentFrequency', ...s });
      for (const s of paymentMethods as Json[]) surcharges.push({ ...of, kind: 'paymentMethod', ...s });
    }
  }
  if (brands.length) {
    sheets.ConditionLists = sheetOf(lists);
    sheets.RateBands = sheetOf(rates);
    sheets.Surcharges = sheetOf(surcharges);
    sheets.BrandObjectTypes = sheetOf(types);
  }
  const underwriters = doc.underwriters as Json[] | undefined;
  if (underwriters)
    sheets.Underwriters = sheetOf(
      underwriters.flatMap((u) =>
        Object.entries(u.approvalLimits as Json).map(([currencyCode, approvalLimit]) => ({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          currencyCode,
          approvalLimit,
        })),
      ),
    );
  const contracts = doc.contracts as Json[] | undefined;
  if (contracts) sheets.Contracts = sheetOf(contracts);
  return workbookOf(sheets);
}
