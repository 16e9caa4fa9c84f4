/**
 * The scam shield (DESIGN §8.6): explainable rules that read what a member writes and answer a risk
 * level with the reasons, as codes the server stores and the web explains in plain words (English
 * and Kiswahili). One module, so the server's verdict and the web's words never drift apart.
 *
 * Every pattern here is linear: no nested quantifiers, every gap bounded (`[^.\n]{0,60}`), and the
 * text is cut to SHIELD_TEXT_MAX characters before any pattern reads it.
 */

import { RISK_REASON_CODES, type RiskLevel, type RiskReason } from './codes';
export { RISK_LEVELS, RISK_REASON_CODES, type RiskLevel, type RiskReason } from './codes';

export type ShieldKind = 'job' | 'bid' | 'service' | 'post' | 'message';

export { RiskSchema, type Risk } from './risk-schema';

/** Texts longer than this are read only up to here (every field the shield sees is shorter). */
export const SHIELD_TEXT_MAX = 8000;

/** At or above: caution (a warning beside the item); high: held until an admin approves it. */
export const RISK_THRESHOLDS = { caution: 2, high: 6 } as const;
/** An author whose email is not verified weighs this much more. */
export const UNVERIFIED_FACTOR = 1.25;

export interface RiskRule {
  weight: number;
  /** Plain words for members, in English and in Kiswahili. */
  en: string;
  sw: string;
}

export const RISK_REASONS: Record<RiskReason, RiskRule> = {
  upfront_fee: {
    weight: 4,
    en: 'It asks for money before any work: registration, forms, interviews, medicals, training, uniforms or "activation". Never pay to get a job.',
    sw: 'Inaomba pesa kabla ya kazi: usajili, fomu, usaili, vipimo vya afya, mafunzo, sare au "activation". Usilipe ili upate kazi.',
  },
  mpesa_number: {
    weight: 3,
    en: 'It gives an M-Pesa number, till or paybill to send money to. Honest employers pay you; they do not ask you to pay them.',
    sw: 'Inatoa namba ya M-Pesa, till au paybill ya kutuma pesa. Mwajiri halali anakulipa wewe, hakuombi umtumie pesa.',
  },
  off_platform_contact: {
    weight: 2,
    en: 'It pushes you to talk only on WhatsApp or Telegram. Keep the conversation here, where it is safer.',
    sw: 'Inakusukuma kuongea kwa WhatsApp au Telegram pekee. Endelea kuongea hapa, ni salama zaidi.',
  },
  unrealistic_pay: {
    weight: 3,
    en: 'The pay is far above what the role pays, with "no experience needed". Pay that looks too good usually is.',
    sw: 'Mshahara ni mkubwa mno kwa kazi hii, na "hakuna uzoefu unaohitajika". Malipo yanayoonekana mazuri kupita kiasi mara nyingi ni uongo.',
  },
  abroad_fee: {
    weight: 4,
    en: 'A job abroad that charges you for the visa, ticket, medical or placement. Real employers abroad pay these themselves.',
    sw: 'Kazi ya nje ya nchi inayokutoza pesa ya visa, tiketi, vipimo vya afya au nafasi. Waajiri halali wa nje hulipia hayo wenyewe.',
  },
  famous_employer: {
    weight: 1,
    en: "It names a well-known employer, but the poster has not verified an email from it. Check on the employer's own website.",
    sw: 'Inataja mwajiri maarufu, lakini aliyeweka tangazo hajathibitisha barua pepe ya mwajiri huyo. Hakikisha kwenye tovuti rasmi ya mwajiri.',
  },
};

/** The headline beside every warned item, in both languages. */
export const RISK_HEADLINE = { en: 'Never pay to get a job', sw: 'Usilipe ili upate kazi' } as const;

