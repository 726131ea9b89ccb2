import { z } from 'zod';
import { PAYMENT_FREQUENCIES } from './calculation/billing';
import { ConditionList, productTypeHasCountedServices } from './calculation/schemas';
import { PROVIDER_CONTRACT_STATES } from './calculation/states';
import { REFERENCE_CODE } from './contracts';
import { TRANSLATED_LOCALES } from './locales';

/**
 * The provider's reference data as it loads it (docs/provider-data.md): manufacturers, object
 * types, each brand's condition lists and the object types it finances, the underwriters with
 * their approval limits, and the states its servicing system gives contracts. One file, JSON or the pricing team's workbook, read into this shape; every
 * section is optional, and a section given replaces what it covers.
 */

/** A provider key: what its own systems call the thing; '~' is kept for the portal's versions. */
const key = z
  .string()
  .trim()
  .min(1, 'required')
  .max(60, 'at most 60 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore only');
const currency = z.string().regex(/^[A-Z]{3}$/, 'a currency code such as EUR');
const text = (max: number) => z.string().trim().min(1, 'required').max(max, `at most ${max} characters`);
const months = z.number().int('whole months').min(1).max(120);
/** Names by locale, in the portal's languages (en-IE, de-DE, sv-SE, …). */
const names = z.partialRecord(z.enum(TRANSLATED_LOCALES), text(100));

/** The separator of a condition list's key and its version (`DE-RBT-VA-C0~2`). */
export const VERSION_SEPARATOR = '~';

/** The provider's key of a list version's id: `VA-C0~2` → `VA-C0`. */
export const listKeyOf = (conditionListId: string) => conditionListId.split(VERSION_SEPARATOR)[0]!;

export const ManufacturerData = z.strictObject({ id: key, name: text(100) });
export type ManufacturerData = z.infer<typeof ManufacturerData>;

export const ObjectTypeData = z
  .strictObject({
    id: key,
    label: text(100),
    names: names.optional(),
    softPeriodLimit: months,
    hardPeriodLimit: months,
    countedServicePossible: z.boolean().default(false),
    manufacturerIds: z.array(key).max(200).default([]),
    defaultManufacturerId: key.optional(),
  })
  .superRefine((o, ctx) => {
    if (o.hardPeriodLimit < o.softPeriodLimit)
      ctx.addIssue({
        code: 'custom',
        path: ['hardPeriodLimit'],
        message: 'must be at least softPeriodLimit',
      });
    if (o.defaultManufacturerId && !o.manufacturerIds.includes(o.defaultManufacturerId))
      ctx.addIssue({
        code: 'custom',
        path: ['defaultManufacturerId'],
        message: 'must be one of manufacturerIds',
      });
  });
export type ObjectTypeData = z.infer<typeof ObjectTypeData>;

/** A condition list as the provider writes it: its key as `id`, its currency always said. */
export const ConditionListData = ConditionList.extend({
  id: key,
  productId: key,
  productType: text(200),
  productTypeNames: names.optional(),
  languages: z.array(z.enum(TRANSLATED_LOCALES)).max(TRANSLATED_LOCALES.length).optional(),
  currencyCode: currency,
  /** Said by the provider, or else the product type's (productTypeHasCountedServices). */
  isCountedServicesAvailable: z.boolean().optional(),
})
  .strict()
  .superRefine((l, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (!l.periods.includes(l.defaultPeriod)) issue(['defaultPeriod'], 'must be one of periods');
    if (new Set(l.periods).size !== l.periods.length) issue(['periods'], 'a period is given twice');
    if (l.navMinimum >= l.navUpperLimit) issue(['navUpperLimit'], 'must be above navMinimum');
    l.rateBands.forEach((b, i) => {
      if (b.navFrom > b.navTo) issue(['rateBands', i, 'navTo'], 'must be at least navFrom');
    });
    l.paymentFrequencies.forEach((f, i) => {
      if (!(PAYMENT_FREQUENCIES as readonly string[]).includes(f.code))
        issue(['paymentFrequencies', i, 'code'], `one of ${PAYMENT_FREQUENCIES.join(', ')}`);
    });
    for (const field of ['paymentFrequencies', 'paymentMethods'] as const) {
      const codes = l[field].map((s) => s.code);
      if (new Set(codes).size !== codes.length) issue([field], 'a code is given twice');
    }
    if (l.contractTypeCode !== 'TA' && l.residualValue !== 0)
      issue(['residualValue'], 'only partial payout (TA) lists have a residual value');
    if (l.isCountedServicesAvailable === false && productTypeHasCountedServices(l.productType))
      issue(['isCountedServicesAvailable'], 'a DAS product type has counted services');
  })
  .transform((l) => ({
    ...l,
    isCountedServicesAvailable: l.isCountedServicesAvailable ?? productTypeHasCountedServices(l.productType),
  }));
