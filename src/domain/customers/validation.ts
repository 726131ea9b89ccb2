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
 * The customer rules of the portal specification, “Validation rules”: the checks of single values
 * and the rules of an address, a phone, a bank account, a customer and a supplier or sublessee.
 * Each rule reports a failure to a `Fail`: the field's path (`addresses.0.zip`) and a message key
 * the client translates under `customer.errors`. `party-schemas.ts` makes them the refinements of
 * the zod schemas the forms and the server both parse with.
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

export type Fail = (path: string, reason: string) => void;

/** The failures of one rule as invalid params, in the order the rule found them. */
export function collect(rule: (fail: Fail) => void): InvalidParam[] {
  const errors: InvalidParam[] = [];
  rule((name, reason) => errors.push({ name, reason }));
  return errors;
}

const blank = (s: string | null | undefined) => !s || s.trim() === '';

export function addressRules(a: Address, path: string, fail: Fail, postcodePattern?: string): void {
  for (const f of ['street', 'zip', 'town'] as const) if (blank(a[f])) fail(`${path}.${f}`, 'required');
  if (!blank(a.zip) && postcodePattern && a.country && !new RegExp(postcodePattern).test(a.zip))
    fail(`${path}.zip`, 'invalidPostcode');
}

export const addressErrors = (a: Address, path: string, postcodePattern?: string) =>
  collect((fail) => addressRules(a, path, fail, postcodePattern));

/** An address abroad (a director may live in another country) follows its own country's format. */
function postcodePatternOf(a: Address, config: { countryIso: string; postcodePattern: string }) {
  return a.country === config.countryIso
    ? config.postcodePattern
    : customerConfiguration(a.country)?.postcodePattern;
}

export function telephoneRules(t: Telephone | null, path: string, fail: Fail): void {
  if (!t || blank(t.number)) return;
  if (!t.number.startsWith('+')) fail(path, 'phoneMustBeginWithPlus');
  else if (!isPhone(t.number)) fail(path, 'invalidPhone');
}

export const telephoneErrors = (t: Telephone | null, path: string) =>
  collect((fail) => telephoneRules(t, path, fail));

export function bankAccountRules(b: BankAccount | null, path: string, mandatory: boolean, fail: Fail): void {
  if (!b) {
    if (mandatory) fail(path, 'bankDetailsMandatory');
    return;
  }
  if (b.type === 'iban') {
    if (blank(b.iban)) {
      if (mandatory) fail(`${path}.iban`, 'bankDetailsMandatory');
    } else if (!isIban(b.iban)) fail(`${path}.iban`, 'invalidIban');
  } else if (b.type === 'bankgironumber') {
    if (blank(b.bankgiroNumber)) {
      if (mandatory) fail(`${path}.bankgiroNumber`, 'bankDetailsMandatory');
    } else if (!isBankgiro(b.bankgiroNumber)) fail(`${path}.bankgiroNumber`, 'invalidBankgiro');
  } else if (b.type === 'transit') {
    if (!mandatory && isBlankBankAccount(b)) return;
    // A Canadian account: branch, bank and account, each all digits.
    if (!/^[0-9]{5}$/.test((b.transitNumber ?? '').trim()))
      fail(`${path}.transitNumber`, 'invalidTransitNumber');
    if (!/^[0-9]{3}$/.test((b.institutionNumber ?? '').trim()))
      fail(`${path}.institutionNumber`, 'invalidInstitutionNumber');
    if (!/^[0-9]{7,12}$/.test(b.accountNumber.replace(/\s/g, '')))
      fail(`${path}.accountNumber`, 'accountNumberMandatory');
  } else if (mandatory || !blank(b.accountNumber) || !blank(b.routingNumber)) {
    // Countries without IBAN: account and routing numbers are both needed once one is given.
    if (!/^[0-9]{4,17}$/.test(b.accountNumber.replace(/\s/g, '')))
      fail(`${path}.accountNumber`, 'accountNumberMandatory');
    if (!/^[0-9]{9}$/.test(b.routingNumber.replace(/\s/g, '')))
      fail(`${path}.routingNumber`, 'routingNumberMandatory');
  }
}

/** An account with none of its numbers given: the form's empty account, kept as none. */
export const isBlankBankAccount = (b: BankAccount) =>
  [b.iban, b.bankgiroNumber, b.accountNumber, b.routingNumber, b.transitNumber, b.institutionNumber].every(
    (x) => blank(x),
  );

export const bankAccountErrors = (b: BankAccount | null, path: string, mandatory: boolean) =>
  collect((fail) => bankAccountRules(b, path, mandatory, fail));

function nameRules(name: string, fail: Fail): void {
  if (blank(name)) fail('name', 'companyNameMissing');
  else if (name.length > CUSTOMER_NAME_MAX) fail('name', 'companyNameTooLong');
}

export function customerRules(c: Customer, config: CustomerConfiguration, fail: Fail): void {
  const rule = (f: keyof CustomerConfiguration['fields']) => config.fields[f];

  nameRules(c.name, fail);
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
  if (!c.addresses.some((a) => a.addressType === 'main')) fail('addresses', 'mainAddressMissing');
  const types = c.addresses.map((a) => a.addressType);
  if (new Set(types).size !== types.length) fail('addresses', 'duplicateAddressType');
  c.addresses.forEach((a, k) => addressRules(a, `addresses.${k}`, fail, postcodePatternOf(a, config)));

  // Phones: one per type.
  const phoneTypes = c.telephoneNumbers.map((t) => t.type);
  if (new Set(phoneTypes).size !== phoneTypes.length) fail('telephoneNumbers', 'duplicatePhoneType');
  c.telephoneNumbers.forEach((t, k) => telephoneRules(t, `telephoneNumbers.${k}.number`, fail));

  bankAccountRules(c.bankAccount, 'bankAccount', rule('bankAccount') === 'mandatory', fail);

  // Persons: a director needs names, date of birth and a private address; at most one person
  // without a position, and that one only with the main address.
  if (
    legalForm?.needsDirector &&
    rule('persons') !== 'hidden' &&
    !c.persons.some((p) => p.position === 'director')
  )
    fail('persons', 'directorMissing');
  if (c.persons.filter((p) => p.position === 'none').length > 1) fail('persons', 'onePersonWithoutPosition');
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
      addressRules(
        p.privateAddress,
        `${path}.privateAddress`,
        fail,
        postcodePatternOf(p.privateAddress, config),
      );
    telephoneRules(p.telephoneNumber, `${path}.telephoneNumber.number`, fail);
  });
}

export function partyRules(p: Party, config: PartyConfiguration, fail: Fail): void {
  nameRules(p.name, fail);
  if (config.fields.registrationNumber === 'mandatory' && blank(p.registrationNumber))
    fail('registrationNumber', 'required');
  if (!isEmail(p.email ?? '')) fail('email', 'invalidEmail');
  if (config.fields.address === 'mandatory' && !p.address) fail('address', 'mainAddressMissing');
  if (p.address) addressRules(p.address, 'address', fail, postcodePatternOf(p.address, config));
  telephoneRules(p.telephoneNumber, 'telephoneNumber.number', fail);
  if (config.fields.bankAccount !== 'hidden')
    bankAccountRules(p.bankAccount, 'bankAccount', config.fields.bankAccount === 'mandatory', fail);
}
