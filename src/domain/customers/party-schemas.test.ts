import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customerConfiguration, partyConfiguration } from './configuration';
import {
  cleanParty,
  customerFormSchema,
  customerSchema,
  invalidParamsOf,
  partyFormSchema,
  partySchema,
} from './party-schemas';
import { Customer, Party, type CustomerInput } from './schemas';

const supplierSE = partyConfiguration('supplier', 'SE')!;
const sublesseeSE = partyConfiguration('sublessee', 'SE')!;
const customerSE = customerConfiguration('SE')!;
const keys = (schema: z.ZodType, value: unknown) =>
  invalidParamsOf(schema.safeParse(value)).map((e) => `${e.name}:${e.reason}`);

const address = (over: Record<string, unknown> = {}) => ({
  addressType: 'main' as const,
  street: 'Kungsgatan 40',
  addition: '',
  zip: '753 21',
  town: 'Uppsala',
  region: '',
  country: 'SE',
  ...over,
});
const bank = (over: Record<string, unknown> = {}) => ({
  type: 'bankgironumber' as const,
  iban: '',
  holder: '',
  bankName: '',
  accountNumber: '',
  routingNumber: '',
  bankgiroNumber: '5050-1055',
  ...over,
});
const party = (over: Record<string, unknown> = {}) =>
  Party.parse({
    name: 'Kontorsgrossisten i Uppsala AB',
    registrationNumber: '556000-1234',
    vatId: 'SE556000123401',
    email: 'order@grossisten.se',
    telephoneNumber: { type: 'landline', number: '+4618123456' },
    bankAccount: bank(),
    address: address(),
    countryIso: 'SE',
    ...over,
  });

describe('partySchema (supplier and sublessee)', () => {
  it('passes a complete supplier and sublessee and answers the party as parsed', () => {
    expect(keys(partySchema(supplierSE), party())).toEqual([]);
    expect(keys(partySchema(sublesseeSE), party())).toEqual([]);
    expect(partySchema(supplierSE).parse(party({ name: '  Grossisten AB ' })).name).toBe('Grossisten AB');
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a missing name', { name: ' ' }, ['name:companyNameMissing']],
    ['a name over 50 characters', { name: 'A'.repeat(51) }, ['name:companyNameTooLong']],
    ['an invalid e-mail', { email: 'order(at)grossisten' }, ['email:invalidEmail']],
    ['no address', { address: null }, ['address:mainAddressMissing']],
    [
      'an incomplete address',
      { address: address({ street: '', town: ' ' }) },
      ['address.street:required', 'address.town:required'],
    ],
    ['a postcode of another format', { address: address({ zip: '7532' }) }, ['address.zip:invalidPostcode']],
    [
      'a phone without country code',
      { telephoneNumber: { type: 'landline', number: '018123456' } },
      ['telephoneNumber.number:phoneMustBeginWithPlus'],
    ],
    [
      'an impossible phone',
      { telephoneNumber: { type: 'landline', number: '+461' } },
      ['telephoneNumber.number:invalidPhone'],
    ],
    [
      'a wrong bank giro',
      { bankAccount: bank({ bankgiroNumber: '5050-1056' }) },
      ['bankAccount.bankgiroNumber:invalidBankgiro'],
    ],
    [
      'a wrong IBAN',
      { bankAccount: bank({ type: 'iban', iban: 'SE45 5000 0000 0583 9825 7467' }) },
      ['bankAccount.iban:invalidIban'],
    ],
  ])('gives the supplier the key of %s', (_, over, expected) => {
    expect(keys(partySchema(supplierSE), party(over))).toEqual(expected);
  });

  it('needs the registration number of a sublessee only', () => {
    expect(keys(partySchema(supplierSE), party({ registrationNumber: '' }))).toEqual([]);
    expect(keys(partySchema(sublesseeSE), party({ registrationNumber: '' }))).toEqual([
      'registrationNumber:required',
    ]);
  });

  it('does not look at the bank account of a sublessee, which has none', () => {
    expect(keys(partySchema(sublesseeSE), party({ bankAccount: bank({ bankgiroNumber: '1' }) }))).toEqual([]);
  });

  it('names the field of a body the shape refuses', () => {
    const wrong = { ...party(), address: { ...address(), addressType: 'x' } };
    expect(invalidParamsOf(partySchema(supplierSE).safeParse(wrong)).map((e) => e.name)).toEqual([
      'address.addressType',
    ]);
  });
});

