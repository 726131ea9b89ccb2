import { describe, expect, it } from 'vitest';
import { Party } from '../../../domain/customers/schemas';
import { partyProblems } from './party-rules';

/** The parties of a save as the route's schema hands them on. */
const party = (over: Record<string, unknown> = {}) =>
  Party.parse({
    name: 'Kontorsgrossisten i Uppsala AB',
    registrationNumber: '556000-1234',
    address: { addressType: 'main', street: 'Kungsgatan 40', zip: '753 21', town: 'Uppsala', country: 'SE' },
    countryIso: 'SE',
    ...over,
  });

describe('partyProblems of a save', () => {
  it('passes a complete supplier and sublessee', () => {
    expect(partyProblems({ applicant: null, supplier: party(), sublessee: party() }, 'SE')).toEqual([]);
  });

  it('names each failure of supplier and sublessee by its path in the body, with the message key', () => {
    const problems = partyProblems(
      {
        applicant: null,
        supplier: party({ telephoneNumber: { type: 'landline', number: '018123456' }, address: null }),
        sublessee: party({ registrationNumber: '', email: 'no address', name: '' }),
      },
      'SE',
    );
    expect(problems).toEqual([
      { name: 'supplier.address', reason: 'mainAddressMissing' },
      { name: 'supplier.telephoneNumber.number', reason: 'phoneMustBeginWithPlus' },
      { name: 'sublessee.name', reason: 'companyNameMissing' },
      { name: 'sublessee.registrationNumber', reason: 'required' },
      { name: 'sublessee.email', reason: 'invalidEmail' },
    ]);
  });

  it("adds the postcode directory's check and refuses a country without configuration", () => {
    const stockholm = party({
      address: {
        addressType: 'main',
        street: 'Kungsgatan 40',
        zip: '753 21',
        town: 'Stockholm',
        country: 'SE',
      },
    });
    expect(partyProblems({ applicant: null, supplier: stockholm, sublessee: null }, 'SE')).toEqual([
      { name: 'supplier.address.zip', reason: 'postcodeTownMismatch' },
    ]);
    expect(
      partyProblems({ applicant: null, supplier: party({ countryIso: 'XX' }), sublessee: null }, 'SE'),
    ).toEqual([{ name: 'supplier.countryIso', reason: 'countryNotSupported' }]);
  });
});
