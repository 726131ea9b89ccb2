import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import type { InvalidParam } from '../problems';
import { EMAIL_PATTERN } from '../users';
import { customerConfiguration, type CustomerConfiguration, type PartyConfiguration } from './configuration';
import {
  CUSTOMER_NAME_MAX,
  type Address,
  type BankAccount,
  type Customer,
  type Party,
  type Telephone,
} from './schemas';
import { passesLuhn } from '../check-digits';

/**
 * The customer rules of the portal specification, “Validation rules”, for the form and the server alike. Each failure is
 * an invalid param: the field's path (`addresses.0.zip`) and a message key the client
 * translates under `customer.errors`.
 */
export const DATE_MINIMUM = '1753-01-01';

/** Spaces and non-word characters out, upper case: how an IBAN is checked and stored. */
export const normalizeIban = (iban: string) => electronicFormatIBAN(iban.replace(/[\W_]/g, '')) ?? '';

/** Empty counts as valid (portal specification, “The calls it makes”). */
export function isIban(iban: string): boolean {
  const n = normalizeIban(iban);
  return n === '' || isValidIBAN(n);
}

/** Swedish bank giro: 7 or 8 digits, the last a mod-10 (Luhn) check digit. */
export function isBankgiro(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  return /^[0-9]{7,8}$/.test(digits) && passesLuhn(digits);
}

/** Country code and number: it must begin with + (portal specification, “Validation rules”). */
export const isPhone = (number: string) => number.startsWith('+') && isValidPhoneNumber(number);
export const isEmail = (email: string) => email === '' || EMAIL_PATTERN.test(email);

/** A real calendar date, not before 1/1/1753, not in the future. */
export function dateProblem(iso: string | null | undefined, today = new Date()): string | undefined {
  if (!iso) return undefined;
  const d = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    return 'invalidDate';
  if (iso < DATE_MINIMUM) return 'dateTooEarly';
  if (d.getTime() > today.getTime()) return 'dateInFuture';
  return undefined;
}

const blank = (s: string | null | undefined) => !s || s.trim() === '';

export function addressErrors(a: Address, path: string, postcodePattern?: string): InvalidParam[] {
  const errors: InvalidParam[] = [];
  for (const f of ['street', 'zip', 'town'] as const)
    if (blank(a[f])) errors.push({ name: `${path}.${f}`, reason: 'required' });
  if (!blank(a.zip) && postcodePattern && a.country && !new RegExp(postcodePattern).test(a.zip))
    errors.push({ name: `${path}.zip`, reason: 'invalidPostcode' });
  return errors;
}

/** An address abroad (a director may live in another country) follows its own country's format. */
function postcodePatternOf(a: Address, config: { countryIso: string; postcodePattern: string }) {
  return a.country === config.countryIso
    ? config.postcodePattern
    : customerConfiguration(a.country)?.postcodePattern;
}

export function telephoneErrors(t: Telephone | null, path: string): InvalidParam[] {
  if (!t || blank(t.number)) return [];
  if (!t.number.startsWith('+')) return [{ name: path, reason: 'phoneMustBeginWithPlus' }];
  return isPhone(t.number) ? [] : [{ name: path, reason: 'invalidPhone' }];
}

export function bankAccountErrors(b: BankAccount | null, path: string, mandatory: boolean): InvalidParam[] {
  if (!b) return mandatory ? [{ name: path, reason: 'bankDetailsMandatory' }] : [];
  const errors: InvalidParam[] = [];
  if (b.type === 'iban') {
    if (blank(b.iban)) {
      if (mandatory) errors.push({ name: `${path}.iban`, reason: 'bankDetailsMandatory' });
    } else if (!isIban(b.iban)) errors.push({ name: `${path}.iban`, reason: 'invalidIban' });
  } else if (b.type === 'bankgironumber') {
    if (blank(b.bankgiroNumber)) {
      if (mandatory) errors.push({ name: `${path}.bankgiroNumber`, reason: 'bankDetailsMandatory' });
    } else if (!isBankgiro(b.bankgiroNumber))
      errors.push({ name: `${path}.bankgiroNumber`, reason: 'invalidBankgiro' });
  } else {
    // Countries without IBAN: account and routing numbers are both needed once one is given.
    if (mandatory || !blank(b.accountNumber) || !blank(b.routingNumber)) {
      if (!/^[0-9]{4,17}$/.test(b.accountNumber.replace(/\s/g, '')))
        errors.push({ name: `${path}.accountNumber`, reason: 'accountNumberMandatory' });
      if (!/^[0-9]{9}$/.test(b.routingNumber.replace(/\s/g, '')))
        errors.push({ name: `${path}.routingNumber`, reason: 'routingNumberMandatory' });
    }
  }
  return errors;
}

