import type { AgencyCompany } from './port';
import { germanVatCheckDigit, type Random } from './simulator-random';
import { luhnCheckDigit } from '../../../domain/check-digits';
import { DE_TOWN_ADJECTIVES, IT_PROVINCES, WORDS, type Country } from './simulator-words';

/** Company names, legal forms and registration numbers of the simulated companies, by country. */

/** Lower-case ASCII, for e-mail and web domains made of company names. */
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

export const slug = (s: string) =>
  fold(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');

const SE_SUFFIX: Record<string, string> = { AB: 'AB', HB: 'HB', KB: 'KB', EF: '', EK: 'ek. för.' };
const DE_SUFFIX: Record<string, string[]> = {
  GmbH: ['GmbH'],
  UG: ['UG (haftungsbeschränkt)'],
  AG: ['AG'],
  KG: ['KG', 'GmbH & Co. KG'],
  OHG: ['OHG'],
  eK: ['e.K.'],
  GbR: ['GbR'],
};
const IT_SUFFIX: Record<string, string> = { SRL: 'S.r.l.', SPA: 'S.p.A.', SNC: 'S.n.c.' };

export const LEGAL_FORMS: Record<Country, readonly (readonly [string, number])[]> = {
  SE: [
    ['AB', 72],
    ['HB', 9],
    ['KB', 4],
    ['EF', 12],
    ['EK', 3],
  ],
  DE: [
    ['GmbH', 55],
    ['UG', 8],
    ['AG', 3],
    ['KG', 10],
    ['OHG', 6],
    ['eK', 13],
    ['GbR', 5],
  ],
  IT: [
    ['SRL', 70],
    ['SPA', 10],
    ['SNC', 20],
  ],
};

/** The legal form at the end of a name ('Rheinische Druck GmbH' → 'Rheinische Druck'). */
const LEGAL_SUFFIX =
  / (AB|HB|KB|ek\. för\.|GmbH & Co\. KG|GmbH|UG \(haftungsbeschränkt\)|AG|KG|OHG|e\.K\.|GbR|S\.r\.l\.|S\.p\.A\.|S\.n\.c\.)$/;
export const stem = (name: string) => name.replace(LEGAL_SUFFIX, '');

const genitive = (town: string) => (/[sxz]$/.test(town) ? town : `${town}s`);
const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

export function companyName(r: Random, country: Country, legalForm: string, town: string): string {
  const w = WORDS[country];
  const trade = r.pick(w.trades);
  const surname = r.pick(w.lastNames);
  if (country === 'SE') {
    const suffix = SE_SUFFIX[legalForm]!;
    if (legalForm === 'HB' || legalForm === 'KB')
      return r.chance(0.5)
        ? join(`${surname} & ${r.pick(w.lastNames)}`, suffix)
        : join(genitive(surname), trade, suffix);
    return r.weighted<() => string>([
      [() => join(town, trade, suffix), 3],
      [() => join(genitive(town), trade, suffix), 2],
      [() => join(genitive(surname), trade, suffix), 3],
      [() => join(r.pick(w.brands), trade, suffix), 2],
      [() => join(r.pick(w.brands), trade, r.pick(['Syd', 'Väst', 'Öst', 'Norr', 'Mitt']), suffix), 1],
    ])();
  }
  if (country === 'DE') {
    const suffix = r.pick(DE_SUFFIX[legalForm]!);
    if (legalForm === 'eK')
      return r.chance(0.5)
        ? join(trade, surname, suffix)
        : join(r.pick(w.firstNames), surname, trade, suffix);
    if (legalForm === 'OHG' || legalForm === 'GbR')
      return join(`${surname} & ${r.pick(w.lastNames)}`, suffix);
    return r.weighted<() => string>([
      [() => join(DE_TOWN_ADJECTIVES[town] ?? town, trade, suffix), 3],
      [() => join(r.pick(w.brands), trade, suffix), 2],
      [() => join(surname, trade, suffix), 3],
      [() => join(trade, surname, suffix), 1],
    ])();
  }
  const suffix = IT_SUFFIX[legalForm]!;
  if (legalForm === 'SNC') return join(`${surname} & ${r.pick(w.lastNames)}`, suffix);
  return r.weighted<() => string>([
    [() => join(town, trade, suffix), 2],
    [() => join(trade, surname, suffix), 3],
    [() => join(r.pick(w.brands), trade, suffix), 1],
  ])();
}

type Registration = Pick<AgencyCompany, 'registrationNumber' | 'vatId' | 'taxId' | 'tradeRegisterId'> & {
  codiceUnivoco?: string;
  pec?: string;
};

export function registration(
  r: Random,
  country: Country,
  legalForm: string,
  town: string,
  name: string,
): Registration {
  if (country === 'SE') {
    const pad = (n: number) => String(n).padStart(2, '0');
    const base =
      legalForm === 'EF'
        ? // A sole trader is registered under the owner's personal identity number.
          `${pad(r.int(50, 95))}${pad(r.int(1, 12))}${pad(r.int(1, 28))}${r.digits(3, false)}`
        : `${{ AB: r.pick(['556', '559']), HB: '969', KB: '916', EK: '769' }[legalForm]}${r.digits(6, false)}`;
    const number = `${base}${luhnCheckDigit(base)}`;
    return { registrationNumber: `${number.slice(0, 6)}-${number.slice(6)}`, vatId: `SE${number}01` };
  }
  if (country === 'DE') {
    const register =
      legalForm === 'GbR'
        ? `GsR ${r.int(100, 9999)}`
        : ['KG', 'OHG', 'eK'].includes(legalForm)
          ? `HRA ${r.int(1000, 39999)}`
          : `HRB ${r.int(10000, 199999)}`;
    const base = r.digits(8);
    return {
      registrationNumber: register,
      tradeRegisterId: `Amtsgericht ${town.replace(/ (am|im) .*/, '')} ${register}`,
      taxId: `${r.int(100, 399)}/${r.digits(4, false)}/${r.digits(4, false)}`,
      vatId: r.chance(0.9) ? `DE${base}${germanVatCheckDigit(base)}` : undefined,
    };
  }
  const base = `${r.digits(7)}${String(r.int(1, 99)).padStart(3, '0')}`;
  const partitaIva = `${base}${luhnCheckDigit(base)}`;
  const codice = r.chance(0.7);
  return {
    registrationNumber: `${IT_PROVINCES[town] ?? 'RM'}-${r.int(100000, 2999999)}`,
    vatId: `IT${partitaIva}`,
    taxId: partitaIva,
    codiceUnivoco: codice ? r.digits(7, false) : undefined,
    pec: !codice || r.chance(0.3) ? `${slug(stem(name)).slice(0, 30)}@pec.it` : undefined,
  };
}
