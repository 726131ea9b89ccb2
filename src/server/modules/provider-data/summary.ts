import type { Counts, ImportSummary } from '../../../domain/provider-data';

/** A load's summary as the command prints it, one line per part. */
export function formatSummary(s: ImportSummary): string {
  const line = (name: string, c: Counts) =>
    `  ${name}: ${c.added} added, ${c.changed} changed, ${c.unchanged} unchanged, ${c.removed} removed`;
  return [
    s.dryRun ? 'Dry run: nothing was changed. The load would do this:' : 'Loaded:',
    line('manufacturers', s.manufacturers),
    line('object types', s.objectTypes),
    ...s.brands.flatMap((b) => [
      line(`${b.brandId} condition lists`, b.conditionLists),
      line(`${b.brandId} object types`, b.objectTypes),
    ]),
    ...(s.underwriters ? [line('underwriters', s.underwriters)] : []),
    ...(s.contracts ? [line('contract states', s.contracts)] : []),
  ].join('\n');
}
