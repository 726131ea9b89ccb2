/**
 * A small bank directory for the IBAN and bank giro checks (portal specification, “The calls it makes”) and for the
 * accounts of the credit-agency simulator: bank codes of Sweden (the IBAN's three-digit bank
 * code), Germany (Bankleitzahl) and Italy (ABI), with the bank's name. A real deployment would
 * ask a bank-data service; the answers have the same shape.
 */
const BANKS: Record<string, Record<string, string>> = {
  SE: {
    '120': 'Danske Bank',
    '300': 'Nordea',
    '500': 'SEB',
    '600': 'Handelsbanken',
    '800': 'Swedbank',
    '902': 'Länsförsäkringar Bank',
    '915': 'Skandiabanken',
  },
  DE: {
    '10010010': 'Postbank',
    '10050000': 'Berliner Sparkasse',
    '10070000': 'Deutsche Bank',
    '12030000': 'Deutsche Kreditbank',
    '20050550': 'Hamburger Sparkasse',
    '37040044': 'Commerzbank',
    '37050198': 'Sparkasse KölnBonn',
    '37060590': 'Sparda-Bank West',
    '37070060': 'Deutsche Bank',
    '37160087': 'Kölner Bank',
    '43060967': 'GLS Gemeinschaftsbank',
    '50010517': 'ING-DiBa',
    '50070010': 'Deutsche Bank',
    '60050101': 'BW-Bank',
    '70020270': 'UniCredit Bank - HypoVereinsbank',
    '70150000': 'Stadtsparkasse München',
  },
  IT: {
    '01030': 'Banca Monte dei Paschi di Siena',
    '02008': 'UniCredit',
    '03069': 'Intesa Sanpaolo',
    '05034': 'Banco BPM',
    '06230': 'Crédit Agricole Italia',
  },
};

/** The bank codes the directory knows for a country (the simulator opens accounts there). */
export function bankCodesOf(countryIso: string): string[] {
  return Object.keys(BANKS[countryIso] ?? {});
}

export function bankName(countryIso: string, bankCode: string): string | undefined {
  return BANKS[countryIso]?.[bankCode];
}

/** Where the bank code and the account number sit in a country's BBAN. */
const BBAN_LAYOUT: Record<string, { bank: [number, number]; account: [number, number] }> = {
  SE: { bank: [0, 3], account: [3, 20] },
  DE: { bank: [0, 8], account: [8, 18] },
  // CIN (1), ABI (5), CAB (5), conto (12).
  IT: { bank: [1, 6], account: [11, 23] },
};

export function splitBban(
  countryIso: string,
  bban: string,
): { bankCode: string; accountNumber: string } | undefined {
  const layout = BBAN_LAYOUT[countryIso];
  if (!layout) return undefined;
  return { bankCode: bban.slice(...layout.bank), accountNumber: bban.slice(...layout.account) };
}

const BANKGIRO_BANKS = ['SEB', 'Handelsbanken', 'Swedbank', 'Nordea', 'Danske Bank', 'Länsförsäkringar Bank'];

/**
 * The bank a (valid) bank giro number is connected to. The demo has no bank giro register, so
 * the bank is derived from the number: the same number always names the same bank, and the
 * simulator's companies name the bank this answers.
 */
export function bankgiroInstitution(bankgiroNumber: string): string {
  const digits = bankgiroNumber.replace(/\D/g, '');
  let h = 0;
  for (const d of digits) h = (h * 31 + Number(d)) % 1_000_003;
  return BANKGIRO_BANKS[h % BANKGIRO_BANKS.length]!;
}
