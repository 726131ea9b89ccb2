import { describe, expect, it } from 'vitest';
import { customerConfiguration, partyConfiguration, type CustomerConfiguration } from './configuration';
import { BankAccount, Customer, Party, type CustomerInput } from './schemas';
import { customerErrors, partyErrors } from './party-schemas';
import {
  addressErrors,
  bankAccountErrors,
  dateProblem,
  isBankgiro,
  isIban,
  isPhone,
  normalizeIban,
  telephoneErrors,
} from './validation';

const config = (iso: string): CustomerConfiguration => customerConfiguration(iso)!;
const reasons = (errors: { name: string; reason: string }[]) => errors.map((e) => `${e.name}:${e.reason}`);

/** A complete Swedish AB: main address, one director with date of birth and private address. */
function swedish(over: Partial<CustomerInput> = {}): Customer {
  const address = (addressType: 'main' | 'private', street: string) => ({
    addressType,
    street,
    zip: '211 42',
    town: 'Malmö',
    country: 'SE',
  });
  return Customer.parse({
    name: 'Testbolaget Syd AB',
    countryIso: 'SE',
    registrationNumber: '556677-8899',
    vatId: 'SE556677889901',
    legalForm: 'AB',
    dateOfEstablishment: '2009-04-01',
    telephoneNumbers: [{ type: 'landline', number: '+46406112233' }],
    bankAccount: { type: 'bankgironumber', bankgiroNumber: '5050-1055' },
    addresses: [address('main', 'Storgatan 12')],
    persons: [
      {
        firstName: 'Karin',
        lastName: 'Lindqvist',
        dateOfBirth: '1971-06-15',
        position: 'director',
        selectedAddress: 'private',
        privateAddress: address('private', 'Lilla Torg 3'),
      },
    ],
    ...over,
  });
}

describe('IBAN', () => {
  // Valid examples of 17 countries (the registry's and the banks' published ones).
  const valid = [
    'DE89370400440532013000',
    'SE4550000000058398257466',
    'IT60X0542811101000000123456',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'ES9121000418450200051332',
    'AT611904300234573201',
    'CH9300762011623852957',
    'BE68539007547034',
    'NO9386011117947',
    'DK5000400440116243',
    'FI2112345600000785',
    'PL61109010140000071219812874',
    'IE29AIBK93115212345678',
    'LU280019400644750000',
    'PT50000201231234567890154',
  ];

  it.each(valid)('accepts %s', (iban) => {
    expect(isIban(iban)).toBe(true);
  });

  it.each(valid)('refuses %s with one digit changed', (iban) => {
    const k = iban.length - 2;
    const changed = `${iban.slice(0, k)}${(Number(iban[k]) + 1) % 10}${iban.slice(k + 1)}`;
    expect(isIban(changed)).toBe(false);
  });

  it('ignores spaces, other characters and case; empty counts as valid', () => {
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIban('de89-3704.0044/0532 0130 00')).toBe(true);
    expect(normalizeIban(' se45 5000 0000 0583 9825 7466 ')).toBe('SE4550000000058398257466');
    expect(isIban('')).toBe(true);
    expect(isIban('   ')).toBe(true);
  });

  it('refuses wrong lengths, unknown countries and text', () => {
    expect(isIban('DE8937040044053201300')).toBe(false);
    expect(isIban('XX89370400440532013000')).toBe(false);
    expect(isIban('not an iban')).toBe(false);
  });
});

describe('bank giro', () => {
  it.each(['5050-1055', '50501055', '5050 1055', '297-3675', '2973675', '5402-9681'])('accepts %s', (n) => {
    expect(isBankgiro(n)).toBe(true);
  });

  it.each(['5050-1056', '297-3676', '123456', '123456789', '5050-105A', ''])('refuses %s', (n) => {
    expect(isBankgiro(n)).toBe(false);
  });
});

describe('telephone numbers', () => {
  it.each([
    '+46812345678',
    '+46406112233',
    '+46701234567',
    '+492211234567',
    '+4915112345678',
    '+390212345678',
  ])('accepts %s', (n) => {
    expect(isPhone(n)).toBe(true);
    expect(telephoneErrors({ type: 'landline', number: n }, 'p')).toEqual([]);
  });

  it('needs the country code with + first, and a possible number', () => {
    expect(telephoneErrors({ type: 'landline', number: '08-123 456 78' }, 'p')).toEqual([
      { name: 'p', reason: 'phoneMustBeginWithPlus' },
    ]);
    expect(telephoneErrors({ type: 'mobile', number: '+461' }, 'p')).toEqual([
      { name: 'p', reason: 'invalidPhone' },
    ]);
    expect(isPhone('0046812345678')).toBe(false);
  });

  it('leaves an empty number alone', () => {
    expect(telephoneErrors(null, 'p')).toEqual([]);
    expect(telephoneErrors({ type: 'landline', number: ' ' }, 'p')).toEqual([]);
  });
});

