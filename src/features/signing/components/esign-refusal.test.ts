import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../client/http';
import { PROBLEM, type Problem } from '../../../domain/problems';
import { eSignatureRefusal } from './esign-refusal';

const bundle = (locale: string) =>
  JSON.parse(readFileSync(`locales/ui.${locale}.json`, 'utf8')) as {
    esign: { errors: Record<string, string> };
  };
const en = bundle('en-IE').esign.errors;
const t = ((key: string) => en[key.replace('esign.errors.', '')] ?? key) as unknown as TFunction;
const exists = (key: string) => key.replace('esign.errors.', '') in en;
const refused = (status: number, problem: Partial<Problem>) =>
  new ApiError(status, 'cid-1', {
    type: PROBLEM.errorKeys,
    title: 'action validation',
    status,
    ...problem,
  });

describe('eSignatureRefusal', () => {
  it('has a text in every language for each refusal the spec names', () => {
    const named = [
      'eSignatureNotAllowed',
      'invalidCurrentState',
      'alreadyInProcess',
      'signeeContactsEqual',
      'illegalAddress',
      'illegalEmail',
      'phoneMustBeginWithPlus',
      'eSignatureServiceUnavailable',
      'calculationChanged',
      'codes',
    ];
    for (const locale of ['en-IE', 'de-DE', 'sv-SE'])
      expect(
        named.filter((k) => !bundle(locale).esign.errors[k]),
        locale,
      ).toEqual([]);
  });

  it('says a known key in words, with the correlation id', () => {
    expect(
      eSignatureRefusal(refused(400, { errorKeys: ['alreadyInProcess'] }), t, exists, 'esign.errors.start'),
    ).toEqual({
      text: en.alreadyInProcess,
      refresh: false,
      correlationId: 'cid-1',
    });
    expect(
      eSignatureRefusal(
        refused(503, { errorKeys: ['eSignatureServiceUnavailable'] }),
        t,
        exists,
        'esign.errors.start',
      ).text,
    ).toBe(en.eSignatureServiceUnavailable);
  });

  it('offers a refresh when the calculation changed or its state moved on', () => {
    expect(eSignatureRefusal(refused(412, {}), t, exists, 'esign.errors.start')).toMatchObject({
      text: en.calculationChanged,
      refresh: true,
    });
    expect(
      eSignatureRefusal(
        refused(409, { type: PROBLEM.invalidState, errorKeys: ['invalidCurrentState'] }),
        t,
        exists,
        'x',
      ),
    ).toMatchObject({ text: en.invalidCurrentState, refresh: true });
  });

  it('shows a reason it does not know as the server sent it, never as a translation key', () => {
    const unknown = eSignatureRefusal(
      refused(400, { errorKeys: ['envelopeTooLarge'], detail: 'The envelope is too large.' }),
      t,
      exists,
      'esign.errors.start',
    );
    expect(unknown.text).toBe('The envelope is too large.');
    expect(eSignatureRefusal(refused(400, { errorKeys: ['envelopeTooLarge'] }), t, exists, 'x').text).toBe(
      'envelopeTooLarge',
    );
  });

  it("falls back to the call's own text for a lost connection or anything else", () => {
    expect(eSignatureRefusal(new ApiError(0, 'cid-2'), t, exists, 'esign.errors.start').text).toBe(en.start);
    expect(eSignatureRefusal(new Error('boom'), t, exists, 'esign.errors.cancel').text).toBe(en.cancel);
  });
});
