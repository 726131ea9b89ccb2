import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orm } from '../../db/orm';
import { esignatureProcesses, esignSimEnvelopes } from '../../db/schema';
import { approvedCalculation } from '../../test/fixtures';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';

/** The envelope's subject, which the service mails the signees, is in the customer's language. */
describe.each(DB_KINDS)('e-signature envelope subject (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const signee = (firstName: string, email: string, mobileNumber: string) => ({
    firstName,
    lastName: 'Test',
    email,
    mobileNumber,
    signingOrder: 1,
  });

  async function subjectOf(who: string, customer: string, country: 'SE' | 'DE') {
    const headers = { authorization: `Bearer ${await t.token(who)}` };
    const { href, variantId } = await approvedCalculation(t, headers, customer, 9_000, country);
    const started = await t.app.inject({
      method: 'PUT',
      url: `${href}/Esignature`,
      headers,
      payload: {
        customerContractSignees: [signee('Kim', `kim.${country}.${kind}@kund.example`, '+46701234567')],
        partnerContractSignees: [signee('Pat', `pat.${country}.${kind}@partner.example`, '+46709876543')],
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    const [envelope] = await orm(t.db)
      .select({ subject: esignSimEnvelopes.subject })
      .from(esignSimEnvelopes)
      .innerJoin(esignatureProcesses, eq(esignatureProcesses.envelopeId, esignSimEnvelopes.id))
      .where(eq(esignatureProcesses.calculationVariantId, variantId));
    return envelope?.subject;
  }

  it('names the contract in Swedish for a Swedish customer', async () => {
    expect(await subjectOf(DEMO.erik, `Ämnesbolaget ${kind} AB`, 'SE')).toBe(
      `Ämnesbolaget ${kind} AB: leasingavtal`,
    );
  });

  it('names the contract in German for a German customer', async () => {
    expect(await subjectOf(DEMO.lukas, `Betreff ${kind} GmbH`, 'DE')).toBe(
      `Betreff ${kind} GmbH: Leasingvertrag`,
    );
  });
});
