import { describe, expect, it } from 'vitest';
import { startPaperAttached, startPaperProblems, startPapers, type StartDocument } from './signing';

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
