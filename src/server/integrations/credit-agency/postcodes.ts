/**
 * A small postcode directory (real postcode and town pairs) for the countries of the demo world.
 * It answers whether a postcode belongs to a town (portal specification, “Validation rules”: 'postcode must match a
 * town') and gives the credit-agency simulator real addresses. It knows only a part of each
 * country: where it does not know a postcode it says nothing, and the save goes through.
 *
 * Sweden: a postcode's first three digits name its postal district, and a district belongs to
 * one postal town, so the check goes by district. Germany and Italy: by the exact postcode.
 */
export interface Place {
  town: string;
  /** Län, Bundesland or regione. */
  region: string;
  /** Real postcodes of the town, as they are written ('111 22', '50667'). */
  postcodes: string[];
  /** Other spellings people use for the town (exonyms, short forms). */
  aliases?: string[];
}

interface SwedishPlace extends Place {
  /** The postal districts (first three digits) that belong to the town. */
  districts: string[];
}

const SE: SwedishPlace[] = [
  {
    town: 'Stockholm',
    region: 'Stockholms län',
    districts: ['111', '112', '113', '114', '115', '116', '117', '118'],
    postcodes: ['111 20', '111 22', '111 29', '111 43', '111 52', '112 20', '112 51', '113 21', '113 30'],
  },
  { town: 'Solna', region: 'Stockholms län', districts: ['171'], postcodes: ['171 45', '171 65'] },
  { town: 'Sundbyberg', region: 'Stockholms län', districts: ['172'], postcodes: ['172 67', '172 78'] },
  { town: 'Lidingö', region: 'Stockholms län', districts: ['181'], postcodes: ['181 31', '181 64'] },
  { town: 'Sollentuna', region: 'Stockholms län', districts: ['191'], postcodes: ['191 45', '191 62'] },
  { town: 'Södertälje', region: 'Stockholms län', districts: ['151'], postcodes: ['151 32', '151 71'] },
  {
    town: 'Göteborg',
    region: 'Västra Götalands län',
    districts: ['411', '412', '413', '414', '415', '416', '417'],
    postcodes: ['411 03', '411 05', '411 17', '411 36', '412 51', '413 19', '414 51', '415 02', '417 05'],
    aliases: ['Gothenburg'],
  },
  { town: 'Mölndal', region: 'Västra Götalands län', districts: ['431'], postcodes: ['431 30', '431 37'] },
  { town: 'Borås', region: 'Västra Götalands län', districts: ['503'], postcodes: ['503 30', '503 32'] },
  {
    town: 'Trollhättan',
    region: 'Västra Götalands län',
    districts: ['461'],
    postcodes: ['461 30', '461 32'],
  },
  {
    town: 'Malmö',
    region: 'Skåne län',
    // 216 is Limhamn and 218 Bunkeflostrand: other postal towns.
    districts: ['211', '212', '213', '214', '215', '217'],
    postcodes: ['211 11', '211 20', '211 22', '211 34', '211 42', '211 46', '212 15', '214 20', '217 41'],
  },
  {
    town: 'Lund',
    region: 'Skåne län',
    districts: ['222', '223', '224', '225', '226', '227'],
    postcodes: ['222 21', '222 22', '223 50', '223 62', '224 67', '226 39'],
  },
  {
    town: 'Helsingborg',
    region: 'Skåne län',
    districts: ['252', '254'],
    postcodes: ['252 21', '252 25', '254 41'],
  },
  { town: 'Kristianstad', region: 'Skåne län', districts: ['291'], postcodes: ['291 31', '291 32'] },
  {
    town: 'Uppsala',
    region: 'Uppsala län',
    districts: ['753', '754', '756'],
    postcodes: ['753 10', '753 20', '753 21', '754 50', '756 51'],
  },
  {
    town: 'Linköping',
    region: 'Östergötlands län',
    districts: ['581', '582', '583', '584', '585'],
    postcodes: ['582 22', '582 24', '583 30'],
  },
  {
    town: 'Norrköping',
    region: 'Östergötlands län',
    districts: ['602', '603'],
    postcodes: ['602 24', '602 32', '603 61'],
  },
  {
    town: 'Örebro',
    region: 'Örebro län',
    districts: ['702', '703'],
    postcodes: ['702 10', '702 12', '703 62'],
  },
  {
    town: 'Västerås',
    region: 'Västmanlands län',
    districts: ['721', '722', '724'],
    postcodes: ['722 11', '722 15', '724 60'],
  },
  {
    town: 'Eskilstuna',
    region: 'Södermanlands län',
    districts: ['632', '633'],
    postcodes: ['632 20', '632 21'],
  },
  {
    town: 'Jönköping',
    region: 'Jönköpings län',
    districts: ['553', '554', '555'],
    postcodes: ['553 16', '553 20', '554 54'],
  },
  { town: 'Växjö', region: 'Kronobergs län', districts: ['352', '353'], postcodes: ['352 30', '352 31'] },
  { town: 'Kalmar', region: 'Kalmar län', districts: ['391', '392'], postcodes: ['392 31', '392 32'] },
  { town: 'Karlskrona', region: 'Blekinge län', districts: ['371'], postcodes: ['371 30', '371 33'] },
  { town: 'Halmstad', region: 'Hallands län', districts: ['302', '303'], postcodes: ['302 42', '302 45'] },
  { town: 'Karlstad', region: 'Värmlands län', districts: ['652', '653'], postcodes: ['652 24', '652 25'] },
  { town: 'Falun', region: 'Dalarnas län', districts: ['791'], postcodes: ['791 30', '791 71'] },
  { town: 'Gävle', region: 'Gävleborgs län', districts: ['802', '803'], postcodes: ['802 50', '803 20'] },
  { town: 'Sundsvall', region: 'Västernorrlands län', districts: ['852'], postcodes: ['852 30', '852 31'] },
  { town: 'Östersund', region: 'Jämtlands län', districts: ['831'], postcodes: ['831 30', '831 34'] },
  {
    town: 'Umeå',
    region: 'Västerbottens län',
    districts: ['903', '904'],
    postcodes: ['903 26', '903 30', '904 20'],
  },
  { town: 'Luleå', region: 'Norrbottens län', districts: ['972', '973'], postcodes: ['972 31', '972 32'] },
];