export type ConditionListData = z.infer<typeof ConditionListData>;

export const BrandPriceList = z
  .strictObject({
    brandId: text(20),
    /** The object types the brand finances (ids of this file's or earlier files' object types). */
    objectTypeIds: z.array(key).max(1000),
    conditionLists: z.array(ConditionListData).max(500),
  })
  .superRefine((b, ctx) => {
    const twice = (ids: string[]) => ids.findIndex((id, i) => ids.indexOf(id) !== i);
    const list = twice(b.conditionLists.map((l) => l.id));
    if (list >= 0)
      ctx.addIssue({ code: 'custom', path: ['conditionLists', list, 'id'], message: 'given twice' });
    const type = twice(b.objectTypeIds);
    if (type >= 0) ctx.addIssue({ code: 'custom', path: ['objectTypeIds', type], message: 'given twice' });
  });
export type BrandPriceList = z.infer<typeof BrandPriceList>;

export const UnderwriterData = z.strictObject({
  email: z.email('an e-mail address').max(254),
  firstName: text(50),
  lastName: text(50),
  /** The NAV up to which this underwriter approves, per currency; none for a currency: no approvals in it. */
  approvalLimits: z.partialRecord(currency, z.number().min(0).max(1e9)),
});
export type UnderwriterData = z.infer<typeof UnderwriterData>;

/** A contract's state as the provider's servicing system has it; null: the calendar decides again. */
export const ContractStateData = z.strictObject({
  referenceCode: z.string().trim().regex(REFERENCE_CODE, 'a reference code such as 276-0000201'),
  /** As a workbook's cell may hold it: ` Locked ` is `locked`, an empty one null. */
  state: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || null : v),
    z.enum(PROVIDER_CONTRACT_STATES).nullable(),
  ),
});
export type ContractStateData = z.infer<typeof ContractStateData>;

export const ProviderData = z
  .object({
    manufacturers: z.array(ManufacturerData).max(5000).default([]),
    objectTypes: z.array(ObjectTypeData).max(5000).default([]),
    brands: z.array(BrandPriceList).max(200).default([]),
    /** Given: the provider's underwriters are exactly these (others stop being underwriters). */
    underwriters: z
      .array(UnderwriterData)
      .min(1, 'at least one underwriter; leave the section out to keep the underwriters as they are')
      .max(1000)
      .optional(),
    /** Given: these contracts take these states; contracts the file does not name keep theirs. */
    contracts: z.array(ContractStateData).max(100_000).default([]),
  })
  .strict()
  .superRefine((d, ctx) => {
    const seen = (ids: string[], path: string, field: string) => {
      ids.forEach((id, i) => {
        if (ids.indexOf(id) !== i)
          ctx.addIssue({ code: 'custom', path: [path, i, field], message: 'given twice' });
      });
    };
    seen(
      d.manufacturers.map((m) => m.id),
      'manufacturers',
      'id',
    );
    seen(
      d.objectTypes.map((o) => o.id),
      'objectTypes',
      'id',
    );
    seen(
      d.brands.map((b) => b.brandId),
      'brands',
      'brandId',
    );
    seen(
      (d.underwriters ?? []).map((u) => u.email.toLowerCase()),
      'underwriters',
      'email',
    );
    seen(
      d.contracts.map((c) => c.referenceCode),
      'contracts',
      'referenceCode',
    );
    if (
      !d.manufacturers.length &&
      !d.objectTypes.length &&
      !d.brands.length &&
      !d.underwriters &&
      !d.contracts.length
    )
      ctx.addIssue({ code: 'custom', path: [], message: 'the file holds nothing to load' });
  });
export type ProviderData = z.infer<typeof ProviderData>;

/** One thing wrong in a file: where (a JSON path, or a sheet and its row), the field, why. */
export const ImportProblem = z.object({ where: z.string(), field: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

const Counts = z.object({
  added: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  removed: z.number(),
});
export type Counts = z.infer<typeof Counts>;

/** What a load did, or, as a dry run, would do. */
export const ImportSummary = z.object({
  dryRun: z.boolean(),
  manufacturers: Counts,
  objectTypes: Counts,
  brands: z.array(z.object({ brandId: z.string(), conditionLists: Counts, objectTypes: Counts })),
  underwriters: Counts.optional(),
  /** Present when the file named contracts: how many took another state. */
  contracts: Counts.optional(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

/** The same data, key order and absent fields aside (what a load compares to find a change). */
export function sameData(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([, x]) => x !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export const noCounts = (): Counts => ({ added: 0, changed: 0, unchanged: 0, removed: 0 });
