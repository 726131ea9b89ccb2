/**
 * The Luhn (mod 10) check digit of Swedish personal identity numbers, bank giro numbers and the
 * organisation numbers the credit agency's simulator makes up. Digits are weighted 2, 1, 2, …
 * from the right of the number without its check digit.
 */
function luhnSum(digits: string, doubleEven: boolean): number {
  let sum = 0;
  for (let k = 0; k < digits.length; k += 1) {
    let d = Number(digits[digits.length - 1 - k]);
    if (k % 2 === (doubleEven ? 0 : 1)) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

/** The digit that makes base + digit pass the Luhn check. */
export const luhnCheckDigit = (base: string): number => (10 - (luhnSum(base, true) % 10)) % 10;

/** Whether a number whose last digit is its check digit passes the Luhn check. */
export const passesLuhn = (digits: string): boolean =>
  /^\d+$/.test(digits) && luhnSum(digits, false) % 10 === 0;