const DE: Place[] = [
  {
    town: 'Köln',
    region: 'Nordrhein-Westfalen',
    postcodes: [
      '50667',
      '50668',
      '50670',
      '50672',
      '50674',
      '50676',
      '50677',
      '50823',
      '50933',
      '51063',
      '51103',
    ],
    aliases: ['Cologne'],
  },
  {
    town: 'Bonn',
    region: 'Nordrhein-Westfalen',
    postcodes: ['53111', '53113', '53115', '53117', '53119', '53173', '53175', '53227'],
  },
  {
    town: 'Düsseldorf',
    region: 'Nordrhein-Westfalen',
    postcodes: ['40210', '40211', '40212', '40213', '40215', '40217', '40476', '40545'],
  },
  { town: 'Leverkusen', region: 'Nordrhein-Westfalen', postcodes: ['51373', '51379'] },
  { town: 'Aachen', region: 'Nordrhein-Westfalen', postcodes: ['52062', '52064', '52066'] },
  { town: 'Essen', region: 'Nordrhein-Westfalen', postcodes: ['45127', '45128', '45130'] },
  { town: 'Dortmund', region: 'Nordrhein-Westfalen', postcodes: ['44135', '44137', '44139'] },
  { town: 'Münster', region: 'Nordrhein-Westfalen', postcodes: ['48143', '48145', '48147'] },
  { town: 'Wuppertal', region: 'Nordrhein-Westfalen', postcodes: ['42103', '42105'] },
  { town: 'Bielefeld', region: 'Nordrhein-Westfalen', postcodes: ['33602', '33604'] },
  { town: 'Neuss', region: 'Nordrhein-Westfalen', postcodes: ['41460', '41462'] },
  {
    town: 'Berlin',
    region: 'Berlin',
    postcodes: [
      '10115',
      '10117',
      '10119',
      '10178',
      '10243',
      '10405',
      '10435',
      '10585',
      '10623',
      '10969',
      '12043',
    ],
  },
  {
    town: 'Hamburg',
    region: 'Hamburg',
    postcodes: ['20095', '20097', '20144', '20249', '20354', '20457', '22765'],
  },
  {
    town: 'München',
    region: 'Bayern',
    postcodes: ['80331', '80333', '80335', '80469', '80538', '80636', '81241', '81667'],
    aliases: ['Munich'],
  },
  { town: 'Nürnberg', region: 'Bayern', postcodes: ['90402', '90403', '90429'], aliases: ['Nuremberg'] },
  { town: 'Augsburg', region: 'Bayern', postcodes: ['86150', '86152'] },
  {
    town: 'Frankfurt am Main',
    region: 'Hessen',
    postcodes: ['60311', '60313', '60316', '60322', '60325', '60329', '60486', '60594'],
    aliases: ['Frankfurt', 'Frankfurt a. M.', 'Frankfurt/Main'],
  },
  { town: 'Wiesbaden', region: 'Hessen', postcodes: ['65183', '65185'] },
  {
    town: 'Stuttgart',
    region: 'Baden-Württemberg',
    postcodes: ['70173', '70174', '70176', '70178', '70182'],
  },
  { town: 'Karlsruhe', region: 'Baden-Württemberg', postcodes: ['76131', '76133', '76135'] },
  { town: 'Mannheim', region: 'Baden-Württemberg', postcodes: ['68159', '68161'] },
  { town: 'Heidelberg', region: 'Baden-Württemberg', postcodes: ['69115', '69117'] },
  {
    town: 'Freiburg im Breisgau',
    region: 'Baden-Württemberg',
    postcodes: ['79098', '79100', '79102'],
    aliases: ['Freiburg'],
  },
  { town: 'Leipzig', region: 'Sachsen', postcodes: ['04103', '04105', '04107', '04109'] },
  { town: 'Dresden', region: 'Sachsen', postcodes: ['01067', '01069', '01097', '01099'] },
  { town: 'Hannover', region: 'Niedersachsen', postcodes: ['30159', '30161', '30163', '30169'] },
  { town: 'Bremen', region: 'Bremen', postcodes: ['28195', '28199', '28203'] },
  { town: 'Mainz', region: 'Rheinland-Pfalz', postcodes: ['55116', '55118'] },
  { town: 'Koblenz', region: 'Rheinland-Pfalz', postcodes: ['56068'] },
  { town: 'Kiel', region: 'Schleswig-Holstein', postcodes: ['24103', '24105'] },
  { town: 'Erfurt', region: 'Thüringen', postcodes: ['99084'] },
  { town: 'Potsdam', region: 'Brandenburg', postcodes: ['14467', '14469'] },
];

