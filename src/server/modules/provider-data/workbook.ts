import readXlsxFile from 'read-excel-file/node';
import type { ImportProblem } from '../../../domain/provider-data';

/**
 * The pricing team's workbook (docs/provider-data.md, "The workbook") read into the JSON
 * document's shape, and where each part of it came from: a problem the schema finds at a JSON
 * path is named by its sheet, row and column. A header names the JSON field; a dotted header
 * (`handlingFee.amount`, `names.de-DE`) a nested one. Sheets the file does not have are sections
 * it does not load.
 */
type Cell = string | number | boolean | Date | null;
type Json = Record<string, unknown>;

/** A cell's value as text for keys and messages (what the file wrote; '' for nothing). */
const text = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

export const SHEETS = [
  'Manufacturers',
  'ObjectTypes',
  'BrandObjectTypes',
  'ConditionLists',
  'RateBands',
  'Surcharges',
  'Underwriters',
  'Contracts',
] as const;

/** Columns that hold a list, separated by semicolons: `12;24;36`. */
const LISTS: Record<string, 'number' | 'text'> = {
  periods: 'number',
  manufacturerIds: 'text',
  languages: 'text',
};
/** Columns that hold text, also when a cell holds a number (an id typed as 36). */
const TEXTS = new Set(
  'id name label brandId listId objectTypeId productId productType defaultManufacturerId code kind email firstName lastName currencyCode contractTypeCode maintenanceFeeType referenceCode state'.split(
    ' ',
  ),
);

export interface ReadWorkbook {
  document: Json;
  /** Where a JSON path came from, longest path first: `brands.0.conditionLists.3` → `ConditionLists row 5`. */
  origins: [path: string, where: string][];
  problems: ImportProblem[];
}

export async function readWorkbook(bytes: Buffer): Promise<ReadWorkbook> {
  const sheets = new Map(
    (await readXlsxFile(bytes, { trim: true })).map((s) => [s.sheet.trim(), s.data as Cell[][]]),
  );
  const problems: ImportProblem[] = [];
  const origins = new Map<string, string>();
  const unknown = [...sheets.keys()].filter((name) => !(SHEETS as readonly string[]).includes(name));
  for (const name of unknown)
    problems.push({
      where: `sheet ${name}`,
      field: '',
      message: `not a sheet of the format (${SHEETS.join(', ')})`,
    });
  const rows = (sheet: (typeof SHEETS)[number]) => recordsOf(sheet, sheets.get(sheet), problems);
  const document: Json = {};

  const manufacturers = rows('Manufacturers');
  if (manufacturers) {
    document.manufacturers = manufacturers.map(
      (r, i) => (origins.set(`manufacturers.${i}`, r.where), r.value),
    );
  }
  const objectTypes = rows('ObjectTypes');
  if (objectTypes) {
    document.objectTypes = objectTypes.map((r, i) => (origins.set(`objectTypes.${i}`, r.where), r.value));
  }

  const lists = rows('ConditionLists') ?? [];
  const brandTypes = rows('BrandObjectTypes') ?? [];
  const brands = new Map<string, { index: number; value: Json }>();
  const brandOf = (brandId: unknown, where: string) => {
    const id = text(brandId);
    let brand = brands.get(id);
    if (!brand) {
      brand = {
        index: brands.size,
        value: { brandId: brandId ?? '', objectTypeIds: [], conditionLists: [] },
      };
      brands.set(id, brand);
      origins.set(`brands.${brand.index}`, where);
    }
    return brand;
  };
  const listsByKey = new Map<string, { path: string; value: Json }>();
  for (const r of lists) {
    const { brandId, ...list } = r.value;
    const brand = brandOf(brandId, r.where);
    const all = brand.value.conditionLists as Json[];
    const path = `brands.${brand.index}.conditionLists.${all.length}`;
    all.push({ ...list, rateBands: [], paymentFrequencies: [], paymentMethods: [] });
    origins.set(path, r.where);
    listsByKey.set(`${text(brandId)}|${text(list.id)}`, { path, value: all.at(-1)! });
  }
  for (const r of brandTypes) {
    const brand = brandOf(r.value.brandId, r.where);
    const ids = brand.value.objectTypeIds as unknown[];
    origins.set(`brands.${brand.index}.objectTypeIds.${ids.length}`, r.where);
    ids.push(r.value.objectTypeId);
  }
  // Rate bands and surcharges belong to a list by brand and list id.
  const partOf = (r: { where: string; value: Json }, field: string) => {
    const list = listsByKey.get(`${text(r.value.brandId)}|${text(r.value.listId)}`);
    if (!list) {
      problems.push({
        where: r.where,
        field: 'listId',
        message: `no list ${text(r.value.listId)} of brand ${text(r.value.brandId)} in ConditionLists`,
      });
      return;
    }
    const part = Object.fromEntries(
      Object.entries(r.value).filter(([k]) => !['brandId', 'listId', 'kind'].includes(k)),
    );
    const all = list.value[field] as Json[];
    origins.set(`${list.path}.${field}.${all.length}`, r.where);
    all.push(part);
  };
  for (const r of rows('RateBands') ?? []) partOf(r, 'rateBands');
  for (const r of rows('Surcharges') ?? []) {
    const field = { paymentFrequency: 'paymentFrequencies', paymentMethod: 'paymentMethods' }[
      text(r.value.kind)
    ];
    if (field) partOf(r, field);
    else problems.push({ where: r.where, field: 'kind', message: 'paymentFrequency or paymentMethod' });
  }
  // A brand's price list replaces both its lists and its object types: a brand named in one sheet
  // only would lose all of the other (an empty BrandObjectTypes would drop every object type).
  for (const [brandId, b] of brands) {
    const lists = (b.value.conditionLists as unknown[]).length;
    const types = (b.value.objectTypeIds as unknown[]).length;
    if (!lists || !types)
      problems.push({
        where: `brand ${brandId}`,
        field: '',
        message: `has rows in ${lists ? 'ConditionLists' : 'BrandObjectTypes'} but none in ${lists ? 'BrandObjectTypes' : 'ConditionLists'}: a brand's price list names both`,
      });
  }
  if (brands.size) document.brands = [...brands.values()].map((b) => b.value);

  // An underwriter has a row per currency of their limits.
  const underwriters = rows('Underwriters');
  if (underwriters) {
    const people = new Map<string, Json>();
    for (const r of underwriters) {
      const { email, firstName, lastName, currencyCode, approvalLimit } = r.value;
      const key = text(email).toLowerCase();
      let person = people.get(key);
      if (!person) {
        person = { email, firstName, lastName, approvalLimits: {} };
        origins.set(`underwriters.${people.size}`, r.where);
        people.set(key, person);
      }
      const index = [...people.keys()].indexOf(key);
      const limits = person.approvalLimits as Json;
      const currency = text(currencyCode);
      if (currency) {
        origins.set(`underwriters.${index}.approvalLimits.${currency}`, r.where);
        limits[currency] = approvalLimit;
      }
    }
    document.underwriters = [...people.values()];
  }
  // A contract's row without a state gives it back to the calendar.
  const contracts = rows('Contracts');
  if (contracts) {
    document.contracts = contracts.map(
      (r, i) => (origins.set(`contracts.${i}`, r.where), { state: null, ...r.value }),
    );
  }
  return {
    document,
    origins: [...origins].sort(([a], [b]) => b.length - a.length),
    problems,
  };
}

