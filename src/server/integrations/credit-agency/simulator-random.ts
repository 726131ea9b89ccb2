// The simulator's seeded random numbers and the check digits of the numbers it makes up.

/** mulberry32: small, fast and the same everywhere. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let x = this.next() * items.reduce((s, [, w]) => s + w, 0);
    for (const [item, w] of items) if ((x -= w) < 0) return item;
    return items.at(-1)![0];
  }
  digits(n: number, firstNonZero = true): string {
    let s = '';
    for (let k = 0; k < n; k += 1) s += String(k === 0 && firstNonZero ? this.int(1, 9) : this.int(0, 9));
    return s;
  }
  date(fromYear: number, toYear: number): string {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${this.int(fromYear, toYear)}-${pad(this.int(1, 12))}-${pad(this.int(1, 28))}`;
  }
}

/** German VAT id check digit: ISO 7064 MOD 11,10 over the first eight digits. */
export function germanVatCheckDigit(base: string): number {
  let product = 10;
  for (const c of base) {
    let sum = (Number(c) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/** Italian CIN: the check letter of ABI, CAB and account number. */
export function italianCin(digits: string): string {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
  let sum = 0;
  for (let k = 0; k < digits.length; k += 1) sum += k % 2 === 0 ? odd[Number(digits[k])]! : Number(digits[k]);
  return String.fromCharCode(65 + (sum % 26));
}
