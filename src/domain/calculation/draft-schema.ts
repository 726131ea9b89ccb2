import { z } from 'zod';
import { PAYMENT_FREQUENCIES, PAYMENT_PLANS } from './billing';
import { validateDraft, type Draft, type FieldErrors } from './editor';
import type { ConditionList } from './schemas';
import { COUNTED_SERVICE_KINDS } from './variant';

/**
 * The editor's draft as a zod schema, which the editor checks in each render (`draftErrors`):
 * the draft's shape (what was typed, numbers as text), refined by `validateDraft` against the
 * condition list the selection picks, each of its errors an issue at its field's path with its
 * message key. The rules stay in `validateDraft` (portal specification, “Validation rules”).
 */
const CountedServiceDraft = z.object({
  baseUseUnit: z.string(),
  baseUsePrice: z.string(),
  additionalUsePrice: z.string(),
});

const ObjectDraft = z.object({
  key: z.string(),
  objectId: z.string(),
  manufacturerId: z.string(),
  details: z.string(),
  price: z.string(),
  quantity: z.string(),
  serialNumber: z.string(),
  countedServices: z.record(z.enum(COUNTED_SERVICE_KINDS), CountedServiceDraft),
});

const DraftShape = z.object({
  decimalSeparator: z.enum(['.', ',']),
  name: z.string(),
  conditionListId: z.string(),
  productId: z.string(),
  residualValue: z.number(),
  commission: z.number(),
  hasRepurchase: z.boolean(),
  navBasedCalculation: z.boolean(),
  inputValue: z.string(),
  periodInMonths: z.number().nullable(),
  advancePaymentAmount: z.string(),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  paymentMethod: z.string(),
  paymentPlan: z.enum(PAYMENT_PLANS),
  rentFreeMonths: z.number(),
  hasRemitInterimFee: z.boolean(),
  securityDepositAmount: z.string(),
  handlingFeeAmount: z.string(),
  recurringServiceAmount: z.string(),
  customServiceLevelAgreement: z.string(),
  additionalOfferInfo: z.string(),
  additionalRequestInfo: z.string(),
  generalObjectType: z.string(),
  isExternalObjectOverviewProvided: z.boolean(),
  financingObjects: z.array(ObjectDraft),
});

/** `financingObjects.0.price` → ['financingObjects', 0, 'price']. */
const pathOf = (name: string) => name.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/**
 * The rules run even where the shape is off (a draft kept by an older version), as they did
 * before. A group's issue (`financingObjects`) comes before its items' (`financingObjects.0.price`): the form's
 * errors nest in that order, and the group keeps its message next to its items'.
 */
export function draftSchema(list: ConditionList | undefined): z.ZodType<Draft, Draft> {
  return DraftShape.superRefine(
    (draft, ctx) => {
      const errors = validateDraft(draft, list);
      const paths = Object.entries(errors).map(([name, message]) => ({ path: pathOf(name), message }));
      paths.sort((a, b) => a.path.length - b.path.length);
      for (const { path, message } of paths) ctx.addIssue({ code: 'custom', path, message });
    },
    { when: () => true },
  );
}

/** The schema's issues by field path (`financingObjects.0.price`), as `validateDraft` names them. */
export function draftErrors(list: ConditionList | undefined, draft: Draft): FieldErrors {
  const result = draftSchema(list).safeParse(draft);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