/** A sheet's rows as objects named by its header row; empty rows are left out. */
function recordsOf(sheet: string, data: Cell[][] | undefined, problems: ImportProblem[]) {
  if (!data) return undefined;
  const [header = [], ...body] = data;
  const fields = header.map((h) => {
    const field = typeof h === 'string' ? h.trim() : '';
    // A header names a field of the format: never one of what every object inherits.
    if (!field || field.split('.').every((part) => FIELD_PART.test(part) && !INHERITED.has(part)))
      return field;
    problems.push({ where: `${sheet} header`, field, message: 'not a column of the format' });
    return '';
  });
  const rows = body.flatMap((cells, i) => {
    if (cells.every((c) => c === null || c === '')) return [];
    const value: Json = {};
    fields.forEach((field, j) => {
      if (!field) return;
      const cell = cells[j] ?? null;
      if (cell === null || cell === '') return;
      set(value, field.split('.'), valueOf(field, cell));
    });
    return [{ where: `${sheet} row ${i + 2}`, value }];
  });
  // A sheet with its header only is a section the file does not load, as a missing sheet is.
  return rows.length ? rows : undefined;
}

const FIELD_PART = /^[A-Za-z][A-Za-z0-9_-]*$/;
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

function set(target: Json, path: string[], value: unknown) {
  const [head, ...rest] = path;
  if (!rest.length) target[head!] = value;
  else set((target[head!] ??= {}) as Json, rest, value);
}

/** A cell as the schema wants it: lists split, yes/no as booleans; the schema judges the rest. */
function valueOf(field: string, cell: Exclude<Cell, null>): unknown {
  const list = LISTS[field];
  if (list) {
    const parts = String(cell)
      .split(/[;,]/)
      .map((p) => p.trim())
      .filter(Boolean);
    return list === 'number' ? parts.map((p) => (/^-?\d+(\.\d+)?$/.test(p) ? Number(p) : p)) : parts;
  }
  if (TEXTS.has(field) || /^(names|productTypeNames)\./.test(field))
    return cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
  if (typeof cell === 'string') {
    const text = cell.toLowerCase();
    if (['true', 'yes', 'x'].includes(text)) return true;
    if (['false', 'no'].includes(text)) return false;
    if (/^-?\d+(\.\d+)?$/.test(cell)) return Number(cell);
  }
  return cell instanceof Date ? cell.toISOString().slice(0, 10) : cell;
}
