import { describe, expect, it } from 'vitest';
import {
  CALCULATION_STATES,
  canUpdate,
  categoryOf,
  colourOf,
  transition,
  TRANSITIONS,
  type CalculationEvent,
  type CalculationState,
} from './states';

describe('states', () => {
  it('has the 19 states of the spec in four categories', () => {
    expect(CALCULATION_STATES).toHaveLength(19);
    expect(categoryOf('bankGuarantee')).toBe('Approval');
    expect(categoryOf('awaitingSigningAppSignature')).toBe('Closed');
  });

  it('colours states as the spec groups them, contract-only states green', () => {
    expect([
      colourOf('interimContract'),
      colourOf('changedAfterStatement'),
      colourOf('missingApplicationInfo'),
      colourOf('canceled'),
    ]).toEqual(['blue', 'yellow', 'green', 'gray']);
    expect(colourOf('expiringSoon')).toBe('green');
  });

  // Every state × every event: allowed exactly where docs/domain.md section 4 has a row.
  const EVENTS = [...new Set(TRANSITIONS.map((r) => r.event))] as CalculationEvent[];
  const EXPECTED: Partial<Record<CalculationEvent, Partial<Record<CalculationState, CalculationState>>>> = {
    offerToCustomer: { inWork: 'offerToCustomer' },
    requestToProvider: {
      inWork: 'requestToGrenke',
      offerToCustomer: 'requestToGrenke',
      missingQuoteInfo: 'requestToGrenke',
      changedAfterStatement: 'requestToGrenke',
    },
    approve: { requestToGrenke: 'readyToSign' },
    approveWithGuarantee: { requestToGrenke: 'bankGuarantee' },
    needInformation: { requestToGrenke: 'missingQuoteInfo' },
    decline: { requestToGrenke: 'declined' },
    guaranteeReceived: { bankGuarantee: 'readyToSign' },
    editDecidedField: { readyToSign: 'changedAfterStatement' },
    paperContract: {
      readyToSign: 'contractPrinted',
      startingESignature: 'contractPrinted',
      awaitingCustomerSignature: 'contractPrinted',
      awaitingPartnerSignature: 'contractPrinted',
      awaitingDeliveryConfirmation: 'contractPrinted',
    },
    startSigning: { readyToSign: 'startingESignature', contractPrinted: 'startingESignature' },
    signingStarted: { startingESignature: 'awaitingCustomerSignature' },
    customerSigned: { awaitingCustomerSignature: 'awaitingDeliveryConfirmation' },
    customerSignedPartnerNeeded: { awaitingCustomerSignature: 'awaitingPartnerSignature' },
    partnerSigned: { awaitingPartnerSignature: 'awaitingDeliveryConfirmation' },
    deliveryConfirmed: {
      awaitingDeliveryConfirmation: 'applicationReceived',
      contractPrinted: 'applicationReceived',
    },
    applicationComplete: { applicationReceived: 'contracted' },
    applicationIncomplete: { applicationReceived: 'missingApplicationInfo' },
    documentsResent: { missingApplicationInfo: 'applicationReceived' },
    cancelSigning: {
      startingESignature: 'readyToSign',
      awaitingCustomerSignature: 'readyToSign',
      awaitingPartnerSignature: 'readyToSign',
      awaitingDeliveryConfirmation: 'readyToSign',
    },
    cancelProcess: Object.fromEntries(
      CALCULATION_STATES.filter((s) => categoryOf(s) !== 'Closed' && s !== 'contracted').map((s) => [
        s,
        'canceled',
      ]),
    ),
  };
  it.each(EVENTS)('%s is allowed exactly where docs/domain.md section 4 has a row', (event) => {
    const allowed = Object.fromEntries(
      CALCULATION_STATES.map((state) => [state, transition(state, event)]).filter(
        ([, to]) => to !== undefined,
      ),
    );
    expect(allowed).toEqual(EXPECTED[event]);
  });

  it('locks requested and concluding variants unless forced, and says what a forced update cancels', () => {
    expect(canUpdate('inWork', { force: false, decidedFieldChanged: false })).toEqual({
      allowed: true,
      nextState: 'inWork',
    });
    expect(canUpdate('requestToGrenke', { force: false, decidedFieldChanged: false })).toEqual({
      allowed: false,
      reason: 'locked',
    });
    expect(canUpdate('requestToGrenke', { force: true, decidedFieldChanged: false })).toEqual({
      allowed: true,
      nextState: 'inWork',
      cancels: 'request',
    });
    // A change of what was decided during signing needs a new decision; another change only ends the signing.
    expect(canUpdate('awaitingCustomerSignature', { force: true, decidedFieldChanged: true })).toEqual({
      allowed: true,
      nextState: 'changedAfterStatement',
      cancels: 'signing',
    });
    expect(canUpdate('awaitingCustomerSignature', { force: true, decidedFieldChanged: false })).toEqual({
      allowed: true,
      nextState: 'readyToSign',
      cancels: 'signing',
    });
    // A printed contract: decided inputs changed, a new decision; serial numbers, it stays printed.
    expect(canUpdate('contractPrinted', { force: true, decidedFieldChanged: true })).toEqual({
      allowed: true,
      nextState: 'changedAfterStatement',
    });
    expect(canUpdate('contractPrinted', { force: true, decidedFieldChanged: false })).toEqual({
      allowed: true,
      nextState: 'contractPrinted',
    });
    expect(canUpdate('bankGuarantee', { force: false, decidedFieldChanged: true })).toEqual({
      allowed: true,
      nextState: 'changedAfterStatement',
    });
    expect(canUpdate('contractPrinted', { force: false, decidedFieldChanged: false })).toEqual({
      allowed: false,
      reason: 'locked',
    });
    expect(canUpdate('contracted', { force: true, decidedFieldChanged: false })).toEqual({
      allowed: false,
      reason: 'invalidCurrentState',
    });
    expect(canUpdate('declined', { force: true, decidedFieldChanged: false })).toEqual({
      allowed: false,
      reason: 'invalidCurrentState',
    });
    expect(canUpdate('readyToSign', { force: false, decidedFieldChanged: true })).toEqual({
      allowed: true,
      nextState: 'changedAfterStatement',
    });
  });

  it('fixes what a started contract shows, forced or not; its name and notes change only forced', () => {
    for (const state of ['applicationReceived', 'missingApplicationInfo'] as const) {
      for (const force of [false, true])
        expect(canUpdate(state, { force, decidedFieldChanged: false, contractFiguresChanged: true })).toEqual(
          { allowed: false, reason: 'contractLocked' },
        );
      expect(canUpdate(state, { force: false, decidedFieldChanged: false })).toEqual({
        allowed: false,
        reason: 'locked',
      });
      expect(canUpdate(state, { force: true, decidedFieldChanged: false })).toEqual({
        allowed: true,
        nextState: state,
      });
    }
    // Before the start a printed contract may still change (and is printed again).
    expect(
      canUpdate('contractPrinted', { force: true, decidedFieldChanged: false, contractFiguresChanged: true }),
    ).toEqual({ allowed: true, nextState: 'contractPrinted' });
  });
});