describe('dates', () => {
  it('accepts real dates from 1753-01-01 until today', () => {
    expect(dateProblem('1753-01-01')).toBeUndefined();
    expect(dateProblem('2024-02-29')).toBeUndefined();
    expect(dateProblem(null)).toBeUndefined();
  });

  it('refuses dates before 1753, impossible dates and the future', () => {
    expect(dateProblem('1752-12-31')).toBe('dateTooEarly');
    expect(dateProblem('0001-01-01')).toBe('dateTooEarly');
    expect(dateProblem('2023-02-29')).toBe('invalidDate');
    expect(dateProblem('-0001-01-01')).toBe('invalidDate');
    expect(dateProblem('1.1.2000')).toBe('invalidDate');
    expect(dateProblem('2030-01-01', new Date('2026-01-01T00:00:00Z'))).toBe('dateInFuture');
  });

  it('applies to the date of establishment and the dates of birth', () => {
    expect(reasons(customerErrors(swedish({ dateOfEstablishment: '1700-05-01' }), config('SE')))).toEqual([
      'dateOfEstablishment:dateTooEarly',
    ]);
    const c = swedish();
    c.persons[0]!.dateOfBirth = '1752-12-31';
    expect(reasons(customerErrors(c, config('SE')))).toEqual(['persons.0.dateOfBirth:dateTooEarly']);
  });
});