const IT: Place[] = [
  {
    town: 'Milano',
    region: 'Lombardia',
    postcodes: ['20121', '20122', '20123', '20124', '20129', '20135', '20144'],
    aliases: ['Milan'],
  },
  { town: 'Brescia', region: 'Lombardia', postcodes: ['25121', '25122'] },
  { town: 'Bergamo', region: 'Lombardia', postcodes: ['24121', '24122'] },
  {
    town: 'Roma',
    region: 'Lazio',
    postcodes: ['00184', '00185', '00186', '00187', '00193', '00198'],
    aliases: ['Rome'],
  },
  { town: 'Torino', region: 'Piemonte', postcodes: ['10121', '10122', '10123', '10128'], aliases: ['Turin'] },
  { town: 'Napoli', region: 'Campania', postcodes: ['80132', '80133', '80134'], aliases: ['Naples'] },
  { town: 'Bologna', region: 'Emilia-Romagna', postcodes: ['40121', '40122', '40123', '40125'] },
  { town: 'Firenze', region: 'Toscana', postcodes: ['50122', '50123', '50129'], aliases: ['Florence'] },
  { town: 'Genova', region: 'Liguria', postcodes: ['16121', '16122', '16123'], aliases: ['Genoa'] },
  { town: 'Venezia', region: 'Veneto', postcodes: ['30121', '30122'], aliases: ['Venice'] },
  { town: 'Verona', region: 'Veneto', postcodes: ['37121', '37122'] },
  { town: 'Padova', region: 'Veneto', postcodes: ['35122', '35123'], aliases: ['Padua'] },
];

const PLACES: Record<string, Place[]> = { SE, DE, IT };

/** The towns of a country with their postcodes (for the simulator); empty for an unknown one. */
export function placesOf(countryIso: string): readonly Place[] {
  return PLACES[countryIso.toUpperCase()] ?? [];
}

const compact = (zip: string) => zip.replace(/\s/g, '');
const townKey = (town: string) => town.normalize('NFC').trim().toLowerCase();

/** Lookup tables built once: postcode (or Swedish district) to its place. */
const INDEX = new Map<string, Map<string, Place>>(
  Object.entries(PLACES).map(([country, places]) => {
    const byKey = new Map<string, Place>();
    for (const place of places) {
      const keys = 'districts' in place ? (place as SwedishPlace).districts : place.postcodes.map(compact);
      for (const key of keys) byKey.set(key, place);
    }
    return [country, byKey];
  }),
);

/** The place a postcode belongs to, when the directory knows it. */
export function placeOfPostcode(countryIso: string, zip: string): Place | undefined {
  const index = INDEX.get(countryIso.trim().toUpperCase());
  if (!index) return undefined;
  const code = compact(zip);
  return index.get(countryIso.trim().toUpperCase() === 'SE' ? code.slice(0, 3) : code);
}

/**
 * Whether the town is the one of the postcode (case and surrounding spaces ignored). Undefined
 * when the directory does not know the country or the postcode: then nothing can be said.
 */
export function townMatchesPostcode(countryIso: string, zip: string, town: string): boolean | undefined {
  if (countryIso.trim().toUpperCase() === 'SE' && !/^[0-9]{5}$/.test(compact(zip))) return undefined;
  const place = placeOfPostcode(countryIso, zip);
  if (!place) return undefined;
  const given = townKey(town);
  return [place.town, ...(place.aliases ?? [])].some((t) => townKey(t) === given);
}
