import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  eSignatureResolver,
  isSigneePath,
  type ESignatureValues,
  type SigneeFields,
} from './esignature-start';

const signee = (email: string, mobileNumber: string): SigneeFields => ({
  title: '',
  firstName: 'Karin',
  lastName: 'Lindqvist',
  email,
  mobileNumber,
});
const none = signee('', '');
const values = (over: Partial<ESignatureValues> = {}): ESignatureValues => ({
  joint: false,
  inTurn: false,
  customerContractSignees: [signee('karin@kund.example', '+46701234501'), none],
  partnerContractSignees: [none],
  useDeliveryConfirmation: true,
  ...over,
});

/** The resolver's body and its messages by field path, as the form shows them. */
async function check(v: ESignatureValues, maxSignees = 2) {
  const result = await eSignatureResolver(maxSignees)(v, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const flat: Record<string, string> = {};
  const walk = (errors: FieldErrors, prefix: string) => {
    for (const [key, e] of Object.entries(errors)) {
      if (!e || key === 'ref') continue;
      if (typeof e.message === 'string') flat[`${prefix}${key}`] = e.message;
      else walk(e as FieldErrors, `${prefix}${key}.`);
    }
  };
  walk(result.errors, '');
  return { body: result.values, flat };
}

describe('the e-signature form', () => {
  it('passes one customer signee, without a partner signee when it has no e-mail', async () => {
    const { body, flat } = await check(values());
    expect(flat).toEqual({});
    expect(body).toMatchObject({
      customerContractSignees: [{ email: 'karin@kund.example', signingOrder: 1 }],
      partnerContractSignees: [],
      useDeliveryConfirmation: true,
    });
  });

  it('sends both customer signees for a joint signature, together or in turn, and the partner', async () => {
    const olof = { ...signee('olof@kund.example', '+46701234502'), firstName: 'Olof' };
    const partner = signee('erik@partner.example', '+46709876501');
    const joint = values({
      joint: true,
      customerContractSignees: [signee('karin@kund.example', '+46701234501'), olof],
      partnerContractSignees: [partner],
    });
    const orders = async (v: ESignatureValues, max = 2) =>
      (await check(v, max)).body.customerContractSignees?.map((s) => s.signingOrder);
    expect(await orders(joint)).toEqual([1, 1]);
    expect(await orders({ ...joint, inTurn: true })).toEqual([1, 2]);
    expect(await orders({ ...joint, inTurn: true }, 1)).toEqual([1]);
    expect((await check(joint)).body.partnerContractSignees).toMatchObject([
      { email: 'erik@partner.example' },
    ]);
  });

  it("gives the schema's and the signer rules' keys on the form's fields", async () => {
    expect(
      (await check(values({ customerContractSignees: [{ ...none, firstName: ' ', lastName: '' }, none] })))
        .flat,
    ).toEqual({
      'customerContractSignees.0.firstName': 'required',
      'customerContractSignees.0.lastName': 'required',
      'customerContractSignees.0.email': 'required',
    });
    const partner = signee('info@partner.example', '0709876501');
    expect((await check(values({ partnerContractSignees: [partner] }))).flat).toEqual({
      'partnerContractSignees.0.email': 'genericEmail',
      'partnerContractSignees.0.mobileNumber': 'phoneMustBeginWithPlus',
    });
    const karin = signee('karin@kund.example', '+46701234501');
    const same = values({
      joint: true,
      customerContractSignees: [karin, { ...karin, email: 'olof@kund.example' }],
    });
    expect((await check(same)).flat).toEqual({
      'customerContractSignees.1.mobileNumber': 'signeeContactsEqual',
    });
  });

  it("knows the signees' fields among the server's refusals", () => {
    expect(isSigneePath('customerContractSignees.1.mobileNumber')).toBe(true);
    expect(isSigneePath('partnerContractSignees.0.title')).toBe(true);
    expect(isSigneePath('partnerContractSignees.1.email')).toBe(false);
    expect(isSigneePath('customerContractSignees')).toBe(false);
  });
});