export function customerErrors(c: Customer, config: CustomerConfiguration): InvalidParam[] {
  const errors: InvalidParam[] = [];
  const fail = (name: string, reason: string) => errors.push({ name, reason });
  const rule = (f: keyof CustomerConfiguration['fields']) => config.fields[f];

  if (blank(c.name)) fail('name', 'companyNameMissing');
  else if (c.name.length > CUSTOMER_NAME_MAX) fail('name', 'companyNameTooLong');
  for (const f of ['registrationNumber', 'vatId', 'taxId', 'tradeRegisterId', 'legalForm', 'region'] as const)
    if (rule(f) === 'mandatory' && blank(c[f])) fail(f, f === 'legalForm' ? 'legalFormMissing' : 'required');
  const legalForm = config.legalForms.find((l) => l.code === c.legalForm);
  if (!blank(c.legalForm) && !legalForm) fail('legalForm', 'legalFormMissing');
  if (
    config.registrationRule === 'taxOrVat' &&
    blank(c.taxId) &&
    blank(c.vatId) &&
    rule('vatId') !== 'hidden'
  )
    fail('vatId', 'taxOrVatIdMissing');
  if (config.registrationRule === 'codiceUnivocoOrPec') {
    if (blank(c.codiceUnivoco) && blank(c.pec)) fail('codiceUnivoco', 'codiceUnivocoOrPecMissing');
    if (!blank(c.codiceUnivoco) && !/^[A-Za-z0-9]{6,7}$/.test(c.codiceUnivoco!))
      fail('codiceUnivoco', 'invalidCodiceUnivoco');
    if (!blank(c.pec) && !isEmail(c.pec!)) fail('pec', 'invalidEmail');
  }
  const established = dateProblem(c.dateOfEstablishment);
  if (established) fail('dateOfEstablishment', established);
  if (!isEmail(c.email ?? '')) fail('email', 'invalidEmail');
  if (!blank(c.website) && !/^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(c.website!))
    fail('website', 'invalidWebsite');

  // Addresses: the main one is required; one of each type; each complete.
  const main = c.addresses.find((a) => a.addressType === 'main');
  if (!main) fail('addresses', 'mainAddressMissing');
  const types = c.addresses.map((a) => a.addressType);
  if (new Set(types).size !== types.length) fail('addresses', 'duplicateAddressType');
  c.addresses.forEach((a, k) =>
    errors.push(...addressErrors(a, `addresses.${k}`, postcodePatternOf(a, config))),
  );

  // Phones: one per type.
  const phoneTypes = c.telephoneNumbers.map((t) => t.type);
  if (new Set(phoneTypes).size !== phoneTypes.length) fail('telephoneNumbers', 'duplicatePhoneType');
  c.telephoneNumbers.forEach((t, k) => errors.push(...telephoneErrors(t, `telephoneNumbers.${k}.number`)));

  errors.push(...bankAccountErrors(c.bankAccount, 'bankAccount', rule('bankAccount') === 'mandatory'));

  // Persons: a director needs names, date of birth and a private address; at most one person
  // without a position, and that one only with the main address.
  if (
    legalForm?.needsDirector &&
    rule('persons') !== 'hidden' &&
    !c.persons.some((p) => p.position === 'director')
  )
    fail('persons', 'directorMissing');
  const withoutPosition = c.persons.filter((p) => p.position === 'none');
  if (withoutPosition.length > 1) fail('persons', 'onePersonWithoutPosition');
  c.persons.forEach((p, k) => {
    const path = `persons.${k}`;
    if (blank(p.firstName)) fail(`${path}.firstName`, 'required');
    if (blank(p.lastName)) fail(`${path}.lastName`, 'required');
    const born = dateProblem(p.dateOfBirth);
    if (born) fail(`${path}.dateOfBirth`, born);
    if (p.position === 'director') {
      if (!p.dateOfBirth) fail(`${path}.dateOfBirth`, 'required');
      if (!p.privateAddress) fail(`${path}.privateAddress`, 'privateAddressMissing');
    } else if (p.selectedAddress !== 'main') fail(`${path}.selectedAddress`, 'mainAddressOnly');
    if (p.privateAddress)
      errors.push(
        ...addressErrors(
          p.privateAddress,
          `${path}.privateAddress`,
          postcodePatternOf(p.privateAddress, config),
        ),
      );
    errors.push(...telephoneErrors(p.telephoneNumber, `${path}.telephoneNumber.number`));
  });
  return errors;
}

export function partyErrors(p: Party, config: PartyConfiguration): InvalidParam[] {
  const errors: InvalidParam[] = [];
  if (blank(p.name)) errors.push({ name: 'name', reason: 'companyNameMissing' });
  else if (p.name.length > CUSTOMER_NAME_MAX) errors.push({ name: 'name', reason: 'companyNameTooLong' });
  if (config.fields.registrationNumber === 'mandatory' && blank(p.registrationNumber))
    errors.push({ name: 'registrationNumber', reason: 'required' });
  if (!isEmail(p.email ?? '')) errors.push({ name: 'email', reason: 'invalidEmail' });
  if (config.fields.address === 'mandatory' && !p.address)
    errors.push({ name: 'address', reason: 'mainAddressMissing' });
  if (p.address) errors.push(...addressErrors(p.address, 'address', postcodePatternOf(p.address, config)));
  errors.push(...telephoneErrors(p.telephoneNumber, 'telephoneNumber.number'));
  if (config.fields.bankAccount !== 'hidden')
    errors.push(
      ...bankAccountErrors(p.bankAccount, 'bankAccount', config.fields.bankAccount === 'mandatory'),
    );
  return errors;
}
