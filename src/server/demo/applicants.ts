import { BankAccount, type Customer, type Party } from '../../domain/customers/schemas';

/**
 * A complete customer of the demo world, as the credit agency would give it: registration,
 * main address, a managing director with date of birth and private address, a bank account.
 * The demo calculations carry these so that they can be saved again as they are.
 */
const PLACES = {
  SE: { street: 'Storgatan 12', zip: '211 42', town: 'Malmö', phone: '+46406112233', vat: 'SE556677889901' },
  DE: { street: 'Hohe Straße 41', zip: '50667', town: 'Köln', phone: '+492211234567', vat: 'DE123456789' },
} as const;

export function demoApplicant(name: string, countryIso: 'SE' | 'DE', k = 0): Customer {
  const place = PLACES[countryIso];
  const address = (addressType: 'main' | 'private', street: string) => ({
    addressType,
    street,
    addition: '',
    zip: place.zip,
    town: place.town,
    region: '',
    country: countryIso,
  });
  return {
    name,
    countryIso,
    registrationNumber:
      countryIso === 'SE' ? `55667${String(7000 + k).padStart(5, '0')}` : `HRB ${10_000 + k}`,
    vatId: place.vat,
    ...(countryIso === 'DE' ? { tradeRegisterId: `HRB ${10_000 + k}` } : {}),
    legalForm: countryIso === 'SE' ? 'AB' : 'GmbH',
    dateOfEstablishment: '2009-04-01',
    searchResultOrigin: 'agency',
    email: 'info@example.com',
    externalIds: [],
    telephoneNumbers: [{ type: 'landline', number: place.phone }],
    bankAccount: BankAccount.parse(
      countryIso === 'SE'
        ? { type: 'bankgironumber', bankgiroNumber: '5050-1055', holder: name, bankName: 'Nordbanken' }
        : { type: 'iban', iban: 'DE89370400440532013000', holder: name, bankName: 'Commerzbank' },
    ),
    addresses: [address('main', place.street)],
    persons: [
      {
        title: '',
        firstName: countryIso === 'SE' ? 'Karin' : 'Jürgen',
        lastName: countryIso === 'SE' ? 'Lindqvist' : 'Becker',
        dateOfBirth: '1971-06-15',
        position: 'director',
        selectedAddress: 'private',
        privateAddress: address('private', countryIso === 'SE' ? 'Lilla Torg 3' : 'Ringstraße 8'),
        telephoneNumber: null,
      },
    ],
  };
}

/** A complete supplier of the demo world (the dealer's wholesaler). */
export function demoSupplier(countryIso: 'SE' | 'DE'): Party {
  const company = demoApplicant(
    countryIso === 'SE' ? 'Kontorsgrossisten i Malmö AB' : 'Büro-Großhandel Köln GmbH',
    countryIso,
    900,
  );
  return {
    name: company.name,
    registrationNumber: company.registrationNumber,
    vatId: company.vatId,
    email: 'order@example.com',
    telephoneNumber: company.telephoneNumbers[0]!,
    bankAccount: company.bankAccount,
    address: company.addresses[0]!,
    countryIso,
  };
}
