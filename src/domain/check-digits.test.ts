import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, passesLuhn } from './check-digits';
import { isBankgiro } from './customers/validation';
import { isSwedishPersonalNumber } from './signing';

describe('Luhn check digits', () => {
  it('computes and checks the classic example 7992739871-3', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('12a4')).toBe(false);
  });

  it('makes every base pass once its digit is appended, and no other digit', () => {
    for (const base of ['0', '8001012', '198001012', '55667788', '123456789012345']) {
      const digit = luhnCheckDigit(base);
      for (let d = 0; d <= 9; d++) expect(passesLuhn(`${base}${d}`)).toBe(d === digit);
    }
  });

  it('checks Swedish personal numbers (with co-ordination numbers) and bank giro numbers', () => {
    expect(isSwedishPersonalNumber('198001012387')).toBe(true);
    expect(isSwedishPersonalNumber('19800101-2387')).toBe(true);
    expect(isSwedishPersonalNumber('198001012384')).toBe(false);
    // A co-ordination number: the day plus 60.
    expect(isSwedishPersonalNumber(`19800161238${luhnCheckDigit('800161238')}`)).toBe(true);
    expect(isSwedishPersonalNumber(`19800192238${luhnCheckDigit('800192238')}`)).toBe(false);
    expect(isSwedishPersonalNumber('198002302387')).toBe(false); // 30 February
    expect(isBankgiro('5050-1055')).toBe(true);
    expect(isBankgiro('5050-1056')).toBe(false);
  });
});
