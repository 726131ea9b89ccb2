import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { bankIdStartResolver, isSigneePath, type BankIdStartValues } from './bankid-start';

const signee = (email: string, personalNumber = '') => ({
  firstName: 'Karin',
  lastName: 'Lindqvist',
  email,
  personalNumber,
});
const values = (over: Partial<BankIdStartValues> = {}): BankIdStartValues => ({
  joint: false,
  customerContractSignees: [signee('karin@kund.example', '198001012387'), signee('')],
  withDeliveryConfirmation: true,
  ...over,
});

/** The resolver's messages by field path, as the form shows them. */
async function messages(v: BankIdStartValues, maxSignees = 2) {
  const result = await bankIdStartResolver(maxSignees)(v, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const flat: Record<string, string | undefined> = {};
  const walk = (errors: FieldErrors, prefix: string) => {
    for (const [key, e] of Object.entries(errors)) {
      if (!e || key === 'ref') continue;
      if (typeof e.message === 'string') flat[`${prefix}${key}`] = e.message;
      else walk(e as FieldErrors, `${prefix}${key}.`);
    }
  };
  walk(result.errors, '');
  return { values: result.values, flat };
}

describe('the BankID start form', () => {
  it('passes a complete signee and hands on the body the server takes', async () => {
    const { values: body, flat } = await messages(values());
    expect(flat).toEqual({});
    expect(body).toEqual({
      customerContractSignees: [signee('karin@kund.example', '198001012387')],
      withDeliveryConfirmation: true,
    });
  });

  it('leaves out a personal number not given', async () => {
    const v = values({ customerContractSignees: [signee(' karin@kund.example ', ' '), signee('')] });
    const { values: body } = await messages(v);
    expect(body).toEqual({
      customerContractSignees: [{ firstName: 'Karin', lastName: 'Lindqvist', email: 'karin@kund.example' }],
      withDeliveryConfirmation: true,
    });
  });

  it("gives the server's message keys on the signee's fields", async () => {
    const empty = { firstName: ' ', lastName: '', email: '', personalNumber: '' };
    expect((await messages(values({ customerContractSignees: [empty, empty] }))).flat).toEqual({
      'customerContractSignees.0.firstName': 'required',
      'customerContractSignees.0.lastName': 'required',
      'customerContractSignees.0.email': 'required',
    });
    const wrong = signee('karin.kund.example', '198001012384');
    expect((await messages(values({ customerContractSignees: [wrong, wrong] }))).flat).toEqual({
      'customerContractSignees.0.email': 'illegalEmail',
      'customerContractSignees.0.personalNumber': 'illegalPersonalNumber',
    });
  });

  it('checks the second signee only for a joint signature the calculation allows', async () => {
    const same = values({
      joint: true,
      customerContractSignees: [
        signee('karin@kund.example', '198001012387'),
        signee('Karin@kund.example', '19800101-2387'),
      ],
    });
    expect((await messages(same)).flat).toEqual({
      'customerContractSignees.1.email': 'signeeContactsEqual',
      'customerContractSignees.1.personalNumber': 'signeeContactsEqual',
    });
    expect((await messages(same, 1)).flat).toEqual({});
    expect((await messages({ ...same, joint: false })).flat).toEqual({});
  });

  it("knows the signees' fields among the server's refusals", () => {
    expect(isSigneePath('customerContractSignees.1.personalNumber')).toBe(true);
    expect(isSigneePath('customerContractSignees')).toBe(false);
    expect(isSigneePath('withDeliveryConfirmation')).toBe(false);
  });
});
