import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { VariantProperties } from '../../../client/calculation/types';
import { BankIdStartRequest, type BankIdStartRequestInput } from '../../../domain/signing';

export const SIGNEE_FIELDS = ['firstName', 'lastName', 'email', 'personalNumber'] as const;
export type SigneeField = (typeof SIGNEE_FIELDS)[number];
type SigneeFields = Record<SigneeField, string>;

/** What the form keeps: both signees (the second counts for a joint signature only). */
export interface BankIdStartValues {
  joint: boolean;
  customerContractSignees: SigneeFields[];
  withDeliveryConfirmation: boolean;
}

/** A signee's field, as the server names it in its refusals. */
export type SigneePath = `customerContractSignees.${number}.${SigneeField}`;
const SIGNEE_PATH = new RegExp(`^customerContractSignees\\.[01]\\.(${SIGNEE_FIELDS.join('|')})$`);
export const isSigneePath = (name: string): name is SigneePath => SIGNEE_PATH.test(name);

/** The start's body: one signee, or both for a joint signature; a personal number only when given. */
function bodyOf(values: BankIdStartValues, maxSignees: number): BankIdStartRequestInput {
  const signees = values.customerContractSignees;
  return {
    customerContractSignees: (values.joint && maxSignees > 1 ? signees : signees.slice(0, 1)).map((s) => ({
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      ...(s.personalNumber.trim() ? { personalNumber: s.personalNumber } : {}),
    })),
    withDeliveryConfirmation: values.withDeliveryConfirmation,
  };
}

const checkBody = zodResolver(BankIdStartRequest);

/** The server's schema on the body the start would send (its field paths are the form's). */
export const bankIdStartResolver =
  (maxSignees: number): Resolver<BankIdStartValues, unknown, BankIdStartRequest> =>
  (values, context, { criteriaMode, fields, shouldUseNativeValidation }) =>
    checkBody(bodyOf(values, maxSignees), context, { criteriaMode, fields, shouldUseNativeValidation });

/**
 * The BankID start form. Its messages stay until the next start, as the server's refusals do.
 */
export function useBankIdStartForm(v: VariantProperties, maxSignees: number) {
  const directors = v.applicant?.persons.filter((p) => p.position === 'director') ?? [];
  return useForm<BankIdStartValues, unknown, BankIdStartRequest>({
    resolver: bankIdStartResolver(maxSignees),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      joint: false,
      customerContractSignees: [0, 1].map((i) => ({
        firstName: directors[i]?.firstName ?? '',
        lastName: directors[i]?.lastName ?? '',
        email: '',
        personalNumber: '',
      })),
      withDeliveryConfirmation: true,
    },
  });
}
