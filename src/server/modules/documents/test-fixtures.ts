/**
 * What the documents tests share (documents.test.ts, the base64 upload and the rest;
 * form.test.ts, the upload as a form): calls to the API of the test app each file starts. The app
 * and Erik's headers are read when a call is made, as they exist only once `beforeAll` ran.
 */
import { expect } from 'vitest';
import { demoApplicant } from '../../demo/applicants';
import { profileIdOf, type TestApp } from '../../test/harness';

type Headers = Record<string, string>;

export function documentCalls(current: () => { t: TestApp; erik: Headers }) {
  /** The headers of a user, in a brand of theirs when given. */
  const as = async (email: string, brandId?: string) => {
    const { t } = current();
    return {
      authorization: `Bearer ${await t.token(email)}`,
      ...(brandId ? { 'x-user-profile-id': await profileIdOf(t.db, email, brandId) } : {}),
    };
  };

  /** A saved calculation set of a copier (Erik's unless other headers are given); answers its id. */
  async function createSet(headers = current().erik, over: Record<string, unknown> = {}): Promise<string> {
    const res = await current().t.app.inject({
      method: 'POST',
      url: '/api/calculationSets',
      headers,
      payload: {
        calculationVariant: {
          name: 'Main offer',
          conditionListId: 'SE-NOS-TA-R10-C0',
          productId: 'SE-NOS-TA',
          navBasedCalculation: true,
          inputValue: 12_000,
          periodInMonths: 48,
          financingObjects: [{ objectId: 'OT-COPIER', netPricePerItemAmount: 6_000, quantity: 2 }],
          ...over,
        },
        applicant: demoApplicant('Dokument AB', 'SE'),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ properties: { calculationSetId: string } }>().properties.calculationSetId;
  }

  const list = (setId: string, headers = current().erik) =>
    current().t.app.inject({ url: `/api/calculationSets/${setId}/documents`, headers });
  const download = (href: string, headers = current().erik) => current().t.app.inject({ url: href, headers });

  return { as, createSet, list, download };
}

/** The reasons of a validation problem (a 400). */
export const reasonsOf = (res: { statusCode: number; json(): unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { type: string; 'invalid-params': unknown[] };
  expect(body.type).toBe('/problems/validation');
  return body['invalid-params'];
};

export const actionOf = (entity: { actions?: { name: string; href: string }[] }, name: string) =>
  entity.actions?.find((a) => a.name === name);
