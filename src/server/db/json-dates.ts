/** A row as it goes over the wire: timestamps become ISO strings, as JSON writes them. */
export type JsonDates<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/**
 * The row with its timestamps as ISO strings, so that a presenter's answer has the type of the
 * contract in src/domain/api (which describes the JSON the client reads).
 */
export function jsonDates<T extends object>(row: T): JsonDates<T> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  ) as JsonDates<T>;
}
