import { describe, expect, it } from 'vitest';
import { withoutStartParameters } from './start-address';

describe('the address at start-up', () => {
  it('drops the language and the sign-in answer', () => {
    expect(withoutStartParameters('?l=de-DE')).toBe('');
    expect(withoutStartParameters('?code=abc&state=xyz&iss=http%3A%2F%2Fidp')).toBe('');
  });
  it('keeps a list’s filters, sort and page', () => {
    expect(withoutStartParameters('?l=sv-SE&states=inWork&states=declined&sortBy=applicantName&page=2')).toBe(
      '?states=inWork&states=declined&sortBy=applicantName&page=2',
    );
    expect(withoutStartParameters('')).toBe('');
  });
});
