import { draw, pick, STREAM } from './random';

/**
 * Phones and emails of real shapes. A phone is E.164 in one of the mobile (or, in the US and
 * Mexico, geographic) ranges of its country, valid for libphonenumber's full metadata, and its
 * subscriber digits are a permutation of the customer's index, so no two customers share a phone.
 * An email is made of the customer's name (folded to ASCII: "Müller" → "mueller", "Nguyễn" →
 * "nguyen") in one of the shapes people pick, at a common provider, a provider of their country
 * or a company's domain; the desk data keeps them unique.
 */

export type Country = 'US' | 'GB' | 'IE' | 'DE' | 'PL' | 'ES' | 'MX' | 'FR' | 'IT' | 'VN' | 'IN' | 'BR' | 'NG' | 'NL' | 'SE' | 'TR' | 'JP' | 'KR' | 'CN' | 'GR';

interface PhonePlan {
  readonly code: string;
  /** National prefixes (area codes or mobile ranges), each followed by `digits` subscriber digits. */
  readonly prefixes: readonly string[];
  readonly digits: number;
  /** The subscriber part's first digit is at least this (where lower ones are not in use, e.g. US exchanges do not start with 0 or 1). */
  readonly firstDigitFrom: number;
}

const PHONES: Readonly<Record<Country, PhonePlan>> = {
  US: { code: '1', prefixes: ['212', '310', '312', '415', '512', '617', '646', '702', '713', '206', '303', '404', '503', '602', '305', '469', '718', '917'], digits: 7, firstDigitFrom: 2 },
  GB: { code: '44', prefixes: ['771', '772', '773', '774', '775', '776', '777'], digits: 7, firstDigitFrom: 0 },
  IE: { code: '353', prefixes: ['83', '85', '86', '87', '89'], digits: 7, firstDigitFrom: 0 },
  DE: { code: '49', prefixes: ['170', '171', '172', '173', '174', '175', '176', '177', '178', '179'], digits: 8, firstDigitFrom: 0 },
  PL: { code: '48', prefixes: ['50', '51', '53', '57', '60', '66', '69', '72', '73', '78', '79', '88'], digits: 7, firstDigitFrom: 0 },
  ES: { code: '34', prefixes: ['60', '61', '62', '63', '64', '65', '66', '67', '68', '69'], digits: 7, firstDigitFrom: 0 },
  MX: { code: '52', prefixes: ['55', '33', '81'], digits: 8, firstDigitFrom: 2 },
  FR: { code: '33', prefixes: ['60', '61', '62', '64', '65', '66', '67', '68'], digits: 7, firstDigitFrom: 0 },
  IT: { code: '39', prefixes: ['320', '324', '328', '329', '331', '333', '334', '338', '339', '340', '347', '348', '349', '366', '380', '388', '389', '391', '392', '393'], digits: 7, firstDigitFrom: 0 },
  VN: { code: '84', prefixes: ['90', '91', '93', '94', '96', '97', '98', '86', '88', '32', '33', '34', '35', '36', '37', '38', '39', '70', '76', '77', '78', '79', '81', '82', '83', '84', '85'], digits: 7, firstDigitFrom: 0 },
  IN: { code: '91', prefixes: ['98', '99', '97', '96', '95', '94', '93', '90', '88', '87', '86', '85', '84', '83', '82', '81', '80', '79', '78', '77', '76', '70'], digits: 8, firstDigitFrom: 0 },
  BR: { code: '55', prefixes: ['119', '219', '319', '419', '519', '619', '719', '819', '859', '199'], digits: 8, firstDigitFrom: 6 },
  NG: { code: '234', prefixes: ['803', '806', '810', '813', '814', '816', '703', '706', '805', '807', '815', '811', '905', '802', '808', '812', '701', '708', '902', '809', '817', '818', '909'], digits: 7, firstDigitFrom: 0 },
  NL: { code: '31', prefixes: ['61', '62', '63', '64', '65'], digits: 7, firstDigitFrom: 0 },
  SE: { code: '46', prefixes: ['70', '72', '73', '76', '79'], digits: 7, firstDigitFrom: 0 },
  TR: { code: '90', prefixes: ['530', '531', '532', '533', '535', '536', '537', '538', '539', '541', '542', '543', '544', '545', '546', '505', '506', '507', '551', '552', '553', '554', '555', '559'], digits: 7, firstDigitFrom: 0 },
  JP: { code: '81', prefixes: ['90', '80', '70'], digits: 8, firstDigitFrom: 1 },
  KR: { code: '82', prefixes: ['10'], digits: 8, firstDigitFrom: 6 },
  CN: { code: '86', prefixes: ['130', '131', '132', '133', '134', '135', '136', '137', '138', '139', '150', '151', '152', '155', '156', '157', '158', '159', '186', '187', '188', '189'], digits: 8, firstDigitFrom: 0 },
  GR: { code: '30', prefixes: ['690', '693', '694', '695', '697', '698', '699'], digits: 7, firstDigitFrom: 0 },
};

export const COUNTRIES = Object.keys(PHONES) as Country[];

/**
 * Customer c's phone in that country: a prefix drawn for c, then subscriber digits that are an
 * affine permutation of c over the plan's number space (multiplier coprime with 10), so two
 * customers never share them while c is below the space (7 digits: millions).
 */