// Clauses that say money is NOT asked of the applicant; removed before the fee rules read the text.
const NEGATED_MONEY = [
  /\b(?:no|never|zero|without|free of|not|don'?t|do not|does not|doesn'?t|will not|won'?t|hatutozi|hakuna|bila)\b[^.\n!]{0,40}\b(?:fees?|charges?|charged|pay|payment|paying|ada|malipo|kulipa|pesa)\b/g,
  /\b(?:employer|company|client|we)\s(?:will\s)?(?:pays?|covers?|caters? for|provides?|sponsors?|meets?|bears?)\b[^.\n]{0,80}/g,
  /[^.\n]{0,60}\b(?:paid|covered|sponsored|provided|catered for|met) by (?:the )?(?:employer|company|client)\b/g,
  // A warning about scams ("if anyone asks for a fee, report them") is not a scam.
  /\b(?:if|when|whenever) (?:someone|anyone|somebody|they|an agent|a recruiter|mtu)\b[^.\n]{0,60}/g,
  /\bmwajiri (?:atalipia|analipia|atagharamia|hugharamia)\b[^.\n]{0,80}/g,
];

const FEE_WORDS =
  /\b(?:registration|application|processing|interview|medical|training|uniform|visa|activation|booking|clearance|forms?|joining|placement|commitment|security|recruitment)\s?(?:fees?|charges?|costs?|money)\b/;
const PAY_FIRST =
  /\b(?:pay|send|deposit|lipa|tuma|contribute)\b[^.\n]{0,60}\b(?:before|upfront|up front|in advance|kwanza|to (?:secure|reserve|confirm|activate|book|start|get|receive|unlock))\b/;
const FEE_AMOUNT =
  /\b(?:ksh|kes|sh)\.?\s?\d[\d,]{0,8}\s?\/?=?\s?(?:for|ya|as)\s(?:the\s)?(?:registration|forms?|medical|training|uniform|interview|activation|processing|usajili|fomu|mafunzo|sare)\b/;
const SWAHILI_FEE = /\bada ya (?:usajili|fomu|mafunzo|usaili|kujiandikisha|maombi|sare|activation)\b/;
const ACTIVATION = /\b(?:activate|activation)\b[^.\n]{0,40}\b(?:account|ksh|kes|fee|pay)\b/;

const MONEY_WORD =
  /\b(?:m-?pesa|mpesa|send money|tuma pesa|buy goods|lipa na m-?pesa)\b[^\n]{0,60}?(?:\+?254|\b0)[17]\d{2}[\s-]?\d{3}[\s-]?\d{3}\b/;
const TILL_NUMBER = /\b(?:paybill|pay bill|till|buy goods|business)(?: number| no\.?| #)?[\s:]{0,3}\d{5,7}\b/;

const OFF_PLATFORM = [
  /\b(?:whats\s?app|telegram|wa\.me|t\.me)\b[^.\n]{0,30}\b(?:only|me|inbox|dm|directly|number|pekee)\b/,
  /\b(?:whats\s?app|telegram)\b[^.\n]{0,10}(?:\+?254|\b0)[17]\d{2}/,
  /\b(?:contact|text|chat|inbox|reach|dm|apply|send (?:your )?cv|tuma|niandikie)\b[^.\n]{0,30}\b(?:whats\s?app|telegram)\b/,
  /\b(?:do not|don'?t) (?:apply|reply|message) (?:here|on this (?:site|app|platform))\b/,
];

const NO_EXPERIENCE =
  /\b(?:no experience|no qualifications?|no skills?|no education|hakuna uzoefu|bila uzoefu|bila elimu|any(?:one| one) can)\b/;
const PER_DAY = /\b(?:per day|a day|daily|kwa siku|per hour|an hour)\b/;
const AMOUNT = /\b(?:ksh|kes|sh|usd|\$)\.?\s?(\d{1,3}(?:,\d{3}){1,3}|\d{1,9})(k\b)?/g;
const AMOUNT_K = /\b(\d{2,3})k\b/g;

const ABROAD =
  /\b(?:abroad|overseas|dubai|saudi|qatar|oman|kuwait|bahrain|uae|canada|poland|germany|lebanon|jordan|romania|serbia|croatia|nje ya nchi|ughaibuni|uarabuni)\b/;
const ABROAD_COST =
  /\b(?:visa|ticket|air ?fare|medical|processing|placement|agency|booking|passport)\b[^.\n]{0,40}\b(?:fees?|costs?|charges?|ksh|kes|sh|pay|lipa)\b/;
const APPLICANT_PAYS = /\b(?:you|applicants?|candidates?|utalipa)\b[^.\n]{0,10}\b(?:pay|cater|cover|meet)\b/;

// Named on the original text so that "UN" and "WHO" are the organisations, not words.
const FAMOUS_CASED = /\b(?:UN|WHO|KRA|KDF|KWS|TSC|NSSF|SHIF|KCB|EABL|KPLC|UNICEF|UNHCR|WFP)\b/;
const FAMOUS =
  /\b(?:safaricom|kengen|kenya power|kenya revenue authority|united nations|world bank|qatar airways|emirates airline|kenya airways|equity bank|kenya defence forces|kenya wildlife service|teachers service commission|east african breweries|coca[- ]cola|unilever|red cross|airtel kenya|kenya ports authority|kenya pipeline)\b/;

function amounts(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const n = Number(m[1]!.replace(/,/g, ''));
    found.push(m[2] ? n * 1000 : n);
  }
  for (const m of text.matchAll(AMOUNT_K)) found.push(Number(m[1]) * 1000);
  return found;
}

function unrealisticPay(text: string): boolean {
  if (!NO_EXPERIENCE.test(text)) return false;
  const top = Math.max(0, ...amounts(text));
  return top >= 70_000 || (PER_DAY.test(text) && top >= 3_000);
}

export interface RiskInput {
  kind: ShieldKind;
  text: string;
  authorVerified?: boolean | undefined;
}

export interface RiskAssessment {
  level: RiskLevel;
  reasons: RiskReason[];
}

/** The shield's verdict on one text: the reasons found, weighed into none, caution or high. */
export function assessRisk(input: RiskInput): RiskAssessment {
  const original = input.text.slice(0, SHIELD_TEXT_MAX);
  const text = original.toLowerCase();
  let money = text;
  for (const pattern of NEGATED_MONEY) money = money.replace(pattern, ' ');

  const hits: Record<RiskReason, boolean> = {
    upfront_fee: [FEE_WORDS, PAY_FIRST, FEE_AMOUNT, SWAHILI_FEE, ACTIVATION].some((p) => p.test(money)),
    mpesa_number: MONEY_WORD.test(text) || TILL_NUMBER.test(text),
    off_platform_contact: OFF_PLATFORM.some((p) => p.test(text)),
    unrealistic_pay: unrealisticPay(text),
    abroad_fee: ABROAD.test(text) && (ABROAD_COST.test(money) || APPLICANT_PAYS.test(money)),
    famous_employer: input.authorVerified !== true && (FAMOUS.test(text) || FAMOUS_CASED.test(original)),
  };
  const reasons = RISK_REASON_CODES.filter((code) => hits[code]);
  const sum = reasons.reduce((total, code) => total + RISK_REASONS[code].weight, 0);
  const score = input.authorVerified === true ? sum : sum * UNVERIFIED_FACTOR;
  const level: RiskLevel =
    score >= RISK_THRESHOLDS.high ? 'high' : score >= RISK_THRESHOLDS.caution ? 'caution' : 'none';
  return { level, reasons: level === 'none' ? [] : reasons };
}

/** Plain words for a stored reason code, or undefined for a code this version does not know. */
export function explainReason(code: string, lang: 'en' | 'sw' = 'en'): string | undefined {
  return (RISK_REASON_CODES as readonly string[]).includes(code)
    ? RISK_REASONS[code as RiskReason][lang]
    : undefined;
}
