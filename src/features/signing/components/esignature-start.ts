import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { VariantProperties } from '../../../client/calculation/types';
import {
  eSignatureChecked,
  type ESignatureRequest,
  type ESignatureRequestInput,
} from '../../../domain/signing';

export const SIGNEE_FIELDS = ['title', 'firstName', 'lastName', 'email', 'mobileNumber'] as const;
export type SigneeField = (typeof SIGNEE_FIELDS)[number];
export type SigneeFields = Record<SigneeField, string>;
const EMPTY: SigneeFields = { title: '', firstName: '', lastName: '', email: '', mobileNumber: '' };

/**
 * What the form keeps: both customer signees (the second counts for a joint signature only),
 * whether they sign one after the other, the partner's signee (sent when it has an e-mail).
 */
export interface ESignatureValues {
  joint: boolean;
  inTurn: boolean;
  customerContractSignees: SigneeFields[];
  partnerContractSignees: SigneeFields[];
  useDeliveryConfirmation: boolean;
}

/** A signee's field, as the server names it in its refusals. */
export type SigneePath = `${'customerContractSignees' | 'partnerContractSignees'}.${number}.${SigneeField}`;
const SIGNEE_PATH = new RegExp(
  `^(customerContractSignees\\.[01]|partnerContractSignees\\.0)\\.(${SIGNEE_FIELDS.join('|')})$`,
);
export const isSigneePath = (name: string): name is SigneePath => SIGNEE_PATH.test(name);

/** The request: together (signing order 1, 1) or the second after the first (1, 2). */
function bodyOf(values: ESignatureValues, maxSignees: number): ESignatureRequestInput {
  const together = values.joint && maxSignees > 1;
  const customers = values.customerContractSignees;
  const partner = values.partnerContractSignees[0] ?? EMPTY;
  return {
    customerContractSignees: (together ? customers : customers.slice(0, 1)).map((s, i) => ({
      ...s,
      signingOrder: together && values.inTurn ? i + 1 : 1,
    })),
    partnerContractSignees: partner.email ? [{ ...partner, signingOrder: 1 }] : [],
    useDeliveryConfirmation: values.useDeliveryConfirmation,
  };
}

/**
 * The server's schema and signer rules on the request the form would send (its field paths are
 * the form's). Whether the profile needs a partner signee only the server knows: it says so.
 */
export const eSignatureResolver =
  (maxSignees: number): Resolver<ESignatureValues, unknown, ESignatureRequest> =>
  (values, context, { criteriaMode, fields, shouldUseNativeValidation }) =>
    zodResolver(eSignatureChecked({ partnerNeeded: false, maxSignees }))(
      bodyOf(values, maxSignees),
      context,
      {
        criteriaMode,
        fields,
        shouldUseNativeValidation,
      },
    );

/**
 * The e-signature form, the customer signees prefilled with the directors. Its messages stay
 * until the next start, as the server's refusals do.
 */
export function useESignatureForm(variant: VariantProperties) {
  const directors = variant.applicant?.persons.filter((p) => p.position === 'director') ?? [];
  return useForm<ESignatureValues, unknown, ESignatureRequest>({
    resolver: eSignatureResolver(variant.maxCustomerSignees),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      joint: false,
      inTurn: false,
      customerContractSignees: [0, 1].map((i) => ({
        ...EMPTY,
        firstName: directors[i]?.firstName ?? '',
        lastName: directors[i]?.lastName ?? '',
      })),
      partnerContractSignees: [EMPTY],
      useDeliveryConfirmation: true,
    },
  });
}
