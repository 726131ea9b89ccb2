import { describe, expect, it } from 'vitest';
import {
  eSignatureChecked,
  startPaperAttached,
  startPaperProblems,
  startPapers,
  type ESignatureRequestInput,
  type StartDocument,
} from './signing';

const contract = (savedAt: string): StartDocument => ({
  documentGroup: 'generated',
  category: 'contract',
  savedAt,
});
const attachment = (category: string, savedAt: string): StartDocument => ({
  documentGroup: 'attachment',
  category,
  savedAt,
});

describe('the papers of the contract start', () => {
  it('needs both after a paper contract, only the delivery note after a signing service', () => {
    expect(startPapers('contractPrinted')).toEqual(['agreement', 'delivery']);
    expect(startPapers('missingApplicationInfo')).toEqual(['agreement', 'delivery']);
    expect(startPapers('awaitingDeliveryConfirmation')).toEqual(['delivery']);
    expect(startPapers('readyToSign')).toEqual([]);
  });

  it('counts only attachments saved at or after the latest contract PDF', () => {
    const docs = [
      contract('2026-03-01T10:00:00.000Z'),
      attachment('agreement', '2026-03-01T09:00:00.000Z'),
      contract('2026-03-02T10:00:00.000Z'),
      attachment('delivery', '2026-03-02T10:00:00.000Z'),
    ];
    expect(startPaperAttached('agreement', docs)).toBe(false);
    expect(startPaperAttached('delivery', docs)).toBe(true);
    expect(startPaperProblems('contractPrinted', docs)).toEqual(['agreementMissing']);
    expect(startPaperProblems('awaitingDeliveryConfirmation', docs)).toEqual([]);
  });

  it('takes any attachment of the kind when no contract was printed, and ignores other kinds', () => {
    const docs = [
      attachment('delivery', '2026-03-01T09:00:00.000Z'),
      attachment('identity', '2026-03-01T09:00:00Z'),
    ];
    expect(startPaperProblems('awaitingDeliveryConfirmation', docs)).toEqual([]);
    expect(startPaperProblems('contractPrinted', [])).toEqual(['agreementMissing', 'deliveryMissing']);
    expect(startPaperAttached('agreement', [{ ...contract('2026-03-01T08:00:00Z') }])).toBe(false);
  });
});

describe('the e-signature request with its signer rules (eSignatureChecked)', () => {
  const signee = (email: string, mobileNumber: string) => ({
    firstName: 'Karin',
    lastName: 'Lindqvist',
    email,
    mobileNumber,
  });
  const karin = signee('karin@kund.example', '+46701234501');
  const olof = signee('olof@kund.example', '+46701234502');
  const opts = { partnerNeeded: false, maxSignees: 2 };
  /** The first message per field, as the form shows it. */
  const messages = (body: ESignatureRequestInput, o = opts) => {
    const first: Record<string, string> = {};
    for (const i of eSignatureChecked(o).safeParse(body).error?.issues ?? [])
      first[i.path.join('.')] ??= i.message;
    return first;
  };

  it('passes a complete request, with the defaults the server fills in', () => {
    const body = { customerContractSignees: [karin, { ...olof, signingOrder: 2 }] };
    expect(messages(body)).toEqual({});
    expect(eSignatureChecked(opts).parse(body)).toMatchObject({
      eSignatureType: 'docusign',
      useDeliveryConfirmation: true,
      partnerContractSignees: [],
      customerContractSignees: [{ title: '', signingOrder: 1 }, { signingOrder: 2 }],
    });
  });

  it("gives the schema's keys first, and the signer rules only once it is whole", () => {
    const bare = { ...karin, firstName: ' ', email: '', mobileNumber: '' };
    expect(messages({ customerContractSignees: [bare] })).toEqual({
      'customerContractSignees.0.firstName': 'required',
      'customerContractSignees.0.email': 'required',
    });
    expect(messages({ customerContractSignees: [{ ...karin, lastName: 'x'.repeat(51) }] })).toEqual({
      'customerContractSignees.0.lastName': 'tooLong',
    });
  });

  it('gives the signer rules on their fields', () => {
    expect(messages({ customerContractSignees: [signee('karin.kund', '0701234501')] })).toEqual({
      'customerContractSignees.0.email': 'illegalEmail',
      'customerContractSignees.0.mobileNumber': 'phoneMustBeginWithPlus',
    });
    expect(
      messages({
        customerContractSignees: [karin],
        partnerContractSignees: [signee('info@partner.example', '+46 12')],
      }),
    ).toEqual({
      'partnerContractSignees.0.email': 'genericEmail',
      'partnerContractSignees.0.mobileNumber': 'illegalPhone',
    });
    expect(messages({ customerContractSignees: [karin, { ...karin, email: 'KARIN@kund.example' }] })).toEqual(
      {
        'customerContractSignees.1.email': 'signeeContactsEqual',
        'customerContractSignees.1.mobileNumber': 'signeeContactsEqual',
      },
    );
  });

  it('names the list for its order, its size and a missing partner signee', () => {
    expect(messages({ customerContractSignees: [{ ...karin, signingOrder: 2 }] })).toEqual({
      customerContractSignees: 'illegalSigningOrder',
    });
    expect(messages({ customerContractSignees: [karin, olof] }, { ...opts, maxSignees: 1 })).toEqual({
      customerContractSignees: 'tooManySignees',
    });
    expect(messages({ customerContractSignees: [karin] }, { ...opts, partnerNeeded: true })).toEqual({
      partnerContractSignees: 'partnerSigneeRequired',
    });
  });
});
