/**
 * Intl's formatters, made once per locale and options: making one costs a phone about a
 * millisecond, and a list or the editor would make hundreds per render.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(
  kind: string,
  locales: string | string[],
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${String(locales)}|${JSON.stringify(options ?? {})}`;
  let formatter = made.get(key) as T | undefined;
  if (!formatter) made.set(key, (formatter = make()));
  return formatter;
}

export const numberFormat = (locales: string | string[], options?: Intl.NumberFormatOptions) =>
  once('number', locales, options, () => new Intl.NumberFormat(locales, options));

export const dateTimeFormat = (locales: string | string[], options?: Intl.DateTimeFormatOptions) =>
  once('dateTime', locales, options, () => new Intl.DateTimeFormat(locales, options));

export const displayNames = (locales: string | string[], options: Intl.DisplayNamesOptions) =>
  once('displayNames', locales, options, () => new Intl.DisplayNames(locales, options));