export const phoneOf = (country: Country, c: number, seed: number): string => {
  const plan = PHONES[country];
  const first = 10 - plan.firstDigitFrom;
  const space = first * 10 ** (plan.digits - 1);
  const x = (c * 4_392_167 + 3_917_254) % space;
  const rest = 10 ** (plan.digits - 1);
  const subscriber = `${plan.firstDigitFrom + Math.floor(x / rest)}${String(x % rest).padStart(plan.digits - 1, '0')}`;
  return `+${plan.code}${pick(plan.prefixes, seed, STREAM.phonePrefix, c)}${subscriber}`;
};

const SPECIAL: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ø: 'o', æ: 'ae', ł: 'l', đ: 'd', ı: 'i', œ: 'oe' };

/** A name as people write it in an address: lower case ASCII letters, no spaces or marks ("O'Sullivan" → "osullivan"). */
export const asciiFold = (name: string): string =>
  name.toLowerCase().replace(/[äöüßøæłđıœ]/g, (ch) => SPECIAL[ch]).normalize('NFD').replace(/[^a-z0-9]/g, '');

const GLOBAL_DOMAINS: readonly string[] = ['outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com', 'proton.me', 'live.com', 'me.com'];
const COMPANY_DOMAINS: readonly string[] = [
  'brightline-logistics.com', 'harborview.io', 'greenleaf-cafe.co', 'atlas-engineering.de', 'kestrel-studio.fr', 'bluepeak.co.uk', 'sunrise-dental.com',
  'oakridge.edu', 'nordlicht-gmbh.de', 'vistamar.es', 'lotus-textiles.in', 'saigon-foods.vn', 'warsaw-dev.pl', 'maplewood-realty.com',
];
const COUNTRY_DOMAINS: Readonly<Record<Country, readonly string[]>> = {
  US: ['aol.com', 'comcast.net', 'att.net'], GB: ['btinternet.com', 'yahoo.co.uk', 'sky.com', 'hotmail.co.uk'], IE: ['eircom.net', 'yahoo.ie'],
  DE: ['gmx.de', 'web.de', 't-online.de'], PL: ['wp.pl', 'onet.pl', 'interia.pl', 'o2.pl'], ES: ['hotmail.es', 'yahoo.es', 'telefonica.net'],
  MX: ['prodigy.net.mx', 'yahoo.com.mx'], FR: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr'], IT: ['libero.it', 'virgilio.it', 'tiscali.it'],
  VN: ['yahoo.com.vn', 'fpt.vn'], IN: ['rediffmail.com', 'yahoo.co.in'], BR: ['uol.com.br', 'bol.com.br', 'terra.com.br'], NG: ['ymail.com', 'yahoo.com.ng'],
  NL: ['ziggo.nl', 'kpnmail.nl', 'hotmail.nl'], SE: ['telia.com', 'spray.se', 'hotmail.se'], TR: ['hotmail.com.tr', 'yandex.com.tr'],
  JP: ['yahoo.co.jp', 'docomo.ne.jp', 'ezweb.ne.jp'], KR: ['naver.com', 'daum.net', 'hanmail.net'], CN: ['qq.com', '163.com', '126.com'], GR: ['otenet.gr', 'yahoo.gr'],
};

/** The shapes of a local part, with how often people pick them (out of 100). */
const LOCAL_SHAPES: readonly (readonly [(f: string, l: string, n: number) => string, number])[] = [
  [(f, l) => `${f}.${l}`, 30], [(f, l) => `${f}${l}`, 14], [(f, l) => `${f[0]}${l}`, 10], [(f, l, n) => `${f}.${l}${n % 100}`, 10],
  [(f, l) => `${f}_${l}`, 5], [(f, l) => `${l}.${f}`, 5], [(f, _l, n) => `${f}${1960 + (n % 46)}`, 5], [(f, l) => `${f}.${l[0]}`, 5],
  [(f, l, n) => `${f}${l}${n % 1000}`, 10], [(f, l) => `${l}${f[0]}`, 6],
];
const LOCAL_TOTAL = LOCAL_SHAPES.reduce((n, [, w]) => n + w, 0);

/** Customer c's email as first drawn (before the desk data makes it unique): a local part of their name at a domain. */
export const emailOf = (firstName: string, lastName: string, country: Country, c: number, seed: number): string => {
  const f = asciiFold(firstName) || 'customer';
  const l = asciiFold(lastName) || 'x';
  let at = draw(seed, STREAM.localPart, c) * LOCAL_TOTAL;
  let shape = LOCAL_SHAPES[0][0];
  for (const [s, w] of LOCAL_SHAPES) {
    shape = s;
    if ((at -= w) < 0) break;
  }
  const local = shape(f, l, Math.floor(draw(seed, STREAM.localNumber, c) * 1_000_000));
  const kind = draw(seed, STREAM.domainKind, c);
  const domain = kind < 0.4 ? 'gmail.com'
    : kind < 0.62 ? pick(GLOBAL_DOMAINS, seed, STREAM.domain, c)
      : kind < 0.9 ? pick(COUNTRY_DOMAINS[country], seed, STREAM.domain, c)
        : pick(COMPANY_DOMAINS, seed, STREAM.domain, c);
  return `${local}@${domain}`;
};
