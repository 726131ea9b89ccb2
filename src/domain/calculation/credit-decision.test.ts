import { describe, expect, it } from 'vitest';
import type { Customer } from '../customers/schemas';
import { canConfirmGuarantee, canDecide, decide, missingInfoOf } from './credit-decision';
import { CALCULATION_STATES, transition } from './states';
import { thresholdsOf } from './thresholds';

const complete = (over: Partial<Customer> = {}): Customer => ({
  name: 'Testbolaget AB',
  countryIso: 'SE',
  registrationNumber: '5566770001',
  legalForm: 'AB',
  scoreClass: 2,
  externalIds: [],
  telephoneNumbers: [],
  bankAccount: null,
  addresses: [
    {
      addressType: 'main',
      street: 'Storgatan 1',
      addition: '',
      zip: '211 42',
      town: 'Malmö',
      region: '',
      country: 'SE',
    },
  ],
  persons: [
    {
      title: '',
      firstName: 'Karin',
      lastName: 'Lindqvist',
      dateOfBirth: '1971-06-15',
      position: 'director',
      selectedAddress: 'main',
      privateAddress: null,
      telephoneNumber: null,
    },
  ],
  ...over,
});
const at = (applicant: Customer, nav = 9_000) =>
  decide({ applicant, nav, instantDecisionLimit: thresholdsOf('EUR').instantDecisionLimit });

describe('credit decision (docs/domain.md section 5)', () => {
  it('approves a complete applicant with a good score below the limit instantly', () => {
    expect(at(complete())).toEqual({ outcome: 'approve' });
  });

  it('applies the rules in order: decline, missing data, underwriter, guarantee', () => {
    // Score 6 declines even when data is missing and the NAV is above the limit.
    expect(at(complete({ scoreClass: 6, registrationNumber: undefined }), 90_000)).toEqual({
      outcome: 'decline',
      reason: 'scoreClass',
    });
    expect(at(complete({ legalForm: 'EK' }))).toEqual({ outcome: 'decline', reason: 'legalFormNotAccepted' });
    expect(at(complete({ registrationNumber: undefined }), 90_000)).toEqual({
      outcome: 'needInformation',
      missing: ['registrationNumber'],
    });
    expect(at(complete({ scoreClass: 5 }), 25_000.01)).toEqual({ outcome: 'underwriter' });
    expect(at(complete({ scoreClass: 5 }), 25_000)).toEqual({ outcome: 'approveWithGuarantee' });
    expect(at(complete({ scoreClass: 4 }))).toEqual({ outcome: 'approveWithGuarantee' });
    expect(at(complete({ scoreClass: undefined }))).toEqual({ outcome: 'approve' });
  });

  it('names what is missing; a director only for legal forms that need one', () => {
    expect(missingInfoOf(complete({ addresses: [], persons: [] }))).toEqual(['mainAddress', 'director']);
    const noBirthDate = complete();
    noBirthDate.persons[0]!.dateOfBirth = null;
    expect(missingInfoOf(noBirthDate)).toEqual(['directorDateOfBirth']);
    expect(missingInfoOf(complete({ legalForm: 'HB', persons: [] }))).toEqual([]);
  });
});

describe("the underwriter's actions", () => {
  it('are allowed exactly where the state machine moves on', () => {
    for (const state of CALCULATION_STATES) {
      const decides = (['approve', 'approveWithGuarantee', 'needInformation', 'decline'] as const).every(
        (event) => transition(state, event) !== undefined,
      );
      expect(canDecide({ status: 'open' }, state), state).toBe(decides);
      expect(canDecide({ status: 'decided' }, state), state).toBe(false);
      const guarantee = { decision: 'approveWithGuarantee', guaranteeReceivedAt: null };
      expect(canConfirmGuarantee(guarantee, state), state).toBe(
        transition(state, 'guaranteeReceived') !== undefined,
      );
      expect(canConfirmGuarantee({ ...guarantee, guaranteeReceivedAt: new Date() }, state)).toBe(false);
      expect(canConfirmGuarantee({ ...guarantee, decision: 'approve' }, state)).toBe(false);
    }
  });
});