describe('partyFormSchema', () => {
  it('checks an address, phone and bank account left empty as not given', () => {
    const empty = party({
      address: address({ street: '', zip: '', town: '' }),
      telephoneNumber: { type: 'landline', number: ' ' },
      bankAccount: bank({ bankgiroNumber: '' }),
    });
    expect(cleanParty(empty)).toMatchObject({ address: null, telephoneNumber: null, bankAccount: null });
    expect(keys(partyFormSchema(supplierSE), empty)).toEqual(['address:mainAddressMissing']);
    expect(keys(partyFormSchema(supplierSE), party())).toEqual([]);
  });
});

function customer(over: Partial<CustomerInput> = {}) {
  const privateAddress = address({
    addressType: 'private',
    street: 'Lilla Torg 3',
    zip: '211 22',
    town: 'Malmö',
  });
  return Customer.parse({
    name: 'Malmö Kontorsservice AB',
    countryIso: 'SE',
    registrationNumber: '556677-8899',
    vatId: 'SE556677889901',
    legalForm: 'AB',
    addresses: [address({ zip: '211 42', town: 'Malmö' })],
    persons: [
      {
        firstName: 'Karin',
        lastName: 'Lindqvist',
        dateOfBirth: '1968-03-21',
        position: 'director',
        selectedAddress: 'private',
        privateAddress,
      },
    ],
    ...over,
  });
}

describe('customerSchema', () => {
  it('passes a complete Swedish AB, also as the form holds it', () => {
    expect(keys(customerSchema(customerSE), customer())).toEqual([]);
    expect(keys(customerFormSchema(customerSE), customer())).toEqual([]);
  });

  it.each<[string, Partial<CustomerInput>, string[]]>([
    ['a missing name', { name: '' }, ['name:companyNameMissing']],
    ['a missing registration number', { registrationNumber: '' }, ['registrationNumber:required']],
    ['an unknown legal form', { legalForm: 'XYZ' }, ['legalForm:legalFormMissing']],
    ['neither tax nor VAT id', { vatId: '' }, ['vatId:taxOrVatIdMissing']],
    [
      'a date of establishment in the future',
      { dateOfEstablishment: '2999-01-01' },
      ['dateOfEstablishment:dateInFuture'],
    ],
    ['an invalid website', { website: 'not a site' }, ['website:invalidWebsite']],
    ['no main address', { addresses: [] }, ['addresses:mainAddressMissing']],
    [
      'two phones of one type',
      {
        telephoneNumbers: [
          { type: 'mobile', number: '+46701234567' },
          { type: 'mobile', number: '+46701234568' },
        ],
      },
      ['telephoneNumbers:duplicatePhoneType'],
    ],
    ['no managing director', { persons: [] }, ['persons:directorMissing']],
  ])('gives the key of %s', (_, over, expected) => {
    expect(keys(customerSchema(customerSE), customer(over))).toEqual(expected);
  });

  it("reports a person's errors at the person's fields, in the form's order", () => {
    const c = customer();
    c.persons[0] = { ...c.persons[0]!, firstName: '', dateOfBirth: null, privateAddress: null };
    expect(keys(customerFormSchema(customerSE), c)).toEqual([
      'persons.0.firstName:required',
      'persons.0.dateOfBirth:required',
      'persons.0.privateAddress:privateAddressMissing',
    ]);
  });
});