describe('customer', () => {
  it('accepts a complete Swedish AB', () => {
    expect(customerErrors(swedish(), config('SE'))).toEqual([]);
  });

  it('limits the name to 50 characters', () => {
    expect(customerErrors(swedish({ name: 'A'.repeat(47) + ' AB' }), config('SE'))).toEqual([]);
    expect(reasons(customerErrors(swedish({ name: 'A'.repeat(48) + ' AB' }), config('SE')))).toEqual([
      'name:companyNameTooLong',
    ]);
    expect(reasons(customerErrors(swedish({ name: '  ' }), config('SE')))).toEqual([
      'name:companyNameMissing',
    ]);
  });

  it('needs the main address, complete, with a postcode of the country', () => {
    expect(reasons(customerErrors(swedish({ addresses: [] }), config('SE')))).toEqual([
      'addresses:mainAddressMissing',
    ]);
    const c = swedish();
    c.addresses[0] = { ...c.addresses[0]!, street: '', zip: '2114' };
    expect(reasons(customerErrors(c, config('SE')))).toEqual([
      'addresses.0.street:required',
      'addresses.0.zip:invalidPostcode',
    ]);
  });

  it('checks a private address abroad against the postcode format of its own country', () => {
    const c = swedish();
    c.persons[0]!.privateAddress = {
      ...c.persons[0]!.privateAddress!,
      zip: '50667',
      town: 'Köln',
      country: 'DE',
    };
    expect(customerErrors(c, config('SE'))).toEqual([]);
    c.persons[0]!.privateAddress.zip = '506 67';
    expect(reasons(customerErrors(c, config('SE')))).toEqual([
      'persons.0.privateAddress.zip:invalidPostcode',
    ]);
  });

  it('needs a tax or VAT id where the country asks for one', () => {
    expect(reasons(customerErrors(swedish({ vatId: '' }), config('SE')))).toEqual([
      'vatId:taxOrVatIdMissing',
    ]);
  });

  it('checks the bank account of its type', () => {
    const bad = swedish({ bankAccount: { type: 'bankgironumber', bankgiroNumber: '5050-1056' } });
    expect(reasons(customerErrors(bad, config('SE')))).toEqual([
      'bankAccount.bankgiroNumber:invalidBankgiro',
    ]);
    const iban = swedish({ bankAccount: { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7467' } });
    expect(reasons(customerErrors(iban, config('SE')))).toEqual(['bankAccount.iban:invalidIban']);
    expect(bankAccountErrors(null, 'b', true)).toEqual([{ name: 'b', reason: 'bankDetailsMandatory' }]);
  });
});

describe('persons', () => {
  const director = (over: Record<string, unknown> = {}) => ({
    firstName: 'Karin',
    lastName: 'Lindqvist',
    dateOfBirth: '1971-06-15',
    position: 'director' as const,
    selectedAddress: 'private' as const,
    privateAddress: {
      addressType: 'private' as const,
      street: 'Lilla Torg 3',
      zip: '211 22',
      town: 'Malmö',
      country: 'SE',
    },
    ...over,
  });
  const contact = (over: Record<string, unknown> = {}) => ({
    firstName: 'Per',
    lastName: 'Olsson',
    position: 'none' as const,
    ...over,
  });

  it('needs a managing director with names, date of birth and private address', () => {
    expect(reasons(customerErrors(swedish({ persons: [] }), config('SE')))).toEqual([
      'persons:directorMissing',
    ]);
    expect(
      reasons(customerErrors(swedish({ persons: [director({ dateOfBirth: null })] }), config('SE'))),
    ).toEqual(['persons.0.dateOfBirth:required']);
    expect(
      reasons(customerErrors(swedish({ persons: [director({ privateAddress: null })] }), config('SE'))),
    ).toEqual(['persons.0.privateAddress:privateAddressMissing']);
    expect(
      reasons(
        customerErrors(swedish({ persons: [director({ firstName: '', lastName: ' ' })] }), config('SE')),
      ),
    ).toEqual(['persons.0.firstName:required', 'persons.0.lastName:required']);
  });

  it('does not need a director for a partnership', () => {
    expect(customerErrors(swedish({ legalForm: 'HB', persons: [] }), config('SE'))).toEqual([]);
  });

  it('allows at most one person without a position, and only with the main address', () => {
    expect(customerErrors(swedish({ persons: [director(), contact()] }), config('SE'))).toEqual([]);
    expect(
      reasons(
        customerErrors(
          swedish({ persons: [director(), contact(), contact({ firstName: 'Eva' })] }),
          config('SE'),
        ),
      ),
    ).toEqual(['persons:onePersonWithoutPosition']);
    expect(
      reasons(
        customerErrors(
          swedish({ persons: [director(), contact({ selectedAddress: 'private' })] }),
          config('SE'),
        ),
      ),
    ).toEqual(['persons.1.selectedAddress:mainAddressOnly']);
  });

  it("checks a person's phone", () => {
    const c = swedish({ persons: [director({ telephoneNumber: { type: 'mobile', number: '0701234567' } })] });
    expect(reasons(customerErrors(c, config('SE')))).toEqual([
      'persons.0.telephoneNumber.number:phoneMustBeginWithPlus',
    ]);
  });
});

describe('Italy: Codice Univoco or PEC', () => {
  const italian = (over: Partial<CustomerInput> = {}) =>
    Customer.parse({
      name: 'Milano Ufficio S.r.l.',
      countryIso: 'IT',
      registrationNumber: 'MI-1234567',
      vatId: 'IT12345678903',
      region: 'Lombardia',
      legalForm: 'SNC',
      addresses: [
        {
          addressType: 'main',
          street: 'Via Roma 1',
          zip: '20121',
          town: 'Milano',
          region: 'Lombardia',
          country: 'IT',
        },
      ],
      ...over,
    });

  it('needs one of them', () => {
    expect(reasons(customerErrors(italian(), config('IT')))).toEqual([
      'codiceUnivoco:codiceUnivocoOrPecMissing',
    ]);
    expect(customerErrors(italian({ codiceUnivoco: '1234567' }), config('IT'))).toEqual([]);
    expect(customerErrors(italian({ codiceUnivoco: '123456' }), config('IT'))).toEqual([]);
    expect(customerErrors(italian({ pec: 'ufficio@pec.it' }), config('IT'))).toEqual([]);
  });

  it('checks their formats', () => {
    expect(reasons(customerErrors(italian({ codiceUnivoco: '12345' }), config('IT')))).toEqual([
      'codiceUnivoco:invalidCodiceUnivoco',
    ]);
    expect(reasons(customerErrors(italian({ pec: 'not-an-address' }), config('IT')))).toEqual([
      'pec:invalidEmail',
    ]);
  });

  it('needs the region', () => {
    expect(reasons(customerErrors(italian({ region: '', pec: 'ufficio@pec.it' }), config('IT')))).toEqual([
      'region:required',
    ]);
  });
});

describe('USA: account and routing numbers', () => {
  const account = (accountNumber: string, routingNumber: string) => ({
    type: 'account' as const,
    iban: '',
    holder: '',
    bankName: '',
    bankgiroNumber: '',
    transitNumber: '',
    institutionNumber: '',
    accountNumber,
    routingNumber,
  });

  it('needs both once one is given', () => {
    expect(bankAccountErrors(account('', ''), 'b', false)).toEqual([]);
    expect(bankAccountErrors(account('123456789', '021000021'), 'b', false)).toEqual([]);
    expect(reasons(bankAccountErrors(account('123456789', ''), 'b', false))).toEqual([
      'b.routingNumber:routingNumberMandatory',
    ]);
    expect(reasons(bankAccountErrors(account('', '021000021'), 'b', false))).toEqual([
      'b.accountNumber:accountNumberMandatory',
    ]);
  });

  it('checks their formats and needs them when bank details are mandatory', () => {
    expect(reasons(bankAccountErrors(account('12ab', '0210000'), 'b', false))).toEqual([
      'b.accountNumber:accountNumberMandatory',
      'b.routingNumber:routingNumberMandatory',
    ]);
    expect(reasons(bankAccountErrors(account('', ''), 'b', true))).toHaveLength(2);
  });

  it('applies to a US customer, who needs the tax id and region', () => {
    const c = Customer.parse({
      name: 'Acme Leasing LLC',
      countryIso: 'US',
      taxId: '12-3456789',
      region: 'NY',
      legalForm: 'LLC',
      bankAccount: account('123456789', '02100002'),
      addresses: [
        {
          addressType: 'main',
          street: '1 Main St',
          zip: '10001',
          town: 'New York',
          region: 'NY',
          country: 'US',
        },
      ],
      persons: [
        {
          firstName: 'Jane',
          lastName: 'Doe',
          dateOfBirth: '1980-01-01',
          position: 'director',
          selectedAddress: 'private',
          privateAddress: {
            addressType: 'private',
            street: '2 Elm St',
            zip: '10002',
            town: 'New York',
            country: 'US',
          },
        },
      ],
    });
    expect(reasons(customerErrors(c, config('US')))).toEqual([
      'bankAccount.routingNumber:routingNumberMandatory',
    ]);
  });
});

describe('supplier and sublessee', () => {
  it('need a name and an address; a sublessee also a registration number', () => {
    const party = Party.parse({
      name: 'Kontorsleverantören AB',
      address: {
        addressType: 'main',
        street: 'Storgatan 1',
        zip: '111 22',
        town: 'Stockholm',
        country: 'SE',
      },
    });
    expect(partyErrors(party, partyConfiguration('supplier', 'SE')!)).toEqual([]);
    expect(reasons(partyErrors(party, partyConfiguration('sublessee', 'SE')!))).toEqual([
      'registrationNumber:required',
    ]);
    expect(reasons(partyErrors({ ...party, address: null }, partyConfiguration('supplier', 'SE')!))).toEqual([
      'address:mainAddressMissing',
    ]);
  });

  it('check the address fields', () => {
    expect(
      reasons(
        addressErrors(
          { addressType: 'main', street: '', addition: '', zip: '', town: '', region: '', country: 'DE' },
          'a',
        ),
      ),
    ).toEqual(['a.street:required', 'a.zip:required', 'a.town:required']);
  });
});

describe('Canada: transit, institution (FI) and account numbers', () => {
  const account = (transitNumber: string, institutionNumber: string, accountNumber: string) =>
    BankAccount.parse({ type: 'transit', transitNumber, institutionNumber, accountNumber });

  it('takes a branch of 5 digits, a bank of 3 and an account of 7 to 12', () => {
    expect(bankAccountErrors(account('00012', '004', '1234567'), 'b', true)).toEqual([]);
    expect(bankAccountErrors(account('12345', '815', '123 456 789 012'), 'b', true)).toEqual([]);
    expect(reasons(bankAccountErrors(account('1234', '04', '123456'), 'b', false))).toEqual([
      'b.transitNumber:invalidTransitNumber',
      'b.institutionNumber:invalidInstitutionNumber',
      'b.accountNumber:accountNumberMandatory',
    ]);
  });

  it('may stay empty unless bank details are mandatory', () => {
    expect(bankAccountErrors(account('', '', ''), 'b', false)).toEqual([]);
    expect(reasons(bankAccountErrors(account('', '', ''), 'b', true))).toHaveLength(3);
  });

  it('is how a Canadian customer gives the account, with the province and a Canadian postcode', () => {
    const ca = config('CA');
    expect(ca.bankAccountTypes).toEqual(['transit']);
    const c = Customer.parse({
      name: 'Maple Office',
      countryIso: 'CA',
      legalForm: 'SP',
      taxId: '123456789',
      region: 'ON',
      addresses: [
        { addressType: 'main', street: '100 King St W', zip: 'M5X 1A9', town: 'Toronto', country: 'CA' },
      ],
      bankAccount: {
        type: 'transit',
        transitNumber: '00012',
        institutionNumber: '004',
        accountNumber: '1234567',
      },
    });
    expect(customerErrors(c, ca)).toEqual([]);
    const wrongPostcode = { ...c, addresses: [{ ...c.addresses[0]!, zip: '12345' }] };
    expect(reasons(customerErrors(wrongPostcode, ca))).toEqual(['addresses.0.zip:invalidPostcode']);
  });
});
